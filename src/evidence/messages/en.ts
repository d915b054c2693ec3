import type { EvidenceMessages } from "./types.js";

const USAGE = '`/clearance accept <reference> --reason "<why>" [--until YYYY-MM-DD]`';

export const en: EvidenceMessages = {
  referencesLead: `To accept a finding as a known risk, someone with write access comments ${USAGE}.`,
  moreFindings: (count) => `… and ${count} more.`,
  acceptedHeading: "Accepted findings",
  acceptedItem: (a) => `- \`${a.reference}\` ${a.location}${a.controls ? ` (${a.controls})` : ""}: accepted by @${a.by}, ${a.until ? `until ${a.until}` : "no expiry"}. Reason: ${a.reason}`,
  acceptedReply: (a) => `Accepted finding \`${a.reference}\` (${a.location}) as a known risk, ${a.until ? `until ${a.until} (UTC); after that it is raised again` : "with no expiry"}. It is recorded for the evidence ledger and no longer raised on this pull request; the summary is being updated.`,
  help: [
    "Clearance commands, each on a line of its own in a pull-request comment:",
    "",
    "- `/clearance` or `/clearance review`: review the pull request's latest commit now.",
    `- ${USAGE}: accept a finding as a known risk. The reference is the one the summary lists; a reason is required; without \`--until\` the exception holds until it is revoked. Only people with write access to the repository can accept.`,
    "- `/clearance help`: this list.",
  ].join("\n"),
  usage: `Usage: ${USAGE}`,
  problems: {
    missing_reference: () => "Name the finding to accept: its reference as the summary lists it.",
    bad_reference: (d) => `\`${d}\` is not a finding reference; references are 7 letters and digits, as the summary lists them.`,
    missing_reason: () => "A reason is required: add `--reason \"…\"`.",
    reason_too_long: () => "The reason is too long: at most 500 characters.",
    bad_until: (d) => `\`--until\` needs a date as YYYY-MM-DD${d ? `, not \`${d}\`` : ""}.`,
    unknown_option: (d) => `Unknown option \`${d}\`.`,
    extra_argument: (d) => `Unexpected \`${d}\`: name one finding, and put the reason in quotes.`,
    unclosed_quote: () => "A quote is not closed.",
  },
  notPermitted: (login, permission) => `@${login}, only people with write access to this repository can accept findings; your access is \`${permission}\`. Nothing was recorded.`,
  permissionCheckFailed: "Your repository permission could not be checked with GitHub just now, so nothing was recorded. Please try again in a moment.",
  closedPullRequest: "This pull request is closed, so its findings can no longer be accepted.",
  unknownFinding: (r) => `There is no finding \`${r}\` on this pull request. Use a reference from the summary comment.`,
  ambiguousReference: (r, c) => `\`${r}\` matches more than one finding (${c}); use more characters of the reference.`,
  findingFixed: (r) => `Finding \`${r}\` is already fixed; there is nothing to accept.`,
  untilInPast: (d) => `\`--until ${d}\` is in the past; give today or a later date.`,
};
