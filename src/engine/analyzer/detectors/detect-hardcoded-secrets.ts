// Credentials written into the code or configuration: known token formats, private keys, and assignments of
// secret-looking literals to secret-named keys. Tests, fixtures, examples and placeholders are left alone,
// and the message never repeats the value.
import type { RawFinding } from "../raw-finding.js";
import { candidateLines, type FileDiff } from "../file-diff.js";

const KNOWN_FORMATS: Array<[RegExp, string]> = [
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/, "AWS access key id"],
  [/-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/, "private key"],
  [/\bgh[pousr]_[A-Za-z0-9]{36,}\b|\bgithub_pat_[A-Za-z0-9_]{50,}/, "GitHub token"],
  [/\bxox[abposr]-[0-9A-Za-z-]{10,}/, "Slack token"],
  [/hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{12,}/, "Slack webhook URL"],
  [/\b(?:sk|rk)_live_[0-9A-Za-z]{20,}/, "Stripe live key"],
  [/\bAIza[0-9A-Za-z_-]{35}\b/, "Google API key"],
  [/\bsk-ant-[A-Za-z0-9_-]{20,}/, "Anthropic API key"],
  [/\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{32,}/, "OpenAI API key"],
  [/\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/, "SendGrid API key"],
  [/\bSK[0-9a-f]{32}\b/, "Twilio API key"],
  [/\bglpat-[A-Za-z0-9_-]{20,}/, "GitLab token"],
  [/\bnpm_[A-Za-z0-9]{36}\b/, "npm token"],
];

const SECRET_KEY = String.raw`[\w.-]{0,60}?(?:password|passwd|pwd|secret|secret_?key|api_?key|apikey|access_?key|access_?token|auth_?token|client_?secret|private_?key|signing_?key|encryption_?key|token|credentials?)`;
/** key = "value" / key: 'value' / key => "value" / key := "value" / "key": "value" */
const QUOTED_ASSIGNMENT = new RegExp(String.raw`(?:^|[^\w])(${SECRET_KEY})["']?\s*(?:=|:|=>|:=)\s*(?:[A-Za-z]+\s*\()?\s*["']([^"'\s]{8,})["']`, "i");
/** KEY=value in env files, Dockerfiles, YAML, properties. */
const BARE_ASSIGNMENT = new RegExp(String.raw`^\s*(?:ENV\s+|ARG\s+|export\s+|-\s+)?(${SECRET_KEY})\s*[=:]\s*([^\s"'#$\{<%][^\s"']{7,})\s*$`, "i");
const URL_CREDENTIALS = /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@"'$]+:([^@\s"'/$]{6,})@([^/\s:"']+)/i;

// A run of digits alone ("123456", "000000") is a placeholder; a value that merely contains one ("Aa12345678") is not.
const PLACEHOLDER = /example|changeme|change_me|change-me|placeholder|your[_-]|dummy|fake|sample|redacted|xxx|\*\*\*|test|todo|replace|lorem|foobar|^\d*(?:000000|123456)\d*$|password|secret|^\$|^\{\{|^<|^%|process\.env|os\.environ|getenv|ENV\[|env\(|localhost/i;
const NON_SECRET_KEY = /(?:_?(?:url|uri|path|file|name|header|field|param|type|id|endpoint|prefix|length|policy|expir\w*|ttl|label|placeholder|hint|regex|pattern|min|max))$/i;
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0|host\.docker\.internal|db|postgres|mysql|redis|example\.\w+)(?::\d+)?$/i;
const COMMENT = /^\s*(?:\/\/|#|\*|\/\*|--)/;
/** Every line classify() can report contains one of these; the rest of the file is skipped in one scan. */
const PREFILTER = /AKIA|ASIA|-----BEGIN|gh[pousr]_|github_pat_|xox[abposr]-|hooks\.slack|_live_|AIza|sk-|SG\.|SK[0-9a-f]{32}|glpat-|npm_|:\/\/|pass|pwd|secret|key|token|credential/gim;

/** A secret has letters and digits or symbols; identifiers like "password_confirmation" do not. */
function looksSecret(value: string): boolean {
  if (PLACEHOLDER.test(value) || value.startsWith("/") || value.includes("://")) return false;
  const hasLetter = /[A-Za-z]/.test(value);
  const hasDigit = /\d/.test(value);
  const hasSymbol = /[^A-Za-z0-9_.\-]/.test(value);
  const mixedCase = /[a-z]/.test(value) && /[A-Z]/.test(value);
  return hasLetter && (hasDigit || hasSymbol || (mixedCase && value.length >= 16));
}

function classify(text: string): string | undefined {
  // A real token is leaked even inside a comment; generic assignments in comments are usually documentation.
  for (const [pattern, kind] of KNOWN_FORMATS) {
    const m = pattern.exec(text);
    if (m && !/EXAMPLE|example|dummy|fake|xxxx/i.test(m[0]) && !/EXAMPLE|dummy|fake/i.test(text)) return kind;
  }
  if (COMMENT.test(text)) return undefined;
  const url = URL_CREDENTIALS.exec(text);
  if (url && !PLACEHOLDER.test(url[1]) && !LOCAL_HOST.test(url[2]) && /[\d\W]/.test(url[1])) return "password in a connection URL";
  const assignment = QUOTED_ASSIGNMENT.exec(text) ?? BARE_ASSIGNMENT.exec(text);
  if (assignment && !NON_SECRET_KEY.test(assignment[1]) && looksSecret(assignment[2])) return "credential assigned to a literal";
  return undefined;
}

export function detectHardcodedSecrets(diff: FileDiff): RawFinding[] {
  const { isTest, kind } = diff.fileClass;
  if (isTest || kind === "docs") return [];
  const findings: RawFinding[] = [];
  for (const index of candidateLines(diff.added, PREFILTER)) {
    const line = diff.lines[index];
    const secretKind = classify(line.text);
    if (!secretKind) continue;
    const previous = findings[findings.length - 1];
    if (previous && previous.line === line.newLine - 1 && previous.detail?.kind === secretKind) { previous.startLine ??= previous.line; previous.line = line.newLine; continue; }
    findings.push({ ruleId: "hardcoded-secret", path: diff.path, line: line.newLine, side: "RIGHT", evidence: line.text, detail: { kind: secretKind } });
    if (findings.length >= 5) break;
  }
  return findings;
}
