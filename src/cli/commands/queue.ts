// `clearance queue`: the review backlog per installation (queued, running, retrying, failed,
// oldest wait), so an operator sees whose burst is waiting and whether anything is stuck.
import { formatWait } from "../../github/queue/format-wait.js";
import { reportQueue, type InstallationQueue } from "../../github/queue/report-queue.js";
import { parse } from "../parse.js";
import type { CliCommand } from "../types.js";
import { withDatabase } from "../with-database.js";

export const queue: CliCommand = {
  path: ["queue"],
  usage: "clearance queue [--json]",
  summary: "show the review queue per installation: queued, running, retrying, failed (24 h), oldest wait",
  async run(args, context) {
    const { values } = parse(args, { json: { type: "boolean" } }, 0);
    await withDatabase(context, async (db) => {
      const rows = await reportQueue(db.prisma, context.now());
      if (values.json) {
        context.out(JSON.stringify({ installations: rows.map(toJson) }));
        return;
      }
      if (rows.length === 0) {
        context.out("The review queue is empty.");
        return;
      }
      const table = [
        ["INSTALLATION", "ACCOUNT", "QUEUED", "RUNNING", "STALLED", "RETRYING", "FAILED 24H", "OLDEST WAIT"],
        ...rows.map((r) => [String(r.installationId), r.account ?? "(unknown)", String(r.queued), String(r.running), String(r.stalled), String(r.retrying), String(r.failedLastDay), formatWait(r.oldestWaitMs)]),
      ];
      const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
      for (const line of table) context.out(line.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd());
      const totals = rows.reduce((sum, r) => ({ queued: sum.queued + r.queued, running: sum.running + r.running }), { queued: 0, running: 0 });
      context.out(`${totals.queued} queued, ${totals.running} running across ${rows.length} installation${rows.length === 1 ? "" : "s"}.`);
      for (const r of rows.filter((r) => r.lastError)) context.out(`last error, installation ${r.installationId}: ${oneLine(r.lastError!)}`);
    });
  },
};

function toJson(r: InstallationQueue) {
  return {
    installation_id: Number(r.installationId),
    account: r.account ?? null,
    queued: r.queued,
    running: r.running,
    stalled: r.stalled,
    retrying: r.retrying,
    failed_last_day: r.failedLastDay,
    oldest_wait_seconds: r.oldestWaitMs === undefined ? null : Math.round(r.oldestWaitMs / 1000),
    last_error: r.lastError ?? null,
  };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
