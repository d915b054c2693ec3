// Where each exception's finding stood when its pull request was last reviewed (path and line),
// from the review evidence the exception was accepted on: the console lists it beside the
// exception. One query for all of them; a finding of another pull request with the same
// fingerprint never lends its place.
import type { Prisma } from "../../storage/open-database.js";
import type { ListedException } from "./list-exceptions.js";

export interface LocatedException extends ListedException {
  /** null when the review evidence is gone (purged with its pull request's records). */
  location: { path: string; line: number } | null;
}

export async function locateExceptions(prisma: Prisma, installationId: bigint, exceptions: ListedException[]): Promise<LocatedException[]> {
  if (exceptions.length === 0) return [];
  const findings = await prisma.pullRequestFinding.findMany({
    where: { installationId, fingerprint: { in: [...new Set(exceptions.map((e) => e.fingerprint))] } },
    select: { repoFullName: true, pullNumber: true, fingerprint: true, path: true, line: true },
  });
  const key = (f: { repoFullName: string; pullNumber: number; fingerprint: string }) => `${f.repoFullName}#${f.pullNumber}#${f.fingerprint}`;
  const location = new Map(findings.map((f) => [key(f), { path: f.path, line: f.line }]));
  return exceptions.map((e) => ({ ...e, location: location.get(key(e)) ?? null }));
}
