import { afterEach, describe, expect, it } from "@jest/globals";
import { startHarness, type Harness } from "../support/api-harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("versioning headers", () => {
  it("carries no Deprecation or Sunset while /v1 is current", async () => {
    h = await startHarness();
    const res = await h.request("GET", "/v1/frameworks");
    expect(res.headers.get("deprecation")).toBeNull();
    expect(res.headers.get("sunset")).toBeNull();
  });

  it("puts RFC 9745 Deprecation and RFC 8594 Sunset on every /v1 response, errors included", async () => {
    h = await startHarness({
      overrides: { deprecation: new Date("2027-01-01T00:00:00Z"), sunset: new Date("2027-06-30T00:00:00Z") },
    });
    for (const [method, path] of [["GET", "/v1/frameworks"], ["GET", "/v1/config"], ["DELETE", "/v1/config"], ["GET", "/v1/openapi.json"]]) {
      const res = await h.request(method!, path!);
      expect(res.headers.get("deprecation")).toBe("@1798761600");
      expect(res.headers.get("sunset")).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
    }
    expect((await h.request("GET", "/healthz")).headers.get("sunset")).toBeNull();
  });
});
