// A first review end to end with the real engine: check run, one COMMENT review with inline
// comments on diff lines, one summary, skipped files named; then a re-push.
import { beforeEach, describe, expect, it } from "@jest/globals";
import { claimOrganisation, useFileDatabase, REPO, type Harness } from "./support/harness.js";
import { pullRequestPayload } from "./support/payloads.js";
import { FILES_CLEAN, FILES_ONE_FIXED, FILES_WITH_FINDINGS } from "./support/fixtures.js";
import { SUMMARY_MARKER } from "../../src/github/types.js";

const SHA1 = "a".repeat(40);
const SHA2 = "b".repeat(40);

describe("a review on GitHub", () => {
  let h: Harness;
  // One database for the file, emptied between tests; every request checked against GitHub's descriptions.
  const createHarness = useFileDatabase();
  beforeEach(async () => {
    h = await createHarness();
    await claimOrganisation(h.db, { frameworks: ["GDPR", "ISO_27001"] });
  });

  it("posts an in_progress then neutral check run, one COMMENT review with inline comments, and one summary", async () => {
    h.github.setPull(REPO, { number: 2, headSha: SHA1, files: FILES_WITH_FINDINGS });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 2, headSha: SHA1 }));
    expect(h.github.checkRuns).toHaveLength(0); // the webhook only queues
    expect(await h.drain()).toBe(1);

    expect(h.github.checkRuns).toHaveLength(1);
    const run = h.github.checkRuns[0]!;
    expect(run).toMatchObject({ name: "Clearance", head_sha: SHA1, status: "completed", conclusion: "neutral" });
    expect(run.history).toEqual(["in_progress", "completed:neutral"]);
    expect(run.output?.title).toBe("2 compliance findings");

    expect(h.github.reviews).toHaveLength(1);
    const review = h.github.reviews[0]!;
    expect(review.event).toBe("COMMENT");
    expect(review.commit_id).toBe(SHA1);
    expect(review.comments.map((c) => [c.path, c.line, c.side])).toEqual([
      ["src/app.ts", 2, "RIGHT"],
      ["src/app.ts", 5, "RIGHT"],
    ]);
    expect(review.comments.every((c) => c.position === undefined)).toBe(true);

    expect(h.github.comments).toHaveLength(1);
    const summary = h.github.comments[0]!.body;
    expect(summary).toContain(SUMMARY_MARKER);
    // Every finding, grouped by the controls it cites, linked to its line at the head commit.
    const blob = `https://github.com/Codertocat/Hello-World/blob/${SHA1}/src/app.ts`;
    expect(summary).toContain(
      [
        "#### Findings by control",
        "",
        "**GDPR** Art. 5(2) (Accountability), Art. 32(1)(b) (Ongoing confidentiality, integrity, availability and resilience) · **ISO_27001** A.8.15 (Logging), A.8.16 (Monitoring activities)",
        `- [\`src/app.ts:2\`](${blob}#L2) Audit logging turned off (high, \`48eb6ee\`)`,
        "",
        "**GDPR** Art. 5(1)(c) (Data minimisation), Art. 32(1)(a) (Pseudonymisation and encryption), Art. 32(1)(b) (Ongoing confidentiality, integrity, availability and resilience) · **ISO_27001** A.8.15 (Logging), A.8.11 (Data masking), A.5.17 (Authentication information)",
        `- [\`src/app.ts:5\`](${blob}#L5) Secret written to logs (high, \`f270c32\`)`,
      ].join("\n"),
    );
    expect(summary).toContain("Commit `aaaaaaa`, 1 changed file.");
    expect(summary).toContain("- `assets/logo.png`: binary file");
    expect(summary).toContain("- `vendor/left-pad/index.js`: vendored dependency");
    expect(summary).toContain("- `package-lock.json`: generated file");
    expect(summary).not.toContain("EU inference");
  });

  it("on a re-push posts no comment twice, edits the one summary, and resolves the thread of a fixed finding", async () => {
    h.github.setPull(REPO, { number: 2, headSha: SHA1, files: FILES_WITH_FINDINGS });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 2, headSha: SHA1 }));
    await h.drain();
    h.github.setPull(REPO, { number: 2, headSha: SHA2, files: FILES_ONE_FIXED });
    await h.receive("pull_request", pullRequestPayload("synchronize", { number: 2, headSha: SHA2 }));
    await h.drain();

    expect(h.github.reviews).toHaveLength(1); // the remaining finding was already commented on
    expect(h.github.comments).toHaveLength(1);
    const summary = h.github.comments[0]!.body;
    expect(summary).toContain("Fixed since an earlier review");
    expect(summary).toContain("`src/app.ts:2` is no longer flagged.");
    expect(summary).toContain("Commit `bbbbbbb`");
    const resolved = h.github.threads.filter((t) => t.isResolved);
    expect(resolved).toHaveLength(1);
    expect(resolved[0]!.body).toContain("audit");
    expect(h.github.checkRuns.map((r) => [r.head_sha, r.conclusion])).toEqual([
      [SHA1, "neutral"],
      [SHA2, "neutral"],
    ]);
  });

  it("concludes success when nothing is found", async () => {
    h.github.setPull(REPO, { number: 3, headSha: SHA1, files: FILES_CLEAN });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 3, headSha: SHA1 }));
    await h.drain();
    expect(h.github.checkRuns[0]).toMatchObject({ conclusion: "success" });
    expect(h.github.checkRuns[0]!.output?.title).toBe("No compliance findings");
    expect(h.github.reviews).toHaveLength(0);
    expect(h.github.comments).toHaveLength(1);
  });
});
