import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bearer, startHarness, type Harness } from "../support/api-harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

const put = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  h.request("PUT", "/v1/config", { headers: { ...bearer(key), ...headers }, body });
const get = async (key: string) => (await h.request("GET", "/v1/config", { headers: bearer(key) })).body;
const auditCount = async (organisationId: string) =>
  Number((await h.db.sql.query<{ n: string }>("SELECT count(*) AS n FROM audit_records WHERE organisation_id = $1 AND action = 'config.update'", [organisationId]))[0]!.n);

describe("GET /v1/config", () => {
  it("returns the defaults of a new organisation", async () => {
    const org = await h.organisation();
    const res = await h.request("GET", "/v1/config", { headers: bearer(org.key) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      profile: {},
      frameworks: [],
      eu_inference: false,
      review_language: "en",
      commitments: [],
      commitments_updated_at: null,
    });
  });
});

describe("PUT /v1/config", () => {
  it("sets every field and echoes exactly the fields sent, as stored", async () => {
    const org = await h.organisation();
    const body = {
      profile: { company: "Acme", hosting: "eu-west-1", tags: ["saas", 2, true], team: { size: 12 } },
      frameworks: ["ISO_27001", "GDPR", "NIS_2_DE"],
      eu_inference: true,
      review_language: "de",
      commitments: [
        { area: "logging", implementation: "Audit logs kept 400 days in the SIEM", source: "ISMS policy 4.2" },
        { area: "encryption", implementation: "AES-256 at rest via KMS" },
      ],
    };
    const res = await put(org.key, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, ...body });
    const stored = await get(org.key);
    expect(stored).toEqual({ ...body, commitments_updated_at: h.clock.now.toISOString() });
  });

  it("keeps the profile exactly as sent, key order included, and commitment rows in their field order", async () => {
    const org = await h.organisation();
    const profile = '{"zeta":1,"company":"Acme","a":{"y":true,"b":[3,1]}}';
    const raw = `{"profile":${profile},"commitments":[{"source":"Policy 7","implementation":"Keys rotate yearly","area":"encryption"}]}`;
    const rows = '[{"area":"encryption","implementation":"Keys rotate yearly","source":"Policy 7"}]';
    const res = await h.request("PUT", "/v1/config", { headers: { ...bearer(org.key), "content-type": "application/json" }, rawBody: raw });
    expect(res.text).toBe(`{"ok":true,"profile":${profile},"commitments":${rows}}`);
    const stored = (await h.request("GET", "/v1/config", { headers: bearer(org.key) })).text;
    expect(stored).toContain(`"profile":${profile}`);
    expect(stored).toContain(`"commitments":${rows}`);
  });

  it("leaves omitted fields unchanged and replaces present ones whole", async () => {
    const org = await h.organisation();
    await put(org.key, { profile: { company: "Acme", product: "Ledger" }, frameworks: ["SOC_2", "HIPAA"], review_language: "fr" });
    const res = await put(org.key, { frameworks: ["GDPR"] });
    expect(res.body).toEqual({ ok: true, frameworks: ["GDPR"] });
    const stored = await get(org.key);
    expect(stored.profile).toEqual({ company: "Acme", product: "Ledger" });
    expect(stored.frameworks).toEqual(["GDPR"]);
    expect(stored.review_language).toBe("fr");
    await put(org.key, { profile: { company: "Acme GmbH" } });
    expect((await get(org.key)).profile).toEqual({ company: "Acme GmbH" });
  });

  it("clears commitments with [] and stamps commitments_updated_at only when they change", async () => {
    const org = await h.organisation();
    const rows = [{ area: "pii_retention", implementation: "Customer PII deleted 30 days after contract end" }];
    const first = new Date(h.clock.now);
    await put(org.key, { commitments: rows });
    expect((await get(org.key)).commitments_updated_at).toBe(first.toISOString());

    h.clock.now = new Date(first.getTime() + 60_000);
    await put(org.key, { commitments: rows }); // the same rows again: no change
    expect((await get(org.key)).commitments_updated_at).toBe(first.toISOString());
    await put(org.key, { eu_inference: true }); // another field: no change
    expect((await get(org.key)).commitments_updated_at).toBe(first.toISOString());

    const res = await put(org.key, { commitments: [] });
    expect(res.body).toEqual({ ok: true, commitments: [] });
    const stored = await get(org.key);
    expect(stored.commitments).toEqual([]);
    expect(stored.commitments_updated_at).toBe(h.clock.now.toISOString());
    h.clock.now = first;
  });

  it("stamps commitments_updated_at when commitments are first written, even as []", async () => {
    const org = await h.organisation();
    await put(org.key, { commitments: [] });
    expect((await get(org.key)).commitments_updated_at).toBe(h.clock.now.toISOString());
  });

  it("writes an audit record with the key, the fields before and after and the Idempotency-Key", async () => {
    const org = await h.organisation();
    await put(org.key, { review_language: "nl" });
    const first = h.clock.now;
    h.clock.now = new Date(first.getTime() + 1000);
    await put(org.key, { review_language: "pl", eu_inference: true }, { "idempotency-key": "audit-1" }).finally(() => {
      h.clock.now = first;
    });
    const records = await h.db.prisma.auditRecord.findMany({ where: { organisationId: org.organisationId, action: "config.update" }, orderBy: { createdAt: "asc" } });
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({
      apiKeyId: org.keyId,
      actor: `api_key:${org.keyId}`,
      action: "config.update",
      before: { review_language: "nl", eu_inference: false },
      after: { review_language: "pl", eu_inference: true },
      idempotencyKey: "audit-1",
    });
  });

  describe("rejects bad input with the specified error and changes nothing", () => {
    const cases: [string, unknown, number, string][] = [
      ["an empty update", {}, 400, "invalid_request"],
      ["an unknown top-level field", { frameworks: ["GDPR"], colour: "blue" }, 400, "invalid_request"],
      ["a JSON array", [{ frameworks: ["GDPR"] }], 400, "invalid_request"],
      ["a JSON string", "frameworks", 400, "invalid_request"],
      ["commitments null", { commitments: null }, 400, "invalid_request"],
      ["frameworks not an array", { frameworks: "GDPR" }, 400, "invalid_request"],
      ["frameworks with a non-string", { frameworks: ["GDPR", 7] }, 400, "invalid_request"],
      ["a repeated framework id", { frameworks: ["GDPR", "GDPR"] }, 400, "invalid_request"],
      ["eu_inference as a string", { eu_inference: "true" }, 400, "invalid_request"],
      ["eu_inference null", { eu_inference: null }, 400, "invalid_request"],
      ["review_language not a string", { review_language: 1 }, 400, "invalid_request"],
      ["a type error next to a 422 error", { review_language: "xx", eu_inference: 1 }, 400, "invalid_request"],
      ["an unknown framework id", { frameworks: ["GDPR", "ISO_99999"] }, 422, "unknown_frameworks"],
      ["a review language outside the list", { review_language: "sv" }, 422, "invalid_review_language"],
      ["a profile that is an array", { profile: ["a"] }, 422, "invalid_profile"],
      ["a profile that is null", { profile: null }, 422, "invalid_profile"],
      ["a profile that is a string", { profile: "Acme" }, 422, "invalid_profile"],
      ["a profile nested five levels", { profile: { a: { b: { c: { d: { e: 1 } } } } } }, 422, "invalid_profile"],
      ["a profile with a null value", { profile: { company: null } }, 422, "invalid_profile"],
      ["a conventional profile key that is not a string", { profile: { company: 42 } }, 422, "invalid_profile"],
      ["a profile over 16 KB", { profile: { notes: "x".repeat(16 * 1024) } }, 422, "invalid_profile"],
      ["commitments not an array", { commitments: { area: "logging" } }, 422, "invalid_commitments"],
      ["an unknown commitment area", { commitments: [{ area: "backups", implementation: "Nightly" }] }, 422, "invalid_commitments"],
      ["two rows for one area", { commitments: [{ area: "logging", implementation: "a" }, { area: "logging", implementation: "b" }] }, 422, "invalid_commitments"],
      ["an implementation over 300 characters", { commitments: [{ area: "logging", implementation: "x".repeat(301) }] }, 422, "invalid_commitments"],
      ["an empty implementation", { commitments: [{ area: "logging", implementation: "" }] }, 422, "invalid_commitments"],
      ["an implementation on two lines", { commitments: [{ area: "logging", implementation: "kept\n400 days" }] }, 422, "invalid_commitments"],
      ["an implementation with a control character", { commitments: [{ area: "logging", implementation: "kept\u0007" }] }, 422, "invalid_commitments"],
      ["a source over 120 characters", { commitments: [{ area: "logging", implementation: "ok", source: "s".repeat(121) }] }, 422, "invalid_commitments"],
      ["a source with a line break", { commitments: [{ area: "logging", implementation: "ok", source: "a\r\nb" }] }, 422, "invalid_commitments"],
      ["a row without implementation", { commitments: [{ area: "logging" }] }, 422, "invalid_commitments"],
      ["a row with an unknown field", { commitments: [{ area: "logging", implementation: "ok", owner: "sec" }] }, 422, "invalid_commitments"],
      ["six rows", { commitments: ["logging", "access_mfa", "encryption", "pii_retention", "subprocessors", "logging"].map((area) => ({ area, implementation: "x" })) }, 422, "invalid_commitments"],
      ["a valid profile beside invalid commitments (all or nothing)", { profile: { company: "Changed" }, commitments: [{ area: "nope", implementation: "x" }] }, 422, "invalid_commitments"],
    ];
    it.each(cases)("%s", async (_name, body, status, code) => {
      const org = await h.organisation();
      await put(org.key, { profile: { company: "Before" } });
      const before = await get(org.key);
      const audits = await auditCount(org.organisationId);
      const res = await put(org.key, body);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(typeof res.body.error.message).toBe("string");
      expect(await get(org.key)).toEqual(before);
      expect(await auditCount(org.organisationId)).toBe(audits);
    });

    it("names the rejected ids in unknown, dropping none", async () => {
      const org = await h.organisation();
      const res = await put(org.key, { frameworks: ["GDPR", "FOO", "SOC_2", "BAR"] });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: { code: "unknown_frameworks", message: expect.any(String), unknown: ["FOO", "BAR"] } });
      expect((await get(org.key)).frameworks).toEqual([]);
    });

    it("accepts the limits exactly: 16 KB profile, depth 4, five rows, 300 and 120 characters", async () => {
      const org = await h.organisation();
      const filler = "x".repeat(16 * 1024 - JSON.stringify({ notes: "" }).length);
      expect((await put(org.key, { profile: { notes: filler } })).status).toBe(200);
      expect((await put(org.key, { profile: { a: { b: { c: { d: 1 } } } } })).status).toBe(200);
      const rows = ["logging", "access_mfa", "encryption", "pii_retention", "subprocessors"].map((area) => ({ area, implementation: "é".repeat(300), source: "s".repeat(120) }));
      expect((await put(org.key, { commitments: rows })).status).toBe(200);
    });

    it("refuses a body that is not JSON, or sent without Content-Type application/json", async () => {
      const org = await h.organisation();
      const notJson = await h.request("PUT", "/v1/config", { headers: { ...bearer(org.key), "content-type": "application/json" }, rawBody: "{frameworks: [GDPR]}" });
      expect(notJson.status).toBe(400);
      expect(notJson.body.error.code).toBe("invalid_request");
      const wrongType = await h.request("PUT", "/v1/config", { headers: { ...bearer(org.key), "content-type": "text/plain" }, rawBody: '{"eu_inference":true}' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.error.code).toBe("invalid_request");
      const noBody = await h.request("PUT", "/v1/config", { headers: bearer(org.key) });
      expect(noBody.status).toBe(400);
      expect((await get(org.key)).eu_inference).toBe(false);
    });

    it("refuses a body over 64 KB with 413 before reading it", async () => {
      const org = await h.organisation();
      const big = JSON.stringify({ profile: { notes: "x".repeat(70 * 1024) } });
      const res = await h.request("PUT", "/v1/config", { headers: { ...bearer(org.key), "content-type": "application/json" }, rawBody: big });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: { code: "payload_too_large", message: expect.any(String) } });
    });
  });
});
