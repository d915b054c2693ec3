// Runs the real `bin/clearance.js` as a child process, as an operator would: the server, or one
// command. Each run gets the environment given and nothing from a .env file.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export const BIN = fileURLToPath(new URL("../../bin/clearance.js", import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The environment of a fresh shell: no database URL, no App, only what the test names. BASE_URL
 * keeps the set-up flow from asking smee.io for a channel (and writing it to the checkout's .env).
 */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, NO_COLOR: "1", BASE_URL: "https://clearance.test" };
  return { ...env, ...extra };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runClearance(args: string[], env: NodeJS.ProcessEnv, cwd = REPO_ROOT): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env, cwd, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  stop(): Promise<number | null>;
}

/** Starts `clearance serve` and waits for its "listening" line (JSON logs: stdout is not a terminal). */
export function startServerProcess(env: NodeJS.ProcessEnv, cwd = REPO_ROOT): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, "serve"], { env: { PORT: "0", HOST: "127.0.0.1", ...env }, cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/([\d.]+):(\d+)/.exec(output);
      if (!match) return;
      child.stdout!.off("data", onData);
      child.stdout!.on("data", (more: Buffer) => void (output += more.toString()));
      resolve({
        child,
        baseUrl: `http://${match[1]}:${match[2]}`,
        output: () => output,
        async stop() {
          if (child.exitCode === null) child.kill("SIGTERM");
          return exited;
        },
      });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`the server exited with ${code} before listening:\n${output}`)));
  });
}
