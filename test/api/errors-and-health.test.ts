import { afterEach, describe, expect, it } from "@jest/globals";
import { openDatabase } from "../../src/storage/open-database.js";
import { bearer, startHarness, type Harness } from "../support/api-harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("unexpected failures", () => {
  it("answers 500 internal with the error body, no stack trace, and logs the failure with context", async () => {
    h = await startHarness();
    const org = await h.organisation();
    await h.db.sql.exec("ALTER TABLE configurations RENAME TO configurations_away");
    try {
      const res = await h.request("GET", "/v1/config", { headers: bearer(org.key) });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { code: "internal", message: expect.any(String) } });
      expect(res.text).not.toContain("configurations");
      expect(res.text).not.toMatch(/at .*\.ts:\d+/);
      const logged = h.logLines.find((line) => line.msg === "unexpected error while handling a request");
      expect(logged).toMatchObject({ method: "GET", path: "/v1/config", requestId: res.headers.get("x-request-id") });
      expect(JSON.stringify(logged)).toContain("configurations");
    } finally {
      await h.db.sql.exec("ALTER TABLE configurations_away RENAME TO configurations");
    }
  });
});

describe("health probes", () => {
  it("reports the process up and the database ready", async () => {
    h = await startHarness();
    expect((await h.request("GET", "/healthz")).body).toEqual({ status: "ok" });
    const ready = await h.request("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe("ready");
  });

  it("is not ready while migrations are pending", async () => {
    const db = await openDatabase({ inMemory: true }, { migrate: false });
    h = await startHarness({ db });
    const ready = await h.request("GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe("migrations_pending");
    expect(ready.body.pending.length).toBeGreaterThan(0);
    await h.close();
    h = undefined;
    await db.close();
  });
});
