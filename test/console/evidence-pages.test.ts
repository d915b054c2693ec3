// The console's Exceptions, Evidence and Review queue pages over real HTTP: exceptions listed and
// revoked through the evidence module (refused without CSRF, for another organisation's id, and
// once no longer an admin), each export format downloaded with its headers (OSCAL validated against
// NIST's schema), bad periods explained with the CLI's messages, and the queue panel's figures.
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { claimInstallation, recordInstallation } from "../../src/domain/installations.js";
import { acceptFinding } from "../../src/evidence/exceptions/accept-finding.js";
import { recordReviewEvidence } from "../../src/evidence/record-review-evidence.js";
import { validateOscal } from "../evidence/support/oscal-validator.js";
import { auditLogFinding, seedAcceptedFindings } from "../evidence/support/seed-evidence.js";
import { ALICE, startConsoleHarness, type ConsoleClient, type ConsoleHarness } from "./support/console-harness.js";

jest.setTimeout(120_000);

let h: ConsoleHarness;
let client: ConsoleClient;
let csrf: string;
const ids: { first: string; second: string; theirs: string } = { first: "", second: "", theirs: "" };
const pr = { installationId: 8101n, repositoryId: 71n, repoFullName: "acme/payments", pullNumber: 12 };

beforeAll(async () => {
  h = await startConsoleHarness({
    installations: [{ id: 8101, account: { id: 9201, login: "acme", type: "Organization" } }],
    memberships: { acme: { alice: "admin" } },
  });
  const prisma = h.app.db.prisma;
  const now = h.app.clock.now; // 2026-11-22T10:00Z
  await recordInstallation(prisma, { id: 8101n, accountLogin: "acme" });
  await claimInstallation(prisma, 8101n, now);
  await prisma.configuration.updateMany({ data: { frameworks: ["ISO_27001"] } });
  // Another organisation alice does not administer, with an exception of its own.
  await recordInstallation(prisma, { id: 8102n, accountLogin: "umbrella" });
  await claimInstallation(prisma, 8102n, now);

  [ids.first, ids.second] = await seedAcceptedFindings(prisma, pr, { aaaaaaa111: 3, bbbbbbb222: 9, ccccccc333: 20 }, [
    { fingerprint: "aaaaaaa111", reason: "Scrubbed <downstream>", until: "2026-11-30", commentUrl: "https://github.com/acme/payments/pull/12#issuecomment-1", at: "2026-11-20T11:00:00Z" },
    { fingerprint: "bbbbbbb222", reason: "No personal data here", at: "2026-11-20T11:05:00Z" },
    // Expired on 2026-11-21: not in force, so not listed.
    { fingerprint: "ccccccc333", reason: "Until the hotfix", until: "2026-11-21", at: "2026-11-20T11:10:00Z" },
  ]);
  const theirs = { installationId: 8102n, repositoryId: 81n, repoFullName: "umbrella/vault", pullNumber: 3 };
  await recordReviewEvidence(prisma, theirs, "b".repeat(40), [auditLogFinding("ddddddd444", 5)], new Date("2026-11-20T10:00:00Z"));
  ids.theirs = (await acceptFinding(prisma, { ...theirs, reference: "ddddddd", reason: "Theirs", acceptedBy: "wesker", acceptedWith: "write", now: new Date("2026-11-20T11:00:00Z") })).id;

  client = await h.signIn();
  csrf = await client.csrf("/");
});
afterAll(async () => h?.close());

const revokedAt = async (id: string) => (await h.app.db.prisma.findingException.findUniqueOrThrow({ where: { id } })).revokedAt;

