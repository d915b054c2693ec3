// Audit records: the one writer and reader of audit_records, besides the configuration store's
// own write (kept there so the change and its record share a transaction it controls).
import type { Prisma } from "../storage/open-database.js";

type Transaction = Parameters<Parameters<Prisma["$transaction"]>[0]>[0];

export interface AuditEntry {
  organisationId: string;
  /** "api_key:<id>", "console:<account id>" (before console accounts: "console:<GitHub login>") or "cli". */
  actor: string;
  action: string;
  before: object;
  after: object;
  apiKeyId?: string | null;
  idempotencyKey?: string | null;
  now: Date;
}

/** Writes one record, inside the caller's transaction so it commits with the change it describes. */
export async function recordAudit(tx: Transaction | Prisma, entry: AuditEntry): Promise<void> {
  await tx.auditRecord.create({
    data: {
      organisationId: entry.organisationId,
      apiKeyId: entry.apiKeyId ?? null,
      actor: entry.actor,
      action: entry.action,
      before: entry.before,
      after: entry.after,
      idempotencyKey: entry.idempotencyKey ?? null,
      createdAt: entry.now,
    },
  });
}

export interface AuditView {
  id: string;
  action: string;
  /** Who did it, for people: the API key's name, the console account's name, or "operator (CLI)". */
  who: string;
  actor: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** The organisation's newest records first, with API key actors named. */
export async function listAuditRecords(prisma: Prisma, organisationId: string, limit = 100): Promise<AuditView[]> {
  const rows = await prisma.auditRecord.findMany({ where: { organisationId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: limit });
  const keyIds = [...new Set(rows.map((r) => keyIdOf(r.actor)).filter((id): id is string => id !== null))];
  const keys = keyIds.length ? await prisma.apiKey.findMany({ where: { id: { in: keyIds }, organisationId }, select: { id: true, name: true, displayPrefix: true } }) : [];
  const keyById = new Map(keys.map((k) => [k.id, k]));
  const people = await consoleNames(prisma, rows.map((r) => r.actor));
  return rows.map((r) => ({ id: r.id, action: r.action, who: describeActor(r.actor, keyById, people), actor: r.actor, before: r.before, after: r.after, createdAt: r.createdAt }));
}

/** Console actors ("console:<account id>") by account id → the person's display name. */
async function consoleNames(prisma: Prisma, actors: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(actors.filter((a): a is string => a?.startsWith("console:") ?? false).map((a) => a.slice("console:".length)))];
  if (ids.length === 0) return new Map();
  const accounts = await prisma.consoleAccount.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true } });
  return new Map(accounts.map((a) => [a.id, a.displayName]));
}

/** A person's name for actors written outside the audit log (an API key's creator): the console account's name, "operator (CLI)", or the actor. */
export async function describePeople(prisma: Prisma, actors: (string | null)[]): Promise<(actor: string | null) => string> {
  const people = await consoleNames(prisma, actors);
  return (actor) => {
    if (!actor) return "—";
    if (actor.startsWith("console:")) return people.get(actor.slice("console:".length)) ?? actor.slice("console:".length);
    if (actor === "cli") return "operator (CLI)";
    return actor;
  };
}

function keyIdOf(actor: string): string | null {
  return actor.startsWith("api_key:") ? actor.slice("api_key:".length) : null;
}

function describeActor(actor: string, keys: Map<string, { name: string | null; displayPrefix: string }>, people: Map<string, string>): string {
  const keyId = keyIdOf(actor);
  if (keyId !== null) {
    const key = keys.get(keyId);
    return key ? `API key ${key.name ? `"${key.name}" ` : ""}(${key.displayPrefix}…)` : "API key (deleted)";
  }
  // A console account by its name; an older record names the GitHub login itself.
  if (actor.startsWith("console:")) return `${people.get(actor.slice("console:".length)) ?? actor.slice("console:".length)} (console)`;
  if (actor === "cli") return "operator (CLI)";
  return actor;
}
