// Time and memory of the evidence ledger and its exports for a busy quarter (npm run bench:evidence),
// and of recording one review's findings. Embedded PGlite in memory; BENCH_PULLS and
// BENCH_FINDINGS_PER_PULL set the size.
import { claimInstallation, recordInstallation } from "../src/domain/installations.js";
import type { Finding } from "../src/engine/types.js";
import { buildEvidenceLedger } from "../src/evidence/ledger/build-evidence-ledger.js";
import { ledgerToCsv } from "../src/evidence/ledger/export-csv.js";
import { ledgerToOscal } from "../src/evidence/ledger/export-oscal.js";
import { parsePeriod } from "../src/evidence/ledger/parse-period.js";
import { recordReviewEvidence } from "../src/evidence/record-review-evidence.js";
import { openDatabase } from "../src/storage/open-database.js";

const PULLS = Number(process.env.BENCH_PULLS ?? 2000);
const PER_PULL = Number(process.env.BENCH_FINDINGS_PER_PULL ?? 5);
const INSTALLATION = 4242n;
const CONTROLS = [
  { framework: "ISO_27001", id: "A.8.15", title: "Logging" },
  { framework: "ISO_27001", id: "A.8.24", title: "Use of cryptography" },
  { framework: "SOC_2", id: "CC6.1", title: "Logical access security" },
  { framework: "GDPR", id: "Art. 32(1)(a)", title: "Pseudonymisation and encryption" },
  { framework: "GDPR", id: "Art. 5(1)(c)", title: "Data minimisation" },
];

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const start = process.hrtime.bigint();
  const result = await work();
  console.log(`${label.padEnd(44)} ${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0).padStart(7)} ms`);
  return result;
}

const db = await openDatabase({ inMemory: true });
try {
  await recordInstallation(db.prisma, { id: INSTALLATION, accountLogin: "bench" });
  const organisation = await claimInstallation(db.prisma, INSTALLATION, new Date("2026-09-01T00:00:00Z"));
  await db.prisma.configuration.update({ where: { organisationId: organisation.id }, data: { frameworks: ["ISO_27001", "SOC_2", "GDPR"] } });

  const quarterStart = Date.parse("2026-10-01T00:00:00Z");
  const rows = [];
  const exceptions = [];
  const closures = [];
  for (let p = 0; p < PULLS; p++) {
    const seen = new Date(quarterStart + (p * 90 * 86_400_000) / PULLS);
    for (let f = 0; f < PER_PULL; f++) {
      const fingerprint = `${p.toString(16).padStart(12, "0")}${f.toString(16).padStart(12, "0")}`;
      rows.push({
        installationId: INSTALLATION, repositoryId: BigInt(1 + (p % 20)), repoFullName: `bench/repo-${p % 20}`, pullNumber: p, fingerprint,
        ruleId: "logging.audit_disabled", area: "logging", severity: "high", path: `src/module${f}.ts`, line: 10 + f,
        controls: [CONTROLS[f % CONTROLS.length]!, CONTROLS[(f + 2) % CONTROLS.length]!],
        firstSeenAt: seen, lastSeenAt: seen, lastSeenSha: "a".repeat(40),
        fixedAt: f % 3 === 0 ? new Date(seen.getTime() + 3_600_000) : null,
      });
      if (f % 3 === 1) exceptions.push({ installationId: INSTALLATION, repositoryId: BigInt(1 + (p % 20)), repoFullName: `bench/repo-${p % 20}`, pullNumber: p, fingerprint, reason: "Known and tracked", acceptedBy: "octocat", acceptedWith: "write", acceptedAt: new Date(seen.getTime() + 60_000) });
    }
    closures.push({ repositoryId: BigInt(1 + (p % 20)), pullNumber: p, installationId: INSTALLATION, repoFullName: `bench/repo-${p % 20}`, title: `Change ${p}`, htmlUrl: `https://github.com/bench/repo-${p % 20}/pull/${p}`, merged: true, mergedBy: "hubot", mergedAt: new Date(seen.getTime() + 7_200_000), closedAt: new Date(seen.getTime() + 7_200_000) });
  }
  for (let i = 0; i < rows.length; i += 5000) await db.prisma.pullRequestFinding.createMany({ data: rows.slice(i, i + 5000) });
  await db.prisma.findingException.createMany({ data: exceptions });
  await db.prisma.pullRequestClosure.createMany({ data: closures, skipDuplicates: true });
  console.log(`Quarter 2026-Q4: ${PULLS} merged pull requests, ${rows.length} findings, ${exceptions.length} accepted (PGlite in memory)`);

  const period = parsePeriod({ quarter: "2026-Q4" });
  const now = new Date("2027-01-05T00:00:00Z");
  const heapBefore = process.memoryUsage().heapUsed;
  const ledger = await timed("build the ledger", () => buildEvidenceLedger(db.prisma, { installationId: INSTALLATION, period, now }));
  const csv = await timed("CSV", () => ledgerToCsv(ledger));
  const json = await timed("JSON", () => JSON.stringify(ledger));
  const oscal = await timed("OSCAL Assessment Results", () => JSON.stringify(ledgerToOscal(ledger)));
  console.log(`sizes: CSV ${mb(csv.length)}, JSON ${mb(json.length)}, OSCAL ${mb(oscal.length)}; heap growth ${mb(process.memoryUsage().heapUsed - heapBefore)}, rss ${mb(process.memoryUsage().rss)}`);

  const findings: Finding[] = Array.from({ length: 200 }, (_, i) => ({
    fingerprint: `ffff${i.toString(16).padStart(20, "0")}`, ruleId: "logging.audit_disabled", path: `src/f${i}.ts`, line: 3, side: "RIGHT", area: "logging", severity: "medium",
    message: "x", title: "Audit logging turned off", body: "x", controls: [CONTROLS[i % CONTROLS.length]!], source: "analyzer",
  }));
  const pr = { installationId: INSTALLATION, repositoryId: 999n, repoFullName: "bench/one", pullNumber: 1 };
  await timed("record one review's 200 findings (first)", () => recordReviewEvidence(db.prisma, pr, "b".repeat(40), findings, now));
  await timed("record them again (re-review)", () => recordReviewEvidence(db.prisma, pr, "c".repeat(40), findings, now));
} finally {
  await db.close();
}