describe("exceptions", () => {
  it("lists the exceptions in force: finding, pull request link, location, who, when, reason (escaped), until", async () => {
    const page = await client.get("/orgs/8101/exceptions");
    expect(page.status).toBe(200);
    expect(page.text).toContain('aria-current="page">Exceptions</a>');
    expect(page.text).toContain("<code>aaaaaaa</code>");
    expect(page.text).toContain(`<a href="${h.github.baseUrl}/acme/payments/pull/12">acme/payments#12</a>`);
    expect(page.text).toContain("<code>src/config.ts:3</code>");
    expect(page.text).toContain("<code>src/config.ts:9</code>");
    expect(page.text).toContain("<td>octocat</td>");
    expect(page.text).toContain('<a href="https://github.com/acme/payments/pull/12#issuecomment-1"><time datetime="2026-11-20T11:00:00.000Z">2026-11-20 11:00 UTC</time></a>');
    expect(page.text).toContain("Scrubbed &lt;downstream&gt;");
    expect(page.text).toContain("<td>2026-11-30</td>");
    expect(page.text).toContain("<td>no expiry</td>");
    expect(page.text).not.toContain("ccccccc"); // expired
    expect(page.text).not.toContain("umbrella/vault"); // another organisation's
    expect(page.text).toContain(`action="/orgs/8101/exceptions/${ids.first}/revoke"`);
  });

  it("refuses a revocation without the CSRF token, changing nothing", async () => {
    const page = await client.post(`/orgs/8101/exceptions/${ids.first}/revoke`, {});
    expect(page.status).toBe(403);
    expect(await revokedAt(ids.first)).toBeNull();
  });

  it("answers another organisation's exception with 404, by either address, and leaves it in force", async () => {
    const audits = await h.app.db.prisma.auditRecord.count();
    expect((await client.post(`/orgs/8101/exceptions/${ids.theirs}/revoke`, { _csrf: csrf })).status).toBe(404);
    expect((await client.post(`/orgs/8102/exceptions/${ids.theirs}/revoke`, { _csrf: csrf })).status).toBe(404);
    expect((await client.post("/orgs/8101/exceptions/not-an-id/revoke", { _csrf: csrf })).status).toBe(404);
    expect((await client.get("/orgs/8102/exceptions")).status).toBe(404);
    expect(await revokedAt(ids.theirs)).toBeNull();
    expect(await h.app.db.prisma.auditRecord.count()).toBe(audits);
  });

  it("refuses someone GitHub no longer lists as an admin, though they signed in as one", async () => {
    h.github.memberships.acme = { alice: "member" };
    try {
      expect((await client.post(`/orgs/8101/exceptions/${ids.first}/revoke`, { _csrf: csrf })).status).toBe(404);
      expect(await revokedAt(ids.first)).toBeNull();
    } finally {
      h.github.memberships.acme = { alice: "admin" };
    }
  });

  it("revokes through the evidence module, audited as the console user; a second revocation changes nothing", async () => {
    const page = await client.post(`/orgs/8101/exceptions/${ids.first}/revoke`, { _csrf: csrf });
    expect(page.status).toBe(303);
    expect(page.location).toBe("/orgs/8101/exceptions?revoked=1");
    const row = await h.app.db.prisma.findingException.findUniqueOrThrow({ where: { id: ids.first } });
    expect(row).toMatchObject({ revokedAt: h.app.clock.now, revokedBy: `console:${await h.accountIdOf(ALICE)}` });
    const audit = await h.app.db.prisma.auditRecord.findFirstOrThrow({ where: { action: "exception.revoke" } });
    expect(audit.actor).toBe(`console:${await h.accountIdOf(ALICE)}`);
    const log = await client.get("/orgs/8101/audit-log");
    expect(log.text).toMatch(/<td>alice \(console\)<\/td><td>Exception revoked<\/td>/);
    expect(log.text).toContain("Finding accepted as a known risk");
    const list = await client.get("/orgs/8101/exceptions?revoked=1");
    expect(list.text).toContain("Exception revoked.");
    expect(list.text).not.toContain("<code>aaaaaaa</code>");
    expect(list.text).toContain("<code>bbbbbbb</code>");

    const again = await client.post(`/orgs/8101/exceptions/${ids.first}/revoke`, { _csrf: csrf });
    expect(again.status).toBe(409);
    expect(again.text).toContain("is already revoked. Nothing was changed.");
    expect(await h.app.db.prisma.auditRecord.count({ where: { action: "exception.revoke" } })).toBe(1);
  });
});

