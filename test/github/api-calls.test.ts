// The GitHub API calls of one review are a small constant that does not grow with the number
// of findings. Installation tokens are left out: Probot caches them for an hour.
// Before: 9 on a first review (two config reads, pulls/get, a comment listing), 7 on a re-push.
// Now: one GraphQL request carries the pull request, both config files and (only while the
// database does not know it) the App's own summary comment: 6 and 5.
import { describe, expect, it } from "@jest/globals";
import { claimOrganisation, useFileDatabase, REPO, type Harness } from "./support/harness.js";
import { pullRequestPayload } from "./support/payloads.js";
import { FILES_CLEAN, FILES_ONE_FIXED, FILES_WITH_FINDINGS } from "./support/fixtures.js";
import type { FakeFile } from "./support/fake-github.js";

let h: Harness;
const createHarness = useFileDatabase();

function manyFindings(n: number): FakeFile[] {
  return Array.from({ length: n }, (_, i) => ({ filename: `src/settings${i}.ts`, status: "added" as const, patch: "@@ -0,0 +1 @@\n+export const settings = { auditLogEnabled: false };" }));
}

async function review(number: number, action: "opened" | "synchronize", headSha: string, files: FakeFile[]) {
  h.github.setPull(REPO, { number, headSha, files });
  h.github.resetLog();
  await h.receive("pull_request", pullRequestPayload(action, { number, headSha }));
  await h.drain();
  return h.github.apiCalls().map((r) => r.operationId);
}

const FIRST_REVIEW = [
  "graphql", // the pull request, .github/clearance.yml (repository and organisation), the App's own summary if any
  "checks/create",
  "pulls/list-files",
  "pulls/create-review",
  "issues/create-comment",
  "checks/update",
];

/** Writes GitHub paces as notification-triggering (plugin-throttling: one per 3 s per installation). */
const NOTIFYING = new Set(["pulls/create-review", "issues/create-comment"]);

describe("API calls per review", () => {
  it("a first review makes 6 calls, with 2 findings as with 60", async () => {
    h = await createHarness();
    await claimOrganisation(h.db);
    const few = await review(30, "opened", "a".repeat(40), FILES_WITH_FINDINGS);
    const many = await review(31, "opened", "b".repeat(40), manyFindings(60));
    expect(few).toEqual(FIRST_REVIEW);
    expect(many).toEqual(FIRST_REVIEW);
    expect(few.filter((c) => NOTIFYING.has(c))).toHaveLength(2);
    expect(h.github.reviews.map((r) => r.comments.length)).toEqual([2, 50]);
  });

  it("a clean first review makes 5 calls: no empty review when there is no inline comment", async () => {
    h = await createHarness();
    await claimOrganisation(h.db);
    const calls = await review(33, "opened", "c".repeat(40), FILES_CLEAN);
    expect(calls).toEqual(["graphql", "checks/create", "pulls/list-files", "issues/create-comment", "checks/update"]);
    expect(calls.filter((c) => NOTIFYING.has(c))).toHaveLength(1);
  });

  it("a re-push makes 7 calls when a finding was fixed, 5 when nothing changed, and edits the summary", async () => {
    h = await createHarness();
    await claimOrganisation(h.db);
    await review(32, "opened", "a".repeat(40), FILES_WITH_FINDINGS);
    const fixed = await review(32, "synchronize", "b".repeat(40), FILES_ONE_FIXED);
    expect(fixed).toEqual([
      "graphql", // the database knows the summary: no comments are asked for
      "checks/create",
      "pulls/list-files",
      "graphql", // the review threads
      "graphql", // one mutation resolving every fixed thread
      "issues/update-comment",
      "checks/update",
    ]);
    const unchanged = await review(32, "synchronize", "c".repeat(40), FILES_ONE_FIXED);
    expect(unchanged).toEqual(["graphql", "checks/create", "pulls/list-files", "issues/update-comment", "checks/update"]);
    // A re-push with nothing new triggers no notification at all.
    expect(unchanged.filter((c) => NOTIFYING.has(c))).toEqual([]);
    expect(h.github.callsOf("graphql")[0]!.body).toMatchObject({ variables: { withComments: false } });
  });
});
