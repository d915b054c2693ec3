// A signed webhook through the real Express stack: Probot's middleware is mounted before any body
// parser, checks the signature, answers at once, and the review runs from the queue.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import nock from "nock";
import { createHarness, REPO, type Harness } from "./support/harness.js";
import { pullRequestPayload } from "./support/payloads.js";
import { FILES_CLEAN } from "./support/fixtures.js";
import { serveApp, signedWebhook, WEBHOOK_PATH } from "./support/serve-app.js";

let h: Harness;
let server: Awaited<ReturnType<typeof serveApp>>;
beforeAll(async () => {
  h = await createHarness();
  server = await serveApp(h.db, h.side, h.probot);
  nock.enableNetConnect("127.0.0.1");
});
afterAll(async () => {
  nock.disableNetConnect();
  await server.close();
  expect(h.github.violations).toEqual([]);
  await h.close();
});

describe("webhooks over HTTP", () => {
  it("accepts a signed pull_request webhook, queues the review without running it, and the queue completes it", async () => {
    h.github.setPull(REPO, { number: 50, headSha: "a".repeat(40), files: FILES_CLEAN });
    const response = await fetch(`${server.url}${WEBHOOK_PATH}`, signedWebhook("pull_request", pullRequestPayload("opened", { number: 50, headSha: "a".repeat(40) })));
    expect(response.status).toBe(200);
    expect(h.github.checkRuns).toHaveLength(0);
    expect(await h.db.prisma.reviewJob.count({ where: { status: "queued" } })).toBe(1);
    await h.drain();
    expect(h.github.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "success" });
  });

  it("rejects a webhook with a wrong signature and queues nothing", async () => {
    const before = await h.db.prisma.reviewJob.count();
    const response = await fetch(`${server.url}${WEBHOOK_PATH}`, signedWebhook("pull_request", pullRequestPayload("opened", { number: 51 }), { secret: "wrong" }));
    expect(response.status).toBe(400);
    expect(await h.db.prisma.reviewJob.count()).toBe(before);
  });

  it("leaves the /v1 API and health probes to the rest of the app", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
