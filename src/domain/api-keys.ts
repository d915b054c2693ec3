// API keys: "clr_" + 32 random bytes (base64url). Only a SHA-256 hash is stored; a presented key
// is looked up by its hash and compared in constant time. Every request reads the database, so a
// revocation holds on the very next request on every instance. That read is on every API request,
// so it goes through the driver: Prisma 6's Wasm query compiler cost ~4x throughput here (bench:api).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Prisma } from "../storage/open-database.js";
import type { SqlDriver } from "../storage/sql-driver.js";
import { recordAudit } from "./audit.js";
import { DomainError } from "./errors.js";

export const KEY_PREFIX = "clr_";
export const SCOPES = ["config:read", "config:write"] as const;
export type Scope = (typeof SCOPES)[number];
const KEY_PATTERN = /^clr_[A-Za-z0-9_-]{43}$/;
const LAST_USED_PRECISION_MS = 60_000;

export interface CreatedKey {
  id: string;
  key: string;
  scopes: Scope[];
  expiresAt: Date | null;
  name: string | null;
}

export async function createApiKey(
  prisma: Prisma,
  input: { installationId: bigint; scopes?: Scope[]; expiresInSeconds?: number; name?: string; now?: Date; actor?: string },
): Promise<CreatedKey> {
  const organisation = await prisma.organisation.findUnique({ where: { installationId: input.installationId } });
  if (!organisation) {
    throw new DomainError("not_claimed", `Installation ${input.installationId} is not claimed: claim it first ("clearance claim ${input.installationId}"). Only a claimed installation can have API keys.`);
  }
  const scopes = [...new Set(input.scopes?.length ? input.scopes : SCOPES)];
  for (const scope of scopes) if (!(SCOPES as readonly string[]).includes(scope)) throw new DomainError("invalid_scope", `Unknown scope "${scope}"; scopes are ${SCOPES.join(" and ")}.`);
  if (input.expiresInSeconds !== undefined && !(Number.isInteger(input.expiresInSeconds) && input.expiresInSeconds > 0)) {
    throw new DomainError("invalid_expiry", "The expiry must be a positive whole number of seconds.");
  }
  const key = KEY_PREFIX + randomBytes(32).toString("base64url");
  const now = input.now ?? new Date();
  const expiresAt = input.expiresInSeconds ? new Date(now.getTime() + input.expiresInSeconds * 1000) : null;
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        organisationId: organisation.id,
        name: input.name ?? null,
        displayPrefix: key.slice(0, KEY_PREFIX.length + 6),
        hash: hashKey(key),
        scopes,
        expiresAt,
        createdAt: now,
        createdBy: input.actor ?? "cli",
      },
    });
    // Who can change the configuration is itself audited; the key never appears in the record.
    await recordAudit(tx, {
      organisationId: organisation.id,
      actor: input.actor ?? "cli",
      action: "api_key.create",
      before: {},
      after: { key_id: created.id, display_prefix: created.displayPrefix, scopes, expires_at: expiresAt?.toISOString() ?? null, name: created.name },
      now,
    });
    return created;
  });
  return { id: row.id, key, scopes, expiresAt, name: row.name };
}

export type KeyCheck =
  | { ok: true; keyId: string; organisationId: string; scopes: Scope[] }
  | { ok: false; reason: "malformed" | "unknown" | "expired" | "revoked" };

export async function verifyApiKey(sql: SqlDriver, presented: string, now = new Date()): Promise<KeyCheck> {
  if (!KEY_PATTERN.test(presented)) return { ok: false, reason: "malformed" };
  const hash = hashKey(presented);
  // The columns are TIMESTAMP (UTC, as Prisma writes them); AT TIME ZONE makes the driver read them as UTC.
  const [row] = await sql.query<{
    id: string;
    organisation_id: string;
    hash: string;
    scopes: string[];
    expires_at: Date | null;
    revoked_at: Date | null;
    last_used_at: Date | null;
  }>(
    `SELECT id, organisation_id, hash, scopes, expires_at AT TIME ZONE 'UTC' AS expires_at, revoked_at AT TIME ZONE 'UTC' AS revoked_at,
            last_used_at AT TIME ZONE 'UTC' AS last_used_at
       FROM api_keys WHERE hash = $1`,
    [hash],
  );
  if (!row || !timingSafeEqual(Buffer.from(row.hash, "hex"), Buffer.from(hash, "hex"))) return { ok: false, reason: "unknown" };
  if (row.revoked_at) return { ok: false, reason: "revoked" };
  if (row.expires_at && row.expires_at <= now) return { ok: false, reason: "expired" };
  // "Last used" to the minute is enough for people, and keeps a write off most requests.
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_PRECISION_MS) {
    await sql.query(`UPDATE api_keys SET last_used_at = ($2::timestamptz AT TIME ZONE 'UTC') WHERE id = $1`, [row.id, now.toISOString()]);
  }
  return { ok: true, keyId: row.id, organisationId: row.organisation_id, scopes: row.scopes as Scope[] };
}

export async function listApiKeys(prisma: Prisma, installationId: bigint) {
  const organisation = await prisma.organisation.findUnique({ where: { installationId } });
  if (!organisation) throw new DomainError("not_claimed", `Installation ${installationId} is not claimed; it has no API keys.`);
  return prisma.apiKey.findMany({ where: { organisationId: organisation.id }, orderBy: { createdAt: "asc" } });
}

/**
 * Revokes by key id or by the full key. Revoking twice is harmless and reports the first time.
 * With organisationId (the console), a key of another organisation is "not found".
 */
export async function revokeApiKey(prisma: Prisma, idOrKey: string, now = new Date(), actor = "cli", organisationId?: string) {
  const where = idOrKey.startsWith(KEY_PREFIX) ? { hash: hashKey(idOrKey) } : isUuid(idOrKey) ? { id: idOrKey } : null;
  if (!where) throw new DomainError("not_found", `"${idOrKey}" is neither a key id nor a key.`);
  const row = await prisma.apiKey.findUnique({ where });
  if (!row || (organisationId !== undefined && row.organisationId !== organisationId)) throw new DomainError("not_found", "No such API key.");
  if (row.revokedAt) return row;
  return prisma.$transaction(async (tx) => {
    const revoked = await tx.apiKey.update({ where: { id: row.id }, data: { revokedAt: now } });
    await recordAudit(tx, {
      organisationId: row.organisationId,
      actor,
      action: "api_key.revoke",
      before: { key_id: row.id, revoked_at: null },
      after: { key_id: row.id, revoked_at: now.toISOString() },
      now,
    });
    return revoked;
  });
}

function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
}
