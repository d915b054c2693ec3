// /clearance accept and /clearance help on a pull request, driven through the real Probot app with
// GitHub's example issue_comment payload: who may accept (checked through the permission API),
// what is recorded, the replies, the summary, and expiry on a controllable clock.
import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { REVIEW_LANGUAGES } from "../../src/domain/types.js";
import { findingReference } from "../../src/evidence/finding-reference.js";
import { EVIDENCE_MESSAGES } from "../../src/evidence/messages/index.js";
import { claimOrganisation, REPO, useFileDatabase, type Harness } from "../github/support/harness.js";
import { issueCommentPayload, pullRequestPayload } from "../github/support/payloads.js";
import { FILES_WITH_FINDINGS } from "../github/support/fixtures.js";
import { SUMMARY_MARKER } from "../../src/github/types.js";
import { resetEvidence } from "./support/evidence-tables.js";
import { mockPermission } from "./support/mock-permission.js";

// Hooks here open a database and run several reviews; on a shared, loaded machine that can pass
// the default 30 s without anything being wrong.
jest.setTimeout(120_000);

const SHA1 = "a".repeat(40);
const SHA2 = "b".repeat(40);
const SHA3 = "c".repeat(40);
const PULL = 2;

const harness = useFileDatabase();
let h: Harness;
const clock = { now: new Date("2026-11-22T10:00:00Z") };

afterEach(async () => {
  if (h) await resetEvidence(h.db);
});

async function start(): Promise<Harness> {
  clock.now = new Date("2026-11-22T10:00:00Z");
  h = await harness({ now: () => clock.now });
  await claimOrganisation(h.db, { frameworks: ["GDPR", "ISO_27001"] });
  return h;
}

/** A first review of pull request 2 with two findings; returns their references, line order. */
async function reviewWithFindings(headSha = SHA1): Promise<string[]> {
  h.github.setPull(REPO, { number: PULL, headSha, files: FILES_WITH_FINDINGS });
  await h.receive("pull_request", pullRequestPayload("opened", { number: PULL, headSha }));
  await h.drain();
  const rows = await h.db.prisma.pullRequestFinding.findMany({ orderBy: { line: "asc" } });
  return rows.map((r) => findingReference(r.fingerprint));
}

const summary = () => h.github.comments.find((c) => c.body.includes(SUMMARY_MARKER))!.body;
const replies = () => h.github.comments.filter((c) => !c.body.includes(SUMMARY_MARKER)).map((c) => c.body);
const comment = (body: string, association = "MEMBER") => h.receive("issue_comment", issueCommentPayload({ number: PULL, body, association }));