describe("evidence export", () => {
  const exportUrl = (query: Record<string, string>) => `/orgs/8101/evidence?${new URLSearchParams(query)}`;

  it("shows the period form with this month and the organisation's frameworks", async () => {
    const page = await client.get("/orgs/8101/evidence");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.text).toContain('name="month" type="month" placeholder="2026-11" value="2026-11"');
    expect(page.text).toContain("The organisation's selection (ISO_27001)");
    expect(page.text).toContain('<option value="oscal">');
  });

  it("downloads the JSON ledger of a month, as the CLI exports it", async () => {
    const page = await client.get(exportUrl({ kind: "month", month: "2026-11", format: "json", framework: "" }));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(page.headers.get("content-disposition")).toBe("attachment; filename=clearance-evidence-8101-2026-11.json");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const ledger = JSON.parse(page.text);
    expect(ledger.frameworks).toEqual(["ISO_27001"]);
    // Judged at the merge (2026-11-20 12:00): all three exceptions held then.
    expect(ledger.totals).toEqual({ pullRequests: 1, findings: 3, fixed: 0, accepted: 3, open: 0 });
    expect(JSON.stringify(ledger)).not.toContain("umbrella");
  });

  it("downloads CSV for a quarter and another framework", async () => {
    const page = await client.get(exportUrl({ kind: "quarter", quarter: "2026-q4", format: "csv", framework: "SOC_2" }));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(page.headers.get("content-disposition")).toBe("attachment; filename=clearance-evidence-8101-2026-Q4.csv");
    const lines = page.text.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain("2026-Q4,SOC_2,CC7.2,Monitoring of system components for anomalies,acme/payments,12,");
  });

  it("downloads OSCAL Assessment Results for dates, valid against NIST's schema", async () => {
    const page = await client.get(exportUrl({ kind: "dates", from: "2026-11-20", to: "2026-11-20", format: "oscal" }));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(page.headers.get("content-disposition")).toBe("attachment; filename=clearance-evidence-8101-2026-11-20_2026-11-20.oscal-ar.json");
    const document = JSON.parse(page.text);
    expect(validateOscal(document)).toEqual([]);
    expect(document["assessment-results"].results[0].risks).toHaveLength(3);
  });

  it("answers a bad period, format or framework with 400 and the CLI's message by the field, downloading nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ kind: "month", month: "November", format: "csv" }, "month", "&quot;November&quot; is not a month; write it as YYYY-MM, e.g. 2026-11."],
      [{ kind: "quarter", quarter: "2026-Q0", format: "csv" }, "quarter", "&quot;2026-Q0&quot; is not a quarter; write it as YYYY-Qn, e.g. 2026-Q4."],
      [{ kind: "dates", from: "2026-11-01", to: "", format: "csv" }, "to", "&quot;&quot; is not a date; write it as YYYY-MM-DD."],
      [{ kind: "dates", from: "2026-02-30", to: "2026-03-01", format: "csv" }, "from", "&quot;2026-02-30&quot; is not a date; write it as YYYY-MM-DD."],
      [{ kind: "dates", from: "2026-11-10", to: "2026-11-01", format: "csv" }, "to", "The period ends (2026-11-01) before it starts (2026-11-10)."],
      [{ kind: "week", format: "csv" }, "kind", "give one period: a month (YYYY-MM), a quarter (YYYY-Qn), or from and to dates (YYYY-MM-DD)"],
      [{ kind: "month", month: "2026-11", format: "xml" }, "format", "unknown format &quot;xml&quot;; formats are csv, json, oscal"],
      [{ kind: "month", month: "2026-11", format: "csv", framework: "NOPE" }, "framework", "unknown framework NOPE; see GET /v1/frameworks"],
    ];
    for (const [query, field, message] of cases) {
      const page = await client.get(exportUrl(query));
      expect([query, page.status]).toEqual([query, 400]);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.headers.get("content-disposition")).toBeNull();
      expect(page.text).toContain(`id="${field}-error" role="alert">${message}</p>`);
      expect(page.text).toContain(`aria-describedby="${field}-error"`);
      expect(page.text).toContain("Nothing was exported.");
    }
    // What was typed stays in the form.
    expect((await client.get(exportUrl({ kind: "month", month: "November", format: "csv" }))).text).toContain('value="November"');
  });

  it("is a 404 for another organisation", async () => {
    expect((await client.get("/orgs/8102/evidence?kind=month&month=2026-11&format=json")).status).toBe(404);
  });
});

describe("review queue", () => {
  it("says the queue is empty when nothing waits", async () => {
    const page = await client.get("/orgs/8101/queue");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Nothing is queued or running");
  });

  it("shows this installation's queued, running, stalled, retrying and failed jobs and the oldest wait, not another's", async () => {
    const now = h.app.clock.now.getTime();
    const at = (msAgo: number) => new Date(now - msAgo);
    const job = (installationId: bigint, n: number, extra: Record<string, unknown>) => ({
      installationId,
      repositoryId: 71n,
      repoFullName: "acme/payments",
      pullNumber: n,
      headSha: String(n).padStart(40, "0"),
      trigger: "opened",
      createdAt: at(60_000),
      updatedAt: at(60_000),
      ...extra,
    });
    await h.app.db.prisma.reviewJob.createMany({
      data: [
        job(8101n, 1, { status: "queued", createdAt: at(3_725_000) }), // waited 1h 2m 5s
        job(8101n, 2, { status: "queued", createdAt: at(30_000) }),
        job(8101n, 3, { status: "queued", attempts: 1, lastError: "GitHub answered 502\n    at stack frame", createdAt: at(10_000) }),
        job(8101n, 4, { status: "running", lockedBy: "w1", lockedUntil: at(-60_000) }),
        job(8101n, 5, { status: "running", lockedBy: "w2", lockedUntil: at(5_000) }), // lease lapsed
        job(8101n, 6, { status: "failed", attempts: 5, lastError: "gave up", updatedAt: at(3_600_000) }),
        job(8101n, 7, { status: "failed", attempts: 5, lastError: "long ago", updatedAt: at(3 * 86_400_000) }),
        job(8101n, 8, { status: "completed" }),
        job(8102n, 9, { status: "queued", createdAt: at(7 * 86_400_000) }),
        job(8102n, 10, { status: "running", lockedBy: "w3", lockedUntil: at(-60_000) }),
      ],
    });
    const page = await client.get("/orgs/8101/queue");
    expect(page.status).toBe(200);
    const figure = (id: string) => new RegExp(`id="queue-${id}">([^<]*)<`).exec(page.text)?.[1];
    expect({ queued: figure("queued"), running: figure("running"), stalled: figure("stalled"), retrying: figure("retrying"), failed: figure("failed"), wait: figure("oldest-wait") }).toEqual({
      queued: "3",
      running: "2",
      stalled: "1",
      retrying: "1",
      failed: "1",
      wait: "1h 2m",
    });
    // The most recent error, its first line only.
    expect(page.text).toContain("GitHub answered 502");
    expect(page.text).not.toContain("stack frame");
    expect((await client.get("/orgs/8102/queue")).status).toBe(404);
  });
});
