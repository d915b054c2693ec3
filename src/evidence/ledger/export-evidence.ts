// One call for the CLI and the console: the ledger of a period in the format asked for.
import type { Prisma } from "../../storage/open-database.js";
import { buildEvidenceLedger, type LedgerRequest } from "./build-evidence-ledger.js";
import { ledgerToCsv } from "./export-csv.js";
import { ledgerToOscal } from "./export-oscal.js";

export const EXPORT_FORMATS = ["csv", "json", "oscal"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface EvidenceExport {
  format: ExportFormat;
  contentType: string;
  filename: string;
  body: string;
}

export async function exportEvidence(prisma: Prisma, request: LedgerRequest & { format: ExportFormat }): Promise<EvidenceExport> {
  const ledger = await buildEvidenceLedger(prisma, request);
  const base = `clearance-evidence-${ledger.installationId}-${ledger.period.label.replace(/\.\./g, "_")}`;
  switch (request.format) {
    case "csv":
      return { format: "csv", contentType: "text/csv; charset=utf-8", filename: `${base}.csv`, body: ledgerToCsv(ledger) };
    case "json":
      return { format: "json", contentType: "application/json", filename: `${base}.json`, body: JSON.stringify(ledger, null, 2) + "\n" };
    case "oscal":
      return { format: "oscal", contentType: "application/json", filename: `${base}.oscal-ar.json`, body: JSON.stringify(ledgerToOscal(ledger), null, 2) + "\n" };
  }
}
