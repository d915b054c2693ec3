// The evidence ledger for a period, built from reviews, exceptions and merges that arrived as
// webhooks (GitHub's example payloads), and its CSV, JSON and OSCAL exports; the OSCAL document is
// validated against NIST's published schema.
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { exportEvidence } from "../../src/evidence/ledger/export-evidence.js";
import { CSV_COLUMNS } from "../../src/evidence/ledger/export-csv.js";
import { buildEvidenceLedger } from "../../src/evidence/ledger/build-evidence-ledger.js";
import { parsePeriod } from "../../src/evidence/ledger/parse-period.js";
import type { EvidenceLedger } from "../../src/evidence/ledger/types.js";
import { findingReference } from "../../src/evidence/finding-reference.js";
import { claimOrganisation, createHarness, INSTALLATION_ID, REPO, type Harness } from "../github/support/harness.js";
import { issueCommentPayload, pullRequestPayload } from "../github/support/payloads.js";
import { FILES_ONE_FIXED, FILES_WITH_FINDINGS } from "../github/support/fixtures.js";
import { mockPermission } from "./support/mock-permission.js";
import { validateOscal } from "./support/oscal-validator.js";

// Hooks here open a database and run several reviews; on a shared, loaded machine that can pass
// the default 30 s without anything being wrong.
jest.setTimeout(120_000);

const installationId = BigInt(INSTALLATION_ID);
const clock = { now: new Date("2026-11-10T09:00:00Z") };
let h: Harness;
let refs: { audit: string; password: string };

async function open(number: number, headSha: string, at: string, files = FILES_WITH_FINDINGS, action: "opened" | "synchronize" = "opened") {
  clock.now = new Date(at);
  h.github.setPull(REPO, { number, headSha, files });
  await h.receive("pull_request", pullRequestPayload(action, { number, headSha }));
  await h.drain();
}

async function merge(number: number, by: string, at: string) {
  clock.now = new Date(at);
  const payload = pullRequestPayload("closed", { number, state: "closed" });
  payload.pull_request.merged = true;
  payload.pull_request.merged_at = at;
  payload.pull_request.closed_at = at;
  payload.pull_request.merged_by = { ...payload.sender, login: by };
  payload.pull_request.html_url = `https://github.com/${REPO}/pull/${number}`;
  await h.receive("pull_request", payload);
}

beforeAll(async () => {
  mockPermission("Codertocat", "write");
  h = await createHarness({ now: () => clock.now });
  await claimOrganisation(h.db, { frameworks: ["GDPR", "ISO_27001"] });
  // Pull request 2: two findings; the next push fixes the audit-log one; the other is accepted; merged.
  await open(2, "a".repeat(40), "2026-11-10T09:00:00Z");
  const rows = await h.db.prisma.pullRequestFinding.findMany({ where: { pullNumber: 2 }, orderBy: { line: "asc" } });
  refs = { audit: findingReference(rows[0]!.fingerprint), password: findingReference(rows[1]!.fingerprint) };
  await open(2, "b".repeat(40), "2026-11-11T09:00:00Z", FILES_ONE_FIXED, "synchronize");
  clock.now = new Date("2026-11-12T09:00:00Z");
  await h.receive("issue_comment", issueCommentPayload({ number: 2, body: `/clearance accept ${refs.password} --reason "=Masked by the log pipeline, see ADR-12"` }));
  await h.drain();
  await merge(2, "Codertocat", "2026-11-14T16:00:00Z");
  // Pull request 3: both findings left open, merged by someone else.
  await open(3, "c".repeat(40), "2026-11-13T09:00:00Z");
  await merge(3, "mona", "2026-11-15T10:00:00Z");
  // Pull request 5: December, still open.
  await open(5, "d".repeat(40), "2026-12-02T09:00:00Z");
  clock.now = new Date("2026-12-20T00:00:00Z");
});
afterAll(async () => {
  expect(h.github.violations).toEqual([]);
  await h.close();
});

const month = () => buildEvidenceLedger(h.db.prisma, { installationId, period: parsePeriod({ month: "2026-11" }), now: clock.now });
const outcomes = (ledger: EvidenceLedger) =>
  [...new Set(ledger.controls.flatMap((c) => c.findings.map((f) => `#${f.pullNumber} ${f.reference} ${f.status} ${f.pullRequest.state} ${f.pullRequest.mergedBy}`)))].sort();

