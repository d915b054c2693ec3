// Prisma CLI settings. `engine: "js"` keeps the CLI off Prisma's binary download host, which these
// machines cannot reach (shared/notes/prisma-offline.md). The adapter is only used by
// `prisma migrate` commands run by hand; the service applies migrations itself.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    const client = new PGlite(`${process.env.DATA_DIR ?? "./data"}/pgdata`);
    // Typed against an older driver-adapter-utils; the runtime contract is the same.
    return new PrismaPGlite(client) as never;
  },
});
