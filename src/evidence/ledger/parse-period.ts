// The period of an evidence export: a calendar month ("2026-11"), a quarter ("2026-Q4") or two
// days given inclusively. Periods are in UTC, like billing periods; `to` is exclusive.
import { isCalendarDate } from "../parse-evidence-command.js";
import { EvidenceError } from "../types.js";

export interface Period {
  /** As asked: "2026-11", "2026-Q4" or "2026-11-01..2026-11-15". */
  label: string;
  from: Date;
  to: Date;
}

export type PeriodRequest = { month: string } | { quarter: string } | { from: string; to: string };

export function parsePeriod(request: PeriodRequest): Period {
  if ("month" in request) {
    const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(request.month);
    if (!match) throw new EvidenceError("invalid_period", `"${request.month}" is not a month; write it as YYYY-MM, e.g. 2026-11.`);
    const [year, month] = [Number(match[1]), Number(match[2])];
    return { label: request.month, from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)) };
  }
  if ("quarter" in request) {
    const match = /^(\d{4})-Q([1-4])$/i.exec(request.quarter);
    if (!match) throw new EvidenceError("invalid_period", `"${request.quarter}" is not a quarter; write it as YYYY-Qn, e.g. 2026-Q4.`);
    const [year, quarter] = [Number(match[1]), Number(match[2])];
    return { label: `${year}-Q${quarter}`, from: new Date(Date.UTC(year, (quarter - 1) * 3, 1)), to: new Date(Date.UTC(year, quarter * 3, 1)) };
  }
  for (const day of [request.from, request.to]) {
    if (!isCalendarDate(day)) throw new EvidenceError("invalid_period", `"${day}" is not a date; write it as YYYY-MM-DD.`);
  }
  const from = new Date(`${request.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${request.to}T00:00:00Z`) + 86_400_000);
  if (to <= from) throw new EvidenceError("invalid_period", `The period ends (${request.to}) before it starts (${request.from}).`);
  return { label: `${request.from}..${request.to}`, from, to };
}
