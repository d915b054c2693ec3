// A paused review's notice in the review language: why, then only the ways to resume that apply
// (a bare installation can be claimed; the largest plan cannot be upgraded; public caps only wait).
import type { Admission } from "../../billing/types.js";
import type { Messages } from "./types.js";

export function pausedNotice(messages: Messages, admission: Extract<Admission, { admitted: false }>): string {
  const { paused } = messages;
  const date = admission.resumesAt.toISOString().slice(0, 10);
  const ways = admission.resumeOptions.map((option) => (option === "next_period" ? paused.resumeWays.next_period(date) : paused.resumeWays[option]));
  return [paused[admission.reason], "", paused.resumeLead, ...ways.map((way) => `- ${way}`)].join("\n");
}
