// The sign-in methods router on a small Express app of its own, over a fresh test database, with a
// `completeSignIn` that records each verified identity and redirects (test wiring only: the console
// passes its real one). Clients keep cookies like a browser without JavaScript.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createRateLimits, type RateLimits } from "../../../../src/api/rate-limit.js";
import { createSignInMethodsRouter, type SignInMethodsOptions } from "../../../../src/console/sign-in/create-sign-in-methods-router.js";
import type { VerifiedIdentity } from "../../../../src/console/sign-in/verified-identity.js";
import type { Database } from "../../../../src/storage/open-database.js";
import { createTestDatabase } from "../../../support/database.js";
import { captureLogger } from "../../../support/silent-logger.js";
import { ConsoleClient } from "../../support/console-harness.js";

export interface SignInMethodsApp {
  baseUrl: string;
  db: Database;
  clock: { now: Date };
  logLines: Record<string, unknown>[];
  /** Every identity handed to completeSignIn, with the browser (client) it came from. */
  signedIn: { identity: VerifiedIdentity; returnTo: string }[];
  client(): ConsoleClient;
  close(): Promise<void>;
}

/** Listens first, so the options (and a provider started for them) can use the app's own address. */
export async function startSignInMethodsApp(
  options: (baseUrl: string) => Omit<SignInMethodsOptions, "publicUrl"> | Promise<Omit<SignInMethodsOptions, "publicUrl">>,
  /** The rate limiters' store (default: in memory, this app's own). */
  rateLimits: RateLimits = createRateLimits({ perIpPerMinute: 1, perKeyPerMinute: 1 }),
): Promise<SignInMethodsApp> {
  const db = await createTestDatabase();
  const { log, lines } = captureLogger();
  const clock = { now: new Date() };
  const signedIn: SignInMethodsApp["signedIn"] = [];
  const app = express();
  app.set("trust proxy", "loopback"); // tests pose as several client IPs with X-Forwarded-For
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { router } = createSignInMethodsRouter({
    db,
    log,
    now: () => clock.now,
    options: { publicUrl: baseUrl, ...(await options(baseUrl)) },
    limiter: rateLimits.limiter,
    async completeSignIn(_req, res, identity, returnTo) {
      signedIn.push({ identity, returnTo });
      res.redirect(303, returnTo);
    },
  });
  app.use(router);
  return {
    baseUrl,
    db,
    clock,
    logLines: lines,
    signedIn,
    client: () => new ConsoleClient(baseUrl),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
