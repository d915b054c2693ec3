// The built-in analyzer: every changed file through the line rules and the detectors, one pass each,
// then the profile decides what is already known and what needs an extra word.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { performance } from "node:perf_hooks";
import type { ChangedFile } from "../types.js";
import type { Commitment } from "../../domain/types.js";
import type { RawFinding } from "./raw-finding.js";
import { toFileDiff } from "./file-diff.js";
import { classifyFile } from "../diff/classify-file.js";
import { buildRuleAutomata, runLineRules } from "./run-line-rules.js";
import { dropMovedCode } from "./moved-code.js";
import { RULES_BY_ID } from "./rule-table.js";
import { detectSensitiveDataInLogs } from "./detectors/detect-sensitive-data-in-logs.js";
import { detectHardcodedSecrets } from "./detectors/detect-hardcoded-secrets.js";
import { detectPiiFields } from "./detectors/detect-pii-fields.js";
import { detectRetentionChanges, type RetentionCommitments } from "./detectors/detect-retention-changes.js";
import { detectThirdParties, THIRD_PARTY_SERVICES } from "./detectors/detect-third-parties.js";
import { detectRegionOutsideHosting } from "./detectors/detect-region-outside-hosting.js";
import { detectAiDataFlows } from "./detectors/detect-ai-data-flows.js";
import { detectAccessGuardDropped } from "./detectors/detect-access-guard-dropped.js";
import { detectQueryScopeDropped } from "./detectors/detect-query-scope-dropped.js";
import type { ProfileContext } from "../grounding/read-profile-context.js";
import { readCommitmentPeriodDays } from "../grounding/read-commitment-period.js";
import { analyzeInPool } from "./analyzer-pool.js";

export interface AnalysisContext {
  profile: ProfileContext;
  commitments: Commitment[];
}

// A file named for purging anywhere, or for cleaning up under a jobs / cron / tasks folder (django-extensions' jobs/daily/daily_cleanup.py).
const REMOVED_FILE_RETENTION_JOB = /(?:^|\/)[\w.-]*(?:purge|erasure|retention|anonymi[sz]|delete_?expired|deleteExpired|data_?deletion|gdpr_?delet)[\w.-]*\.(?:[cm]?[jt]s|py|go|rb|java|kt|cs|php|ya?ml)$|(?:^|\/)(?:jobs|cron|tasks|schedulers?)\/(?:[\w-]+\/)*[\w.-]*(?:cleanup|clean_up|prune|delete_?old|expire)[\w.-]*\.(?:[cm]?[jt]s|py|go|rb|java|kt|cs|php)$/i;
const SERVICE_REGION = new Map(THIRD_PARTY_SERVICES.map((s) => [s.name, s.region]));

/**
 * The role a file's name ends with when it is not the job itself: a form or page of a manual purge screen, a formatter
 * of purged values (FormatWithPurgeTime.php), a strategy, model or DTO the purge uses. Deleting one of them (a legacy
 * module's PurgeEmployeeForm.php) unschedules nothing; the job, worker, task or command file is what runs the purge.
 */
const NOT_A_JOB_ROLE = new Set(["form", "forms", "formatter", "view", "views", "page", "component", "modal", "dialog", "dto", "model", "entity", "exception", "error", "interface", "enum", "type", "types", "request", "response", "validator", "serializer", "mapper", "strategy", "button", "menu", "template", "test", "spec", "schema", "props"]);
function notTheJobItself(path: string): boolean {
  const stem = path.slice(path.lastIndexOf("/") + 1).split(".")[0] ?? "";
  const words = stem.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().split(/[_-]+/).filter(Boolean);
  return words[0] === "format" || NOT_A_JOB_ROLE.has(words[words.length - 1] ?? "");
}

/**
 * Whether a removed purge file's own lines purge nothing stored: every line was already commented out (a job disabled
 * long before it is deleted), or what it purges is a cache (PurgeUserAbilityCache.ts resets an in-memory abilities
 * cache) and no line deletes, destroys or prunes records through a call.
 */
