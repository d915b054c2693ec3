// Valid JSON the database or the parser cannot take gets a specified 4xx, never a 500; a client
// that gives up mid-request is not an error in the log.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bearer, startHarness, type Harness } from "../support/api-harness.js";
import { rawRequest } from "./support/raw-http.js";

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.organisation()).key;
});
afterAll(async () => {
  await h.close();
});

const put = (rawBody: string | Buffer, headers: Record<string, string> = {}) =>
  h.request("PUT", "/v1/config", { headers: { ...bearer(key), "content-type": "application/json", ...headers }, rawBody });

const errorShape = (code: string) => ({ error: { code, message: expect.any(String) } });

describe("strings PostgreSQL cannot store", () => {
  it.each([
    ["a NUL in a profile value", '{"profile":{"company":"Ac\\u0000me"}}', 422, "invalid_profile"],
    ["a NUL in a profile key", '{"profile":{"a\\u0000b":"x"}}', 422, "invalid_profile"],
    ["a NUL in a nested profile value", '{"profile":{"a":["x","\\u0000"]}}', 422, "invalid_profile"],
    ["a lone surrogate in a profile value", '{"profile":{"company":"\\ud800"}}', 422, "invalid_profile"],
    ["a lone low surrogate in a profile key", '{"profile":{"\\udc00":"x"}}', 422, "invalid_profile"],
    ["a NUL in a commitment", '{"commitments":[{"area":"logging","implementation":"a\\u0000b"}]}', 422, "invalid_commitments"],
    ["a lone surrogate in a commitment", '{"commitments":[{"area":"logging","implementation":"\\ud800x"}]}', 422, "invalid_commitments"],
    ["a lone surrogate in a commitment source", '{"commitments":[{"area":"logging","implementation":"x","source":"\\udfff"}]}', 422, "invalid_commitments"],
    ["a NUL in a framework id", '{"frameworks":["GDPR\\u0000"]}', 422, "unknown_frameworks"],
  ])("%s gets 4xx and changes nothing", async (_name, body, status, code) => {
    const before = await h.request("GET", "/v1/config", { headers: bearer(key) });
    const res = await put(body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject(errorShape(code));
    expect((await h.request("GET", "/v1/config", { headers: bearer(key) })).body).toEqual(before.body);
  });

  it("stores and returns a properly paired surrogate (an emoji) exactly", async () => {
    const res = await put('{"profile":{"company":"Acme \\ud83d\\ude80"}}');
    expect(res.status).toBe(200);
    expect((await h.request("GET", "/v1/config", { headers: bearer(key) })).body.profile).toEqual({ company: "Acme 🚀" });
  });
});

describe("deep nesting", () => {
  it.each([5_000, 30_000])("a profile nested %d levels gets 422 invalid_profile", async (depth) => {
    const body = `{"profile":{"a":${"[".repeat(depth)}${"]".repeat(depth)}}}`;
    const res = await put(body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(errorShape("invalid_profile"));
  });

  it("deeply nested commitments or frameworks get a 4xx", async () => {
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    expect((await put(`{"commitments":${deep}}`)).status).toBe(422);
    expect((await put(`{"frameworks":${deep}}`)).status).toBe(400);
  });
});

describe("content encodings", () => {
  it("decodes gzip, and refuses an encoding it cannot decode with a 4xx in the error shape", async () => {
    const ok = await put(gzipSync('{"eu_inference":true}'), { "content-encoding": "gzip" });
    expect(ok.status).toBe(200);
    for (const [encoding, body] of [
      ["zstd", "whatever"],
      ["br", "not brotli"],
      ["gzip", "not gzip at all"],
      ["gzip, gzip", gzipSync(gzipSync("{}"))],
      ["x-unknown", '{"eu_inference":true}'],
    ] as const) {
      const res = await put(body, { "content-encoding": encoding });
      expect([encoding, res.status]).toEqual([encoding, expect.any(Number)]);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject(errorShape(res.status === 413 ? "payload_too_large" : "invalid_request"));
    }
  });

  it("refuses a gzip bomb that inflates beyond the body limit with 413", async () => {
    const res = await put(gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20)), { "content-encoding": "gzip" });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject(errorShape("payload_too_large"));
  });
});

describe("client aborts", () => {
  it("are not logged as errors", async () => {
    const { socket, write } = rawRequest(Number(new URL(h.baseUrl).port), "PUT", "/v1/config", {
      ...bearer(key),
      "content-type": "application/json",
      "content-length": "1000",
    });
    write('{"profile":');
    await new Promise((r) => setTimeout(r, 200));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const errors = h.logLines.filter((line) => Number(line.level) >= 50);
    expect(errors).toEqual([]);
  });
});

describe("no 500 leaked", () => {
  it("answers every case above without an error-level log line", () => {
    expect(h.logLines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});