describe("/clearance accept", () => {
  it("lists a stable reference per finding in the summary", async () => {
    await start();
    const refs = await reviewWithFindings();
    expect(refs).toHaveLength(2);
    expect(summary()).toContain("To accept a finding as a known risk");
    // Each finding in the summary's list carries its reference.
    for (const ref of refs) expect(summary()).toMatch(new RegExp(`^- \\[\`src/app\\.ts:\\d+\`\\]\\(.*\\) .* \\(high, \`${ref}\`\\)$`, "m"));
    // The same code reviewed again keeps its references.
    h.github.setPull(REPO, { number: PULL, headSha: SHA2, files: FILES_WITH_FINDINGS });
    await h.receive("pull_request", pullRequestPayload("synchronize", { number: PULL, headSha: SHA2 }));
    await h.drain();
    for (const ref of refs) expect(summary()).toContain(`\`${ref}\``);
  });

  it("records an exception from someone with write access, replies, and the summary shows it accepted", async () => {
    const permission = mockPermission("Codertocat", "write");
    await start();
    const [accepted, other] = await reviewWithFindings();
    expect(h.github.checkRuns.at(-1)!.output?.title).toBe("2 compliance findings");

    clock.now = new Date("2026-11-22T11:00:00Z");
    await comment(`Looked at this.\n/clearance accept ${accepted} --reason "Logs are scrubbed by the collector" --until 2026-12-31`);
    expect(permission.calls).toHaveLength(1);
    expect(permission.violations).toEqual([]);
    const rows = await h.db.prisma.findingException.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      pullNumber: PULL,
      repoFullName: REPO,
      reason: "Logs are scrubbed by the collector",
      acceptedBy: "Codertocat",
      acceptedWith: "write",
      acceptedAt: new Date("2026-11-22T11:00:00Z"),
      expiresAt: new Date("2027-01-01T00:00:00Z"),
      revokedAt: null,
    });
    expect(rows[0]!.fingerprint.startsWith(accepted!)).toBe(true);
    expect(replies().at(-1)).toContain(`Accepted finding \`${accepted}\``);
    expect(replies().at(-1)).toContain("until 2026-12-31");

    // The reply queued a review that brings the summary up to date.
    const reviewsBefore = h.github.reviews.length;
    expect(await h.drain()).toBe(1);
    const text = summary();
    expect(text).toContain("### Accepted findings");
    expect(text).toContain(`- \`${accepted}\` \`src/app.ts:`);
    expect(text).toContain("accepted by @Codertocat, until 2026-12-31. Reason: Logs are scrubbed by the collector");
    // Raised no more: not in the references, not in the count, no new inline comment.
    expect(text).not.toContain(`(high, \`${accepted}\`)`);
    expect(text).toContain(`(high, \`${other}\`)`);
    expect(h.github.checkRuns.at(-1)!.output?.title).toBe("1 compliance finding");
    expect(text).toMatch(/^1 finding \(\w+\)\.$/m); // the engine's counts agree
    expect(h.github.reviews.slice(reviewsBefore).flatMap((r) => r.comments)).toEqual([]);
  });

  it("refuses someone whose permission is read, whatever their association, and records nothing", async () => {
    const permission = mockPermission("Codertocat", "read");
    await start();
    const [ref] = await reviewWithFindings();
    await comment(`/clearance accept ${ref} --reason "fine"`, "MEMBER");
    expect(permission.calls).toHaveLength(1);
    expect(await h.db.prisma.findingException.count()).toBe(0);
    expect(replies().at(-1)).toBe("@Codertocat, only people with write access to this repository can accept findings; your access is `read`. Nothing was recorded.");
    expect(await h.drain()).toBe(0);
  });

  it("refuses someone GitHub does not know as a collaborator (404), and answers a failed check without recording", async () => {
    mockPermission("Codertocat", { status: 404 });
    await start();
    const [ref] = await reviewWithFindings();
    await comment(`/clearance accept ${ref} --reason "fine"`);
    expect(replies().at(-1)).toContain("your access is `none`");
    // A second harness run: GitHub failing is answered, not thrown.
    await h.close({ keepDatabase: true });
    mockPermission("Codertocat", { status: 502 });
    h = await harness({ now: () => clock.now });
    h.github.setPull(REPO, { number: PULL, headSha: SHA1, files: FILES_WITH_FINDINGS });
    await comment(`/clearance accept ${ref} --reason "fine"`);
    expect(h.github.comments.at(-1)!.body).toContain("could not be checked with GitHub");
    expect(await h.db.prisma.findingException.count()).toBe(0);
  });

  it("answers bad syntax with the problem and the usage, without asking GitHub or recording", async () => {
    await start();
    const [ref] = await reviewWithFindings();
    const cases: [string, string][] = [
      [`/clearance accept ${ref}`, "A reason is required"],
      [`/clearance accept ${ref} --reason`, "A reason is required"],
      [`/clearance accept --reason "why"`, "Name the finding to accept"],
      [`/clearance accept ${ref} --reason "why" --until 2026-02-30`, "`--until` needs a date as YYYY-MM-DD, not `2026-02-30`"],
      [`/clearance accept ${ref} --reason "why" --until tomorrow`, "not `tomorrow`"],
      [`/clearance accept ${ref} --reason "why" --force`, "Unknown option `--force`"],
      [`/clearance accept ${ref} ${ref} --reason "why"`, `Unexpected \`${ref}\``],
      [`/clearance accept ${ref} --reason "why`, "A quote is not closed."],
      [`/clearance accept xyz --reason "why"`, "`xyz` is not a finding reference"],
      [`/clearance accept ${ref} --reason ${"x".repeat(501)}`, "at most 500 characters"],
    ];
    for (const [body, expected] of cases) {
      await comment(body);
      const reply = replies().at(-1)!;
      expect(reply).toContain(expected);
      expect(reply).toContain('Usage: `/clearance accept <reference> --reason "<why>" [--until YYYY-MM-DD]`');
    }
    expect(replies()).toHaveLength(cases.length);
    expect(await h.db.prisma.findingException.count()).toBe(0);
    expect(h.github.callsOf("repos/get-collaborator-permission-level")).toEqual([]);
  });

  it("refuses an unknown reference, a date in the past and a closed pull request", async () => {
    mockPermission("Codertocat", "admin");
    await start();
    await reviewWithFindings();
    await comment(`/clearance accept 0000000 --reason "why"`);
    expect(replies().at(-1)).toBe("There is no finding `0000000` on this pull request. Use a reference from the summary comment.");
    await h.close({ keepDatabase: true });
    mockPermission("Codertocat", "admin");
    h = await harness({ now: () => clock.now });
    const [ref] = (await h.db.prisma.pullRequestFinding.findMany({ orderBy: { line: "asc" } })).map((r) => findingReference(r.fingerprint));
    await comment(`/clearance accept ${ref} --reason "why" --until 2026-11-21`);
    expect(h.github.comments.at(-1)!.body).toBe("`--until 2026-11-21` is in the past; give today or a later date.");
    await h.receive("issue_comment", issueCommentPayload({ number: PULL, body: `/clearance accept ${ref} --reason "why"`, state: "closed" }));
    expect(h.github.comments.at(-1)!.body).toBe("This pull request is closed, so its findings can no longer be accepted.");
    expect(await h.db.prisma.findingException.count()).toBe(0);
  });

  it("ignores people who are not owners, members or collaborators, and a redelivered comment", async () => {
    const permission = mockPermission("Codertocat", "write");
    await start();
    const [ref] = await reviewWithFindings();
    await comment(`/clearance accept ${ref} --reason "why"`, "NONE");
    expect(replies()).toEqual([]);
    expect(permission.calls).toEqual([]);
    const id = await comment(`/clearance accept ${ref} --reason "why"`);
    await h.receive("issue_comment", issueCommentPayload({ number: PULL, body: `/clearance accept ${ref} --reason "why"` }), id);
    expect(replies()).toHaveLength(1);
    expect(await h.db.prisma.findingException.count()).toBe(1);
  });
});

