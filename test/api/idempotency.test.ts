import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bearer, startHarness, type Harness } from "../support/api-harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

const put = (key: string, body: unknown, idempotencyKey?: string) =>
  h.request("PUT", "/v1/config", { headers: { ...bearer(key), ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) }, body });
const audits = async (organisationId: string) => h.db.prisma.auditRecord.count({ where: { organisationId, action: "config.update" } });

describe("Idempotency-Key on PUT /v1/config", () => {
  it("replays the first response for a retry with the same key and body, applying nothing again", async () => {
    const org = await h.organisation();
    const first = await put(org.key, { commitments: [{ area: "logging", implementation: "400 days" }] }, "retry-1");
    expect(first.status).toBe(200);
    await put(org.key, { commitments: [] }); // another change in between, without a key
    const retry = await put(org.key, { commitments: [{ area: "logging", implementation: "400 days" }] }, "retry-1");
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((await h.request("GET", "/v1/config", { headers: bearer(org.key) })).body.commitments).toEqual([]);
    expect(await audits(org.organisationId)).toBe(2);
  });

  it("treats the same JSON with other key order or spacing as the same body", async () => {
    const org = await h.organisation();
    await put(org.key, { eu_inference: true, review_language: "it" }, "order");
    const res = await h.request("PUT", "/v1/config", {
      headers: { ...bearer(org.key), "idempotency-key": "order", "content-type": "application/json" },
      rawBody: '{ "review_language" : "it",   "eu_inference" : true }',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("idempotent-replayed")).toBe("true");
  });

  it("refuses the same key with a different body with 422 idempotency_key_reused", async () => {
    const org = await h.organisation();
    await put(org.key, { eu_inference: true }, "reuse");
    const res = await put(org.key, { eu_inference: false }, "reuse");
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: { code: "idempotency_key_reused", message: expect.any(String) } });
    expect((await h.request("GET", "/v1/config", { headers: bearer(org.key) })).body.eu_inference).toBe(true);
  });

  it("answers 409 idempotency_key_in_use while the first request is still running", async () => {
    const org = await h.organisation();
    // The first request holds the key (as it does between reservation and commit).
    const { requestFingerprint } = await import("../../src/api/idempotency.js");
    await h.db.prisma.idempotencyRecord.create({
      data: {
        apiKeyId: org.keyId,
        key: "busy",
        requestHash: requestFingerprint("PUT", "/v1/config", { eu_inference: true }),
        state: "in_progress",
        createdAt: h.clock.now,
        expiresAt: new Date(h.clock.now.getTime() + 86_400_000),
      },
    });
    const res = await put(org.key, { eu_inference: true }, "busy");
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("idempotency_key_in_use");
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await audits(org.organisationId)).toBe(0);

    // A reservation abandoned by a request that died is taken over after a minute.
    h.clock.now = new Date(h.clock.now.getTime() + 61_000);
    try {
      const later = await put(org.key, { eu_inference: true }, "busy");
      expect(later.status).toBe(200);
      expect(later.headers.get("idempotent-replayed")).toBeNull();
    } finally {
      h.clock.now = new Date(h.clock.now.getTime() - 61_000);
    }
  });

  it("scopes keys to the API key that sent them", async () => {
    const a = await h.organisation();
    const b = await h.organisation();
    await put(a.key, { review_language: "es" }, "shared-name");
    const res = await put(b.key, { review_language: "pl" }, "shared-name");
    expect(res.status).toBe(200);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect((await h.request("GET", "/v1/config", { headers: bearer(b.key) })).body.review_language).toBe("pl");
  });

  it("forgets a key after 24 hours", async () => {
    const org = await h.organisation();
    const start = h.clock.now;
    await put(org.key, { review_language: "de" }, "day");
    h.clock.now = new Date(start.getTime() + 24 * 3600 * 1000 + 1000);
    try {
      const res = await put(org.key, { review_language: "fr" }, "day");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, review_language: "fr" });
    } finally {
      h.clock.now = start;
    }
  });

  it("does not record a key for a rejected request, so a corrected retry may reuse it", async () => {
    const org = await h.organisation();
    expect((await put(org.key, { review_language: "xx" }, "fix-me")).status).toBe(422);
    const res = await put(org.key, { review_language: "nl" }, "fix-me");
    expect(res.status).toBe(200);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
  });

  it("refuses a malformed Idempotency-Key with 400", async () => {
    const org = await h.organisation();
    const res = await put(org.key, { eu_inference: true }, "x".repeat(256));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(await audits(org.organisationId)).toBe(0);
  });
});
