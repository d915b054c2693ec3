// Reads and writes the stored configuration. The API and the console call these, never Prisma
// directly, so every write goes through one validation and leaves one audit record.
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

type Transaction = Parameters<Parameters<Prisma["$transaction"]>[0]>[0];

/** GET /v1/config's read, on every such request: through the driver, like the key lookup (see api-keys.ts). */
export async function getConfiguration(sql: SqlDriver, organisationId: string): Promise<OrganisationConfiguration> {
  const [row] = await sql.query<{
    profile: Profile;
    frameworks: string[];
    eu_inference: boolean;
    review_language: ReviewLanguage;
    commitments: Commitment[];
    commitments_updated_at: Date | null;
  }>(
    `SELECT profile, frameworks, eu_inference, review_language, commitments,
            commitments_updated_at AT TIME ZONE 'UTC' AS commitments_updated_at
       FROM configurations WHERE organisation_id = $1`,
    [organisationId],
  );
  if (!row) return { ...DEFAULT_CONFIGURATION };
  return { ...row, commitments_updated_at: row.commitments_updated_at ? row.commitments_updated_at.toISOString() : null };
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
  beforeCommit?: (tx: Transaction, stored: Partial<OrganisationConfiguration>) => Promise<void>;
}

/**
 * Applies a validated update: all fields or none, with the audit record (actor, fields before
 * and after, idempotency key) in the same transaction. Returns the sent fields as stored.
 */
export async function updateConfiguration(prisma: Prisma, update: ConfigurationUpdate, context: UpdateContext) {
  const now = context.now ?? new Date();
  return prisma.$transaction(async (tx) => {
    // Serialise concurrent writers of one organisation so "before" in the audit is exact.
    const locked = await tx.$queryRaw<{ organisation_id: string }[]>`
      SELECT organisation_id FROM configurations WHERE organisation_id = ${context.organisationId} FOR UPDATE`;
    if (locked.length === 0) {
      const organisation = await tx.organisation.findUnique({ where: { id: context.organisationId } });
      if (!organisation) throw new DomainError("not_found", "The organisation does not exist.");
      await tx.configuration.create({ data: { organisationId: context.organisationId } });
    }
    const current = toConfiguration((await tx.configuration.findUniqueOrThrow({ where: { organisationId: context.organisationId } })));

    const data: Record<string, unknown> = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (update.profile !== undefined) data.profile = update.profile;
    if (update.frameworks !== undefined) data.frameworks = update.frameworks;
    if (update.eu_inference !== undefined) data.euInference = update.eu_inference;
    if (update.review_language !== undefined) data.reviewLanguage = update.review_language;
    if (update.commitments !== undefined) {
      const commitments = update.commitments.map(normaliseCommitment);
      data.commitments = commitments;
      const changed = current.commitments_updated_at === null || JSON.stringify(commitments) !== JSON.stringify(current.commitments);
      if (changed) data.commitmentsUpdatedAt = now;
    }
    const stored = toConfiguration(await tx.configuration.update({ where: { organisationId: context.organisationId }, data }));
    const echoed: Partial<OrganisationConfiguration> = {};
    for (const field of Object.keys(update) as (keyof ConfigurationUpdate)[]) {
      before[field] = current[field];
      after[field] = stored[field];
      (echoed as Record<string, unknown>)[field] = stored[field];
    }
    await tx.auditRecord.create({
      data: {
        organisationId: context.organisationId,
        apiKeyId: context.apiKeyId ?? null,
        actor: context.actor,
        action: "config.update",
        before: before as object,
        after: after as object,
        idempotencyKey: context.idempotencyKey ?? null,
        createdAt: now,
      },
    });
    if (context.beforeCommit) await context.beforeCommit(tx, echoed);
    return echoed;
  });
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
