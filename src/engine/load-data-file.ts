// Data tables (controls, rules, messages) live next to the code as files; read once at module load.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";

/** Reads a JSON or YAML file relative to the src/engine folder. */
export function loadDataFile<T>(relativeToEngine: string): T {
  const url = new URL(relativeToEngine, new URL("./", import.meta.url));
  const text = readFileSync(fileURLToPath(url), "utf8");
  return (relativeToEngine.endsWith(".json") ? JSON.parse(text) : yaml.load(text)) as T;
}
