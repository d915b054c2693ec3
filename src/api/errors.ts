// Every error the API answers has the contract's body: { error: { code, message, unknown? } }.
import type { Response } from "express";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { unknown?: string[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function sendError(res: Response, error: ApiError): void {
  for (const [name, value] of Object.entries(error.extra.headers ?? {})) res.setHeader(name, value);
  const body: { code: string; message: string; unknown?: string[] } = { code: error.code, message: error.message };
  if (error.extra.unknown) body.unknown = error.extra.unknown;
  res.status(error.status).json({ error: body });
}

export const internalError = () =>
  new ApiError(500, "internal", "An unexpected error occurred. It has been logged; retrying with backoff is safe.");
