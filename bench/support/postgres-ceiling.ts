// The ceiling for PUT /v1/config: the same transaction (row lock, update, audit insert) run
// through pg directly, with as many concurrent clients and pooled connections as the bench uses,
// for `seconds`. What PostgreSQL itself manages on this machine, pgbench-like.
import { randomUUID } from "node:crypto";
import pg from "pg";

export async function measurePostgresCeiling(options: { url: string; organisationIds: string[]; clients: number; poolSize: number; seconds: number }) {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
  const frameworks = ["ISO_27001", "GDPR"];
  const commitments = JSON.stringify([{ area: "logging", implementation: "400 days" }]);
  let transactions = 0;
  let next = 0;
  const deadline = Date.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (Date.now() < deadline) {
        const organisationId = options.organisationIds[next++ % options.organisationIds.length]!;
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const [before] = (await client.query("SELECT frameworks, review_language, commitments FROM configurations WHERE organisation_id = $1 FOR UPDATE", [organisationId])).rows;
          const [after] = (
            await client.query(
              `UPDATE configurations SET frameworks = $2::text[], review_language = $3, commitments = $4::json, updated_at = now()
                WHERE organisation_id = $1 RETURNING frameworks, review_language, commitments`,
              [organisationId, frameworks, "de", commitments],
            )
          ).rows;
          await client.query(
            `INSERT INTO audit_records (id, organisation_id, actor, action, before, after, created_at) VALUES ($1, $2, 'bench', 'config.update', $3::jsonb, $4::jsonb, now())`,
            [randomUUID(), organisationId, JSON.stringify(before), JSON.stringify(after)],
          );
          await client.query("COMMIT");
          transactions++;
        } finally {
          client.release();
        }
      }
    }),
  );
  await pool.end();
  return transactions / options.seconds;
}
