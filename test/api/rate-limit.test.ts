import { afterEach, describe, expect, it } from "@jest/globals";
import { createRateLimits } from "../../src/api/rate-limit.js";
import { bearer, startHarness, type Harness } from "../support/api-harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("rate limits", () => {
  it("caps requests per client IP with 429 rate_limited, Retry-After and the IETF RateLimit headers", async () => {
    h = await startHarness({ rateLimits: createRateLimits({ perIpPerMinute: 3, perKeyPerMinute: 100 }) });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const ok = await h.request("GET", "/v1/frameworks");
      statuses.push(ok.status);
      expect(ok.headers.get("ratelimit-policy")).toBe('"ip";q=3;w=60');
      expect(ok.headers.get("ratelimit")).toMatch(new RegExp(`^"ip";r=${2 - i};t=\\d+$`));
    }
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await h.request("GET", "/v1/frameworks");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: { code: "rate_limited", message: expect.any(String) } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("ratelimit")).toMatch(/^"ip";r=0;t=\d+$/);
  });

  it("caps requests per API key, whatever the IP, and reports both policies", async () => {
    h = await startHarness({ rateLimits: createRateLimits({ perIpPerMinute: 100, perKeyPerMinute: 2 }) });
    const org = await h.organisation();
    const other = await h.organisation();
    for (let i = 0; i < 2; i++) expect((await h.request("GET", "/v1/config", { headers: bearer(org.key) })).status).toBe(200);
    const res = await h.request("PUT", "/v1/config", { headers: bearer(org.key), body: { eu_inference: true } });
    expect(res.status).toBe(429);
    expect(res.headers.get("ratelimit-policy")).toBe('"ip";q=100;w=60, "key";q=2;w=60');
    expect((await h.db.prisma.configuration.findUniqueOrThrow({ where: { organisationId: org.organisationId } })).euInference).toBe(false);
    // Another key from the same client is not affected.
    expect((await h.request("GET", "/v1/config", { headers: bearer(other.key) })).status).toBe(200);
  });
});
