// What a review leaves on GitHub, exactly as the spec says: statuses for paused and failed
// reviews, the EU-inference footer and failure, the seven languages, the 50-comment limit,
// findings that cannot be placed, one summary found again by its marker, all files read.
import { describe, expect, it } from "@jest/globals";
import nock from "nock";
import type { Admission } from "../../src/billing/types.js";
import { review as engineReview } from "../../src/engine/index.js";
import type { ReviewFunction } from "../../src/engine/types.js";
import { MESSAGES } from "../../src/github/messages/index.js";
import { reviewMarker } from "../../src/github/publish/find-posted-review.js";
import { SUMMARY_MARKER } from "../../src/github/types.js";
import { REVIEW_LANGUAGES } from "../../src/domain/types.js";
import { claimOrganisation, useFileDatabase, REPO, type Harness } from "./support/harness.js";
import { pullRequestPayload } from "./support/payloads.js";
import { FILES_CLEAN, FILES_WITH_FINDINGS } from "./support/fixtures.js";
import { CLEARANCE_APP_ID, type FakeFile } from "./support/fake-github.js";
import { messagesFor as engineMessagesFor } from "../../src/engine/messages/review-messages.js";

const SHA = "d".repeat(40);
let h: Harness;
const createHarness = useFileDatabase();

async function openAndReview(files: FakeFile[], number = 20) {
  h.github.setPull(REPO, { number, headSha: SHA, files });
  await h.receive("pull_request", pullRequestPayload("opened", { number, headSha: SHA }));
  await h.drain();
}

/** n files, each adding a line that switches audit logging off: n findings of the analyzer. */
function manyFindings(n: number): FakeFile[] {
  return Array.from({ length: n }, (_, i) => ({
    filename: `src/settings${i}.ts`,
    status: "added" as const,
    additions: 1,
    deletions: 0,
    patch: `@@ -0,0 +1 @@\n+export const settings = { auditLogEnabled: false };`,
  }));
}

type Paused = Extract<Admission, { admitted: false }>;

/** The billing gate's answer once November 2026's free allowance is used up. */
function allowanceReached(resumes: string, resumeOptions: Paused["resumeOptions"]): Admission {
  return {
    admitted: false,
    reason: "allowance_reached",
    plan: "free",
    period: "2026-11",
    title: "Paused: monthly review allowance reached",
    resumes,
    resumeOptions,
    resumesAt: new Date("2026-12-01T00:00:00Z"),
  };
}

