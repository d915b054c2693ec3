// Empties the evidence tables, which the GitHub harness's reset does not know about.
import type { Database } from "../../../src/storage/open-database.js";

export async function resetEvidence(db: Database) {
  await db.sql.exec("TRUNCATE pull_request_findings, finding_exceptions, pull_request_closures");
}
