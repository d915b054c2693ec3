// Where to go after sign-in: only a path on this site, never another origin (an open redirect).
export function safeReturnTo(raw: unknown): string {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\") || raw.length > 500) return "/";
  return raw;
}
