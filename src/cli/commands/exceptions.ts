// Accepted exceptions of an organisation: list those in force (or all), revoke one.
import { listExceptions } from "../../evidence/exceptions/list-exceptions.js";
import { revokeException } from "../../evidence/exceptions/revoke-exception.js";
import { findingReference } from "../../evidence/finding-reference.js";
import { untilDay } from "../../evidence/types.js";
import { parseInstallationId, requireInstallation } from "../../domain/installations.js";
import { parse } from "../parse.js";
import type { CliCommand } from "../types.js";
import { withDatabase } from "../with-database.js";

export const exceptionList: CliCommand = {
  path: ["exception", "list"],
  usage: "clearance exception list <installation-id> [--all]",
  summary: "list the findings accepted as known risks and still in force (--all: expired and revoked ones too)",
  async run(args, context) {
    const { values, positionals } = parse(args, { all: { type: "boolean" } }, 1);
    const installationId = parseInstallationId(positionals[0]!);
    await withDatabase(context, async (db) => {
      await requireInstallation(db.prisma, installationId);
      const rows = await listExceptions(db.prisma, installationId, { now: context.now(), all: values.all });
      if (rows.length === 0) return context.out(values.all ? "No exceptions." : "No exceptions in force.");
      for (const e of rows) {
        const until = untilDay(e.expiresAt);
        const state = e.state === "revoked" ? `revoked ${e.revokedAt!.toISOString()} by ${e.revokedBy}` : e.state === "expired" ? `expired after ${until}` : until ? `until ${until}` : "no expiry";
        context.out([e.id, `${e.repoFullName}#${e.pullNumber}`, findingReference(e.fingerprint), `accepted by ${e.acceptedBy} ${e.acceptedAt.toISOString()}`, state, JSON.stringify(e.reason)].join("  "));
      }
    });
  },
};

export const exceptionRevoke: CliCommand = {
  path: ["exception", "revoke"],
  usage: "clearance exception revoke <exception-id> [--installation <id>]",
  summary: "revoke an exception: its finding is raised again from the next review on",
  async run(args, context) {
    const { values, positionals } = parse(args, { installation: { type: "string" } }, 1);
    const installationId = values.installation !== undefined ? parseInstallationId(values.installation) : undefined;
    await withDatabase(context, async (db) => {
      const revoked = await revokeException(db.prisma, { id: positionals[0]!, installationId, revokedBy: "cli", now: context.now() });
      context.out(`Revoked exception ${revoked.id} (${revoked.repoFullName}#${revoked.pullNumber}, finding ${findingReference(revoked.fingerprint)}); the finding is raised again from the next review.`);
    });
  },
};
