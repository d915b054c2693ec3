// A self-hosted instance (BILLING=off): a bare installation's private pull requests are all
// reviewed past Free's 10 + 3, no summary speaks of plans or allowances, nothing is counted.
import { describe, expect, it } from "@jest/globals";
import { createBillingGate, type AdmitReview } from "../../src/billing/index.js";
import { recordInstallation } from "../../src/domain/installations.js";
import { FILES_CLEAN } from "./support/fixtures.js";
import { useFileDatabase, INSTALLATION_ID, REPO, type Harness } from "./support/harness.js";
import { pullRequestPayload } from "./support/payloads.js";

let h: Harness;
const createHarness = useFileDatabase();

describe("billing off", () => {
  it("reviews every private pull request of a bare installation, without plan text, counting nothing", async () => {
    // The gate the server builds from BILLING=off, on the harness's own database.
    let gate: AdmitReview | undefined;
    h = await createHarness({ admitReview: (request) => gate!(request) });
    gate = createBillingGate(h.db.prisma, { enabled: false });
    await recordInstallation(h.db.prisma, { id: BigInt(INSTALLATION_ID), accountLogin: "Codertocat" });
    for (let number = 1; number <= 14; number++) {
      const headSha = String(number).padStart(40, "a");
      h.github.setPull(REPO, { number, headSha, files: FILES_CLEAN });
      await h.receive("pull_request", pullRequestPayload("opened", { number, headSha, private: true }));
      await h.drain();
    }
    // Free's 10 and the grant's 3 would pause the 14th with billing on.
    expect(h.github.checkRuns.map((run) => run.conclusion)).toEqual(Array(14).fill("success"));
    for (const comment of h.github.comments) expect(comment.body).not.toMatch(/\bplan\b|allowance|trial|overage/i);
    expect(await h.db.prisma.usageRecord.count()).toBe(0);
  }, 300_000);
});
