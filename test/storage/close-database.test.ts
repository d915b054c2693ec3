import { describe, expect, it } from "@jest/globals";
import { createTestDatabase, onPostgres } from "../support/database.js";

describe("closing the database", () => {
  it(`lets a transaction that is still running finish first (${onPostgres ? "PostgreSQL" : "PGlite"})`, async () => {
    const db = await createTestDatabase();
    await db.prisma.installation.create({ data: { id: 1n, accountLogin: "acme" } });
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const running = db.prisma.$transaction(async (tx) => {
      inside();
      await tx.$executeRaw`SELECT pg_sleep(0.2)`;
      return tx.installation.update({ where: { id: 1n }, data: { accountLogin: "acme-renamed" } });
    });
    await started;
    const closing = db.close(); // as a shutdown does while a request's transaction runs
    await expect(running).resolves.toMatchObject({ accountLogin: "acme-renamed" });
    await expect(closing).resolves.toBeUndefined();
  });
});

describe("interactive transactions under contention", () => {
  it("wait for a connection rather than give up after Prisma's default 2 s (which leaks an open BEGIN, prisma/prisma#29719)", async () => {
    const db = await createTestDatabase();
    try {
      // More transactions than connections (10 pooled on PostgreSQL, one for PGlite), each holding
      // its connection for longer than Prisma's default maxWait of 2 s.
      const count = onPostgres ? 11 : 2;
      const results = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          db.prisma.$transaction(async (tx) => {
            await tx.$executeRaw`SELECT pg_sleep(2.1)`;
            return i;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: count }, (_, i) => i));
    } finally {
      await db.close();
    }
  });
});
