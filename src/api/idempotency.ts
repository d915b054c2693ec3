// Idempotency-Key as Stripe and the IETF httpapi draft describe it: for 24 hours a retry with the
// same key and body replays the first response and applies nothing again; the same key with
// another body is refused; a retry while the first is still running gets 409. Keys are scoped to
// the API key that sent them. The record lives in the database, so every instance agrees.
import { createHash } from "node:crypto";
import { isUniqueViolation } from "../storage/is-unique-violation.js";
import type { Prisma } from "../storage/open-database.js";
import { ApiError } from "./errors.js";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A reservation older than this belongs to a request that died; a retry may take it over. */
export const IDEMPOTENCY_STALE_MS = 60 * 1000;

export type Reservation =
  | { kind: "fresh" }
  | { kind: "replay"; status: number; body: unknown };

export function parseIdempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(raw)) {
    throw new ApiError(400, "invalid_request", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
  }
  return raw;
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${canonicalJson(body)}`).digest("hex");
}

export async function reserveIdempotencyKey(
  prisma: Prisma,
  input: { apiKeyId: string; key: string; requestHash: string; now: Date },
): Promise<Reservation> {
  const { apiKeyId, key, requestHash, now } = input;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await prisma.idempotencyRecord.create({
        data: { apiKeyId, key, requestHash, state: "in_progress", createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) },
      });
      return { kind: "fresh" };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const existing = await prisma.idempotencyRecord.findUnique({ where: { apiKeyId_key: { apiKeyId, key } } });
    if (!existing) continue; // released meanwhile: try to take it again
    const abandoned = existing.state === "in_progress" && now.getTime() - existing.createdAt.getTime() > IDEMPOTENCY_STALE_MS;
    if (existing.expiresAt <= now || abandoned) {
      await prisma.idempotencyRecord.deleteMany({ where: { apiKeyId, key, createdAt: existing.createdAt } });
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw new ApiError(422, "idempotency_key_reused", "This Idempotency-Key was already used with a different request body; use a new key for a new request.");
    }
    if (existing.state === "in_progress") {
      throw new ApiError(409, "idempotency_key_in_use", "A request with this Idempotency-Key is still being processed; retry shortly.", { headers: { "Retry-After": "1" } });
    }
    return { kind: "replay", status: existing.responseStatus ?? 200, body: existing.responseBody };
  }
  throw new ApiError(409, "idempotency_key_in_use", "This Idempotency-Key is contended; retry shortly.", { headers: { "Retry-After": "1" } });
}

/** Lets a retry run again after the first attempt failed unexpectedly. */
export async function releaseIdempotencyKey(prisma: Prisma, apiKeyId: string, key: string): Promise<void> {
  await prisma.idempotencyRecord.deleteMany({ where: { apiKeyId, key, state: "in_progress" } });
}

/** Sorted keys, so the same JSON sent with other key order or spacing is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.keys(value as object).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}
