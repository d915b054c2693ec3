// Development: GitHub delivers webhooks to a smee.io channel (WEBHOOK_PROXY_URL) and smee-client
// carries each one to this server, as Probot's own `probot run` does.
import type { Logger } from "pino";

export async function forwardWebhookProxy(source: string, target: string, log: Logger): Promise<{ stop(): Promise<void> } | undefined> {
  let SmeeClient;
  try {
    ({ SmeeClient } = await import("smee-client"));
  } catch {
    log.warn(`WEBHOOK_PROXY_URL is set but smee-client is not installed (npm install without --omit=dev adds it): nothing forwards ${source}`);
    return undefined;
  }
  const child = log.child({ component: "smee" });
  const client = new SmeeClient({
    source,
    target,
    logger: { info: (...args: unknown[]) => child.debug(args.join(" ")), error: (...args: unknown[]) => child.warn(args.join(" ")) },
    maxConnectionTimeout: 10_000,
  });
  try {
    await client.start();
  } catch (error) {
    // The server is still useful without it (the /v1 API); say what is wrong and go on.
    log.warn(`cannot reach the webhook proxy channel ${source} (${(error as { message?: string }).message ?? "no connection"}): GitHub's webhooks will not arrive until it is reachable; restart then`);
    await client.stop().catch(() => {});
    return undefined;
  }
  log.info(`forwarding webhooks from ${source} to ${target}`);
  return { stop: () => client.stop() };
}
