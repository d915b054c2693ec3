// A stand-in GitHub (Enterprise Server) served over HTTP on loopback, reached the way GHE_HOST
// reaches a real one (`http://127.0.0.1:<port>/api/v3`, GraphQL at `/api/graphql`), so the app
// runs with Probot's real Octokit, throttling included. It serves what a review calls, keeps
// check runs, reviews and comments in memory, and can answer slowly or hold requests, for the
// bench and for the shutdown and crash tests (which run the app as a separate process).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInFile {
  filename: string;
  status?: string;
  patch?: string;
}

export interface StandInPull {
  headSha: string;
  files: StandInFile[];
  state?: "open" | "closed";
}

export interface StandInCheckRun {
  id: number;
  repo: string;
  headSha: string;
  status: string;
  conclusion?: string;
  title?: string;
  externalId?: string;
  /** performance.now() when it was completed. */
  completedAt?: number;
}

export interface StandInRequest {
  method: string;
  path: string;
  /** The installation whose token made the call ("app" for the App's own JWT). */
  installation: string;
  /** performance.now() at arrival and at the answer. */
  startedAt: number;
  endedAt?: number;
  write: boolean;
}

export interface StandInOptions {
  /** Added to every answer, like a far-away GitHub. */
  delayMs?: number;
}

type Hold = { match: (method: string, path: string) => boolean; waiting: (() => void)[]; released: boolean };

export class StandInGitHub {
  pulls = new Map<string, StandInPull>();
  checkRuns: StandInCheckRun[] = [];
  reviews: { id: number; repo: string; pullNumber: number; commitId: string; comments: number; body: string; commentBodies: string[] }[] = [];
  comments: { id: number; repo: string; issueNumber: number; body: string }[] = [];
  requests: StandInRequest[] = [];
  delayMs: number;
  private server?: Server;
  private nextId = 1;
  private holds: Hold[] = [];
  private listeners: (() => void)[] = [];

  constructor(options: StandInOptions = {}) {
    this.delayMs = options.delayMs ?? 0;
  }

