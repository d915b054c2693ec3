// Shapes shared by the evidence module: exceptions, the ledger and what the summary shows.
import { DomainError } from "../domain/errors.js";

export interface ControlRef {
  framework: string;
  id: string;
  title: string;
}

/** A finding accepted as a known risk on one pull request. */
export interface ExceptionRecord {
  id: string;
  installationId: bigint;
  repoFullName: string;
  pullNumber: number;
  fingerprint: string;
  reason: string;
  acceptedBy: string;
  acceptedWith: string;
  acceptedAt: Date;
  /** The first moment it no longer holds (00:00 UTC after the --until day); null: no expiry. */
  expiresAt: Date | null;
  commentUrl: string | null;
  revokedAt: Date | null;
  revokedBy: string | null;
}

export type ExceptionState = "active" | "expired" | "revoked";

export function exceptionState(exception: Pick<ExceptionRecord, "expiresAt" | "revokedAt">, at: Date): ExceptionState {
  if (exception.revokedAt && exception.revokedAt <= at) return "revoked";
  if (exception.expiresAt && exception.expiresAt <= at) return "expired";
  return "active";
}

/** Holds at `at`: accepted by then, not revoked and not expired by then. */
export function exceptionHoldsAt(exception: Pick<ExceptionRecord, "acceptedAt" | "expiresAt" | "revokedAt">, at: Date): boolean {
  return exception.acceptedAt <= at && exceptionState(exception, at) === "active";
}

/** The last day an exception holds (YYYY-MM-DD), as typed after --until. */
export function untilDay(expiresAt: Date | null): string | null {
  if (!expiresAt) return null;
  return new Date(expiresAt.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/** Something a person asked for that the rules refuse; `code` says which rule. */
export class EvidenceError extends DomainError {
  constructor(
    override readonly code: "unknown_finding" | "ambiguous_reference" | "finding_fixed" | "not_found" | "already_revoked" | "invalid_period" | "unknown_frameworks",
    message: string,
    readonly detail: string[] = [],
  ) {
    super(code, message);
    this.name = "EvidenceError";
  }
}
