// A unique constraint refused an insert. Prisma reports it as P2002 through @prisma/adapter-pg,
// but pglite-prisma-adapter 0.6 passes PostgreSQL's own error (SQLSTATE 23505) through unmapped,
// so both shapes are recognised.
import { Prisma as PrismaNamespace } from "../generated/prisma/client.js";

const UNIQUE_VIOLATION_SQLSTATE = "23505";

export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof PrismaNamespace.PrismaClientKnownRequestError) return error.code === "P2002";
  if (!(error instanceof Error) || error.name !== "DriverAdapterError") return false;
  const cause = (error as { cause?: { kind?: string; code?: string } }).cause;
  return cause?.kind === "UniqueConstraintViolation" || (cause?.kind === "postgres" && cause.code === UNIQUE_VIOLATION_SQLSTATE);
}
