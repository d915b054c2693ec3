import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { revokeApiKey } from "../../src/domain/api-keys.js";
import { bearer, startHarness, type Harness } from "../support/api-harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

const expect401 = (res: { status: number; body: any; headers: Headers }) => {
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
  expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
};

describe("API key authentication", () => {
  it("refuses a missing key, a malformed header, a malformed key and an unknown key with 401", async () => {
    expect401(await h.request("GET", "/v1/config"));
    expect401(await h.request("GET", "/v1/config", { headers: { authorization: "Basic dXNlcjpwYXNz" } }));
    expect401(await h.request("GET", "/v1/config", { headers: { authorization: "Bearer" } }));
    expect401(await h.request("GET", "/v1/config", { headers: bearer("clr_short") }));
    expect401(await h.request("GET", "/v1/config", { headers: bearer("sk_" + "a".repeat(43)) }));
    expect401(await h.request("GET", "/v1/config", { headers: bearer("clr_" + "a".repeat(43)) }));
    expect401(await h.request("PUT", "/v1/config", { headers: bearer("clr_" + "a".repeat(43)), body: { eu_inference: true } }));
  });

  it("issues keys that begin with clr_ and carry 32 random bytes, stored only as a hash", async () => {
    const org = await h.organisation();
    expect(org.key).toMatch(/^clr_[A-Za-z0-9_-]{43}$/);
    const rows = await h.db.sql.query<Record<string, unknown>>("SELECT * FROM api_keys WHERE id = $1", [org.keyId]);
    expect(JSON.stringify(rows)).not.toContain(org.key.slice(4));
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a key whose expiry has passed", async () => {
    const org = await h.organisation({ expiresInSeconds: 60 });
    expect((await h.request("GET", "/v1/config", { headers: bearer(org.key) })).status).toBe(200);
    h.clock.now = new Date(h.clock.now.getTime() + 61_000);
    try {
      expect401(await h.request("GET", "/v1/config", { headers: bearer(org.key) }));
    } finally {
      h.clock.now = new Date(h.clock.now.getTime() - 61_000);
    }
  });

  it("refuses a revoked key on the very next request", async () => {
    const org = await h.organisation();
    expect((await h.request("GET", "/v1/config", { headers: bearer(org.key) })).status).toBe(200);
    await revokeApiKey(h.db.prisma, org.keyId);
    expect401(await h.request("GET", "/v1/config", { headers: bearer(org.key) }));
  });

  it("answers 403 when the key lacks the scope", async () => {
    const reader = await h.organisation({ scopes: ["config:read"] });
    expect((await h.request("GET", "/v1/config", { headers: bearer(reader.key) })).status).toBe(200);
    const put = await h.request("PUT", "/v1/config", { headers: bearer(reader.key), body: { eu_inference: true } });
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ error: { code: "forbidden", message: expect.stringContaining("config:write") } });

    const writer = await h.organisation({ scopes: ["config:write"] });
    const get = await h.request("GET", "/v1/config", { headers: bearer(writer.key) });
    expect(get.status).toBe(403);
    expect(get.body.error.code).toBe("forbidden");
  });

  it("acts only on the key's own organisation", async () => {
    const a = await h.organisation();
    const b = await h.organisation();
    await h.request("PUT", "/v1/config", { headers: bearer(a.key), body: { frameworks: ["GDPR"] } });
    expect((await h.request("GET", "/v1/config", { headers: bearer(a.key) })).body.frameworks).toEqual(["GDPR"]);
    expect((await h.request("GET", "/v1/config", { headers: bearer(b.key) })).body.frameworks).toEqual([]);
  });

  it("rejects a key sent in the URL with 400, even alongside a valid header", async () => {
    const org = await h.organisation();
    const cases = [
      `/v1/config?api_key=${org.key}`,
      `/v1/config?key=anything`,
      `/v1/config?token=x`,
      `/v1/config?ACCESS_TOKEN=x`,
      `/v1/config?q=${org.key}`,
      `/v1/frameworks?whatever=clr_abc`,
    ];
    for (const path of cases) {
      const res = await h.request("GET", path, { headers: bearer(org.key) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: "invalid_request", message: expect.stringContaining("URL") } });
    }
    expect((await h.request("GET", "/v1/frameworks?page=2")).status).toBe(200);
  });
});

describe("several instances over one database", () => {
  it("sees a revocation made anywhere on its very next request", async () => {
    const other = await startHarness({ db: h.db });
    try {
      const org = await h.organisation();
      expect((await other.request("GET", "/v1/config", { headers: bearer(org.key) })).status).toBe(200);
      await revokeApiKey(h.db.prisma, org.key);
      expect((await other.request("GET", "/v1/config", { headers: bearer(org.key) })).status).toBe(401);
      expect((await h.request("GET", "/v1/config", { headers: bearer(org.key) })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

// .ci/run runs the PostgreSQL pass with TZ=America/Los_Angeles, where node-pg would read a
// TIMESTAMP column as local time: this proves stored UTC times are read as UTC.
describe("key expiry in the server's time zone", () => {
  it(`expires exactly at the stored UTC time (TZ=${process.env.TZ ?? "unset"})`, async () => {
    const org = await h.organisation({ expiresInSeconds: 3600 });
    h.clock.now = new Date(h.clock.now.getTime() + 3599_000);
    try {
      expect((await h.request("GET", "/v1/config", { headers: bearer(org.key) })).status).toBe(200);
      h.clock.now = new Date(h.clock.now.getTime() + 2_000);
      expect((await h.request("GET", "/v1/config", { headers: bearer(org.key) })).status).toBe(401);
    } finally {
      h.clock.now = new Date(h.clock.now.getTime() - 3601_000);
    }
  });
});