describe("the evidence ledger", () => {
  it("records merges from pull_request closed events", async () => {
    const closures = await h.db.prisma.pullRequestClosure.findMany({ orderBy: { pullNumber: "asc" } });
    expect(closures.map((c) => [c.pullNumber, c.merged, c.mergedBy, c.mergedAt?.toISOString()])).toEqual([
      [2, true, "Codertocat", "2026-11-14T16:00:00.000Z"],
      [3, true, "mona", "2026-11-15T10:00:00.000Z"],
    ]);
  });

  it("for a month: per control, each finding fixed, accepted with its reason, or left open at merge, and who merged", async () => {
    const ledger = await month();
    expect(ledger.period).toEqual({ label: "2026-11", from: "2026-11-01T00:00:00.000Z", to: "2026-12-01T00:00:00.000Z" });
    expect(ledger.frameworks).toEqual(["GDPR", "ISO_27001"]);
    expect(ledger.totals).toEqual({ pullRequests: 2, findings: 4, fixed: 1, accepted: 1, open: 2 });
    expect(outcomes(ledger)).toEqual(
      [
        `#2 ${refs.audit} fixed merged Codertocat`,
        `#2 ${refs.password} accepted merged Codertocat`,
        `#3 ${refs.audit} open merged mona`,
        `#3 ${refs.password} open merged mona`,
      ].sort(),
    );
    // Every control is one of the selected frameworks', and lists the pull requests that touched it.
    expect(ledger.controls.length).toBeGreaterThan(1);
    for (const control of ledger.controls) {
      expect(["GDPR", "ISO_27001"]).toContain(control.framework);
      expect(control.pullRequests).toBe(new Set(control.findings.map((f) => f.pullNumber)).size);
    }
    const accepted = ledger.controls.flatMap((c) => c.findings).find((f) => f.status === "accepted")!;
    expect(accepted.acceptance).toEqual({ reason: "=Masked by the log pipeline, see ADR-12", acceptedBy: "Codertocat", acceptedAt: "2026-11-12T09:00:00.000Z", until: null });
    const fixed = ledger.controls.flatMap((c) => c.findings).find((f) => f.status === "fixed")!;
    expect(fixed.fixedAt).toBe("2026-11-11T09:00:00.000Z");
  });

  it("for a quarter and for dates; a framework not selected is left out", async () => {
    const quarter = await buildEvidenceLedger(h.db.prisma, { installationId, period: parsePeriod({ quarter: "2026-Q4" }), now: clock.now });
    expect(quarter.totals).toEqual({ pullRequests: 3, findings: 6, fixed: 1, accepted: 1, open: 4 });
    expect(outcomes(quarter).filter((o) => o.startsWith("#5"))).toEqual([`#5 ${refs.audit} open open null`, `#5 ${refs.password} open open null`].sort());
    const days = await buildEvidenceLedger(h.db.prisma, { installationId, period: parsePeriod({ from: "2026-11-13", to: "2026-11-13" }), now: clock.now });
    expect(days.totals.pullRequests).toBe(1); // only pull request 3 was reviewed that day
    const october = await buildEvidenceLedger(h.db.prisma, { installationId, period: parsePeriod({ month: "2026-10" }), now: clock.now });
    expect(october.controls).toEqual([]);
    const gdprOnly = await buildEvidenceLedger(h.db.prisma, { installationId, period: parsePeriod({ month: "2026-11" }), now: clock.now, frameworks: ["GDPR"] });
    expect(gdprOnly.controls.every((c) => c.framework === "GDPR")).toBe(true);
    expect(gdprOnly.controls.length).toBeGreaterThan(0);
  });

  it("judges an exception at the merge: one revoked before it leaves the finding open", async () => {
    const exception = await h.db.prisma.findingException.findFirstOrThrow();
    await h.db.prisma.findingException.update({ where: { id: exception.id }, data: { revokedAt: new Date("2026-11-13T00:00:00Z"), revokedBy: "cli" } });
    try {
      expect((await month()).totals).toEqual({ pullRequests: 2, findings: 4, fixed: 1, accepted: 0, open: 3 });
    } finally {
      await h.db.prisma.findingException.update({ where: { id: exception.id }, data: { revokedAt: null, revokedBy: null } });
    }
  });
});

