// An organisation's console pages over real HTTP: configuration through the API's validation and
// transaction, API keys that /v1 accepts and then refuses once revoked, review modes, overage,
// recent reviews and the audit log; another organisation's id is a 404 and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createApiKey } from "../../src/domain/api-keys.js";
import { claimInstallation, recordInstallation } from "../../src/domain/installations.js";
import { bearer } from "../support/api-harness.js";
import { ALICE, startConsoleHarness, type ConsoleClient, type ConsoleHarness } from "./support/console-harness.js";

let h: ConsoleHarness;
let client: ConsoleClient;
let csrf: string;
let otherOrganisationId: string;
let otherKeyId: string;
let otherKey: string;

const emptyCommitments = {
  commitment_logging_implementation: "",
  commitment_logging_source: "",
  commitment_access_mfa_implementation: "",
  commitment_access_mfa_source: "",
  commitment_encryption_implementation: "",
  commitment_encryption_source: "",
  commitment_pii_retention_implementation: "",
  commitment_pii_retention_source: "",
  commitment_subprocessors_implementation: "",
  commitment_subprocessors_source: "",
};

// The configuration form's fields besides the profile, as an owner fills them in for Acme.
const acmeForm = {
  frameworks: ["ISO_27001", "GDPR"],
  eu_inference: "true",
  review_language: "de",
  ...emptyCommitments,
  commitment_logging_implementation: "Audit logs are kept for 400 days",
  commitment_logging_source: "ISMS 4.2",
};

beforeAll(async () => {
  h = await startConsoleHarness({
    installations: [{ id: 8001, account: { id: 9101, login: "acme", type: "Organization" } }],
    memberships: { acme: { alice: "admin" } },
  });
  const prisma = h.app.db.prisma;
  await recordInstallation(prisma, { id: 8001n, accountLogin: "acme" });
  await claimInstallation(prisma, 8001n, h.app.clock.now);
  // Another organisation alice does not administer, with a key of its own.
  await recordInstallation(prisma, { id: 8002n, accountLogin: "umbrella" });
  otherOrganisationId = (await claimInstallation(prisma, 8002n, h.app.clock.now)).id;
  const other = await createApiKey(prisma, { installationId: 8002n, name: "theirs", now: h.app.clock.now });
  otherKeyId = other.id;
  otherKey = other.key;
  await prisma.repository.createMany({
    data: [
      { id: 1n, installationId: 8001n, fullName: "acme/payments", private: true },
      { id: 2n, installationId: 8001n, fullName: "acme/website", private: false },
    ],
  });
  client = await h.signIn();
  csrf = await client.csrf("/");
});
afterAll(async () => h.close());

const configurationOf = async () => (await h.app.request("GET", "/v1/config", { headers: bearer(await readKey()) })).body;
let cachedKey: string | undefined;
async function readKey(): Promise<string> {
  cachedKey ??= (await createApiKey(h.app.db.prisma, { installationId: 8001n, now: h.app.clock.now, name: "test-reader" })).key;
  return cachedKey;
}

