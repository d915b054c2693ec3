// Splits a pull request's changed files into those the engine reviews and those skipped, with
// the reason shown in the summary: binary, generated, vendored, ignored by the repository's
// file, or without a diff from GitHub.
import type { ChangedFile } from "../../engine/types.js";
import { compileIgnoreMatcher, type IgnoreMatcher } from "./match-path-pattern.js";

export type SkipReason = "binary" | "generated" | "vendored" | "ignored" | "no_diff";

export interface SkippedFile {
  path: string;
  reason: SkipReason;
}

const VENDORED = /(?:^|\/)(?:vendor|vendors|node_modules|third[_-]party|bower_components|Pods|Carthage|\.yarn)\//;
const GENERATED =
  /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb|Gemfile\.lock|Cargo\.lock|composer\.lock|poetry\.lock|Pipfile\.lock|go\.sum|packages\.lock\.json)$|\.min\.(?:js|css)$|\.(?:js|css)\.map$|\.pb\.go$|_pb2(?:_grpc)?\.pyi?$|\.pb\.(?:cc|h)$|\.g\.dart$|\.(?:generated|gen)\.\w+$|(?:^|\/)(?:__generated__|generated)\//;
const BINARY_EXTENSION =
  /\.(?:png|jpe?g|gif|bmp|ico|webp|tiff?|psd|pdf|zip|gz|tgz|bz2|xz|7z|rar|jar|war|ear|class|exe|dll|so|dylib|a|o|bin|woff2?|ttf|otf|eot|mp[34]|mov|avi|webm|wav|ogg|flac|sqlite|db|pyc|wasm)$/i;

export function selectReviewableFiles(files: ChangedFile[], ignorePatterns: string[]): { reviewable: ChangedFile[]; skipped: SkippedFile[] } {
  const reviewable: ChangedFile[] = [];
  const skipped: SkippedFile[] = [];
  const ignore = compileIgnoreMatcher(ignorePatterns);
  for (const file of files) {
    const reason = skipReason(file, ignore);
    if (reason) skipped.push({ path: file.path, reason });
    else reviewable.push(file);
  }
  return { reviewable, skipped };
}

function skipReason(file: ChangedFile, ignore: IgnoreMatcher): SkipReason | undefined {
  if (ignore.matches(file.path)) return "ignored";
  if (VENDORED.test(file.path)) return "vendored";
  if (GENERATED.test(file.path)) return "generated";
  if (BINARY_EXTENSION.test(file.path)) return "binary";
  // GitHub omits the patch of binary files and of diffs too large to show; a removal needs none.
  if (file.patch === undefined && file.status !== "removed" && file.status !== "renamed") {
    return (file.additions ?? 0) + (file.deletions ?? 0) === 0 ? "binary" : "no_diff";
  }
  return undefined;
}
