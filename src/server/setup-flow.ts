// Probot's manifest set-up flow (/probot), for a server started without App credentials.
// Probot does not export it from its package entry, so it is loaded from Probot's own files.
import type { Logger } from "pino";

type SetupHandler = (req: unknown, res: unknown) => Promise<boolean>;

export async function createSetupFlow(options: { log: Logger; port: number; host?: string }) {
  const probotEntry = import.meta.resolve("probot");
  const { setupAppFactory } = (await import(new URL("./apps/setup.js", probotEntry).href)) as {
    setupAppFactory: (o: { log: Logger; port: number; host: string }) => () => Promise<SetupHandler>;
  };
  const handler = await setupAppFactory({ log: options.log.child({ name: "setup" }), port: options.port, host: options.host ?? "localhost" })();
  return async (req: unknown, res: unknown, next: (err?: unknown) => void) => {
    // "/" is the console's home (which links to /probot while the App is not registered).
    const url = (req as { url?: string }).url ?? "";
    if (url === "/" || url.startsWith("/?")) return next();
    if (!(await handler(req, res))) next();
  };
}
