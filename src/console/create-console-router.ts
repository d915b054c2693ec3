// The web console: sign-in (GitHub; OpenID Connect and e-mail plug into the same chooser and end in
// the same completeSignIn), console accounts with linked sign-in methods, claiming after install,
// invitations, and an organisation's pages. Server-rendered HTML (Primer CSS from node_modules, no
// build step), sessions in the database keyed by console account, a CSRF token on every form,
// helmet's headers and CSP, rate-limited sign-in. Handlers stay thin: every change goes through the
// same domain functions as the API and the CLI.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as cookie from "cookie";
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { DomainError } from "../domain/errors.js";
import { claimInstallation, findInstallation, parseInstallationId, recordInstallation } from "../domain/installations.js";
import type { Database } from "../storage/open-database.js";
import { createGitHubUserClient, type GitHubOAuthOptions, type GitHubUserClient } from "./github-user.js";
import { consoleActor } from "./accounts/accounts.js";
import { createAccountRoutes } from "./accounts/account-routes.js";
import { createCompleteSignIn } from "./accounts/complete-sign-in.js";
import { addClaimingOwner, listAccountOrganisations, syncGitHubOwnership } from "./accounts/memberships.js";
import { createOrganisationRouter } from "./organisation-routes.js";
import { errorPage } from "./pages/error-page.js";
import { signedInHome, signedOutHome } from "./pages/home-page.js";
import { organisationPath } from "./pages/layout.js";
import { choiceHref, signInChooser, type SignInChoice } from "./pages/sign-in-page.js";
import { pageUser, safeReturnTo, send, sessionOf } from "./respond.js";
import { setupPage } from "./pages/setup-page.js";
import { createSessionStore, sameToken, SESSION_TTL_MS, SIGN_IN_STATE_TTL_MS, type ConsoleSession, type SessionStore } from "./session-store.js";
import { createSignInMethodsRouter, offeredSignInMethods, type SignInMethodsOptions } from "./sign-in/create-sign-in-methods-router.js";
import type { CompleteSignIn } from "./sign-in/verified-identity.js";

export interface ConsoleOptions {
  /** The App's OAuth credentials; without them the console shows how to set sign-in up. */
  oauth?: GitHubOAuthOptions;
  /** Sign-in attempts (starts and callbacks) per client IP per minute. */
  signInPerMinute: number;
  /** OpenID Connect and e-mail sign-in (src/console/sign-in/), each when configured. */
  signInMethods?: Omit<SignInMethodsOptions, "signInPerMinute">;
  /** The server's public URL (BASE_URL), for links the console shows to be sent on (invitations); else the request's own. */
  publicUrl?: string;
}

export interface ConsoleDependencies {
  db: Database;
  log: Logger;
  now: () => Date;
  options: ConsoleOptions;
  /** Rate limiters in the service's store (shared through Redis when REDIS_URL is set); per instance when not given. */
  limiter?: (name: string, points: number, durationSeconds: number) => RateLimiterAbstract;
}

const SESSION_COOKIE = "clearance_session";
const STATE_COOKIE = "clearance_sign_in";

