// Retention periods set or changed in configuration and code. Log retention that gets shorter weakens the audit
// trail; personal-data retention that changes (or exceeds a commitment), and logs kept longer than before, touch
// storage limitation. A setting with
// no previous value is reported only when a commitment states a period it can be compared with.
import type { RawFinding } from "../raw-finding.js";
import { candidateLines, type FileDiff } from "../file-diff.js";
import type { DiffLine } from "../../diff/parse-patch.js";

const SETTING = /\b((?:[A-Za-z_][\w.-]{0,60}?)?(?:retention|retain|retained|expire_?after|expireafter|expiration_?days|expirationindays|delete_?after|deleteafter|purge_?after|purgeafter|days_?to_?(?:keep|retain)|keep_?days|keep_?for|ttl_?days|ttldays|max_?age_?days|noncurrent_days|days)[\w-]*)["']?\s*[:=]{1,2}\s*(?:[A-Za-z.]*\(\s*(?:days\s*=\s*)?)?["']?(\d+(?:\.\d+)?)\s*(?:\.\s*)?(days?|d|hours?|h|weeks?|w|months?|mo|years?|y|seconds?|s|minutes?|m|ms)?\b["']?/i;
const ISO_DURATION = /["']P(\d+)([DWMY])["']/;
const LOG_CONTEXT = /\blog|audit|trail|cloudwatch|siem|loki|opensearch|elasticsearch|splunk|journal|syslog|event_?history|prometheus/i;
const NOT_DATA_RETENTION = /cache|token|otp|lock|idempot|rate|jwt|cookie|backoff|retry|timeout|session|nonce|csrf|presign|signed_?url|artifact|build|image|snapshot_?retention|backup|dns|metric|trace/i;
/**
 * How far back a sync or import reads from a provider (`DEFAULT_HISTORY_DAYS = 365` for `DEFAULT_HISTORY_DAYS.days.ago`,
 * `LOOKBACK_DAYS`, `BACKFILL_DAYS`, `sync_days`): a window of what is fetched, not how long anything is kept, unless the
 * name also says it keeps, retains, expires or deletes.
 */
const FETCH_WINDOW = /look_?back|back_?fill|history|import|sync|fetch/i;
const KEEPING_WORD = /retent|retain|keep|expir|delet|purg|ttl|max_?age/i;
/** The longest log retention audit standards commonly ask for (two years, CloudWatch's 731 days). */
const LOG_DAYS_AUDIT_NEEDS = 731;
const DAYS_ONLY_KEY = /^(?:days|expiration_?days|noncurrent_days)$/i;
/** A constant named by the duration it holds (THIRTY_DAYS, SEVEN_DAYS, ONE_YEAR): a unit of time, not a retention setting. */
const DURATION_NAME = /(?:^|[_.-])(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|\d+)[_-]?(?:days?|weeks?|months?|years?|hours?)$/i;
const EXPIRATION_BLOCK = /\b(?:expiration|noncurrent_version_expiration|lifecycle_rule|Expiration|ExpirationInDays|retention)\b/;
const COMMENT = /^\s*(?:\/\/|#|\*|\/\*|--)/;
/** CI and repository-automation configuration: its periods are for stale issues, artifacts and caches, not people's data. */
const CI_CONFIG_PATH = /(?:^|\/)(?:\.github|\.circleci|\.buildkite|\.gitlab)\/|(?:^|\/)(?:\.gitlab-ci\.ya?ml|azure-pipelines\.ya?ml|Jenkinsfile|bitbucket-pipelines\.ya?ml)$/;
/** Every line SETTING matches holds one of these words and a digit; one scan of the file finds them. */
const PREFILTER = /(?:retent|retain|expir|delete_?after|deleteafter|purge_?after|purgeafter|days|keep|ttl|max_?age)[^\n]*\d/gim;

const UNIT_DAYS: Record<string, number> = { d: 1, day: 1, w: 7, week: 7, mo: 30, month: 30, y: 365, year: 365, h: 1 / 24, hour: 1 / 24, m: 1 / 1440, minute: 1 / 1440, s: 1 / 86400, second: 1 / 86400, ms: 1 / 86400000 };

function unitFromKey(key: string): number {
  if (/days?\b|_in_days|InDays|Days/i.test(key)) return 1;
  if (/hours?\b|Hours/i.test(key)) return 1 / 24;
  if (/seconds?\b|_sec\b|Seconds/i.test(key)) return 1 / 86400;
  if (/months?\b/i.test(key)) return 30;
  if (/years?\b/i.test(key)) return 365;
  return 1;
}

export interface RetentionSetting { key: string; days: number; }

export function readRetentionSetting(text: string): RetentionSetting | undefined {
  if (COMMENT.test(text)) return undefined;
  const m = SETTING.exec(text);
  if (!m) return undefined;
  const key = m[1];
  const unit = m[3]?.toLowerCase().replace(/s$/, "");
  const iso = ISO_DURATION.exec(text);
  if (iso) return { key, days: Number(iso[1]) * ({ D: 1, W: 7, M: 30, Y: 365 } as Record<string, number>)[iso[2]] };
  const factor = unit ? (UNIT_DAYS[unit] ?? unitFromKey(key)) : unitFromKey(key);
  return { key, days: Number(m[2]) * factor };
}

function nearby(lines: DiffLine[], index: number, within: number, pattern: RegExp): boolean {
  for (let i = Math.max(0, index - within); i <= Math.min(lines.length - 1, index + within); i++) {
    if (lines[i].hunk === lines[index].hunk && pattern.test(lines[i].text)) return true;
  }
  return false;
}

export function formatDays(days: number): string {
  return Number.isInteger(days) ? String(days) : days.toFixed(days < 1 ? 2 : 1);
}

export interface RetentionCommitments { logDays?: number; dataDays?: number; }

export function detectRetentionChanges(diff: FileDiff, commitments: RetentionCommitments): RawFinding[] {
  const { isTest, kind } = diff.fileClass;
  if (isTest || kind === "docs" || kind === "manifest" || CI_CONFIG_PATH.test(diff.path)) return [];
  const findings: RawFinding[] = [];
  const lines = diff.lines;
  const removedByKey = new Map<string, number>();
  for (const index of candidateLines(diff.removed, PREFILTER)) {
    const line = lines[index];
    const setting = readRetentionSetting(line.text);
    if (setting) removedByKey.set(`${line.hunk}|${setting.key.toLowerCase()}`, setting.days);
  }
  for (const index of candidateLines(diff.added, PREFILTER)) {
    const line = lines[index];
    const setting = readRetentionSetting(line.text);
    if (!setting) continue;
    if (DAYS_ONLY_KEY.test(setting.key) && !nearby(lines, index, 4, EXPIRATION_BLOCK)) continue;
    if (DURATION_NAME.test(setting.key)) continue;
    const isLog = LOG_CONTEXT.test(setting.key) || LOG_CONTEXT.test(diff.path) || nearby(lines, index, 10, LOG_CONTEXT);
    if (!isLog && NOT_DATA_RETENTION.test(setting.key)) continue;
    if (!isLog && FETCH_WINDOW.test(setting.key) && !KEEPING_WORD.test(setting.key)) continue;
    const previous = removedByKey.get(`${line.hunk}|${setting.key.toLowerCase()}`);
    const committed = isLog ? commitments.logDays : commitments.dataDays;
    let report: boolean;
    // Logs kept longer than before and past the usual audit requirement (one to two years) keep the personal data in
    // them for years: a storage-limitation change like any data-retention period that grows (30 days to ten years).
    // Lengthening up to two years (30 to 400 days for an audit trail) is what audit standards ask for.
    const logsKeptLonger = isLog && previous !== undefined && setting.days > previous && setting.days > LOG_DAYS_AUDIT_NEEDS;
    if (isLog) report = (previous !== undefined && setting.days < previous) || (committed !== undefined && setting.days < committed) || logsKeptLonger;
    else report = (previous !== undefined && setting.days !== previous) || (committed !== undefined && setting.days > committed);
    if (!report) continue;
    findings.push({
      ruleId: isLog && !logsKeptLonger ? "log-retention-shortened" : "data-retention-changed",
      path: diff.path,
      line: line.newLine,
      side: "RIGHT",
      evidence: line.text,
      retentionDays: setting.days,
      detail: { key: setting.key, to: formatDays(setting.days), from: previous === undefined ? "" : formatDays(previous) },
    });
  }
  return findings;
}
