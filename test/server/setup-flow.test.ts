// The App set-up page a server without credentials offers: it loads whole (every asset it links
// answers 200) and registers the App with a webhook URL that reaches this server.
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "@jest/globals";
import { createRateLimits } from "../../src/api/rate-limit.js";
import { createApp } from "../../src/server/create-app.js";
import { createSetupFlow, type SetupFlowOptions } from "../../src/server/setup-flow.js";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase } from "../support/database.js";
import { captureLogger } from "../support/silent-logger.js";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serveSetup(options: Partial<SetupFlowOptions>) {
  const { log, lines } = captureLogger();
  const written: Record<string, string | undefined>[] = [];
  const db: Database = await createTestDatabase();
  const github = await createSetupFlow({
    log,
    port: 0,
    webhookPath: "/api/github/webhooks",
    createChannel: async () => {
      throw new Error("getaddrinfo ENOTFOUND smee.io");
    },
    updateEnv: (values) => void written.push(values),
    ...options,
  });
  const app = createApp({ db, log, rateLimits: createRateLimits({ perKeyPerMinute: 60, perIpPerMinute: 120 }), github });
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  };
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines, written };
}

async function manifestOf(base: string): Promise<{ html: string; manifest: Record<string, any> }> {
  const response = await fetch(`${base}/probot`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const value = /name="manifest" id="manifest" value='([^']*)'/.exec(html)?.[1];
  expect(value).toBeDefined();
  return { html, manifest: JSON.parse(value!.replace(/&#39;/g, "'")) };
}

describe("the App set-up flow", () => {
  it("serves the page and every asset it links from this server", async () => {
    const { base } = await serveSetup({ baseUrl: "https://clearance.example.org" });
    const { html } = await manifestOf(base);
    const local = [...html.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((m) => m[1]!);
    expect(local).toEqual(expect.arrayContaining(["/probot/static/primer.css", "/probot/static/probot-head.svg", "/probot/static/robot.svg"]));
    for (const path of new Set(local)) {
      const asset = await fetch(`${base}${path}`);
      expect({ path, status: asset.status }).toEqual({ path, status: 200 });
    }
    expect((await fetch(`${base}/probot/static/primer.css`)).headers.get("content-type")).toMatch(/^text\/css/);
    expect((await fetch(`${base}/probot/static/missing.css`)).status).toBe(404);
  });

  it("registers BASE_URL's webhook path when BASE_URL is set, whatever app.yml's placeholder says", async () => {
    const { base, written } = await serveSetup({ baseUrl: "https://clearance.example.org" });
    const { manifest } = await manifestOf(base);
    expect(manifest.hook_attributes.url).toBe("https://clearance.example.org/api/github/webhooks");
    expect(manifest.default_events).toEqual(["pull_request", "issue_comment"]); // the rest of app.yml still applies
    expect(written).toEqual([]);
  });

  it("registers the WEBHOOK_PROXY_URL channel in development", async () => {
    const { base } = await serveSetup({ webhookProxyUrl: "https://smee.io/clearance-dev" });
    expect((await manifestOf(base)).manifest.hook_attributes.url).toBe("https://smee.io/clearance-dev");
  });

  it("creates a channel when smee.io answers, saves it to .env and registers it", async () => {
    const { base, written } = await serveSetup({ createChannel: async () => "https://smee.io/new-channel" });
    expect((await manifestOf(base)).manifest.hook_attributes.url).toBe("https://smee.io/new-channel");
    expect(written).toContainEqual({ WEBHOOK_PROXY_URL: "https://smee.io/new-channel" });
  });

  it("without a reachable channel or BASE_URL, registers this server's own address and says what to set", async () => {
    const { base, lines } = await serveSetup({});
    expect((await manifestOf(base)).manifest.hook_attributes.url).toBe(`${base}/api/github/webhooks`);
    const warning = lines.find((l) => String(l.msg).startsWith("could not create a smee.io webhook channel"));
    expect(warning?.msg).toContain("ENOTFOUND");
    expect(warning?.msg).toContain("BASE_URL");
    // Probot's banner ("custom routes will not work") would contradict the /v1 API being served.
    expect(lines.map((l) => l.msg)).not.toContain("Welcome to Probot!");
    expect(lines.some((l) => String(l.msg).includes("custom routes will not work"))).toBe(false);
  });
});