  /** host:port for GHE_HOST (with GHE_PROTOCOL=http). */
  host = "";

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    this.server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.host = `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const hold of this.holds) this.release(hold);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  setPull(repo: string, number: number, pull: StandInPull) {
    this.pulls.set(`${repo.toLowerCase()}#${number}`, pull);
  }

  /** Requests that match wait unanswered until the hold is released (or the server stops). */
  hold(match: (method: string, path: string) => boolean): Hold {
    const hold: Hold = { match, waiting: [], released: false };
    this.holds.push(hold);
    return hold;
  }

  release(hold: Hold) {
    hold.released = true;
    for (const go of hold.waiting.splice(0)) go();
    this.holds = this.holds.filter((h) => h !== hold);
  }

  /** Resolves when a condition on the recorded state holds (checked after every request). */
  until(condition: () => boolean): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        this.listeners = this.listeners.filter((l) => l !== check);
        resolve();
      };
      this.listeners.push(check);
    });
  }

  completedCheckRun(repo: string, headSha: string): StandInCheckRun | undefined {
    return this.checkRuns.find((r) => r.repo === repo.toLowerCase() && r.headSha === headSha && r.status === "completed");
  }

  private notify() {
    for (const listener of [...this.listeners]) listener();
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    const path = url.pathname.replace(/^\/api\/v3/, "").replace(/^\/api\/graphql$/, "/graphql");
    const token = /(?:token|bearer) ghs_standin_(\d+)/i.exec(request.headers.authorization ?? "")?.[1];
    const record: StandInRequest = { method, path, installation: token ?? "app", startedAt: performance.now(), write: isWrite(method, path, body) };
    this.requests.push(record);
    this.notify();
    for (const hold of this.holds) {
      if (!hold.released && hold.match(method, path)) await new Promise<void>((resolve) => hold.waiting.push(resolve));
    }
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (response.destroyed) return;
    const [status, answer, contentType] = this.route(method, path, url.searchParams, body);
    record.endedAt = performance.now();
    response.writeHead(status, { "content-type": contentType ?? "application/json; charset=utf-8" });
    response.end(typeof answer === "string" ? answer : JSON.stringify(answer));
    this.notify();
  }

  private route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): [number, unknown, string?] {
    let m: RegExpExecArray | null;
    if (method === "POST" && (m = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path))) {
      return [201, { token: `ghs_standin_${m[1]}`, expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: {}, repository_selection: "all" }];
    }
    if (method === "POST" && path === "/graphql") return [200, this.graphql(body as { query?: string; variables?: Record<string, unknown> })];
    if (!(m = /^\/repos\/([^/]+)\/([^/]+)(\/.*)$/.exec(path))) return [404, { message: "Not Found" }];
    const repo = `${m[1]}/${m[2]}`.toLowerCase();
    const rest = m[3]!;
    if (method === "GET" && rest.startsWith("/contents/")) return [404, { message: "Not Found" }];
    if (method === "POST" && rest === "/check-runs") {
      const run: StandInCheckRun = { id: this.nextId++, repo, headSha: String(body.head_sha), status: String(body.status ?? "queued") };
      if (body.external_id) run.externalId = String(body.external_id);
      this.checkRuns.push(run);
      return [201, { id: run.id, head_sha: run.headSha, status: run.status }];
    }
    if (method === "GET" && (m = /^\/commits\/([0-9a-f]+)\/check-runs$/.exec(rest))) {
      // Every run here is the App's own, named "Clearance".
      const runs = this.checkRuns.filter((r) => r.repo === repo && r.headSha === m![1]);
      const answer = runs.map((r) => ({ id: r.id, name: "Clearance", head_sha: r.headSha, status: r.status, conclusion: r.conclusion ?? null, external_id: r.externalId ?? null, app: { id: 1 } }));
      return [200, { total_count: answer.length, check_runs: answer }];
    }
    if (method === "PATCH" && (m = /^\/check-runs\/(\d+)$/.exec(rest))) {
      const run = this.checkRuns.find((r) => r.id === Number(m![1]));
      if (!run) return [404, { message: "Not Found" }];
      if (body.status) run.status = String(body.status);
      if (body.conclusion) run.conclusion = String(body.conclusion);
      if (body.output) run.title = String((body.output as { title?: string }).title);
      if (run.status === "completed") run.completedAt ??= performance.now();
      return [200, { id: run.id, status: run.status, conclusion: run.conclusion ?? null }];
    }
    if ((m = /^\/(?:pulls|issues)\/(\d+)(\/.*)?$/.exec(rest))) {
      const number = Number(m[1]);
      const pull = this.pulls.get(`${repo}#${number}`);
      const tail = m[2] ?? "";
      if (method === "GET" && tail === "" && rest.startsWith("/pulls")) {
        if (!pull) return [404, { message: "Not Found" }];
        return [200, { number, state: pull.state ?? "open", draft: false, title: "Change", head: { sha: pull.headSha, ref: "feature" }, changed_files: pull.files.length }];
      }
      if (method === "GET" && tail === "/files") {
        const page = Number(query.get("page") ?? 1);
        const files = page === 1 ? (pull?.files ?? []).map((f) => ({ sha: "f".repeat(40), status: "modified", additions: 1, deletions: 0, changes: 1, ...f })) : [];
        return [200, files];
      }
      if (method === "POST" && tail === "/reviews") {
        const comments = (body.comments as { body: string }[] | undefined) ?? [];
        const review = { id: this.nextId++, repo, pullNumber: number, commitId: String(body.commit_id), comments: comments.length, body: String(body.body ?? ""), commentBodies: comments.map((c) => c.body) };
        this.reviews.push(review);
        return [200, { id: review.id, state: "COMMENTED" }];
      }
      if (method === "GET" && tail === "/comments") {
        return [200, Number(query.get("page") ?? 1) === 1 ? this.comments.filter((c) => c.repo === repo && c.issueNumber === number).map((c) => ({ id: c.id, body: c.body, user: { login: "clearance[bot]", type: "Bot" } })) : []];
      }
      if (method === "POST" && tail === "/comments") {
        const comment = { id: this.nextId++, repo, issueNumber: number, body: String(body.body) };
        this.comments.push(comment);
        return [201, { id: comment.id, body: comment.body }];
      }
    }
    if (method === "PATCH" && (m = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      const comment = this.comments.find((c) => c.id === Number(m![1]));
      if (!comment) return [404, { message: "Not Found" }];
      comment.body = String(body.body);
      return [200, { id: comment.id, body: comment.body }];
    }
    return [404, { message: `stand-in GitHub does not serve ${method} ${path}` }];
  }

  /**
   * GraphQL: the context query a review starts with (the pull request, the repository's address,
   * no `.github/clearance.yml`, the App's comments when asked), the App's reviews of a pull
   * request, else an empty list of review threads.
   */
  private graphql(request: { query?: string; variables?: Record<string, unknown> }): unknown {
    const variables = request.variables ?? {};
    if (/reviews\(/.test(request.query ?? "")) {
      // The App's reviews of a pull request (all on one page), for a resumed job looking for its own.
      const repo = `${variables.owner}/${variables.repo}`.toLowerCase();
      const nodes = this.reviews
        .filter((r) => r.repo === repo && r.pullNumber === Number(variables.number))
        .map((r) => ({ viewerDidAuthor: true, body: r.body, commit: { oid: r.commitId }, comments: { nodes: r.commentBodies.map((body) => ({ body })) } }));
      return { data: { repository: { pullRequest: { reviews: { pageInfo: { hasPreviousPage: false, startCursor: null }, nodes } } } } };
    }
    if (!/headRefOid|fullDatabaseId/.test(request.query ?? "")) {
      return { data: { repository: { pullRequest: { reviewThreads: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] } } } } };
    }
    const repo = `${variables.owner}/${variables.repo}`.toLowerCase();
    const number = Number(variables.number);
    const pull = this.pulls.get(`${repo}#${number}`);
    const comments = this.comments.filter((c) => c.repo === repo && c.issueNumber === number);
    const pullRequest = pull && {
      state: (pull.state ?? "open") === "open" ? "OPEN" : "CLOSED",
      isDraft: false,
      title: "Change",
      headRefOid: pull.headSha,
      ...(variables.withComments !== false
        ? { comments: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: comments.map((c) => ({ fullDatabaseId: String(c.id), body: c.body, viewerDidAuthor: true })) } }
        : {}),
    };
    if (!/organisation:/.test(request.query ?? "")) return { data: { repository: { pullRequest } } };
    return {
      data: { repository: { url: `http://${this.host}/${repo}`, file: null, pullRequest }, organisation: null },
      errors: [{ type: "NOT_FOUND", path: ["organisation"], message: "Could not resolve to a Repository with the name '.github'." }],
    };
  }
}

/** A GraphQL query reads (only a mutation writes), though Probot paces every GraphQL request as a write. */
function isWrite(method: string, path: string, body: Record<string, unknown>): boolean {
  if (method === "GET" || method === "HEAD") return false;
  return path !== "/graphql" || /^\s*mutation\b/.test(String(body.query ?? ""));
}
