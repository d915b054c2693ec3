// Webhook bodies before and after the signature check: oversize refused without being read whole,
// the unverified bytes of concurrent forged posts bounded, and signed junk answered 400.
import { createHmac, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import nock from "nock";
import { createNodeMiddleware } from "probot";
import { createRateLimits } from "../../src/api/rate-limit.js";
import { createApp } from "../../src/server/create-app.js";
import { createWebhookBodyLimiter, GITHUB_MAX_WEBHOOK_BYTES, type WebhookBodyLimiter } from "../../src/server/limit-webhook-body.js";
import { createHarness, WEBHOOK_SECRET, type Harness } from "../github/support/harness.js";
import { installationPayload, pullRequestPayload } from "../github/support/payloads.js";
import { captureLogger } from "../support/silent-logger.js";
import { rawRequest } from "./support/raw-http.js";

const PATH = "/api/github/webhooks";
const MB = 1024 * 1024;
let h: Harness;
const { log, lines } = captureLogger();

async function serve(limiter: WebhookBodyLimiter) {
  const github = await createNodeMiddleware(h.side.appFn, { probot: h.probot, webhooksPath: PATH });
  const app = createApp({ db: h.db, log, rateLimits: createRateLimits({ perIpPerMinute: 1e6, perKeyPerMinute: 1e6 }), github, webhookBodyLimiter: limiter });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return { server, port: (server.address() as AddressInfo).port };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** Starts a POST with the given headers; the caller writes the body. */
function post(port: number, headers: Record<string, string | number>) {
  return rawRequest(port, "POST", PATH, {
    "content-type": "application/json",
    "x-github-event": "pull_request",
    "x-github-delivery": randomUUID(),
    "x-hub-signature-256": `sha256=${"0".repeat(64)}`,
    ...headers,
  });
}

/** Writes a chunk of a chunked body. */
const chunked = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);

beforeAll(async () => {
  h = await createHarness();
  nock.enableNetConnect("127.0.0.1");
}, 60_000);
afterAll(async () => {
  nock.disableNetConnect();
  await h.close();
});

describe("webhook body size", () => {
  it("refuses a declared body over 25 MB with 413 before reading any of it", async () => {
    const limiter = createWebhookBodyLimiter({ path: PATH, log });
    const { server, port } = await serve(limiter);
    const { socket, write, response } = post(port, { "content-length": 30 * MB });
    write("{"); // nothing more is sent: the answer must come from the headers alone
    const res = await response;
    socket.destroy();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: { code: "payload_too_large", message: expect.any(String) } });
    expect(limiter.peakInFlightBytes()).toBe(0);
    await close(server);
  });

  it("stops a streamed (chunked) body as soon as it passes 25 MB", async () => {
    const limiter = createWebhookBodyLimiter({ path: PATH, log });
    const { server, port } = await serve(limiter);
    const { socket, write, response } = post(port, { "transfer-encoding": "chunked" });
    const chunk = chunked(Buffer.alloc(MB, 0x20));
    let sent = 0;
    let answered = false;
    void response.then(() => (answered = true));
    while (!answered && !socket.destroyed && sent < 40 * MB) {
      if (!write(chunk)) await new Promise((r) => socket.once("drain", r).once("close", r));
      sent += MB;
    }
    const res = await response;
    socket.destroy();
    expect(res.status).toBe(413);
    expect(limiter.peakInFlightBytes()).toBeLessThanOrEqual(GITHUB_MAX_WEBHOOK_BYTES);
    expect(limiter.inFlightBytes()).toBe(0);
    await close(server);
  });

  it("reads and drops what a refused streaming client still sends, then closes, so the answer is not lost to a reset", async () => {
    const limiter = createWebhookBodyLimiter({ path: PATH, log, maxBodyBytes: MB });
    const { server, port } = await serve(limiter);
    const { socket, write, response } = post(port, { "transfer-encoding": "chunked" });
    const errors: string[] = [];
    socket.on("error", (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    write(chunked(Buffer.alloc(2 * MB, 0x20)));
    expect((await response).status).toBe(413);
    // Still sending after the answer: a connection closed at once would reset (EPIPE/ECONNRESET) under these writes,
    // and one left paused would never drain. Each wait is bounded, so a server that does neither fails, not hangs.
    const within = <T>(promise: Promise<T>, otherwise: T) => Promise.race([promise, new Promise<T>((r) => setTimeout(() => r(otherwise), 5000).unref())]);
    for (let i = 0; i < 4; i++) {
      if (!write(chunked(Buffer.alloc(MB, 0x20))) && !(await within(new Promise<boolean>((r) => socket.once("drain", () => r(true))), false))) errors.push("never drained");
    }
    socket.end("0\r\n\r\n");
    const hadError = await within(new Promise<boolean | "open">((resolve) => socket.once("close", resolve)), "open");
    socket.destroy();
    expect({ hadError, errors }).toEqual({ hadError: false, errors: [] });
    expect(limiter.inFlightBytes()).toBe(0);
    await close(server);
  });

  it("bounds the unverified bytes held by concurrent forged posts, and gives them back", async () => {
    const budget = 10 * MB;
    const limiter = createWebhookBodyLimiter({ path: PATH, log, maxBodyBytes: 4 * MB, budgetBytes: budget });
    const { server, port } = await serve(limiter);
    const size = 3 * MB;
    const body = Buffer.alloc(size, 0x20);
    body.write('{"a":"'); // valid JSON once complete: {"a":"   ...   "}
    body.write('"}', size - 2);
    // Ten posts open at once, each half sent: only three fit in 10 MB.
    const posts = Array.from({ length: 10 }, () => post(port, { "content-length": size }));
    let answered = 0;
    for (const { write, response } of posts) {
      write(body.subarray(0, size / 2));
      void response.then(() => answered++, () => answered++);
    }
    // Until every post has been either admitted (holding its bytes) or turned away.
    while (!(answered === 7 && limiter.inFlightBytes() === 3 * size)) {
      expect(limiter.inFlightBytes()).toBeLessThanOrEqual(budget);
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const { socket, write } of posts) if (!socket.destroyed) write(body.subarray(size / 2));
    const statuses = (await Promise.all(posts.map((p) => p.response))).map((r) => r.status);
    for (const { socket } of posts) socket.destroy();
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(7);
    // The three admitted ones reach Probot, which refuses the forged signature.
    expect(statuses.filter((s) => s === 400)).toHaveLength(3);
    expect(limiter.peakInFlightBytes()).toBeLessThanOrEqual(budget);
    expect(limiter.inFlightBytes()).toBe(0);
    await close(server);
  });
});

describe("signed junk", () => {
  const sign = (raw: string) => `sha256=${createHmac("sha256", WEBHOOK_SECRET).update(raw).digest("hex")}`;
  const pr = JSON.stringify(pullRequestPayload("opened", { number: 60 }));
  const { installation: _dropped, ...withoutInstallation } = pullRequestPayload("opened", { number: 61 }) as Record<string, unknown>;
  const cases: [string, string, string][] = [
    ["a null body", "pull_request", "null"],
    ["an array body", "pull_request", "[]"],
    ["a pull request without installation", "pull_request", JSON.stringify(withoutInstallation)],
    ["an installation event without installation", "installation", JSON.stringify({ action: "created", sender: { id: 1 } })],
    ["an installation id beyond 2^53", "pull_request", pr.replace(/"installation":\{"id":\d+/, '"installation":{"id":123456789012345678901')],
    ["an installation id of 2^53 + 1", "installation", JSON.stringify(installationPayload("created")).replace(/"installation":\{"id":\d+/, '"installation":{"id":9007199254740993')],
    ["the event name __proto__", "__proto__", pr],
    ["the event name constructor", "constructor", pr],
  ];

  it.each(cases)("%s gets 400, no internal text, and one log line", async (_name, event, raw) => {
    const limiter = createWebhookBodyLimiter({ path: PATH, log });
    const { server, port } = await serve(limiter);
    const jobsBefore = await h.db.prisma.reviewJob.count();
    const before = lines.length;
    const response = await fetch(`http://127.0.0.1:${port}${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-github-event": event, "x-github-delivery": randomUUID(), "x-hub-signature-256": sign(raw) },
      body: raw,
    });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toEqual({ error: { code: "invalid_request", message: expect.stringMatching(/^Not a usable GitHub webhook/) } });
    expect(text).not.toMatch(/TypeError|at |Error:/);
    const logged = lines.slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, msg: expect.stringContaining("webhook refused") });
    expect(await h.db.prisma.reviewJob.count()).toBe(jobsBefore);
    await close(server);
  });

  it("still accepts a proper signed event", async () => {
    const { server, port } = await serve(createWebhookBodyLimiter({ path: PATH, log }));
    const raw = JSON.stringify(installationPayload("created"));
    const response = await fetch(`http://127.0.0.1:${port}${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-github-event": "installation", "x-github-delivery": randomUUID(), "x-hub-signature-256": sign(raw) },
      body: raw,
    });
    expect(response.status).toBe(200);
    await close(server);
  });
});
