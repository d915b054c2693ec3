// The real app with its console, signed in against the GitHub stand-in, and a cookie-keeping
// HTTP client that behaves like a browser without JavaScript (forms, redirects not followed).
import type { ConsoleOptions } from "../../../src/console/create-console-router.js";
import { startHarness, type Harness } from "../../support/api-harness.js";
import { startGitHubStandIn, type GitHubStandIn, type StandInInstallation, type StandInUser } from "../../support/github-stand-in.js";

export interface Page {
  status: number;
  location: string | null;
  text: string;
  headers: Headers;
  setCookies: string[];
}

export class ConsoleClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async get(path: string, headers: Record<string, string> = {}): Promise<Page> {
    return this.send("GET", path, undefined, headers);
  }

  async post(path: string, form: Record<string, string | string[]>, headers: Record<string, string> = {}): Promise<Page> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) for (const v of ([] as string[]).concat(value)) body.append(name, v);
    return this.send("POST", path, body.toString(), { "content-type": "application/x-www-form-urlencoded", ...headers });
  }

  /** The CSRF token of the signed-in session, as a page's forms carry it. */
  async csrf(path = "/"): Promise<string> {
    const page = await this.get(path);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    if (!token) throw new Error(`no CSRF token on ${path} (${page.status})`);
    return token;
  }

  private async send(method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<Page> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await fetch(new URL(path, this.baseUrl), { method, body, redirect: "manual", headers: { ...(cookie ? { cookie } : {}), ...headers } });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return { status: response.status, location: response.headers.get("location"), text: await response.text(), headers: response.headers, setCookies };
  }
}

export interface ConsoleHarness {
  app: Harness;
  github: GitHubStandIn;
  client(): ConsoleClient;
  /** Signs the stand-in's current user in, and returns the client (cookies kept). */
  signIn(client?: ConsoleClient, returnTo?: string): Promise<ConsoleClient>;
  /** Signs `user` in (the stand-in's current user for that one sign-in). */
  signInAs(user: StandInUser, client?: ConsoleClient, returnTo?: string): Promise<ConsoleClient>;
  /** The console account a GitHub user signed in to. */
  accountIdOf(user: StandInUser): Promise<string>;
  close(): Promise<void>;
}

export const ALICE: StandInUser = { id: 501, login: "alice" };
export const BOB: StandInUser = { id: 502, login: "bob" };
export const CAROL: StandInUser = { id: 503, login: "carol" };

export async function startConsoleHarness(
  options: {
    installations?: StandInInstallation[];
    memberships?: GitHubStandIn["memberships"];
    signInPerMinute?: number;
    trustProxy?: boolean;
    publicUrl?: string;
    /** OpenID Connect and e-mail sign-in, given the app's own address (publicUrl is that address). */
    signInMethods?: (baseUrl: string) => Promise<Omit<NonNullable<ConsoleOptions["signInMethods"]>, "publicUrl">>;
  } = {},
): Promise<ConsoleHarness> {
  const github = await startGitHubStandIn({ currentUser: ALICE, installations: options.installations, memberships: options.memberships });
  const app = await startHarness({
    overrides: async (baseUrl) => ({
      trustProxy: options.trustProxy,
      console: {
        oauth: { clientId: github.clientId, clientSecret: github.clientSecret, gheHost: github.host, gheProtocol: "http" },
        signInPerMinute: options.signInPerMinute ?? 1000,
        signInMethods: options.signInMethods ? { publicUrl: baseUrl, ...(await options.signInMethods(baseUrl)) } : undefined,
        publicUrl: options.publicUrl,
      },
    }),
  });
  github.callbackUrl = `${app.baseUrl}/auth/github/callback`;
  const harness: ConsoleHarness = {
    app,
    github,
    client: () => new ConsoleClient(app.baseUrl),
    async signIn(client = new ConsoleClient(app.baseUrl), returnTo) {
      // Straight to GitHub's start: with other methods configured, /sign-in is a chooser.
      const start = await client.get(returnTo ? `/sign-in/github?return_to=${encodeURIComponent(returnTo)}` : "/sign-in/github");
      if (start.status !== 303) throw new Error(`sign-in start answered ${start.status}`);
      const state = new URL(start.location!).searchParams.get("state")!;
      const done = await client.get(`/auth/github/callback?code=${github.issueCode()}&state=${encodeURIComponent(state)}`);
      if (done.status !== 303) throw new Error(`callback answered ${done.status}: ${done.text.slice(0, 300)}`);
      return client;
    },
    async signInAs(user, client, returnTo) {
      const previous = github.currentUser;
      github.currentUser = user;
      try {
        return await harness.signIn(client, returnTo);
      } finally {
        github.currentUser = previous;
      }
    },
    async accountIdOf(user) {
      const identity = await app.db.prisma.consoleIdentity.findUniqueOrThrow({ where: { method_subject: { method: "github", subject: String(user.id) } } });
      return identity.accountId;
    },
    async close() {
      await app.close();
      await github.close();
    },
  };
  return harness;
}
