// The optional .github/clearance.yml of a repository, read the way Probot's context.config reads
// it (default branch, the organisation's .github repository as fallback, _extends). A broken file
// never breaks a review: the problem is returned for the summary and the file is ignored.
// Reviews normally get the file's text from one GraphQL request (read-pull-request-context) and
// parse it here; Probot's reader is used only for `_extends`.
import yaml from "js-yaml";
import type { ProbotOctokit } from "probot";
import { TRIGGER_MODES, type TriggerMode } from "../domain/types.js";
import { refuseIgnorePatterns } from "./review/match-path-pattern.js";

export const CONFIG_PATH = ".github/clearance.yml";

export interface RepositoryConfig {
  mode?: TriggerMode;
  /** Glob patterns (gitignore-like) of paths not to review. */
  ignore: string[];
  /** Why the file was ignored, in English (file names and keys are not translated). */
  problem?: string;
}

const KNOWN_KEYS = new Set(["mode", "ignore"]);

export async function readRepositoryConfig(octokit: ProbotOctokit, owner: string, repo: string): Promise<RepositoryConfig> {
  let raw: unknown;
  try {
    const { config, files } = await octokit.config.get({ owner, repo, path: CONFIG_PATH });
    if (!files.some((file) => file.config !== null)) return { ignore: [] };
    raw = config;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== undefined && status >= 500) throw error; // GitHub trouble: let the job retry
    return { ignore: [], problem: describeReadError(error) };
  }
  return validateRepositoryConfig(raw);
}

/** The text of the file as stored; "extends" when it points at another file (Probot follows that). */
export function parseRepositoryConfigText(text: string): RepositoryConfig | "extends" {
  let raw: unknown;
  try {
    // Probot's config plugin parses with js-yaml's load too; an empty file means no configuration.
    raw = yaml.load(text);
  } catch {
    return { ignore: [], problem: "it is not valid YAML" };
  }
  if (raw === undefined || raw === null) return { ignore: [] };
  if (typeof raw === "object" && !Array.isArray(raw) && "_extends" in raw) return "extends";
  return validateRepositoryConfig(raw);
}

export function validateRepositoryConfig(raw: unknown): RepositoryConfig {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { ignore: [], problem: "the file is not a YAML mapping of keys to values" };
  const record = raw as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length > 0) return { ignore: [], problem: `unknown key${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => `\`${k}\``).join(", ")} (known keys: \`mode\`, \`ignore\`)` };
  const config: RepositoryConfig = { ignore: [] };
  if (record.mode !== undefined) {
    if (typeof record.mode !== "string" || !(TRIGGER_MODES as readonly string[]).includes(record.mode)) {
      return { ignore: [], problem: `\`mode\` must be one of ${TRIGGER_MODES.map((m) => `\`${m}\``).join(", ")}` };
    }
    config.mode = record.mode as TriggerMode;
  }
  if (record.ignore !== undefined) {
    const list = typeof record.ignore === "string" ? [record.ignore] : record.ignore;
    if (!Array.isArray(list) || !list.every((p) => typeof p === "string" && p.trim() !== "")) {
      return { ignore: [], problem: "`ignore` must be a list of path patterns" };
    }
    const patterns = list.map((p) => p.trim());
    const refused = refuseIgnorePatterns(patterns);
    if (refused) return { ignore: [], problem: refused };
    config.ignore = patterns;
  }
  return config;
}

function describeReadError(error: unknown): string {
  const message = (error as Error).message ?? String(error);
  if (/invalid YAML|not an object/.test(message)) return "it is not valid YAML";
  if (/directory or a submodule/.test(message)) return "the path is a directory, not a file";
  if (/_extends/.test(message)) return "its `_extends` value is not valid";
  return "it could not be read";
}
