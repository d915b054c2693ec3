// Generates the Prisma client after install. The CLI only needs *a* datasource URL to read the
// schema (see shared notes: without one it falls back to the downloading "library" engine).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("prisma/schema.prisma")) process.exit(0);
const env = { ...process.env };
env.DATABASE_URL ||= "postgresql://placeholder@localhost:5432/placeholder";
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
