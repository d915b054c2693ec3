import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startHarness, type Harness } from "../support/api-harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

describe("GET /v1/frameworks", () => {
  it("serves the catalogue without authentication, with exactly id, name and region", async () => {
    const res = await h.request("GET", "/v1/frameworks");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["frameworks"]);
    for (const framework of res.body.frameworks) {
      expect(Object.keys(framework).sort()).toEqual(["id", "name", "region"]);
      expect(framework.name.length).toBeGreaterThan(2);
      expect(framework.region.length).toBeGreaterThan(1);
    }
  });

  it("lists every id the spec names as commonly present and at least ten NIS 2 member-state variants", async () => {
    const ids: string[] = (await h.request("GET", "/v1/frameworks")).body.frameworks.map((f: { id: string }) => f.id);
    const spec = "ISO_27001 ISO_42001 ISO_27701 ISO_22301 ISO_9001 SOC_2 GDPR UK_GDPR HIPAA CCPA EU_AI_ACT NIST_CSF NIST_800_53 NIST_800_171 NIST_AI_RMF DORA TISAX CMMC FEDRAMP CYFUN AU_ESSENTIAL_EIGHT NIS_2 NIS_2_DE NIS_2_FR NIS_2_IT".split(" ");
    for (const id of spec) expect(ids).toContain(id);
    expect(ids.filter((id) => /^NIS_2_[A-Z]{2}$/.test(id)).length).toBeGreaterThanOrEqual(10);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("answers other methods with 405, an Allow header and the error body", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await h.request(method, "/v1/frameworks");
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect(res.body).toEqual({ error: { code: "method_not_allowed", message: expect.any(String) } });
    }
  });

  it("answers an unknown path with a JSON 404", async () => {
    for (const path of ["/v1/nope", "/v2/config", "/nope"]) {
      const res = await h.request("GET", path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    }
  });
});
