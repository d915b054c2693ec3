// The console's sign-in methods besides GitHub: OpenID Connect and e-mail magic links. Each checks
// who someone is and hands a VerifiedIdentity to `completeSignIn` (the console's accounts and
// sessions); every refusal is a page that says why, and changes nothing.
//
//   GET  /sign-in/oidc         → the provider's authorization page
//   GET  /auth/oidc/callback   → back from the provider
//   GET  /sign-in/email        → the form asking for an address
//   POST /sign-in/email        → sends a link (same answer for every address)
//   GET  /auth/email/callback  → the link from the mail
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../storage/open-database.js";
import { errorPage } from "../pages/error-page.js";
import { safeReturnTo, send } from "../respond.js";
import { derive, hashSecret, isSecretShaped, randomSecret, readCookie, sameHash, setCookie } from "./browser-secret.js";
import { createEmailSignIn, MAGIC_LINK_TTL_MS, normaliseAddress, type MagicLinkDelivery } from "./email-sign-in.js";
import { createOidcSignIn, OIDC_SIGN_IN_TTL_MS, ProviderUnreachableError, type OidcOptions } from "./oidc-sign-in.js";
import { emailFormPage, emailSentPage } from "./sign-in-pages.js";
import type { CompleteSignIn, SignInMethod } from "./verified-identity.js";

export interface EmailSignInOptions {
  delivery: MagicLinkDelivery;
  /** Links one address may be sent per hour, and one client IP may ask for per hour. */
  perAddressPerHour: number;
  perIpPerHour: number;
}

export interface SignInMethodsOptions {
  /** The console's public address (BASE_URL), for the OIDC redirect URI and the links in mails. */
  publicUrl: string;
  oidc?: OidcOptions;
  email?: EmailSignInOptions;
  /** Sign-in starts and callbacks per client IP per minute. */
  signInPerMinute: number;
}

export interface SignInMethodsDependencies {
  db: Database;
  log: Logger;
  now: () => Date;
  options: SignInMethodsOptions;
  /** Makes a rate limiter in the service's store (shared through Redis when REDIS_URL is set): RateLimits.limiter. */
  limiter: (name: string, points: number, durationSeconds: number) => RateLimiterAbstract;
  completeSignIn: CompleteSignIn;
}

/** What the /sign-in chooser (and the Account page's "Link") offers besides GitHub. */
export interface OfferedSignInMethod {
  method: Exclude<SignInMethod, "github">;
  label: string;
  /** The start address; it takes `?return_to=<path>`. */
  href: string;
}

export function offeredSignInMethods(options: Pick<SignInMethodsOptions, "oidc" | "email">): OfferedSignInMethod[] {
  const offered: OfferedSignInMethod[] = [];
  if (options.oidc) offered.push({ method: "oidc", label: `Sign in with ${options.oidc.name}`, href: "/sign-in/oidc" });
  if (options.email) offered.push({ method: "email", label: "Sign in by e-mail", href: "/sign-in/email" });
  return offered;
}

const OIDC_COOKIE = "clearance_oidc";
const EMAIL_COOKIE = "clearance_email_browser";
const EMAIL_COOKIE_TTL_MS = 24 * 60 * 60 * 1000;

export interface SignInMethodsRouter {
  router: Router;
  /** Other origins the methods send the browser to, for the console's CSP form-action. */
  formActionOrigins(): string[];
}

