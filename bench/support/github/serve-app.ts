// Serves the real Express app with Probot's webhook middleware mounted, on loopback; signedWebhook
// (signed-webhook.ts) builds the requests GitHub would send it.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { pino } from "pino";
import { createNodeMiddleware, type Probot } from "probot";
import { createRateLimits } from "../../../src/api/rate-limit.js";
import type { GitHubSide } from "../../../src/github/index.js";
import { createApp } from "../../../src/server/create-app.js";
import type { Database } from "../../../src/storage/open-database.js";

export { signedWebhook } from "./signed-webhook.js";

export const WEBHOOK_PATH = "/api/github/webhooks";

export async function serveApp(db: Database, side: GitHubSide, probot: Probot): Promise<{ url: string; close(): Promise<void> }> {
  const github = await createNodeMiddleware(side.appFn, { probot, webhooksPath: WEBHOOK_PATH });
  const app = createApp({ db, log: pino({ level: "silent" }), rateLimits: createRateLimits({ perIpPerMinute: 1_000_000, perKeyPerMinute: 1_000_000 }), github });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  server.keepAliveTimeout = 1000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
