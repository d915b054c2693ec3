// Probot's manifest set-up flow (/probot), for a server started without App credentials.
// Probot does not export it from its package entry, so it is loaded from Probot's own files, and
// completed where Clearance's server differs from Probot's own: the page's assets are served from
// Probot's package, and the App is registered with a webhook URL that reaches this server (the
// public BASE_URL, else a smee.io channel) instead of app.yml's placeholder.
import express from "express";
import type { Logger } from "pino";

type SetupHandler = (req: express.Request, res: express.Response) => Promise<boolean>;
type UpdateEnv = (values: Record<string, string | undefined>) => void;

export interface SetupFlowOptions {
  log: Logger;
  port: number;
  host?: string;
  webhookPath: string;
  /** The server's public URL: GitHub delivers to BASE_URL + webhookPath. */
  baseUrl?: string;
  /** A smee.io channel already chosen (WEBHOOK_PROXY_URL). */
  webhookProxyUrl?: string;
  /** Creates a smee.io channel; by default smee-client's, when installed and smee.io answers. */
  createChannel?: () => Promise<string>;
  /** Writes .env; by default Probot's own helper (the file the next start reads). */
  updateEnv?: UpdateEnv;
}

/** smee.io may be out of reach (a closed network): the start must not wait long for it. */
const CHANNEL_TIMEOUT_MS = 5_000;

/** Probot's set-up banner says custom routes do not work; here /v1 does, and the start line says so. */
const BANNER = new Set([
  "",
  "Welcome to Probot!",
  "Probot is in setup mode, webhooks cannot be received and",
  "custom routes will not work until APP_ID and PRIVATE_KEY",
  "are configured in .env.",
  "Once you are done, restart the server.",
]);

export async function createSetupFlow(options: SetupFlowOptions) {
  const probotEntry = import.meta.resolve("probot");
  const probotFile = async <T>(path: string) => (await import(new URL(path, probotEntry).href)) as T;
  // One after the other: Jest's ESM loader fails on concurrent imports of shared modules.
  const { setupAppFactory } = await probotFile<{ setupAppFactory: (o: object) => () => Promise<SetupHandler> }>("./apps/setup.js");
  const { setupView } = await probotFile<{ setupView: (o: { name: string; version: string; description: string; createAppUrl: string; manifest: string }) => string }>("./views/setup.js");
  const { ManifestCreation } = await probotFile<{ ManifestCreation: new (o: { updateEnv: UpdateEnv }) => Manifests }>("./manifest-creation.js");
  const { updateEnv: probotUpdateEnv } = await probotFile<{ updateEnv: UpdateEnv }>("./helpers/update-env.js");
  const log = options.log.child({ component: "setup" });
  // Probot writes every key it is given, so an unknown value would land in .env as "undefined".
  const updateEnv: UpdateEnv = (values) => {
    const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (Object.keys(defined).length > 0) (options.updateEnv ?? probotUpdateEnv)(defined);
  };

  let channel = options.webhookProxyUrl;
  if (!options.baseUrl && !channel) {
    channel = await createChannel(options.createChannel ?? smeeChannel, log);
    if (channel) updateEnv({ WEBHOOK_PROXY_URL: channel });
  }
  const webhookUrl = (req: express.Request) =>
    options.baseUrl ? `${options.baseUrl}${options.webhookPath}` : (channel ?? `${requestBaseUrl(req)}${options.webhookPath}`);

  const handler = await setupAppFactory({
    log: quietBanner(log),
    port: options.port,
    host: options.host ?? "localhost",
    updateEnv,
    // The channel, if any, was made above; Probot's own attempt would try npx at run time.
    SmeeClient: { createChannel: async () => undefined },
  })();
  const manifests = new ManifestCreation({ updateEnv });

  const router = express.Router();
  router.use("/probot/static", express.static(new URL("../static/", probotEntry).pathname, { index: false }));
  router.get("/probot", (req, res) => {
    // Probot spreads app.yml over its own hook URL, so the manifest's placeholder would win.
    const manifest = JSON.parse(manifests.getManifest({ pkg: manifests.pkg, baseUrl: requestBaseUrl(req) })) as Record<string, unknown>;
    manifest.hook_attributes = { ...(manifest.hook_attributes as object), url: webhookUrl(req) };
    const pkg = manifests.pkg;
    res.type("html").send(
      setupView({
        name: pkg.name,
        version: pkg.version,
        description: pkg.description,
        createAppUrl: manifests.createAppUrl,
        // The view puts it in a single-quoted attribute.
        manifest: JSON.stringify(manifest).replace(/'/g, "&#39;"),
      }),
    );
  });
  router.use(async (req, res, next) => {
    // "/" is the console's home (which links to /probot while the App is not registered).
    if (req.path === "/") return next();
    try {
      if (!(await handler(req, res))) next();
    } catch (error) {
      next(error);
    }
  });
  return router;
}

interface Manifests {
  readonly pkg: { name: string; version: string; description: string };
  readonly createAppUrl: string;
  getManifest(o: { pkg: unknown; baseUrl: string }): string;
}

async function createChannel(create: () => Promise<string>, log: Logger): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const url = await Promise.race([
      create(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${CHANNEL_TIMEOUT_MS / 1000} s`)), CHANNEL_TIMEOUT_MS))),
    ]);
    log.info(`created the webhook proxy channel ${url} (saved as WEBHOOK_PROXY_URL in .env); the App is registered with it`);
    return url;
  } catch (error) {
    log.warn(
      `could not create a smee.io webhook channel (${(error as Error).message}): the App would be registered with this server's own address, ` +
        `which GitHub reaches only if it is public. Set BASE_URL to the server's public URL, or WEBHOOK_PROXY_URL to a channel from https://smee.io.`,
    );
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

async function smeeChannel(): Promise<string> {
  let SmeeClient;
  try {
    ({ SmeeClient } = await import("smee-client"));
  } catch {
    throw new Error("smee-client is not installed; npm install adds it in development");
  }
  return SmeeClient.createChannel();
}

function requestBaseUrl(req: express.Request): string {
  return `${req.protocol}://${req.get("host")}`;
}

function quietBanner(log: Logger): Logger {
  return new Proxy(log, {
    get(target, property, receiver) {
      if (property !== "info") return Reflect.get(target, property, receiver) as unknown;
      return (message: unknown, ...rest: unknown[]) => {
        if (typeof message === "string" && (BANNER.has(message) || message.startsWith("Please follow the instructions at"))) return;
        (target.info as (...args: unknown[]) => void)(message, ...rest);
      };
    },
  });
}
