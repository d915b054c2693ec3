// The secrets that tie a sign-in in progress to the browser that started it. The browser keeps a
// random secret in an HttpOnly cookie; the server keeps only its SHA-256, so a database read
// yields nothing usable. Values a flow needs later (the PKCE verifier, the OIDC nonce, a form
// token) are derived from the browser's secret with HMAC instead of being stored.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import * as cookie from "cookie";

export function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Compares two hex hashes (of equal length) in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** A value for `purpose` that only the holder of `secret` can compute (43 base64url characters). */
export function derive(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(purpose).digest("base64url");
}

/** Only values this server could have set: 43 base64url characters. */
export function isSecretShaped(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function readCookie(req: Request, name: string): string | undefined {
  const value = cookie.parse(req.get("cookie") ?? "")[name];
  return isSecretShaped(value) ? value : undefined;
}

/** HttpOnly, SameSite=Lax (sent on the provider's or the mail link's top-level GET), Secure behind HTTPS. */
export function setCookie(req: Request, res: Response, name: string, value: string, maxAgeMs: number, path = "/"): void {
  res.cookie(name, value, { httpOnly: true, secure: req.secure, sameSite: "lax", path, maxAge: maxAgeMs });
}
