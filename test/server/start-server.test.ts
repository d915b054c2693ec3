import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "@jest/globals";
import { readEnvOptions } from "../../src/config/read-env-options.js";
import { startServer, type RunningServer } from "../../src/server/start-server.js";
import { captureLogger } from "../support/silent-logger.js";

const dataDir = mkdtempSync(join(tmpdir(), "clearance-serve-"));
let running: RunningServer | undefined;
afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("starting the service without GitHub App credentials", () => {
  it("serves /v1 on the embedded database, says what is missing and offers Probot's set-up flow", async () => {
    const { log, lines } = captureLogger();
    const options = { ...readEnvOptions({ DATA_DIR: dataDir, BASE_URL: "https://clearance.test" }), port: 0, host: "127.0.0.1" };
    running = await startServer(options, log);
    const base = `http://127.0.0.1:${(running.server.address() as AddressInfo).port}`;

    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await fetch(`${base}/v1/frameworks`)).status).toBe(200);
    const warning = lines.find((l) => typeof l.msg === "string" && l.msg.startsWith("GitHub App not configured"));
    expect(warning?.msg).toContain("APP_ID");
    expect(warning?.msg).toContain("PRIVATE_KEY or PRIVATE_KEY_PATH");
    expect(warning?.msg).toContain("WEBHOOK_SECRET");
    const setup = await fetch(`${base}/probot`);
    expect(setup.status).toBe(200);
    expect(await setup.text()).toContain("Register GitHub App");
  });
});