describe("configuration", () => {
  it("shows the stored values and the catalogue", async () => {
    const page = await client.get("/orgs/8001/configuration");
    expect(page.status).toBe(200);
    expect(page.text).toContain('value="ISO_27001"');
    expect(page.text).toContain('value="NIS_2_DE"');
    expect(page.text).toContain("<option value=\"en\" selected>");
  });

  it("finds frameworks by search, keeping selected ones outside the results", async () => {
    const page = await client.get("/orgs/8001/configuration?q=nis");
    expect(page.text).toContain('value="NIS_2_DE"');
    expect(page.text).not.toContain('id="fw-SOC_2"');
  });

  it("saves through the API's validation and transaction, with an audit record naming the console user", async () => {
    const saved = await client.post("/orgs/8001/configuration", {
      _csrf: csrf,
      profile: '{"company":"Acme","hosting":"eu-central-1"}',
      ...acmeForm,
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/orgs/8001/configuration?saved=1");
    expect(await configurationOf()).toMatchObject({
      profile: { company: "Acme", hosting: "eu-central-1" },
      frameworks: ["ISO_27001", "GDPR"],
      eu_inference: true,
      review_language: "de",
      commitments: [{ area: "logging", implementation: "Audit logs are kept for 400 days", source: "ISMS 4.2" }],
    });
    const audit = await h.app.db.prisma.auditRecord.findFirstOrThrow({ where: { action: "config.update" }, orderBy: { createdAt: "desc" } });
    expect(audit.actor).toBe(`console:${await h.accountIdOf(ALICE)}`);
    expect(Object.keys(audit.after as object).sort()).toEqual(["commitments", "eu_inference", "frameworks", "profile", "review_language"]);
  });

  it("shows, next to the field, the same code and rule the API states, and changes nothing", async () => {
    const before = await configurationOf();
    const audits = await h.app.db.prisma.auditRecord.count();
    const deep = { a: { b: { c: { d: { e: 1 } } } } };
    const api = await h.app.request("PUT", "/v1/config", { headers: bearer((await createApiKey(h.app.db.prisma, { installationId: 8001n, now: h.app.clock.now })).key), body: { profile: deep } });
    expect(api.status).toBe(422);
    const page = await client.post("/orgs/8001/configuration", {
      _csrf: csrf,
      profile: JSON.stringify(deep),
      ...acmeForm,
    });
    expect(page.status).toBe(422);
    expect(page.text).toContain('id="profile-error"');
    expect(page.text).toContain(`invalid_profile: ${api.body.error.message}`.replace(/"/g, "&quot;"));

    const unknown = await client.post("/orgs/8001/configuration", { _csrf: csrf, profile: "{}", frameworks: ["ISO_27001", "MADE_UP"], review_language: "de", ...emptyCommitments });
    expect(unknown.status).toBe(422);
    expect(unknown.text).toMatch(/id="frameworks-error"[^>]*>unknown_frameworks: Unknown framework id: MADE_UP\./);

    const language = await client.post("/orgs/8001/configuration", { _csrf: csrf, profile: "{}", frameworks: [], review_language: "klingon", ...emptyCommitments });
    expect(language.status).toBe(422);
    expect(language.text).toContain('id="review_language-error"');
    expect(language.text).toContain("invalid_review_language: review_language must be one of en, de, es, fr, it, nl, pl.");

    const commitment = await client.post("/orgs/8001/configuration", {
      _csrf: csrf,
      profile: "{}",
      frameworks: [],
      review_language: "en",
      ...emptyCommitments,
      commitment_encryption_implementation: "x".repeat(301),
    });
    expect(commitment.status).toBe(422);
    expect(commitment.text).toContain('id="encryption-error"');
    expect(commitment.text).toContain("invalid_commitments: commitments[0].implementation must be 1 to 300 characters");

    const notJson = await client.post("/orgs/8001/configuration", { _csrf: csrf, profile: "{company: Acme}", frameworks: [], review_language: "en", ...emptyCommitments });
    expect(notJson.status).toBe(422);
    expect(notJson.text).toContain("not valid JSON");
    // What the user typed is kept in the form.
    expect(notJson.text).toContain("{company: Acme}</textarea>");

    expect(await configurationOf()).toEqual(before);
    expect(await h.app.db.prisma.auditRecord.count()).toBe(audits + 1); // the key created above, nothing else
  });

  it("says so when nothing changed, writing no audit record", async () => {
    const audits = await h.app.db.prisma.auditRecord.count();
    const current = await configurationOf();
    const page = await client.post("/orgs/8001/configuration", {
      _csrf: csrf,
      profile: JSON.stringify(current.profile),
      frameworks: current.frameworks,
      eu_inference: "true",
      review_language: current.review_language,
      ...emptyCommitments,
      commitment_logging_implementation: "Audit logs are kept for 400 days",
      commitment_logging_source: "ISMS 4.2",
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Nothing changed.");
    expect(await h.app.db.prisma.auditRecord.count()).toBe(audits);
  });

  it("refuses a save without the CSRF token", async () => {
    const before = await configurationOf();
    const page = await client.post("/orgs/8001/configuration", { profile: "{}", frameworks: [], review_language: "fr", ...emptyCommitments });
    expect(page.status).toBe(403);
    expect(await configurationOf()).toEqual(before);
  });
});

describe("API keys", () => {
  it("creates a key shown once, which /v1 accepts; the list never shows it again; revoking holds on the next request", async () => {
    const created = await client.post("/orgs/8001/api-keys", { _csrf: csrf, name: "ci", scopes: ["config:read"], expiry: "30" });
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const key = /id="new-key" type="text" readonly value="(clr_[A-Za-z0-9_-]{43})"/.exec(created.text)![1]!;
    expect(created.text).toContain("shown only this once");

    const accepted = await h.app.request("GET", "/v1/config", { headers: bearer(key) });
    expect(accepted.status).toBe(200);
    expect((await h.app.request("PUT", "/v1/config", { headers: bearer(key), body: { review_language: "en" } })).status).toBe(403);

    const list = await client.get("/orgs/8001/api-keys");
    expect(list.text).not.toContain(key);
    expect(list.text).toContain("ci");
    expect(list.text).toContain(key.slice(0, 10) + "…");
    const row = await h.app.db.prisma.apiKey.findFirstOrThrow({ where: { name: "ci" } });
    expect(row.createdBy).toBe(`console:${await h.accountIdOf(ALICE)}`);
    expect(row.lastUsedAt).toEqual(h.app.clock.now);
    expect(row.expiresAt).toEqual(new Date(h.app.clock.now.getTime() + 30 * 86_400_000));
    expect(list.text).toMatch(/<td>ci<\/td>[\s\S]*<td>alice<\/td>/);

    const revoked = await client.post(`/orgs/8001/api-keys/${row.id}/revoke`, { _csrf: csrf });
    expect(revoked.status).toBe(303);
    const refused = await h.app.request("GET", "/v1/config", { headers: bearer(key) });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe("The API key has been revoked.");
    const audit = await h.app.db.prisma.auditRecord.findMany({ where: { action: { in: ["api_key.create", "api_key.revoke"] }, actor: `console:${await h.accountIdOf(ALICE)}` } });
    expect(audit.map((a) => a.action).sort()).toEqual(["api_key.create", "api_key.revoke"]);
  });

  it("escapes what users typed wherever it is shown", async () => {
    const hostile = `<script>alert("key")</script>`;
    const created = await client.post("/orgs/8001/api-keys", { _csrf: csrf, name: hostile, scopes: ["config:read"], expiry: "never" });
    expect(created.status).toBe(201);
    for (const text of [created.text, (await client.get("/orgs/8001/api-keys")).text, (await client.get("/orgs/8001/audit-log")).text]) {
      expect(text).not.toContain(hostile);
      expect(text).toContain("&lt;script&gt;alert(&quot;key&quot;)&lt;/script&gt;");
    }
  });

  it("refuses a key without scopes or with an unknown expiry, creating nothing", async () => {
    const count = await h.app.db.prisma.apiKey.count();
    expect((await client.post("/orgs/8001/api-keys", { _csrf: csrf, name: "none", expiry: "never" })).status).toBe(422);
    expect((await client.post("/orgs/8001/api-keys", { _csrf: csrf, name: "x", scopes: ["config:read"], expiry: "1000" })).status).toBe(422);
    expect((await client.post("/orgs/8001/api-keys", { name: "x", scopes: ["config:read"], expiry: "never" })).status).toBe(403);
    expect(await h.app.db.prisma.apiKey.count()).toBe(count);
  });

  it("answers another organisation's key id with 404 and leaves that key working", async () => {
    const page = await client.post(`/orgs/8001/api-keys/${otherKeyId}/revoke`, { _csrf: csrf });
    expect(page.status).toBe(404);
    expect((await h.app.request("GET", "/v1/config", { headers: bearer(otherKey) })).status).toBe(200);
  });
});

describe("another organisation's id in the URL", () => {
  it("is a 404 on every page and every form, changing nothing", async () => {
    for (const path of ["configuration", "api-keys", "review-modes", "plan", "reviews", "audit-log"]) {
      const page = await client.get(`/orgs/8002/${path}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain("Not found");
      expect((await client.get(`/orgs/99999/${path}`)).status).toBe(404);
      expect((await client.get(`/orgs/not-a-number/${path}`)).status).toBe(404);
    }
    const audits = await h.app.db.prisma.auditRecord.count({ where: { organisationId: otherOrganisationId } });
    expect((await client.post("/orgs/8002/api-keys", { _csrf: csrf, name: "sneaky", scopes: ["config:read"], expiry: "never" })).status).toBe(404);
    expect((await client.post(`/orgs/8002/api-keys/${otherKeyId}/revoke`, { _csrf: csrf })).status).toBe(404);
    expect((await client.post("/orgs/8002/configuration", { _csrf: csrf, profile: "{}", review_language: "fr", ...emptyCommitments })).status).toBe(404);
    expect((await client.post("/orgs/8002/plan/overage", { _csrf: csrf, overage: "on" })).status).toBe(404);
    expect(await h.app.db.prisma.auditRecord.count({ where: { organisationId: otherOrganisationId } })).toBe(audits);
    expect((await h.app.request("GET", "/v1/config", { headers: bearer(otherKey) })).status).toBe(200);
  });

  it("refuses a change from someone GitHub no longer lists as an admin, though they signed in as one", async () => {
    const before = await configurationOf();
    h.github.memberships.acme = { alice: "member" };
    try {
      const page = await client.post("/orgs/8001/configuration", { _csrf: csrf, profile: "{}", frameworks: [], review_language: "fr", ...emptyCommitments });
      expect(page.status).toBe(404);
      expect((await client.post("/orgs/8001/plan/overage", { _csrf: csrf, overage: "off" })).status).toBe(404);
      expect(await configurationOf()).toEqual(before);
    } finally {
      h.github.memberships.acme = { alice: "admin" };
    }
    // Admin again: the next change goes through (the session was updated from GitHub).
    expect((await client.post("/orgs/8001/review-modes", { _csrf: csrf, organisation_mode: "auto" })).status).toBe(303);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const page = await h.client().get("/orgs/8001/configuration");
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/sign-in?return_to=${encodeURIComponent("/orgs/8001/configuration")}`);
  });
});

describe("review modes", () => {
  it("sets the organisation's mode and per-repository overrides through the domain, audited", async () => {
    const page = await client.get("/orgs/8001/review-modes");
    expect(page.text).toContain("acme/payments");
    const saved = await client.post("/orgs/8001/review-modes", { _csrf: csrf, organisation_mode: "auto_once", "repo:acme/payments": "mention_only", "repo:acme/website": "" });
    expect(saved.status).toBe(303);
    const prisma = h.app.db.prisma;
    expect((await prisma.installation.findUniqueOrThrow({ where: { id: 8001n } })).triggerMode).toBe("auto_once");
    expect(await prisma.repositoryTriggerOverride.findMany({ select: { repoFullName: true, mode: true } })).toEqual([{ repoFullName: "acme/payments", mode: "mention_only" }]);
    const again = await client.get("/orgs/8001/review-modes");
    expect(again.text).toMatch(/<option value="auto_once" selected>/);
    expect(again.text).toMatch(/<option value="mention_only" selected>mention_only<\/option>/);
    expect(await prisma.auditRecord.count({ where: { action: { startsWith: "trigger_mode." }, actor: `console:${await h.accountIdOf(ALICE)}` } })).toBe(2);

    // Clearing the override goes back to the organisation's mode.
    await client.post("/orgs/8001/review-modes", { _csrf: csrf, organisation_mode: "auto_once", "repo:acme/payments": "" });
    expect(await prisma.repositoryTriggerOverride.count()).toBe(0);
  });

  it("refuses an unknown mode, changing nothing", async () => {
    const page = await client.post("/orgs/8001/review-modes", { _csrf: csrf, organisation_mode: "sometimes" });
    expect(page.status).toBe(422);
    expect((await h.app.db.prisma.installation.findUniqueOrThrow({ where: { id: 8001n } })).triggerMode).toBe("auto_once");
  });
});

describe("plan and usage", () => {
  it("shows the trial and usage, and turns overage on through the billing domain", async () => {
    const page = await client.get("/orgs/8001/plan");
    expect(page.text).toContain("Trial");
    expect(page.text).toContain("2026-12-06 10:00 UTC");
    expect(page.text).toContain("unlimited during the trial");
    const saved = await client.post("/orgs/8001/plan/overage", { _csrf: csrf, overage: "on" });
    expect(saved.status).toBe(303);
    expect((await h.app.db.prisma.installation.findUniqueOrThrow({ where: { id: 8001n } })).overageEnabled).toBe(true);
    expect((await client.get("/orgs/8001/plan")).text).toContain("Turn overage off");
    expect(await h.app.db.prisma.auditRecord.count({ where: { action: "billing.overage_set", actor: `console:${await h.accountIdOf(ALICE)}` } })).toBe(1);
    expect((await client.post("/orgs/8001/plan/overage", { _csrf: csrf, overage: "maybe" })).status).toBe(422);
  });
});

describe("recent reviews and the audit log", () => {
  it("lists reviews with a link to the pull request on GitHub", async () => {
    await h.app.db.prisma.reviewRun.create({
      data: { jobId: "j1", installationId: 8001n, repositoryId: 1n, pullNumber: 42, headSha: "abcdef1234567", outcome: "findings", findingsCount: 3, engine: "analyzer", createdAt: h.app.clock.now },
    });
    const page = await client.get("/orgs/8001/reviews");
    expect(page.text).toContain(`href="${h.github.baseUrl}/acme/payments/pull/42"`);
    expect(page.text).toContain("abcdef1");
    expect(page.text).toContain("findings");
  });

  it("names who did what: the console user, the operator, an API key by its name", async () => {
    const key = await createApiKey(h.app.db.prisma, { installationId: 8001n, name: "deploy-bot", now: h.app.clock.now });
    await h.app.request("PUT", "/v1/config", { headers: bearer(key.key), body: { review_language: "it" } });
    const page = await client.get("/orgs/8001/audit-log");
    expect(page.text).toContain("alice (console)");
    expect(page.text).toContain("operator (CLI)");
    expect(page.text).toMatch(/API key &quot;deploy-bot&quot; \(clr_/);
    expect(page.text).toContain("Configuration changed");
    expect(page.text).toContain("Installation claimed");
    expect(page.text).toContain("auto → auto_once");
    expect(page.text).toContain("acme/payments: mention_only → organisation mode");
    expect(page.text).toContain("off → on");
  });
});
