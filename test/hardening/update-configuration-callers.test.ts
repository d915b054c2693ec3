// updateConfiguration runs the same statements whether a caller holds the SQL driver (the API) or
// only Prisma (the console): same stored values, same audit record, same timestamps in UTC.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { getConfiguration, updateConfiguration } from "../../src/domain/configuration/configuration-store.js";
import { claimInstallation, recordInstallation } from "../../src/domain/installations.js";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase } from "../support/database.js";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe("updateConfiguration", () => {
  it.each(["driver", "prisma"] as const)("through the %s: applies, audits, and stamps commitments in UTC", async (through) => {
    const installationId = through === "driver" ? 71n : 72n;
    await recordInstallation(db.prisma, { id: installationId, accountLogin: `callers-${through}` });
    const organisation = await claimInstallation(db.prisma, installationId);
    const now = new Date("2026-11-22T10:00:00.123Z");
    const update = { profile: { company: "Acme", b: 1, a: [true] }, frameworks: ["GDPR"], commitments: [{ implementation: "400 days", area: "logging" as const }] };
    const echoed = await updateConfiguration(through === "driver" ? db.sql : db.prisma, update, { organisationId: organisation.id, actor: "console:ann", now });
    expect(echoed).toEqual({ profile: update.profile, frameworks: ["GDPR"], commitments: [{ area: "logging", implementation: "400 days" }] });
    expect(JSON.stringify(echoed.profile)).toBe('{"company":"Acme","b":1,"a":[true]}'); // key order kept
    const stored = await getConfiguration(db.sql, organisation.id);
    expect(stored).toMatchObject({ ...echoed, eu_inference: false, review_language: "en", commitments_updated_at: "2026-11-22T10:00:00.123Z" });
    const audit = await db.prisma.auditRecord.findMany({ where: { organisationId: organisation.id, action: "config.update" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: "console:ann", action: "config.update", before: { profile: {}, frameworks: [], commitments: [] }, after: echoed });
    expect(audit[0]!.createdAt.toISOString()).toBe("2026-11-22T10:00:00.123Z");
  });

  it("refuses an organisation that does not exist, changing nothing", async () => {
    const before = await db.prisma.auditRecord.count();
    await expect(updateConfiguration(db.sql, { eu_inference: true }, { organisationId: "00000000-0000-4000-8000-000000000000", actor: "cli" })).rejects.toMatchObject({ code: "not_found" });
    expect(await db.prisma.auditRecord.count()).toBe(before);
  });
});
