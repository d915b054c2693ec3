// The GitHub API calls of one review are a small constant that does not grow with the number
// of findings. Installation tokens are left out: Probot caches them for an hour.
import { describe, expect, it } from "@jest/globals";
import { claimOrganisation, useFileDatabase, REPO, type Harness } from "./support/harness.js";
import { pullRequestPayload } from "./support/payloads.js";
import { FILES_ONE_FIXED, FILES_WITH_FINDINGS } from "./support/fixtures.js";
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
  "repos/get-content", // .github/clearance.yml of the repository
  "repos/get-content", // ... and of the organisation's .github repository (Probot's config fallback)
  "pulls/get",
  "checks/create",
  "pulls/list-files",
  "pulls/create-review",
  "issues/list-comments", // no summary id stored yet: look for the marker
  "issues/create-comment",
  "checks/update",
];

describe("API calls per review", () => {
  it("a first review makes 9 calls, with 2 findings as with 60", async () => {
    h = await createHarness();
    await claimOrganisation(h.db);
    const few = await review(30, "opened", "a".repeat(40), FILES_WITH_FINDINGS);
    const many = await review(31, "opened", "b".repeat(40), manyFindings(60));
    expect(few).toEqual(FIRST_REVIEW);
    expect(many).toEqual(FIRST_REVIEW);
    expect(h.github.reviews.map((r) => r.comments.length)).toEqual([2, 50]);
  });

  it("a re-push makes 9 calls when a finding was fixed, 7 when nothing changed", async () => {
    h = await createHarness();
    await claimOrganisation(h.db);
    await review(32, "opened", "a".repeat(40), FILES_WITH_FINDINGS);
    const fixed = await review(32, "synchronize", "b".repeat(40), FILES_ONE_FIXED);
    expect(fixed).toEqual([
      "repos/get-content",
      "repos/get-content",
      "pulls/get",
      "checks/create",
      "pulls/list-files",
      "graphql", // the review threads
      "graphql", // one mutation resolving every fixed thread
      "issues/update-comment",
      "checks/update",
    ]);
    const unchanged = await review(32, "synchronize", "c".repeat(40), FILES_ONE_FIXED);
    expect(unchanged).toEqual(["repos/get-content", "repos/get-content", "pulls/get", "checks/create", "pulls/list-files", "issues/update-comment", "checks/update"]);
  });
});