describe("exports", () => {
  const exported = (format: "csv" | "json" | "oscal", period = parsePeriod({ month: "2026-11" })) =>
    exportEvidence(h.db.prisma, { installationId, period, now: clock.now, format });

  it("CSV: a header and one row per control and finding, quoted, with formulas defused", async () => {
    const csv = await exported("csv");
    expect(csv.contentType).toBe("text/csv; charset=utf-8");
    expect(csv.filename).toBe(`clearance-evidence-${INSTALLATION_ID}-2026-11.csv`);
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    const ledger = await month();
    expect(lines).toHaveLength(1 + ledger.controls.reduce((n, c) => n + c.findings.length, 0));
    const acceptedRow = lines.find((l) => l.includes(",accepted,"))!;
    expect(acceptedRow).toContain(`,${refs.password},`);
    expect(acceptedRow).toContain("Codertocat");
    // The reason started with "=": a spreadsheet must not run it; it has a comma, so it is quoted.
    expect(acceptedRow.endsWith(`,"'=Masked by the log pipeline, see ADR-12"`)).toBe(true);
    expect(lines.filter((l) => l.includes(",open,")).every((l) => l.includes(",merged,") && l.includes(",mona,"))).toBe(true);
  });

  it("JSON: the ledger itself", async () => {
    const json = await exported("json");
    expect(json.contentType).toBe("application/json");
    expect(JSON.parse(json.body)).toEqual(JSON.parse(JSON.stringify(await month())));
  });

  it("OSCAL Assessment Results: valid against NIST's schema, with findings, observations and the accepted risk", async () => {
    const oscal = await exported("oscal");
    expect(oscal.filename).toBe(`clearance-evidence-${INSTALLATION_ID}-2026-11.oscal-ar.json`);
    const document = JSON.parse(oscal.body);
    expect(validateOscal(document)).toEqual([]);
    const ar = document["assessment-results"];
    expect(ar.metadata["oscal-version"]).toBe("1.0.6");
    const [result] = ar.results;
    expect(result.start).toBe("2026-11-01T00:00:00.000Z");
    const ledger = await month();
    expect(result["reviewed-controls"]["control-selections"][0]["include-controls"]).toHaveLength(ledger.controls.length);
    expect(result.observations).toHaveLength(4);
    expect(result.findings).toHaveLength(ledger.controls.reduce((n, c) => n + c.findings.length, 0));
    const states = new Set(result.findings.map((f: { target: { status: { state: string } } }) => f.target.status.state));
    expect(states).toEqual(new Set(["satisfied", "not-satisfied"]));
    expect(result.risks).toEqual([expect.objectContaining({ status: "deviation-approved", statement: "=Masked by the log pipeline, see ADR-12" })]);
    const withRisk = result.findings.filter((f: { "related-risks"?: unknown[] }) => f["related-risks"]);
    expect(withRisk.length).toBeGreaterThan(0);
    // The schema does reject what breaks it: a control id that is not an OSCAL token.
    const broken = structuredClone(document);
    broken["assessment-results"].results[0].findings[0].target["target-id"] = "Art. 32(1)";
    expect(validateOscal(broken).join("\n")).toContain("target-id");
    // Stable identifiers: the same finding has the same uuid in a later export.
    const again = JSON.parse((await exported("oscal")).body)["assessment-results"].results[0];
    expect(again.findings.map((f: { uuid: string }) => f.uuid)).toEqual(result.findings.map((f: { uuid: string }) => f.uuid));
  });

  it("OSCAL for a quarter and for an empty month are valid too", async () => {
    for (const period of [parsePeriod({ quarter: "2026-Q4" }), parsePeriod({ month: "2026-10" }), parsePeriod({ from: "2026-11-13", to: "2026-11-30" })]) {
      expect(validateOscal(JSON.parse((await exported("oscal", period)).body))).toEqual([]);
    }
  });
});
