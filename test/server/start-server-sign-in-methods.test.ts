// OIDC_* and SMTP_URL/MAIL_FROM read from the environment reach the console of the started
// service: the chooser offers both, the OIDC start sends the browser to the provider with the
// redirect URI under BASE_URL, and a link mailed over SMTP points to BASE_URL.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "@jest/globals";
import { readEnvOptions } from "../../src/config/read-env-options.js";
import { startServer, type RunningServer } from "../../src/server/start-server.js";
import { startLocalOidcProvider, type LocalOidcProvider } from "../console/sign-in/support/local-oidc-provider.js";
import { startLocalSmtpServer, type LocalSmtpServer } from "../console/sign-in/support/local-smtp-server.js";
import { ConsoleClient } from "../console/support/console-harness.js";
import { captureLogger } from "../support/silent-logger.js";

const dataDir = mkdtempSync(join(tmpdir(), "clearance-serve-sign-in-"));
const BASE_URL = "https://clearance.test";
let running: RunningServer;
let provider: LocalOidcProvider;
let smtp: LocalSmtpServer;
let base: string;
// Started inside the test, not in beforeAll: Prisma loads its query compiler on the first query
// (the start-up purge), and Jest refuses an import that lands between beforeAll and the test.
async function start() {
  provider = await startLocalOidcProvider({ redirectUri: `${BASE_URL}/auth/oidc/callback` });
  smtp = await startLocalSmtpServer();
  const env = {
    DATA_DIR: dataDir,
    BASE_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: "Acme SSO",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Clearance <clearance@example.com>",
  };
  running = await startServer({ ...readEnvOptions(env), port: 0, host: "127.0.0.1" }, captureLogger().log);
  base = `http://127.0.0.1:${(running.server.address() as AddressInfo).port}`;
}
afterAll(async () => {
  await running?.close();
  await provider?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("sign-in methods configured by the environment", () => {
  it("are offered on /sign-in, and their links and redirect URI are under BASE_URL", async () => {
    await start();
    const client = new ConsoleClient(base);
    const chooser = await client.get("/sign-in");
    expect(chooser.text).toContain("Sign in with Acme SSO");
    expect(chooser.text).toContain("Sign in by e-mail");

    const oidc = await client.get("/sign-in/oidc");
    expect(oidc.status).toBe(303);
    const authorize = new URL(oidc.location!);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${BASE_URL}/auth/oidc/callback`);

    const form = await client.get("/sign-in/email");
    const token = /name="_form" value="([^"]+)"/.exec(form.text)![1]!;
    expect((await client.post("/sign-in/email", { _form: token, email: "ops@example.com" })).status).toBe(200);
    expect(smtp.lastMailTo("ops@example.com").text).toMatch(new RegExp(`${BASE_URL}/auth/email/callback\\?token=[A-Za-z0-9_-]{43}`));
  });
});
