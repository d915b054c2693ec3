// What a sign-in method hands the console once it has checked who someone is. GitHub, an
// OpenID Connect provider and e-mail magic links each produce one; the console's accounts map it
// to one console account (several methods may be linked to one person).
import type { Request, Response } from "express";

export type SignInMethod = "github" | "oidc" | "email";

export interface VerifiedIdentity {
  method: SignInMethod;
  /** Stable at the method: the GitHub user id, `<issuer> <sub>` for OIDC, the lower-cased address for e-mail. */
  subject: string;
  /** An address the method vouches for (OIDC only when `email_verified` is true), or null. */
  email: string | null;
  /** A name to show in the console and the audit log. */
  displayName: string;
  /** GitHub only: what the console needs to check which installations the person administers. */
  github?: { id: number; login: string; accessToken: string };
}

/**
 * Called by a sign-in method once the identity is verified: finds or links the console account,
 * starts the session, sets the cookie and redirects to `returnTo` (a path on this site).
 */
export type CompleteSignIn = (req: Request, res: Response, identity: VerifiedIdentity, returnTo: string) => Promise<void>;
