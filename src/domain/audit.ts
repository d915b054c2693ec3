// Audit records: the one writer and reader of audit_records, besides the configuration store's
// own write (kept there so the change and its record share a transaction it controls).
import type { Prisma } from "../storage/open-database.js";

type Transaction = Parameters<Parameters<Prisma["$transaction"]>[0]>[0];

export interface AuditEntry {
  organisationId: string;
  /** "api_key:<id>", "console:<login>" or "cli". */
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
  /** Who did it, for people: the API key's name, the console user's login, or "operator (CLI)". */
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
  return rows.map((r) => ({ id: r.id, action: r.action, who: describeActor(r.actor, keyById), actor: r.actor, before: r.before, after: r.after, createdAt: r.createdAt }));
}

function keyIdOf(actor: string): string | null {
  return actor.startsWith("api_key:") ? actor.slice("api_key:".length) : null;
}

function describeActor(actor: string, keys: Map<string, { name: string | null; displayPrefix: string }>): string {
  const keyId = keyIdOf(actor);
  if (keyId !== null) {
    const key = keys.get(keyId);
    return key ? `API key ${key.name ? `"${key.name}" ` : ""}(${key.displayPrefix}…)` : "API key (deleted)";
  }
  if (actor.startsWith("console:")) return `${actor.slice("console:".length)} (console)`;
  if (actor === "cli") return "operator (CLI)";
  return actor;
}