describe("review outputs", () => {
  it("a paused review posts no findings: neutral check with the gate's title, summary says how it resumes", async () => {
    const paused = allowanceReached("next period", ["next_period", "upgrade", "overage"]);
    h = await createHarness({ admitReview: async () => paused });
    await claimOrganisation(h.db, { review_language: "de" });
    await openAndReview(FILES_WITH_FINDINGS);
    expect(h.github.checkRuns[0]).toMatchObject({ conclusion: "neutral", output: { title: "Paused: monthly review allowance reached" } });
    expect(h.github.reviews).toHaveLength(0);
    expect(h.github.callsOf("pulls/list-files")).toHaveLength(0);
    const summary = h.github.comments[0]!.body;
    const de = MESSAGES.de.paused;
    expect(summary).toContain(de.allowance_reached);
    expect(summary).toContain(`- ${de.resumeWays.next_period("2026-12-01")}\n- ${de.resumeWays.upgrade}\n- ${de.resumeWays.overage}`);
    expect(summary).not.toContain(de.resumeWays.claim);
  });

  it("tells a bare installation that claiming resumes reviews, and offers nothing it cannot do", async () => {
    const paused = allowanceReached("next period or claim", ["next_period", "claim"]);
    h = await createHarness({ admitReview: async () => paused });
    await openAndReview(FILES_WITH_FINDINGS);
    const summary = h.github.comments[0]!.body;
    expect(summary).toContain(MESSAGES.en.paused.resumeWays.claim);
    expect(summary).not.toContain(MESSAGES.en.paused.resumeWays.upgrade);
    expect(summary).not.toContain(MESSAGES.en.paused.resumeWays.overage);
  });

  it("passes the repository's private flag to the billing gate", async () => {
    const seen: boolean[] = [];
    h = await createHarness({ admitReview: async (request) => (seen.push(request.private), { admitted: true, kind: "trial", plan: "trial", period: "2026-11" }) });
    h.github.setPull(REPO, { number: 21, headSha: SHA, files: FILES_CLEAN });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 21, headSha: SHA, private: true }));
    await h.drain();
    expect(seen).toEqual([true]);
  });

  it("with eu_inference on, a failed EU model call fails the review: neutral, says so, nothing posted", async () => {
    nock.enableNetConnect("127.0.0.1:9");
    h = await createHarness({ options: { euModel: { baseUrl: "http://127.0.0.1:9/v1", model: "eu-model" }, model: { baseUrl: "http://127.0.0.1:9/v1", model: "other" } } });
    await claimOrganisation(h.db, { eu_inference: true });
    await openAndReview(FILES_WITH_FINDINGS);
    nock.disableNetConnect();
    expect(h.github.checkRuns[0]).toMatchObject({ conclusion: "neutral", output: { title: "Review failed: EU inference unavailable" } });
    expect(h.github.reviews).toHaveLength(0);
    const summary = h.github.comments[0]!.body;
    expect(summary).toContain(MESSAGES.en.euInferenceFailed);
    expect(summary).not.toContain(MESSAGES.en.euInferenceFooter);
    expect(summary).not.toContain("Findings by control");
  });

  it("with eu_inference on, a successful review's summary ends with the one line about EU inference", async () => {
    h = await createHarness();
    await claimOrganisation(h.db, { eu_inference: true });
    await openAndReview(FILES_WITH_FINDINGS);
    const summary = h.github.comments[0]!.body;
    // No EU model is configured here: the one EU line says so, and nothing else mentions EU inference.
    expect(summary.trimEnd().endsWith(`---\n${engineMessagesFor("en").summary.noteNoEuModel}`)).toBe(true);
    expect(summary.match(/EU inference/g)).toHaveLength(1);
  });

  it.each(REVIEW_LANGUAGES.map((l) => [l]))("writes comments in %s; the check name and title stay English", async (language) => {
    h = await createHarness();
    await claimOrganisation(h.db, { review_language: language });
    await openAndReview(FILES_WITH_FINDINGS);
    const summary = h.github.comments[0]!.body;
    expect(summary).toContain(`## ${MESSAGES[language].summaryHeading}`);
    expect(summary).toContain(MESSAGES[language].skipReasons.binary);
    // The review's text, then the hidden marker a resumed job finds it by.
    const job = await h.db.prisma.reviewJob.findFirstOrThrow();
    expect(h.github.reviews[0]!.body).toBe(`${MESSAGES[language].reviewBody(2)}\n\n${reviewMarker(job.id)}`);
    expect(h.github.checkRuns[0]).toMatchObject({ name: "Clearance", output: { title: "2 compliance findings", summary: MESSAGES[language].checkSummary(2) } });
  });

  it("posts at most 50 inline comments and lists the rest in the summary", async () => {
    h = await createHarness();
    await claimOrganisation(h.db);
    await openAndReview(manyFindings(60));
    expect(h.github.reviews).toHaveLength(1);
    expect(h.github.reviews[0]!.comments).toHaveLength(50);
    const summary = h.github.comments[0]!.body;
    expect(summary).toContain("A review carries at most 50 inline comments");
    // Every finding is listed, once; the 10 without an inline comment carry their explanation.
    expect(summary.match(/^- \[`src\/settings\d+\.ts:1`\]\(https:\/\/github\.com\/Codertocat\/Hello-World\/blob\/d{40}\/src\/settings\d+\.ts#L1\) Audit logging turned off \(high, `\w{7}`\)/gm)).toHaveLength(60);
    expect(summary.match(/\(high, `\w{7}`\): This change disables audit or access logging/g)).toHaveLength(10);
    expect(summary.match(/^#{2,4} /gm)).toEqual(["## ", "#### ", "### "]); // no heading twice
  });

  it("puts a finding that is not on a diff line into the summary", async () => {
    const offDiff: ReviewFunction = async (input, configuration, options) => {
      const result = await engineReview(input, configuration, options);
      const first = result.findings[0]!;
      return { ...result, findings: [...result.findings, { ...first, fingerprint: "off-diff", line: 400, startLine: undefined }] };
    };
    h = await createHarness({ review: offDiff });
    await claimOrganisation(h.db);
    await openAndReview(FILES_WITH_FINDINGS);
    expect(h.github.reviews[0]!.comments.map((c) => c.line)).toEqual([2, 5]);
    const summary = h.github.comments[0]!.body;
    expect(summary).toContain(`- [\`src/app.ts:400\`](https://github.com/Codertocat/Hello-World/blob/${SHA}/src/app.ts#L400) Audit logging turned off (high, \`off-dif\`): This change disables`);
    expect(summary).toContain(MESSAGES.en.notOnDiffLine);
  });

  it("one comment GitHub rejects never loses the review: the findings go into the summary", async () => {
    h = await createHarness();
    await claimOrganisation(h.db);
    h.github.failures.set("pulls/create-review", { status: 422, times: 1 });
    await openAndReview(FILES_WITH_FINDINGS);
    expect(h.github.checkRuns[0]).toMatchObject({ conclusion: "neutral", output: { title: "2 compliance findings" } });
    const summary = h.github.comments[0]!.body;
    expect(summary).toMatch(/^- \[`src\/app\.ts:2`\]\(\S+#L2\) Audit logging turned off \(high, `\w{7}`\): This change/m);
    expect(summary).toMatch(/^- \[`src\/app\.ts:5`\]\(\S+#L5\) Secret written to logs \(high, `\w{7}`\): This log statement/m);
  });

  it("finds its summary by the hidden marker when the stored id is unknown, and never writes a second", async () => {
    h = await createHarness();
    h.github.comments.push({ id: 5, issueNumber: 20, repo: REPO.toLowerCase(), body: `${SUMMARY_MARKER}\nold`, userType: "Bot", appId: CLEARANCE_APP_ID });
    await openAndReview(FILES_CLEAN);
    expect(h.github.comments).toHaveLength(1);
    expect(h.github.comments[0]!.body).toContain("Commit `ddddddd`");
    // Deleted by someone: the next review writes a new one.
    h.github.comments.length = 0;
    h.github.setPull(REPO, { number: 20, headSha: "e".repeat(40) });
    await h.receive("pull_request", pullRequestPayload("synchronize", { number: 20, headSha: "e".repeat(40) }));
    await h.drain();
    expect(h.github.comments).toHaveLength(1);
  });

  it("never edits another bot's (or a person's) comment that carries the marker, only the App's own", async () => {
    h = await createHarness();
    const foreign = `${SUMMARY_MARKER}\nwritten by another App`;
    h.github.comments.push({ id: 6, issueNumber: 20, repo: REPO.toLowerCase(), body: foreign, userType: "Bot", appId: 999 });
    h.github.comments.push({ id: 7, issueNumber: 20, repo: REPO.toLowerCase(), body: `quoting ${SUMMARY_MARKER}`, userType: "User" });
    await openAndReview(FILES_CLEAN);
    expect(h.github.comments.map((c) => c.id)).toEqual([6, 7, expect.any(Number)]);
    expect(h.github.comments[0]!.body).toBe(foreign);
    expect(h.github.callsOf("issues/update-comment")).toHaveLength(0);
    // The next review edits the App's own summary, known from the database, without looking again.
    h.github.setPull(REPO, { number: 20, headSha: "e".repeat(40) });
    h.github.resetLog();
    await h.receive("pull_request", pullRequestPayload("synchronize", { number: 20, headSha: "e".repeat(40) }));
    await h.drain();
    expect(h.github.callsOf("issues/update-comment").map((r) => r.path)).toEqual([`/repos/Codertocat/Hello-World/issues/comments/${h.github.comments[2]!.id}`]);
    expect(h.github.comments[0]!.body).toBe(foreign);
  });

  it("reads every changed file (paginated) and reviews a pull request of 250 files", async () => {
    h = await createHarness();
    const files = Array.from({ length: 250 }, (_, i) => ({ filename: `src/file${i}.ts`, patch: "@@ -0,0 +1 @@\n+export const x = 1;" }));
    await openAndReview(files);
    expect(h.github.callsOf("pulls/list-files")).toHaveLength(3);
    expect(h.github.comments[0]!.body).toContain("250 changed files");
  });

  it("says so when every file was skipped: neutral, never success", async () => {
    h = await createHarness();
    await openAndReview([{ filename: "assets/logo.png", additions: 0, deletions: 0 }]);
    expect(h.github.checkRuns[0]).toMatchObject({ conclusion: "neutral", output: { title: "Skipped: no reviewable files" } });
    expect(h.github.comments[0]!.body).toContain(MESSAGES.en.nothingToReview);
  });

  it("never sends REQUEST_CHANGES, APPROVE, a failure conclusion or a merge", async () => {
    h = await createHarness();
    await claimOrganisation(h.db);
    await openAndReview(FILES_WITH_FINDINGS);
    const sent = h.github.requests.map((r) => JSON.stringify(r.body ?? ""));
    expect(sent.some((b) => /REQUEST_CHANGES|APPROVE|"failure"|action_required/.test(b))).toBe(false);
    expect(h.github.requests.some((r) => r.operationId === "pulls/merge")).toBe(false);
  });
});

