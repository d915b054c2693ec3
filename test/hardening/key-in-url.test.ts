// A key anywhere in the query string is refused with 400 invalid_request, however it is dressed.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bearer, startHarness, type Harness } from "../support/api-harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe("a key in the URL", () => {
  it("is refused as a bare query name, after a space, or as a Bearer value", async () => {
    const org = await h.organisation();
    const cases = [
      `/v1/config?${org.key}`,
      `/v1/config?${org.key}=`,
      `/v1/config?q=hello%20${org.key}`,
      `/v1/config?q=hello+${org.key}`,
      `/v1/config?auth=Bearer%20${org.key}`,
      `/v1/config?auth=Bearer+${org.key}`,
      `/v1/config?a=1&%63lr_${org.key.slice(4)}`,
      `/v1/frameworks?x=CLR_${org.key.slice(4)}`,
    ];
    for (const path of cases) {
      const res = await h.request("GET", path, { headers: bearer(org.key) });
      expect([path, res.status, res.body]).toEqual([path, 400, { error: { code: "invalid_request", message: expect.stringContaining("URL") } }]);
    }
  });

  it("lets ordinary queries through", async () => {
    for (const path of ["/v1/frameworks?page=2", "/v1/frameworks?q=clear_text", "/v1/frameworks?q=nuclr_x"]) {
      expect((await h.request("GET", path)).status).toBe(200);
    }
  });
});
