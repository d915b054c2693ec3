// The words of the evidence commands' replies and of the summary's references and accepted
// findings, one file per review language. Commands, references and control ids stay as typed.
import type { CommandProblem } from "../parse-evidence-command.js";

export interface AcceptedItem {
  reference: string;
  location: string;
  controls: string;
  by: string;
  reason: string;
  /** Last day it holds (YYYY-MM-DD), or null for no expiry. */
  until: string | null;
}

export interface EvidenceMessages {
  /** How to accept a finding, shown over the references. */
  referencesLead: string;
  moreFindings(count: number): string;
  acceptedHeading: string;
  acceptedItem(item: AcceptedItem): string;
  /** The reply to a recorded exception. */
  acceptedReply(item: { reference: string; location: string; until: string | null }): string;
  /** The reply to `/clearance help`: every command. */
  help: string;
  /** The accept command's syntax, shown after a syntax error. */
  usage: string;
  problems: Record<CommandProblem, (detail: string) => string>;
  notPermitted(login: string, permission: string): string;
  permissionCheckFailed: string;
  closedPullRequest: string;
  unknownFinding(reference: string): string;
  ambiguousReference(reference: string, candidates: string): string;
  findingFixed(reference: string): string;
  untilInPast(day: string): string;
}
