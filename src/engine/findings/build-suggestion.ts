// One-click fixes, only where the fix is certain: the engine rewrites the finding's one added line
// from its rule and the line's own text (never from model text). TLS verification switched back
// on; a hard-coded credential replaced by an environment variable read the way the file's
// language reads it. Anything less certain (several candidates on a line, a multi-line range, a
// language whose read needs an import the diff does not show) gets no suggestion.

type Fix = (line: string, path: string, fileText: string) => string | undefined;

const extension = (path: string) => /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? "";
const JS = new Set(["js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx"]);

/** Replaces the one match of `pattern` on the line; undefined if it occurs zero or several times. */
function replaceOnce(line: string, pattern: RegExp, replacement: string): string | undefined {
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  const matches = line.match(global);
  if (!matches || matches.length !== 1) return undefined;
  return line.replace(pattern, replacement);
}

const TLS_FIXES: Array<{ languages: (ext: string) => boolean; pattern: RegExp; replacement: string }> = [
  { languages: (ext) => ext === "go", pattern: /\bInsecureSkipVerify(\s*):(\s*)true\b/, replacement: "InsecureSkipVerify$1:$2false" },
  { languages: (ext) => ext === "py", pattern: /\bverify(\s*)=(\s*)False\b/, replacement: "verify$1=$2True" },
  { languages: (ext) => JS.has(ext), pattern: /\brejectUnauthorized(\s*):(\s*)false\b/, replacement: "rejectUnauthorized$1:$2true" },
];

const fixTls: Fix = (line, path) => {
  const ext = extension(path);
  const fixes = TLS_FIXES.filter((f) => f.languages(ext) && f.pattern.test(line));
  if (fixes.length !== 1) return undefined;
  const [fix] = fixes;
  return replaceOnce(line, fix!.pattern, fix!.replacement);
};

/** `key = "literal"`, `key: 'literal'`, `key := "literal"`, `key => "literal"`, with a secret-named key. */
const SECRET_ASSIGNMENT =
  /(?<![\w$])((?:[A-Za-z_$][\w$]*?)?(?:password|passwd|secret|secret_?key|api_?key|apikey|access_?key|access_?token|auth_?token|client_?secret|private_?key|signing_?key|token)[A-Za-z0-9_]*)(["']?\s*(?::=|=>|=|:)\s*)(["'])([^"'\\\s]{8,})\3/i;

/** How each language reads an environment variable, and what it needs for that. */
const ENV_READ: Record<string, { read: (name: string) => string; needs?: RegExp }> = {
  ...Object.fromEntries([...JS].map((ext) => [ext, { read: (name: string) => `process.env.${name}` }])),
  py: { read: (name) => `os.environ["${name}"]`, needs: /^\s*(?:import\s+os\b|from\s+os\s+import\s+environ\b)/m },
  go: { read: (name) => `os.Getenv("${name}")`, needs: /^\s*(?:import\s+)?"os"\s*$/m },
  rb: { read: (name) => `ENV.fetch("${name}")` },
  java: { read: (name) => `System.getenv("${name}")` },
  kt: { read: (name) => `System.getenv("${name}")` },
  php: { read: (name) => `getenv('${name}')` },
  cs: { read: (name) => `Environment.GetEnvironmentVariable("${name}")` },
};

/** apiKey, api-key, API_KEY, stripe.secretKey -> API_KEY, SECRET_KEY. */
export function environmentName(key: string): string {
  return key
    .replace(/^.*[.$]/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
}

const fixSecret: Fix = (line, path, fileText) => {
  const env = ENV_READ[extension(path)];
  if (!env || (env.needs && !env.needs.test(fileText))) return undefined;
  if ((line.match(/["']/g) ?? []).length !== 2) return undefined; // one string literal on the line, nothing else quoted
  const match = SECRET_ASSIGNMENT.exec(line);
  if (!match) return undefined;
  const [whole, key, operator, , literal] = match;
  const name = environmentName(key!);
  if (!name || !literal) return undefined;
  return line.replace(whole, `${key}${operator}${env.read(name)}`);
};

const FIXES: Record<string, Fix> = {
  "tls-verification-disabled": fixTls,
  "hardcoded-secret": fixSecret,
};

/**
 * The replacement text of a finding's single added line, or undefined when no certain fix exists.
 * `fileText` is what the diff shows of the file (to see, for example, whether `os` is imported).
 */
export function buildSuggestion(ruleId: string, path: string, line: string, fileText = ""): string | undefined {
  const fix = FIXES[ruleId];
  if (!fix) return undefined;
  const fixed = fix(line, path, fileText);
  return fixed !== undefined && fixed !== line && !fixed.includes("\n") ? fixed : undefined;
}
