// Gitignore-like path patterns for the `ignore` key: "*" stays within a directory, "**" crosses
// directories, a pattern without "/" matches a file or directory name anywhere, a trailing "/"
// matches everything below a directory.
export function matchesPathPattern(path: string, pattern: string): boolean {
  return patternToRegExp(pattern).test(path);
}

const cache = new Map<string, RegExp>();

function patternToRegExp(pattern: string): RegExp {
  let compiled = cache.get(pattern);
  if (compiled) return compiled;
  let body = pattern.replace(/^\.\//, "");
  const directory = body.endsWith("/");
  if (directory) body = body.slice(0, -1);
  const anchored = body.includes("/");
  body = body.replace(/^\//, "");
  let source = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === "*" && body[i + 1] === "*") {
      const slashAfter = body[i + 2] === "/";
      source += slashAfter ? "(?:.*/)?" : ".*";
      i += slashAfter ? 2 : 1;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  compiled = new RegExp(`^${anchored ? "" : "(?:.*/)?"}${source}(?:/.*)?$`);
  if (directory) compiled = new RegExp(`^${anchored ? "" : "(?:.*/)?"}${source}/.*$`);
  cache.set(pattern, compiled);
  return compiled;
}
