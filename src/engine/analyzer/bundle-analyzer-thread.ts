// The analyzer thread's code as one ES module (analyzer-pool.ts), built with esbuild (tsx's own compiler) when the
// pool starts: a thread then loads one plain file, without a TypeScript loader of its own, so it starts in about half
// the time and without tsx's hooks thread (about 25 MB each). Every module keeps its own import.meta.url (the data
// files are read relative to it). Returns undefined when esbuild is not there; the pool then uses analyzer-worker.mjs.
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

type Esbuild = typeof import("esbuild");

/** The module's own location, as its code spells it (written as a pattern, so this file's code does not match itself). */
const OWN_LOCATION = /\bimport\.meta\.(url|dirname|filename)\b/g;

export async function bundleAnalyzerThread(): Promise<string | undefined> {
  let esbuild: Esbuild;
  try {
    // A dependency of the project (and the compiler tsx itself runs on); should it be missing, the pool uses tsx.
    const loaded = (await import(pathToFileURL(createRequire(import.meta.url).resolve("esbuild")).href)) as Esbuild & { default?: Esbuild };
    esbuild = typeof loaded.build === "function" ? loaded : loaded.default!;
  } catch {
    return undefined;
  }
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL("./analyzer-thread.ts", import.meta.url))],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "own-import-meta-url",
        setup(build) {
          // The pool's bundler is of no use in a thread (and would pull esbuild in).
          build.onResolve({ filter: /bundle-analyzer-thread/ }, (args) => ({ path: args.path, external: true }));
          build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => ({
            contents: (await readFile(args.path, "utf8")).replace(OWN_LOCATION, (_, what: string) =>
              JSON.stringify(what === "url" ? pathToFileURL(args.path).href : what === "dirname" ? dirname(args.path) : args.path),
            ),
            loader: "ts",
          }));
        },
      },
    ],
  });
  return result.outputFiles[0].text;
}