const COMMENT_LINE = /^-\s*(?:\/\/|#|\*|\/\*|--|$)/;
const STORED_DELETION_CALL = /\.(?:delete|destroy|remove|unlink|truncate|purge|prune|erase|anonymi[sz]e|where|filter|query)\w*\s*\(|\bDELETE\s+FROM\b/i;
function purgesNothingStored(file: ChangedFile): boolean {
  if (!file.patch) return false;
  const code = file.patch.split("\n").filter((l) => l.startsWith("-") && !l.startsWith("---") && !COMMENT_LINE.test(l));
  if (code.length === 0) return true;
  const cache = /cache/i.test(file.path.slice(file.path.lastIndexOf("/") + 1)) || code.some((l) => /cache/i.test(l));
  return cache && !code.some((l) => STORED_DELETION_CALL.test(l));
}

function removedDeletionJobFile(file: ChangedFile): RawFinding | undefined {
  if (file.status !== "removed" || !REMOVED_FILE_RETENTION_JOB.test(file.path) || /(?:^|\/)(?:tests?|spec|__tests__)\//i.test(file.path) || classifyFile(file.path).isMigration || notTheJobItself(file.path) || purgesNothingStored(file)) return undefined;
  return { ruleId: "deletion-job-removed", path: file.path, line: 1, side: "LEFT", evidence: `removed:${file.path}` };
}

function isKnownVendor(finding: RawFinding, profile: ProfileContext): boolean {
  const vendor = finding.detail?.vendor?.toLowerCase();
  return vendor !== undefined && profile.listedVendorsText.includes(vendor.split(" ")[0]);
}

/** Adds what the profile says: a transfer outside the EU, health data. */
function groundInProfile(finding: RawFinding, profile: ProfileContext): void {
  const vendor = finding.detail?.vendor;
  if (vendor && profile.euHosting && SERVICE_REGION.get(vendor) !== "EU") {
    finding.extraChangeAreas = ["international_transfer"];
    (finding.profileNotes ??= []).push({ key: "euTransfer", values: { hosting: profile.euHosting, vendor } });
  }
  if (profile.handlesHealthData && profile.dataHandled && ["pii-field-added", "pii-in-logs", "ai-provider-added", "ai-data-sent", "outbound-data-flow", "third-party-sdk-added", "analytics-identity-traits", "analytics-event-email-identity", "analytics-event-identity-traits", "error-tracking-pii", "error-tracking-user-context"].includes(finding.ruleId)) {
    (finding.profileNotes ??= []).push({ key: "healthData", values: { dataHandled: profile.dataHandled } });
    if (finding.ruleId === "pii-field-added" || finding.ruleId === "pii-in-logs") finding.severity = "high";
  }
  if (finding.ruleId === "region-outside-hosting" && profile.euHosting) {
    (finding.profileNotes ??= []).push({ key: "regionOutside", values: { hosting: profile.euHosting, region: finding.detail?.region ?? "" } });
  }
}

/** A file of each kind the analyzer reads differently, for prepareAnalyzer(). */
const FILE_OF_EACH_KIND = ["a.ts", "a.py", "a.go", "a.java", "a.rb", "a.cs", "a.php", "a.rs", "a.swift", "a.cpp", "a.sql", "a.tf", "a.yaml", "Dockerfile", "package.json", ".env", "a.json", "a.sh", "a.md", "a.txt", "a.dart"];

/**
 * Plans every detector's scan (line-scan.ts) by running the detectors once on a file of each kind with no changed
 * line, then builds the automaton of every rule set. Otherwise the first review plans them one by one as its files
 * reach them, and each new plan makes every automaton built so far be built again. Run when this module loads.
 */
export function prepareAnalyzer(): void {
  const retention: RetentionCommitments = { logDays: undefined, dataDays: undefined };
  for (const path of FILE_OF_EACH_KIND) {
    // One removed and one added line, so the scans of both sides are planned.
    const diff = toFileDiff({ path, status: "modified", patch: "@@ -1,2 +1,2 @@\n x\n-y\n+y" });
    detectSensitiveDataInLogs(diff);
    detectHardcodedSecrets(diff);
    detectPiiFields(diff);
    detectRetentionChanges(diff, retention);
    detectThirdParties(diff);
    detectRegionOutsideHosting(diff, "EU");
    detectAiDataFlows(diff);
    detectAccessGuardDropped(diff);
    detectQueryScopeDropped(diff);
  }
  buildRuleAutomata();
}

prepareAnalyzer();

/** Longest stretch of work between two turns of the event loop (a file is never split); well under the 50 ms budget. */
export const SLICE_MS = 5;

/** What the detectors need to know of the organisation: the same for every file of a review, so a worker can get it once. */
export interface FileAnalysisContext {
  retention: RetentionCommitments;
  euHosting: ProfileContext["euHosting"];
}

/**
 * One file's findings, before moved code, dedupe and the profile: pure (file + context in, findings out), so a worker
 * thread can run it (analyzer-pool.ts) with the same result as the main thread.
 */
/**
 * Third-party code committed with the project (Composer's and Go's vendor/ at the root, node_modules, bower_components,
 * and Yarn Berry's own release and plugins, committed under .yarn/releases and .yarn/plugins as its docs advise):
 * its authors' choices, updated wholesale, not the change under review.
 */
const VENDORED_PATH = /^(?:vendor|third[_-]party)\/|(?:^|\/)(?:node_modules|bower_components)\/|(?:^|\/)\.yarn\/(?:releases|plugins|sdks)\//;

/**
 * Stubs generated for the editor from the framework's classes (laravel-ide-helper's _ide_helper.php,
 * _ide_helper_models.php, .phpstorm.meta.php): regenerated wholesale, never run; their `Auth::guard()` facades are the
 * framework's, not the project's checks.
 */
const GENERATED_STUB_PATH = /(?:^|\/)_ide_helper(?:_models|_actions)?\.php$|(?:^|\/)\.phpstorm\.meta\.php$/;

export function analyzeFile(file: ChangedFile, context: FileAnalysisContext): RawFinding[] {
  if (VENDORED_PATH.test(file.path) || GENERATED_STUB_PATH.test(file.path)) return [];
  const all: RawFinding[] = [];
  const removedJob = removedDeletionJobFile(file);
  if (removedJob) all.push(removedJob);
  if (!file.patch) return all;
  const diff = toFileDiff(file);
  const deletedMigration = file.status === "removed" && diff.fileClass.isMigration;
  all.push(
    ...runLineRules(diff).filter((f) => !(removedJob && f.ruleId === removedJob.ruleId) && !(file.status === "removed" && RULES_BY_ID.get(f.ruleId)?.notOnDeletedFiles) && !(deletedMigration && RULES_BY_ID.get(f.ruleId)?.notOnDeletedMigrations)),
    ...detectSensitiveDataInLogs(diff),
    ...detectHardcodedSecrets(diff),
    ...detectPiiFields(diff),
    ...detectRetentionChanges(diff, context.retention),
    ...detectThirdParties(diff),
    ...detectRegionOutsideHosting(diff, context.euHosting),
    ...detectAccessGuardDropped(diff),
    ...detectQueryScopeDropped(diff),
  );
  // An AI SDK imported only for calls with fixed prompts (a demo, a smoke test) sends no one's data.
  const ai = detectAiDataFlows(diff);
  all.push(...ai.findings);
  if (ai.fixedCalls > 0 && ai.findings.length === 0) {
    for (let i = all.length - 1; i >= 0 && all[i].path === file.path; i--) if (all[i].ruleId === "ai-provider-added") all.splice(i, 1);
  }
  return all;
}

export async function analyzeFiles(files: ChangedFile[], context: AnalysisContext): Promise<RawFinding[]> {
  const fileContext: FileAnalysisContext = {
    retention: {
      logDays: readCommitmentPeriodDays(context.commitments.find((c) => c.area === "logging")),
      dataDays: readCommitmentPeriodDays(context.commitments.find((c) => c.area === "pii_retention")),
    },
    euHosting: context.profile.euHosting,
  };
  // A large pull request goes to the worker threads (same findings, in file order); undefined: analyze it here.
  let all = await analyzeInPool(files, fileContext, analyzeFile, SLICE_MS);
  if (!all) {
    all = [];
    let sliceStart = performance.now();
    for (const file of files) {
      // A large pull request must not hold the event loop: health checks and webhooks keep being answered.
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
      for (const finding of analyzeFile(file, fileContext)) all.push(finding);
    }
  }
  // One finding per third-party service per pull request, at the most telling place.
  const best = new Map<string, RawFinding>();
  const kept: RawFinding[] = [];
  for (const finding of await dropMovedCode(all, files, SLICE_MS)) {
    if (!finding.dedupeKey) { kept.push(finding); continue; }
    if (isKnownVendor(finding, context.profile)) continue;
    const current = best.get(finding.dedupeKey);
    if (!current || (finding.dedupePriority ?? 0) < (current.dedupePriority ?? 0)) best.set(finding.dedupeKey, finding);
  }
  kept.push(...best.values());
  for (const finding of kept) groundInProfile(finding, context.profile);
  return kept;
}