describe("expiry", () => {
  it("raises an accepted finding again once its --until day is over (UTC)", async () => {
    mockPermission("Codertocat", "write");
    await start();
    const [ref] = await reviewWithFindings();
    await comment(`/clearance accept ${ref} --reason 'Known, fixed in the next release' --until 2026-11-23`);
    await h.drain();
    expect(h.github.checkRuns.at(-1)!.output?.title).toBe("1 compliance finding");

    // Still held on the last day.
    clock.now = new Date("2026-11-23T23:59:00Z");
    h.github.setPull(REPO, { number: PULL, headSha: SHA2, files: FILES_WITH_FINDINGS });
    await h.receive("pull_request", pullRequestPayload("synchronize", { number: PULL, headSha: SHA2 }));
    await h.drain();
    expect(h.github.checkRuns.at(-1)!.output?.title).toBe("1 compliance finding");
    expect(summary()).toContain("until 2026-11-23");

    // Raised again the next day.
    clock.now = new Date("2026-11-24T00:00:00Z");
    h.github.setPull(REPO, { number: PULL, headSha: SHA3, files: FILES_WITH_FINDINGS });
    await h.receive("pull_request", pullRequestPayload("synchronize", { number: PULL, headSha: SHA3 }));
    await h.drain();
    expect(h.github.checkRuns.at(-1)!.output?.title).toBe("2 compliance findings");
    expect(summary()).not.toContain("### Accepted findings");
    expect(summary()).toContain(`(high, \`${ref}\`)`);
  });
});

describe("/clearance help", () => {
  it("answers with the commands in the review language, in all seven", async () => {
    await start();
    h.github.setPull(REPO, { number: PULL, headSha: SHA1, files: FILES_WITH_FINDINGS });
    for (const language of REVIEW_LANGUAGES) {
      await h.db.prisma.configuration.updateMany({ data: { reviewLanguage: language } });
      await comment("/clearance help");
      const reply = replies().at(-1)!;
      expect(reply).toBe(EVIDENCE_MESSAGES[language].help);
      expect(reply).toContain("/clearance accept");
      expect(reply).toContain("`/clearance help`");
    }
    expect(new Set(replies()).size).toBe(REVIEW_LANGUAGES.length);
    // help queues nothing
    expect(await h.drain()).toBe(0);
  });
});
