// Access checks taken out in any language, recognised by their vocabulary rather than by one framework's API:
// - a line rewritten without one of its guards (`get(protect, admin, h)` -> `get(h)`, `[admin, auth]` -> `[auth]`,
//   `@UseGuards(Jwt, Roles)` -> `@UseGuards(Jwt)`) and nothing guard-like put in its place;
// - a guard registration removed outright (`before_action :admin_only`, `dependencies=[Depends(check_jwt)]`, a lone
//   decorator or attribute named for a guard) and not re-added elsewhere in the file;
// - a role condition that denied access removed (`if not user.is_staff: raise PermissionDenied`);
// - a second-factor step dropped (a redirect to the 2FA page removed, a "needs two factor?" predicate made false).
import type { RawFinding } from "../raw-finding.js";
import { candidateLines, compact, type FileDiff } from "../file-diff.js";
import type { DiffLine } from "../../diff/parse-patch.js";

/** Words that name an access guard once an identifier is split on camelCase, snake_case and digits. */
const GUARD_WORDS = new Set([
  "auth", "authn", "authz", "authenticate", "authenticated", "authentication", "authorize", "authorized", "authorization",
  "admin", "admins", "staff", "superuser", "role", "roles", "permission", "permissions", "perm", "perms", "guard", "guards",
  "jwt", "login", "logged", "protect", "protected", "signed", "owner", "moderator", "acl", "rbac",
]);
/** What a weakened rewrite may put in a guard's place without replacing it. */
const OPENING_WORDS = new Set(["permit", "all", "public", "anonymous", "allow", "any", "skip", "none", "optional", "true"]);
/** Prefilter: lines that may name a guard (g and m flags for candidateLines). */
const GUARD_PREFILTER = /auth|admin|staff|superuser|role|perm|guard|jwt|log(?:ged)?_?in|protect|signed|owner|moderator/gim;
const MFA_PREFILTER = /2fa|mfa|otp|two_?factor|twofactor|totp/gim;
const COMMENT = /^\s*(?:\/\/|#|\*|\/\*|<!--)/;
const IDENTIFIER = /[A-Za-z_$][\w$]*[?!]?/g;

/** Shapes that register one guard on a line of its own; group 1 is the guard's name. */
const GUARD_REGISTRATION = [
  /^\s*before_(?:action|filter)\s+:(\w+[?!]?)/,
  /\bdependencies\s*=\s*\[\s*(?:Depends|Security)\s*\(\s*([\w.]+)/,
  /^\s*@([\w.]+)(?:\(.*\))?\s*$/,
  /^\s*\[\s*([\w.]+)(?:\(.*\))?\s*\]\s*$/,
];
/** A loader run before an action (set_user, load_admin) is not a check. */
const LOADER = /^(?:set|load|find|fetch|build|prepare|assign|get|init)_?/i;
/** A condition on the caller's role or permission... */
const ROLE_CONDITION = /^\s*(?:\}\s*)?(?:if|unless|elif|elsif|else\s+if)\b.*(?:\bis_?(?:staff|superuser|admin)\b|\bisAdmin\b|\bisStaff\b|\bhas_?perm\w*|\bhasPermission\w*|\bhas_?role\w*|\bhasRole\b|\bhasAuthority\b|\bcan\?)/i;
/** ...that denied the request. */
const DENIAL = /\b(?:raise|throw|abort|PermissionDenied|Forbidden|Unauthori[sz]ed|AccessDenied|403|401)\b|\bredirect\w*\b/i;
/** A step that sends the user to the second-factor page. */
const MFA_REDIRECT = /\bredirect\w*\s*(?:\(|\s)\s*(?:to\s*)?["'`][^"'`]*(?:2fa|mfa|otp|two_?factor|twofactor|totp)/i;
/** A predicate deciding whether the second factor is needed... */
const MFA_PREDICATE = /\b(?:def|function|func|fun|bool|boolean|public|private)\s+\w*(?:need|require|enabled?|enforce|must|should)\w*(?:two_?factor|twofactor|2fa|mfa|otp|totp)\w*|\b(?:def|function|func|fun)\s+\w*(?:two_?factor|twofactor|2fa|mfa|otp|totp)\w*(?:need|require|enabled?|enforce)\w*/i;
/** ...whose answer became a constant no. */
const CONSTANT_NO = /^\s*(?:return\s+)?(?:false|False|nil|0)\s*;?\s*$/;

export function splitWords(identifier: string): string[] {
  return identifier
    .replace(/[?!$]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_\d]+/)
    .filter(Boolean);
}

const isGuardName = (name: string): boolean => !LOADER.test(name) || /authori[sz]|authent/i.test(name)
  ? splitWords(name).some((word) => GUARD_WORDS.has(word))
  : false;

function identifiers(text: string): string[] {
  return text.match(IDENTIFIER) ?? [];
}

/** Tokens of `a` not matched one for one in `b`. */
function minus(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const t of b) left.set(t, (left.get(t) ?? 0) + 1);
  const out: string[] = [];
  for (const t of a) {
    const n = left.get(t) ?? 0;
    if (n > 0) left.set(t, n - 1);
    else out.push(t);
  }
  return out;
}

/** The added line that took the place of removed line `index`: same position in the next run of added lines. */
function pairedAddedLine(lines: DiffLine[], index: number): DiffLine | undefined {
  const hunk = lines[index].hunk;
  let start = index;
  while (start > 0 && lines[start - 1].kind === "-" && lines[start - 1].hunk === hunk) start--;
  let end = index;
  while (end + 1 < lines.length && lines[end + 1].kind === "-" && lines[end + 1].hunk === hunk) end++;
  const paired = end + 1 + (index - start);
  for (let i = end + 1; i <= paired; i++) if (i >= lines.length || lines[i].kind !== "+" || lines[i].hunk !== hunk) return undefined;
  return lines[paired];
}

/** A rewrite that keeps the line but drops guard names and adds nothing guarding in their place. */
function droppedGuards(removed: string, added: string): string[] {
  const before = identifiers(removed);
  const after = identifiers(added);
  const dropped = minus(before, after);
  const gained = minus(after, before);
  const guards = dropped.filter(isGuardName);
  if (guards.length === 0 || before.length - dropped.length < 2 || dropped.length - guards.length > 2) return [];
  if (!gained.every((t) => splitWords(t).every((w) => OPENING_WORDS.has(w)))) return [];
  return guards;
}

function finding(ruleId: string, diff: FileDiff, line: DiffLine): RawFinding {
  return { ruleId, path: diff.path, line: line.newLine, side: line.kind === "+" ? "RIGHT" : "LEFT", evidence: line.text };
}

export function detectAccessGuardDropped(diff: FileDiff): RawFinding[] {
  const { kind, isTestOnly } = diff.fileClass;
  if (isTestOnly || kind === "docs" || diff.file.status === "removed" || diff.removed.texts.length === 0) return [];
  const { lines } = diff;
  const findings: RawFinding[] = [];
  const reported = new Set<number>();
  const report = (ruleId: string, line: DiffLine) => {
    if (reported.has(line.hunk)) return;
    reported.add(line.hunk);
    findings.push(finding(ruleId, diff, line));
  };
  for (const index of candidateLines(diff.removed, GUARD_PREFILTER)) {
    const line = lines[index];
    if (COMMENT.test(line.text) || reported.has(line.hunk)) continue;
    const added = pairedAddedLine(lines, index);
    if (added) {
      if (droppedGuards(line.text, added.text).length > 0) report("auth-check-removed", line);
      continue;
    }
    for (const shape of GUARD_REGISTRATION) {
      const name = shape.exec(line.text)?.[1];
      if (name && isGuardName(name.split(".").pop()!) && !diff.addedCompact.includes(compact(name))) report("auth-check-removed", line);
    }
    if (ROLE_CONDITION.test(line.text) && !diff.addedCompact.includes(compact(line.text))) {
      for (let i = index; i < Math.min(lines.length, index + 4); i++) {
        if (lines[i].hunk !== line.hunk || lines[i].kind !== "-") break;
        if (DENIAL.test(lines[i].text)) { report("auth-check-removed", line); break; }
      }
    }
  }
  for (const index of candidateLines(diff.removed, MFA_PREFILTER)) {
    const line = lines[index];
    if (COMMENT.test(line.text)) continue;
    const m = MFA_REDIRECT.exec(line.text);
    if (m && !diff.addedCompact.includes(compact(m[0]))) report("mfa-check-removed", line);
  }
  // A "needs two factor?" predicate answering a constant no: the body changed right under its definition.
  for (const index of candidateLines(diff.added, /^\s*(?:return\s+)?(?:false|nil|0)\s*;?\s*$/gim)) {
    const line = lines[index];
    if (!CONSTANT_NO.test(line.text)) continue;
    let sawRemoved = false;
    for (let i = index - 1; i >= Math.max(0, index - 4) && lines[i].hunk === line.hunk; i--) {
      if (lines[i].kind === "-") { sawRemoved = true; continue; }
      if (lines[i].kind === " " && MFA_PREDICATE.test(lines[i].text)) {
        if (sawRemoved) report("mfa-check-removed", line);
        break;
      }
    }
  }
  return findings;
}
