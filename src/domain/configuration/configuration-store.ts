// Reads and writes the stored configuration. The API and the console call these, never Prisma
// directly, so every write goes through one validation and leaves one audit record.
import { randomUUID } from "node:crypto";
import type { Configuration } from "../../generated/prisma/client.js";
import type { Prisma } from "../../storage/open-database.js";
import type { SqlDriver } from "../../storage/sql-driver.js";
import { DomainError } from "../errors.js";
import type { Commitment, OrganisationConfiguration, Profile, ReviewLanguage } from "../types.js";
import type { ConfigurationUpdate } from "./validate-configuration-update.js";

export const DEFAULT_CONFIGURATION: OrganisationConfiguration = Object.freeze({
  profile: {},
  frameworks: [],
  eu_inference: false,
  review_language: "en",
  commitments: [],
  commitments_updated_at: null,
}) as OrganisationConfiguration;

/** What an update needs of a database connection inside its transaction: the driver's query. */
export interface SqlTransaction {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

interface ConfigurationRow {
  profile: Profile;
  frameworks: string[];
  eu_inference: boolean;
  review_language: ReviewLanguage;
  commitments: Commitment[];
  commitments_updated_at: Date | null;
}

const COLUMNS = `profile, frameworks, eu_inference, review_language, commitments,
  commitments_updated_at AT TIME ZONE 'UTC' AS commitments_updated_at`;

/** GET /v1/config's read, on every such request: through the driver, like the key lookup (see api-keys.ts). */
export async function getConfiguration(sql: SqlDriver, organisationId: string): Promise<OrganisationConfiguration> {
  const [row] = await sql.query<ConfigurationRow>(`SELECT ${COLUMNS} FROM configurations WHERE organisation_id = $1`, [organisationId]);
  return row ? toStoredFields(row) : { ...DEFAULT_CONFIGURATION };
}

/** What a review of this installation is grounded in: its organisation's, or the defaults when unclaimed. */
export async function configurationForInstallation(prisma: Prisma, installationId: bigint): Promise<OrganisationConfiguration> {
  const organisation = await prisma.organisation.findUnique({ where: { installationId }, include: { configuration: true } });
  return organisation?.configuration ? toConfiguration(organisation.configuration) : { ...DEFAULT_CONFIGURATION };
}

export interface UpdateContext {
  organisationId: string;
  actor: string;
  apiKeyId?: string;
  idempotencyKey?: string;
  now?: Date;
  /** Runs inside the same transaction, after the change and its audit record, before commit. */
  beforeCommit?: (tx: SqlTransaction, stored: Partial<OrganisationConfiguration>) => Promise<void>;
}

/** Timestamps are "timestamp without time zone" holding UTC; pass an ISO string and convert in SQL. */
const UTC = (n: number) => `($${n}::timestamptz AT TIME ZONE 'UTC')`;

/**
 * Applies a validated update: all fields or none, with the audit record (actor, fields before
 * and after, idempotency key) in the same transaction. Returns the sent fields as stored.
 *
 * Runs as plain SQL on one connection (lock row, update, insert audit: what PostgreSQL itself
 * does for the write) rather than as a Prisma interactive transaction, whose round trips through
 * the query engine cost more than the statements. Callers holding only Prisma (the console) get
 * the same statements inside prisma.$transaction.
 */
export async function updateConfiguration(database: SqlDriver | Prisma, update: ConfigurationUpdate, context: UpdateContext) {
  if ("transaction" in database) return database.transaction((tx) => applyUpdate(tx, update, context));
  return database.$transaction((tx) =>
    applyUpdate({ query: <Row>(sql: string, params: unknown[] = []) => tx.$queryRawUnsafe<Row[]>(sql, ...params) }, update, context),
  );
}

async function applyUpdate(tx: SqlTransaction, update: ConfigurationUpdate, context: UpdateContext) {
  const now = (context.now ?? new Date()).toISOString();
  const organisationId = context.organisationId;
  // Serialise concurrent writers of one organisation so "before" in the audit is exact.
  const lock = `SELECT ${COLUMNS} FROM configurations WHERE organisation_id = $1 FOR UPDATE`;
  let [row] = await tx.query<ConfigurationRow>(lock, [organisationId]);
  if (!row) {
    const [organisation] = await tx.query(`SELECT id FROM organisations WHERE id = $1`, [organisationId]);
    if (!organisation) throw new DomainError("not_found", "The organisation does not exist.");
    await tx.query(`INSERT INTO configurations (organisation_id, updated_at) VALUES ($1, ${UTC(2)}) ON CONFLICT (organisation_id) DO NOTHING`, [organisationId, now]);
    [row] = await tx.query<ConfigurationRow>(lock, [organisationId]);
  }
  const current = toStoredFields(row!);

  const sets: string[] = [];
  const params: unknown[] = [organisationId, now];
  const set = (column: string, value: unknown, cast = "") => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (update.profile !== undefined) set("profile", JSON.stringify(update.profile), "::json");
  if (update.frameworks !== undefined) set("frameworks", update.frameworks, "::text[]");
  if (update.eu_inference !== undefined) set("eu_inference", update.eu_inference);
  if (update.review_language !== undefined) set("review_language", update.review_language);
  if (update.commitments !== undefined) {
    const commitments = update.commitments.map(normaliseCommitment);
    set("commitments", JSON.stringify(commitments), "::json");
    const changed = current.commitments_updated_at === null || JSON.stringify(commitments) !== JSON.stringify(current.commitments);
    if (changed) sets.push(`commitments_updated_at = ${UTC(2)}`);
  }
  const [updated] = await tx.query<ConfigurationRow>(
    `UPDATE configurations SET ${[...sets, `updated_at = ${UTC(2)}`].join(", ")} WHERE organisation_id = $1 RETURNING ${COLUMNS}`,
    params,
  );
  const stored = toStoredFields(updated!);

  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const echoed: Partial<OrganisationConfiguration> = {};
  for (const field of Object.keys(update) as (keyof ConfigurationUpdate)[]) {
    before[field] = current[field];
    after[field] = stored[field];
    (echoed as Record<string, unknown>)[field] = stored[field];
  }
  await tx.query(
    `INSERT INTO audit_records (id, organisation_id, api_key_id, actor, action, before, after, idempotency_key, created_at)
     VALUES ($1, $2, $3, $4, 'config.update', $5::jsonb, $6::jsonb, $7, ${UTC(8)})`,
    [randomUUID(), organisationId, context.apiKeyId ?? null, context.actor, JSON.stringify(before), JSON.stringify(after), context.idempotencyKey ?? null, now],
  );
  if (context.beforeCommit) await context.beforeCommit(tx, echoed);
  return echoed;
}

function toStoredFields(row: ConfigurationRow): OrganisationConfiguration {
  return {
    profile: typeof row.profile === "string" ? JSON.parse(row.profile) : row.profile,
    frameworks: row.frameworks,
    eu_inference: row.eu_inference,
    review_language: row.review_language,
    commitments: typeof row.commitments === "string" ? JSON.parse(row.commitments) : row.commitments,
    commitments_updated_at: row.commitments_updated_at ? new Date(row.commitments_updated_at).toISOString() : null,
  };
}

function normaliseCommitment(row: Commitment): Commitment {
  return row.source === undefined
    ? { area: row.area, implementation: row.implementation }
    : { area: row.area, implementation: row.implementation, source: row.source };
}

function toConfiguration(row: Configuration): OrganisationConfiguration {
  return {
    profile: row.profile as Profile,
    frameworks: row.frameworks,
    eu_inference: row.euInference,
    review_language: row.reviewLanguage as ReviewLanguage,
    commitments: row.commitments as unknown as Commitment[],
    commitments_updated_at: row.commitmentsUpdatedAt ? row.commitmentsUpdatedAt.toISOString() : null,
  };
}
