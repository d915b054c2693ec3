// installation and installation_repositories keep installations and repositories current.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createHarness, INSTALLATION_ID, REPO, type Harness } from "./support/harness.js";
import { installationPayload, installationRepositoriesPayload, pullRequestPayload } from "./support/payloads.js";
import { FILES_CLEAN } from "./support/fixtures.js";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(h.github.violations).toEqual([]);
  await h.close();
});

const installation = () => h.db.prisma.installation.findUniqueOrThrow({ where: { id: BigInt(INSTALLATION_ID) } });

describe("installation events", () => {
  it("created records the installation and its repositories with the private flag", async () => {
    await h.receive("installation", installationPayload("created"));
    expect(await installation()).toMatchObject({ accountLogin: "Codertocat", status: "active" });
    expect(await h.db.prisma.repository.findMany({ select: { fullName: true, private: true } })).toEqual([{ fullName: REPO, private: false }]);
  });

  it("repositories added and removed", async () => {
    const added = installationRepositoriesPayload("added");
    added.repositories_added[0].private = true;
    await h.receive("installation_repositories", added);
    expect(await h.db.prisma.repository.findUnique({ where: { id: 186853007n } })).toMatchObject({ fullName: "Codertocat/Space", private: true, removedAt: null });
    const removed = installationRepositoriesPayload("removed");
    removed.repositories_removed[0].id = 186853007;
    await h.receive("installation_repositories", removed);
    expect((await h.db.prisma.repository.findUnique({ where: { id: 186853007n } }))?.removedAt).toBeInstanceOf(Date);
  });

  it("a suspended installation is not reviewed; unsuspended it is again", async () => {
    h.github.setPull(REPO, { number: 40, headSha: "a".repeat(40), files: FILES_CLEAN });
    await h.receive("installation", installationPayload("suspend"));
    expect((await installation()).status).toBe("suspended");
    await h.receive("pull_request", pullRequestPayload("opened", { number: 40, headSha: "a".repeat(40) }));
    await h.drain();
    expect(h.github.checkRuns).toHaveLength(0);

    await h.receive("installation", installationPayload("unsuspend"));
    expect((await installation()).status).toBe("active");
    await h.receive("pull_request", pullRequestPayload("reopened", { number: 40, headSha: "a".repeat(40) }));
    await h.drain();
    expect(h.github.checkRuns).toHaveLength(1);
  });

  it("a job queued before the installation was suspended is not run", async () => {
    h.github.setPull(REPO, { number: 41, headSha: "b".repeat(40), files: FILES_CLEAN });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 41, headSha: "b".repeat(40) }));
    await h.receive("installation", installationPayload("suspend"));
    await h.drain();
    expect(h.github.checkRuns.filter((r) => r.head_sha === "b".repeat(40))).toHaveLength(0);
    await h.receive("installation", installationPayload("unsuspend"));
  });

  it("a deleted installation is never reviewed", async () => {
    await h.receive("installation", installationPayload("deleted"));
    expect((await installation()).status).toBe("deleted");
    h.github.setPull(REPO, { number: 42, headSha: "c".repeat(40), files: FILES_CLEAN });
    await h.receive("pull_request", pullRequestPayload("opened", { number: 42, headSha: "c".repeat(40) }));
    await h.drain();
    expect(h.github.checkRuns.filter((r) => r.head_sha === "c".repeat(40))).toHaveLength(0);
    expect(await h.db.prisma.reviewJob.count({ where: { pullNumber: 42 } })).toBe(0);
  });
});