export function createSignInMethodsRouter(deps: SignInMethodsDependencies): SignInMethodsRouter {
  const { db, log, now, options } = deps;
  const router = Router({ caseSensitive: true, strict: false });
  const oidc = options.oidc ? createOidcSignIn({ prisma: db.prisma, log, options: options.oidc, redirectUri: `${options.publicUrl}/auth/oidc/callback` }) : undefined;
  oidc?.warmUp();
  const email = options.email ? createEmailSignIn({ prisma: db.prisma, log, delivery: options.email.delivery, callbackUrl: `${options.publicUrl}/auth/email/callback` }) : undefined;

  const perIp = deps.limiter("console-sign-in-method-ip", options.signInPerMinute, 60);
  const linksPerIp = deps.limiter("console-magic-link-ip", options.email?.perIpPerHour ?? 1, 3600);
  const linksPerAddress = deps.limiter("console-magic-link-address", options.email?.perAddressPerHour ?? 1, 3600);

  const refuse = (res: Response, status: 400 | 403 | 404 | 429 | 503, title: string, message: string) => send(res, errorPage({ status, title, message }), status);

  /** Consumes a point; false when the quota is spent (the 429 page is sent). A failing store allows: serving beats refusing. */
  async function allowed(res: Response, limiter: RateLimiterAbstract, key: string, message: string): Promise<boolean> {
    try {
      await limiter.consume(key);
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        log.error({ err: rejection }, "sign-in rate limit store failed; request allowed");
        return true;
      }
      res.setHeader("Retry-After", String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
      refuse(res, 429, "Too many sign-in attempts", message);
      return false;
    }
  }
  const ipOf = (req: Request) => req.ip ?? "unknown";
  const limitedPerIp: RequestHandler = async (req, res, next) => {
    if (await allowed(res, perIp, ipOf(req), "Wait a minute, then sign in again.")) next();
  };

  router.get("/sign-in/oidc", limitedPerIp, async (req, res) => {
    if (!oidc) return refuse(res, 404, "Not offered", "Sign-in with an identity provider is not set up on this server.");
    try {
      const { url, browserSecret } = await oidc.start(safeReturnTo(req.query.return_to), now());
      setCookie(req, res, OIDC_COOKIE, browserSecret, OIDC_SIGN_IN_TTL_MS, "/auth/oidc");
      res.redirect(303, url);
    } catch (error) {
      if (!(error instanceof ProviderUnreachableError)) throw error;
      refuse(res, 503, "Identity provider unreachable", `${oidc.name} could not be reached. Try again in a few minutes.`);
    }
  });

  router.get("/auth/oidc/callback", limitedPerIp, async (req, res) => {
    if (!oidc) return refuse(res, 404, "Not offered", "Sign-in with an identity provider is not set up on this server.");
    const browserSecret = readCookie(req, OIDC_COOKIE);
    const query = new URL(req.originalUrl, "http://callback").searchParams;
    let result;
    try {
      result = await oidc.finish(query, browserSecret, now());
    } catch (error) {
      if (!(error instanceof ProviderUnreachableError)) throw error;
      return refuse(res, 503, "Identity provider unreachable", `${oidc.name} could not be reached. Try again in a few minutes.`);
    }
    if (result.ok) {
      res.clearCookie(OIDC_COOKIE, { path: "/auth/oidc" });
      log.info({ method: "oidc", subject: result.identity.subject }, "identity verified for console sign-in");
      return deps.completeSignIn(req, res, result.identity, result.returnTo);
    }
    const again = "Nothing was changed; start again from the sign-in page.";
    switch (result.reason) {
      case "unknown_state":
        return refuse(res, 403, "Sign-in refused", `This sign-in response was already used, has expired, or was never issued. ${again}`);
      case "other_browser":
        return refuse(res, 403, "Sign-in refused", `This sign-in was started in another browser. Finish it there, or start again in this one.`);
      case "provider_error":
        res.clearCookie(OIDC_COOKIE, { path: "/auth/oidc" });
        return refuse(res, 403, "Sign-in cancelled", `${oidc.name} did not sign you in (${result.error}). ${again}`);
      case "invalid_response":
        res.clearCookie(OIDC_COOKIE, { path: "/auth/oidc" });
        return refuse(res, 403, "Sign-in refused", `${oidc.name}'s answer could not be verified (${result.code}). ${again}`);
    }
  });

  /** The browser's e-mail sign-in secret, set when missing. */
  const emailBrowserSecret = (req: Request, res: Response) => {
    const existing = readCookie(req, EMAIL_COOKIE);
    if (existing) return existing;
    const fresh = randomSecret();
    setCookie(req, res, EMAIL_COOKIE, fresh, EMAIL_COOKIE_TTL_MS);
    return fresh;
  };
  const notOffered = (res: Response) => refuse(res, 404, "Not offered", "Sign-in by e-mail is not set up on this server.");

  router.get("/sign-in/email", (req, res) => {
    if (!email) return notOffered(res);
    const secret = emailBrowserSecret(req, res);
    send(res, emailFormPage({ formToken: derive(secret, "email-form"), returnTo: safeReturnTo(req.query.return_to) }));
  });

  router.post("/sign-in/email", express.urlencoded({ extended: false, limit: "10kb", parameterLimit: 20 }), async (req, res) => {
    if (!email || !options.email) return notOffered(res);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const secret = readCookie(req, EMAIL_COOKIE);
    // The form token proves the form came from this site to this browser (a cross-site post cannot
    // read it), so nobody can make a browser ask for a link to their own address.
    if (!secret || typeof body._form !== "string" || !isSecretShaped(body._form) || !sameHash(hashSecret(body._form), hashSecret(derive(secret, "email-form")))) {
      return refuse(res, 403, "Form expired", "This form was not issued to this browser or has expired. Open the sign-in page again.");
    }
    const returnTo = safeReturnTo(body.return_to);
    const address = normaliseAddress(body.email);
    if (!address) {
      return send(res, emailFormPage({ formToken: body._form, returnTo, address: typeof body.email === "string" ? body.email.slice(0, 254) : "", error: "Enter an e-mail address such as name@example.com." }), 400);
    }
    if (!(await allowed(res, linksPerIp, ipOf(req), "Too many sign-in links were asked for from your network. Wait an hour, then try again."))) return;
    if (!(await allowed(res, linksPerAddress, hashSecret(address), "Too many sign-in links were sent to this address. Wait an hour, then try again."))) return;
    try {
      await email.send(address, secret, returnTo, now());
    } catch (error) {
      log.error({ err: error }, "sending an e-mail sign-in link failed");
      return refuse(res, 503, "Mail not sent", "The sign-in link could not be sent just now. Try again in a few minutes.");
    }
    send(res, emailSentPage());
  });

  router.get("/auth/email/callback", limitedPerIp, async (req, res) => {
    if (!email) return notOffered(res);
    const token = req.query.token;
    const result = isSecretShaped(token) ? await email.consume(token, readCookie(req, EMAIL_COOKIE), now()) : ({ ok: false, reason: "unknown_token" } as const);
    if (result.ok) {
      log.info({ method: "email" }, "identity verified for console sign-in");
      return deps.completeSignIn(req, res, result.identity, result.returnTo);
    }
    if (result.reason === "other_browser") {
      return refuse(res, 403, "Open the link in the same browser", "This sign-in link was asked for in another browser. Open it there, or ask for a new link in this one. Nothing was changed.");
    }
    return refuse(res, 403, "Link not valid", `This sign-in link was already used, has expired (links last ${MAGIC_LINK_TTL_MS / 60_000} minutes), or is not one we sent. Ask for a new one.`);
  });

  return { router, formActionOrigins: () => oidc?.origins() ?? [] };
}
