// The evidence ledger of a period, exported as CSV, JSON or OSCAL Assessment Results.
import { writeFile } from "node:fs/promises";
import { unknownFrameworkIds } from "../../domain/catalogue.js";
import { parseInstallationId } from "../../domain/installations.js";
import { EXPORT_FORMATS, exportEvidence, type ExportFormat } from "../../evidence/ledger/export-evidence.js";
import { parsePeriod, type Period, type PeriodRequest } from "../../evidence/ledger/parse-period.js";
import { EvidenceError } from "../../evidence/types.js";
import { parse } from "../parse.js";
import { UsageError, type CliCommand } from "../types.js";
import { withDatabase } from "../with-database.js";

export const evidenceExport: CliCommand = {
  path: ["evidence", "export"],
  usage: "clearance evidence export <installation-id> (--period YYYY-MM | --quarter YYYY-Qn | --from YYYY-MM-DD --to YYYY-MM-DD) [--format csv|json|oscal] [--framework <id>]… [--output <file>]",
  summary: "export the evidence ledger of a period: per control, the reviewed pull requests and what became of each finding",
  async run(args, context) {
    const { values, positionals } = parse(
      args,
      {
        period: { type: "string" },
        quarter: { type: "string" },
        from: { type: "string" },
        to: { type: "string" },
        format: { type: "string" },
        framework: { type: "string", multiple: true },
        output: { type: "string" },
      },
      1,
    );
    const installationId = parseInstallationId(positionals[0]!);
    const format = (values.format ?? "json") as ExportFormat;
    if (!EXPORT_FORMATS.includes(format)) throw new UsageError(`unknown format "${values.format}"; formats are ${EXPORT_FORMATS.join(", ")}`);
    const period = readPeriod(values);
    const unknown = unknownFrameworkIds(values.framework ?? []);
    if (unknown.length > 0) throw new UsageError(`unknown framework ${unknown.join(", ")}; see GET /v1/frameworks`);
    await withDatabase(context, async (db) => {
      const exported = await exportEvidence(db.prisma, { installationId, period, format, frameworks: values.framework, now: context.now() });
      if (values.output === undefined) return context.out(exported.body.trimEnd());
      await writeFile(values.output, exported.body, "utf8");
      context.out(`Wrote the ${format} evidence ledger of ${period.label} to ${values.output}.`);
    });
  },
};

function readPeriod(values: { period?: string; quarter?: string; from?: string; to?: string }): Period {
  const given = [values.period !== undefined, values.quarter !== undefined, values.from !== undefined || values.to !== undefined].filter(Boolean).length;
  if (given !== 1) throw new UsageError("give one period: --period YYYY-MM, --quarter YYYY-Qn, or --from and --to");
  let request: PeriodRequest;
  if (values.period !== undefined) request = { month: values.period };
  else if (values.quarter !== undefined) request = { quarter: values.quarter };
  else {
    if (values.from === undefined || values.to === undefined) throw new UsageError("--from and --to go together");
    request = { from: values.from, to: values.to };
  }
  try {
    return parsePeriod(request);
  } catch (error) {
    if (error instanceof EvidenceError) throw new UsageError(error.message);
    throw error;
  }
}
