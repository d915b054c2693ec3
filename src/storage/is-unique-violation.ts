// A unique-constraint violation, as Prisma reports it on either driver adapter: PrismaPg maps it
// to P2002; pglite-prisma-adapter 0.6 passes PostgreSQL's error through (SQLSTATE 23505).
import { Prisma } from "../generated/prisma/client.js";

export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  const cause = (error as { cause?: { code?: string; originalCode?: string } } | null)?.cause;
  return cause?.code === "23505" || cause?.originalCode === "23505";
}
