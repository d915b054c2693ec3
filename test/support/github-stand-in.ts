// A small GitHub on 127.0.0.1 for console tests: the OAuth web flow (authorize page, code
// exchange) and the user API the console calls (GET /user, /user/emails, /user/installations,
// /user/memberships/orgs/{org}). The app reaches it through GHE_HOST/GHE_PROTOCOL=http, as it
// would a GitHub Enterprise Server. Every request is recorded.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInUser {
  id: number;
  login: string;
  /** GET /user/emails; without it the stand-in answers 403, as GitHub does when the App lacks the "Email addresses" permission. */
  emails?: { email: string; primary: boolean; verified: boolean }[];
}

export interface StandInInstallation {
  id: number;
  account: { id: number; login: string; type: "User" | "Organization" };
}

export interface GitHubStandIn {
  host: string; // "127.0.0.1:port"
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Where the App's callback URL points (set once the app under test is listening). */
  callbackUrl: string;
  /** The user signed in to this GitHub, who authorises the App. */
  currentUser: StandInUser;
  installations: StandInInstallation[];
  /** org login → user login → role */
  memberships: Record<string, Record<string, "admin" | "member">>;
  requests: { method: string; path: string; authorization?: string }[];
  /** While true, the REST API answers 502, as GitHub does when it is having a bad day. */
  apiDown: boolean;
  /** A code as GitHub would put on the callback, for tests that skip the authorize page. */
  issueCode(user?: StandInUser): string;
  /** As if the user revoked the App's authorisation: every token issued so far stops working. */
  revokeTokens(): void;
  close(): Promise<void>;
}

export async function startGitHubStandIn(options: { currentUser: StandInUser; installations?: StandInInstallation[]; memberships?: GitHubStandIn["memberships"] }): Promise<GitHubStandIn> {
  const codes = new Map<string, StandInUser>();
  const tokens = new Map<string, StandInUser>();
  const standIn = {
    clientId: "Iv1.standin",
    clientSecret: "stand-in-secret",
    callbackUrl: "",
    currentUser: options.currentUser,
    installations: options.installations ?? [],
    memberships: options.memberships ?? {},
    requests: [] as GitHubStandIn["requests"],
    apiDown: false,
    revokeTokens() {
      tokens.clear();
    },
    issueCode(user?: StandInUser) {
      const code = randomBytes(10).toString("hex");
      codes.set(code, user ?? standIn.currentUser);
      return code;
    },
  };

  const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    standIn.requests.push({ method: req.method ?? "", path: url.pathname, authorization: req.headers.authorization });
    const body = await readBody(req);
    const userOf = () => tokens.get((req.headers.authorization ?? "").replace(/^(token|bearer)\s+/i, ""));

    if (req.method === "GET" && url.pathname === "/login/oauth/authorize") {
      if (url.searchParams.get("client_id") !== standIn.clientId) return json(res, 404, { message: "Not Found" });
      const target = new URL(standIn.callbackUrl);
      target.searchParams.set("code", standIn.issueCode());
      const state = url.searchParams.get("state");
      if (state !== null) target.searchParams.set("state", state);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        `<!DOCTYPE html><html lang="en"><head><title>Authorize Clearance</title></head><body><main><h1>Authorize Clearance</h1>` +
          `<p>Signed in to the stand-in GitHub as ${standIn.currentUser.login}.</p><a id="authorize" href="${target.toString().replace(/&/g, "&amp;")}">Authorize</a></main></body></html>`,
      );
      return;
    }
    if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
      const params = (req.headers["content-type"] ?? "").includes("json") ? (JSON.parse(body || "{}") as Record<string, string>) : Object.fromEntries(new URLSearchParams(body));
      if (params.client_id !== standIn.clientId || params.client_secret !== standIn.clientSecret) {
        return json(res, 200, { error: "incorrect_client_credentials", error_description: "The client_id and/or client_secret passed are incorrect.", error_uri: "https://docs.github.com" });
      }
      const user = codes.get(params.code ?? "");
      codes.delete(params.code ?? "");
      if (!user) return json(res, 200, { error: "bad_verification_code", error_description: "The code passed is incorrect or expired.", error_uri: "https://docs.github.com" });
      const token = `ghu_${randomBytes(18).toString("hex")}`;
      tokens.set(token, user);
      return json(res, 200, { access_token: token, token_type: "bearer", scope: "" });
    }
    if (url.pathname.startsWith("/api/v3/")) {
      if (standIn.apiDown) return json(res, 502, { message: "Server Error" });
      const user = userOf();
      if (!user) return json(res, 401, { message: "Bad credentials" });
      const path = url.pathname.slice("/api/v3".length);
      if (req.method === "GET" && path === "/user") return json(res, 200, { login: user.login, id: user.id, type: "User" });
      if (req.method === "GET" && path === "/user/emails") {
        if (!user.emails) return json(res, 403, { message: "Resource not accessible by integration" });
        return json(res, 200, user.emails.map((e) => ({ ...e, visibility: e.primary ? "private" : null })));
      }
      if (req.method === "GET" && path === "/user/installations") {
        const visible = standIn.installations.filter((i) => (i.account.type === "User" ? i.account.id === user.id : standIn.memberships[i.account.login]?.[user.login] !== undefined));
        return json(res, 200, { total_count: visible.length, installations: visible.map((i) => ({ id: i.id, account: { ...i.account, type: i.account.type }, app_id: 1, target_type: i.account.type })) });
      }
      const membership = /^\/user\/memberships\/orgs\/([^/]+)$/.exec(path);
      if (req.method === "GET" && membership) {
        const org = decodeURIComponent(membership[1]!);
        const role = standIn.memberships[org]?.[user.login];
        if (!role) return json(res, 404, { message: "Not Found" });
        return json(res, 200, { state: "active", role, organization: { login: org }, user: { login: user.login, id: user.id } });
      }
    }
    json(res, 404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    host,
    baseUrl: `http://${host}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (data += chunk));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}