export function createConsoleRouter(deps: ConsoleDependencies): Router {
  const { db, log, now } = deps;
  const router = Router({ caseSensitive: true, strict: false });
  const oauth = deps.options.oauth;
  const github: GitHubUserClient | undefined = oauth ? createGitHubUserClient(oauth) : undefined;
  const sessions: SessionStore = createSessionStore(db.prisma, oauth?.clientSecret);

  const require = createRequire(import.meta.url);
  const primerCss = require.resolve("@primer/css/dist/primer.css");
  const assets = join(dirname(fileURLToPath(import.meta.url)), "assets");
  router.get("/console/assets/primer.css", (_req, res) => res.sendFile(primerCss, { maxAge: "1d" }));
  router.use("/console/assets", express.static(assets, { maxAge: "1h", index: false }));

  const cookieOptions = (req: Request, maxAgeMs: number) => ({ httpOnly: true, secure: req.secure, sameSite: "lax" as const, path: "/", maxAge: maxAgeMs });
  const setSessionCookie = (req: Request, res: Response, token: string) => res.cookie(SESSION_COOKIE, token, cookieOptions(req, SESSION_TTL_MS));
  /** Every sign-in method ends here (see accounts/complete-sign-in.ts). */
  const completeSignIn: CompleteSignIn = createCompleteSignIn({ db, log, now, sessions, github, setSessionCookie });
  const signInMethods = deps.options.signInMethods;
  const limiter = deps.limiter ?? ((name: string, points: number, duration: number) => new RateLimiterMemory({ keyPrefix: name, points, duration }));
  // In the service's store like every other limit: shared by all instances when REDIS_URL is set.
  const signInLimiter = limiter("console-sign-in", deps.options.signInPerMinute, 60);
  const signInMethodsRouter = signInMethods
    ? createSignInMethodsRouter({ db, log, now, options: { ...signInMethods, signInPerMinute: deps.options.signInPerMinute }, limiter, completeSignIn })
    : undefined;

  const security = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // A form whose answer redirects to a sign-in provider (the Account page's "Link") needs its origin here.
        formAction: ["'self'", ...(github ? [github.webBaseUrl] : []), () => signInMethodsRouter?.formActionOrigins().join(" ") || "'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    referrerPolicy: { policy: "same-origin" },
  });
  router.use(onConsolePaths(security));

  // The session, when the cookie names a live one. Cookies are Secure behind HTTPS (req.secure
  // follows X-Forwarded-Proto under TRUST_PROXY), HttpOnly and SameSite=Lax.
  const loadSession: RequestHandler = async (req, res, next) => {
    try {
      const token = cookie.parse(req.get("cookie") ?? "")[SESSION_COOKIE];
      if (token) {
        const session = await sessions.findSession(token, now());
        if (session) res.locals.consoleSession = session;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
  router.use(onConsolePaths(loadSession));
  router.use(onConsolePaths(express.urlencoded({ extended: false, limit: "100kb", parameterLimit: 1000 })));

  // OpenID Connect and e-mail sign-in. Mounted before the session CSRF check: their callbacks and
  // the e-mail form serve people without a session, and that form carries its own token, tied to
  // the browser (see sign-in/create-sign-in-methods-router.ts).
  if (signInMethodsRouter) router.use(signInMethodsRouter.router);

  // Every form carries the session's CSRF token; a POST without it (or without a session) changes nothing.
  router.use((req, res, next) => {
    if (req.method !== "POST" || !isConsolePath(req.path)) return next();
    const session = sessionOf(res);
    const sent = typeof req.body?._csrf === "string" ? (req.body._csrf as string) : "";
    if (!session) return send(res, errorPage({ status: 403, title: "Signed out", message: "Your session has ended. Sign in again, then repeat what you were doing." }), 403);
    if (!sent || !sameToken(sent, session.csrfToken)) {
      return send(res, errorPage({ status: 403, title: "Form expired", message: "This form was missing its security token or it did not match your session. Reload the page and try again.", user: pageUser(session) }), 403);
    }
    next();
  });


  const rateLimited: RequestHandler = async (req, res, next) => {
    try {
      await signInLimiter.consume(req.ip ?? "unknown");
      next();
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) return next(error);
      res.setHeader("Retry-After", String(Math.ceil(error.msBeforeNext / 1000)));
      send(res, errorPage({ status: 429, title: "Too many sign-in attempts", message: "Wait a minute, then sign in again." }), 429);
    }
  };

  // The sign-in chooser's entries, in order. Each method's start page takes ?return_to=<path>.
  const signInChoices: SignInChoice[] = [];
  if (github) signInChoices.push({ method: "github", label: "Sign in with GitHub", href: "/sign-in/github" });
  signInChoices.push(...offeredSignInMethods(signInMethods ?? {}));

  /**
   * Re-reads from GitHub, with the user's token, which installations they administer. A token
   * GitHub no longer accepts (revoked, expired) ends the session: null, and the caller signs in again.
   */
  async function refreshInstallations(session: ConsoleSession) {
    if (!session.github || !github) return null;
    try {
      const fresh = await github.administeredInstallations(session.github.accessToken, { id: Number(session.github.userId), login: session.github.login });
      await sessions.updateInstallations(session, fresh);
      await syncGitHubOwnership(db.prisma, session.accountId, fresh.map((i) => i.id), now());
      return fresh;
    } catch (error) {
      if ((error as { status?: number }).status !== 401) throw error;
      await sessions.endSession(session);
      return null;
    }
  }
  const signInAgain = (res: Response, returnTo: string) => {
    res.clearCookie(SESSION_COOKIE, { path: "/" });
    res.redirect(303, `/sign-in?return_to=${encodeURIComponent(returnTo)}`);
  };

  router.get("/", async (_req, res) => {
    const session = sessionOf(res);
    if (!session) return send(res, signedOutHome({ choices: signInChoices }));
    const ids = session.installations.map((i) => BigInt(i.id));
    const claimed = new Set((await db.prisma.organisation.findMany({ where: { installationId: { in: ids } }, select: { installationId: true } })).map((o) => String(o.installationId)));
    const organisations = await listAccountOrganisations(db.prisma, session.accountId, now());
    // Installations GitHub says this person administers, then organisations they joined otherwise.
    const rows = session.installations.map((i) => ({ ...i, claimed: claimed.has(i.id), role: organisations.find((o) => o.installationId === i.id)?.role ?? (claimed.has(i.id) ? ("owner" as const) : null) }));
    for (const o of organisations) if (!rows.some((r) => r.id === o.installationId)) rows.push({ id: o.installationId, account_login: o.accountLogin, account_type: o.accountType, claimed: true, role: o.role });
    send(res, signedInHome(pageUser(session), rows));
  });

  const notSetUp = (res: Response) =>
    send(res, errorPage({ status: 503, title: "Sign-in is not set up", message: "The operator has not set up any sign-in method (for GitHub: GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET)." }), 503);

  const startGitHubSignIn = async (req: Request, res: Response) => {
    if (!oauth || !github) return notSetUp(res);
    const state = await sessions.createSignInState(safeReturnTo(req.query.return_to), now());
    res.cookie(STATE_COOKIE, state, cookieOptions(req, SIGN_IN_STATE_TTL_MS));
    res.redirect(303, github.authorizationUrl(state));
  };

  // The chooser; with GitHub as the only method, one click goes straight to GitHub.
  router.get("/sign-in", rateLimited, async (req, res) => {
    if (signInChoices.length === 0) return notSetUp(res);
    if (signInChoices.length === 1 && signInChoices[0]!.method === "github") return startGitHubSignIn(req, res);
    const returnTo = safeReturnTo(req.query.return_to);
    if (signInChoices.length === 1) return res.redirect(303, choiceHref(signInChoices[0]!, returnTo));
    send(res, signInChooser({ choices: signInChoices, returnTo, user: sessionOf(res) && pageUser(sessionOf(res)!) }));
  });
  router.get("/sign-in/github", rateLimited, startGitHubSignIn);

  router.get("/auth/github/callback", rateLimited, async (req, res) => {
    if (!oauth || !github) return notSetUp(res);
    const query = req.query as Record<string, unknown>;
    const state = typeof query.state === "string" ? query.state : undefined;
    const code = typeof query.code === "string" ? query.code : undefined;
    const installationId = typeof query.installation_id === "string" ? query.installation_id : undefined;
    const forbidden = (title: string, message: string) => send(res, errorPage({ status: 403, title, message }), 403);

    if (!state && installationId && typeof query.setup_action === "string") {
      // "Request user authorization during installation" sends the user here without a state we
      // issued: sign in again with one (GitHub answers at once, the App being authorised).
      return res.redirect(303, `/setup?installation_id=${encodeURIComponent(installationId)}`);
    }
    if (typeof query.error === "string") return forbidden("Sign-in cancelled", "GitHub did not authorise the sign-in. Nothing was changed; you can sign in again.");
    const cookieState = cookie.parse(req.get("cookie") ?? "")[STATE_COOKIE];
    res.clearCookie(STATE_COOKIE, { path: "/" });
    // The state must be one we issued to this browser, unused and unexpired.
    if (!state || !cookieState || !sameToken(state, cookieState)) {
      return forbidden("Sign-in refused", "The sign-in response did not match a sign-in started in this browser. Start again from the console.");
    }
    const pending = await sessions.consumeSignInState(state, now());
    if (!pending) return forbidden("Sign-in refused", "This sign-in link was already used or has expired. Start again from the console.");
    if (!code) return forbidden("Sign-in refused", "GitHub sent no authorisation code. Start again from the console.");

    let token: string;
    try {
      token = await github.exchangeCode(code);
    } catch (error) {
      log.warn({ err: error, requestId: res.locals.requestId }, "GitHub refused the sign-in code");
      return forbidden("Sign-in refused", "GitHub did not accept the sign-in code. Start again from the console.");
    }
    const user = await github.user(token);
    const email = await github.verifiedPrimaryEmail(token);
    await completeSignIn(req, res, { method: "github", subject: String(user.id), email, displayName: user.login, github: { id: user.id, login: user.login, accessToken: token } }, pending.returnTo);
  });

  router.post("/sign-out", async (_req, res) => {
    await sessions.endSession(sessionOf(res)!);
    res.clearCookie(SESSION_COOKIE, { path: "/" });
    res.redirect(303, "/");
  });

  // GitHub's setup URL: after installing, the user lands here with installation_id.
  router.get("/setup", async (req, res) => {
    const session = sessionOf(res);
    const raw = typeof req.query.installation_id === "string" ? req.query.installation_id : "";
    let installationId: bigint;
    try {
      installationId = parseInstallationId(raw);
    } catch {
      return send(res, errorPage({ status: 404, title: "No such installation", message: "The link has no valid installation id.", user: session && pageUser(session) }), 404);
    }
    if (!session) return res.redirect(303, `/sign-in?return_to=${encodeURIComponent(`/setup?installation_id=${installationId}`)}`);
    // Only GitHub can say who administers the installation: claiming needs a GitHub session.
    if (!session.github) return res.redirect(303, `/sign-in/github?return_to=${encodeURIComponent(`/setup?installation_id=${installationId}`)}`);
    const fresh = await refreshInstallations(session);
    if (!fresh) return signInAgain(res, `/setup?installation_id=${installationId}`);
    const administered = fresh.find((i) => i.id === String(installationId));
    if (!administered) return refuseClaim(res, session);
    let installation = await findInstallation(db.prisma, installationId);
    if (!installation) {
      // The installation webhook may arrive after the user; GitHub has just vouched for it.
      await recordInstallation(db.prisma, { id: installationId, accountLogin: administered.account_login, accountType: administered.account_type });
      installation = await findInstallation(db.prisma, installationId);
    }
    send(res, setupPage(pageUser(session), { id: String(installationId), accountLogin: installation!.accountLogin, accountType: installation!.accountType, claimed: installation!.organisation !== null }));
  });

  router.post("/installations/:installationId/claim", async (req, res) => {
    const session = sessionOf(res)!;
    let installationId: bigint;
    try {
      installationId = parseInstallationId(String(req.params.installationId));
    } catch {
      return send(res, errorPage({ status: 404, title: "No such installation", message: "The address has no valid installation id.", user: pageUser(session) }), 404);
    }
    if (!session.github) return res.redirect(303, `/sign-in/github?return_to=${encodeURIComponent(`/setup?installation_id=${installationId}`)}`);
    const fresh = await refreshInstallations(session);
    if (!fresh) return signInAgain(res, `/setup?installation_id=${installationId}`);
    const administered = fresh.find((i) => i.id === String(installationId));
    if (!administered) return refuseClaim(res, session);
    if (!(await findInstallation(db.prisma, installationId))) {
      await recordInstallation(db.prisma, { id: installationId, accountLogin: administered.account_login, accountType: administered.account_type });
    }
    try {
      await claimInstallation(db.prisma, installationId, now(), consoleActor(session.accountId), { claimed: (tx, organisationId) => addClaimingOwner(tx, organisationId, session.accountId, now()) });
    } catch (error) {
      if (error instanceof DomainError && error.code === "already_claimed") return res.redirect(303, organisationPath(String(installationId), "configuration"));
      if (error instanceof DomainError) return send(res, errorPage({ status: 403, title: "Cannot claim", message: error.message, user: pageUser(session) }), 403);
      throw error;
    }
    log.info({ account: session.accountId, installationId: String(installationId) }, "installation claimed in the console");
    res.redirect(303, `${organisationPath(String(installationId), "configuration")}?claimed=1`);
  });

  router.use(createAccountRoutes({ db, now, sessions, signInChoices }));
  router.use("/orgs", createOrganisationRouter({ db, now, webBaseUrl: github?.webBaseUrl ?? "https://github.com", publicUrl: deps.options.publicUrl, recheck: refreshInstallations }));

  // A failure inside the console answers with a page, not the API's JSON.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent || !isConsolePath(req.path)) return next(error);
    log.error({ err: error, requestId: res.locals.requestId, method: req.method, path: req.path }, "unexpected error in the console");
    const session = sessionOf(res);
    send(res, errorPage({ status: 500, title: "Something went wrong", message: `The console could not complete this request (request id ${String(res.locals.requestId)}). Try again.`, user: session && pageUser(session) }), 500);
  });
  return router;
}

/** The console's own addresses; everything else (the API, webhooks, probes) passes by untouched. */
export function isConsolePath(path: string): boolean {
  return (
    path === "/" ||
    path === "/sign-in" ||
    path.startsWith("/sign-in/") ||
    path === "/sign-out" ||
    path.startsWith("/auth/") ||
    path === "/setup" ||
    path.startsWith("/installations/") ||
    path === "/account" ||
    path.startsWith("/account/") ||
    path.startsWith("/invitations/") ||
    path === "/orgs" ||
    path.startsWith("/orgs/")
  );
}

function onConsolePaths(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (isConsolePath(req.path) ? handler(req, res, next) : next());
}

function refuseClaim(res: Response, session: ConsoleSession) {
  send(
    res,
    errorPage({
      status: 403,
      title: "Not your installation",
      message: "GitHub does not list you as an administrator of the account this installation belongs to (its owner, or an organisation owner). Only they can claim it.",
      user: pageUser(session),
    }),
    403,
  );
}
