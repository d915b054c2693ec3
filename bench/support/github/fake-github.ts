// A small GitHub for tests and the bench, served through nock on https://api.github.com.
// It keeps pull requests, check runs, reviews, comments and review threads in memory, checks
// every request against GitHub's OpenAPI description, and counts the calls per operation.
import nock from "nock";
import { parsePatch } from "../../../src/engine/diff/parse-patch.js";
import { matchOperation } from "./openapi-validator.js";
import { checkGraphqlQuery } from "./graphql-validator.js";

export interface FakeFile {
  filename: string;
  status?: "added" | "modified" | "removed" | "renamed";
  patch?: string;
  additions?: number;
  deletions?: number;
}

export interface FakePull {
  number: number;
  state: "open" | "closed";
  draft: boolean;
  title: string;
  headSha: string;
  files: FakeFile[];
}

export interface FakeRepo {
  owner: string;
  name: string;
  pulls: Map<number, FakePull>;
  /** Raw .github/clearance.yml of the default branch, or undefined when absent. */
  configFile?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  operationId: string;
  body: unknown;
}

export interface CheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion?: string;
  output?: { title: string; summary: string };
  history: string[];
  external_id?: string;
  /** The GitHub App that created it (Clearance's test App is 1, when not given). */
  appId?: number;
}

export interface IssueComment {
  id: number;
  issueNumber: number;
  repo: string;
  body: string;
  userType: "Bot" | "User";
  /** The GitHub App that wrote it (Clearance's test App is 1); absent for a person. */
  appId?: number;
}

export interface Review {
  id: number;
  repo: string;
  pullNumber: number;
  event: string;
  body: string;
  commit_id: string;
  comments: { path: string; line: number; side?: string; start_line?: number; body: string; position?: number }[];
  /** The GitHub App that posted it (Clearance's test App is 1, when not given); absent for a person. */
  appId?: number;
}

export interface Thread {
  id: string;
  repo: string;
  pullNumber: number;
  body: string;
  isResolved: boolean;
}

export class FakeGitHub {
  readonly base = "https://api.github.com";
  /** Where GitHub says the repositories live on the web (a GHE host serves its own). */
  webBase = "https://github.com";
  repos = new Map<string, FakeRepo>();
  requests: RecordedRequest[] = [];
  /** Requests GitHub would not understand: unknown operation or a body outside the schema. */
  violations: string[] = [];
  checkRuns: CheckRun[] = [];
  comments: IssueComment[] = [];
  reviews: Review[] = [];
  threads: Thread[] = [];
  /** Make the next N calls of an operation fail with this status. */
  failures = new Map<string, { status: number; times: number }>();
  private nextId = 1000;
  private scope?: nock.Scope;

  addRepo(fullName: string, configFile?: string): FakeRepo {
    const [owner, name] = fullName.split("/") as [string, string];
    const repo: FakeRepo = { owner, name, pulls: new Map(), configFile };
    this.repos.set(fullName.toLowerCase(), repo);
    return repo;
  }

  setPull(fullName: string, pull: Partial<FakePull> & { number: number }) {
    const repo = this.repos.get(fullName.toLowerCase()) ?? this.addRepo(fullName);
    const current = repo.pulls.get(pull.number);
    repo.pulls.set(pull.number, { state: "open", draft: false, title: "Change", headSha: "0".repeat(40), files: [], ...current, ...pull });
  }

  start() {
    this.scope = nock(this.base).persist();
    for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE"] as const) {
      this.scope.intercept(/.*/, method).reply((uri, body) => this.handle(method, uri, body));
    }
    return this;
  }

  stop() {
    nock.cleanAll();
  }

  /** Calls except the installation token (cached by Probot between reviews). */
  apiCalls(): RecordedRequest[] {
    return this.requests.filter((r) => r.operationId !== "apps/create-installation-access-token");
  }

  callsOf(operationId: string): RecordedRequest[] {
    return this.requests.filter((r) => r.operationId === operationId);
  }

  resetLog() {
    this.requests = [];
  }

  private id() {
    return this.nextId++;
  }

  private handle(method: string, uri: string, rawBody: unknown): nock.ReplyFnResult {
    const url = new URL(uri, this.base);
    const path = url.pathname;
    let body: unknown = rawBody;
    if (typeof rawBody === "string" && rawBody !== "") {
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = rawBody;
      }
    }
    if (path === "/graphql") {
      this.requests.push({ method, path, query: url.search, operationId: "graphql", body });
      this.violations.push(...checkGraphqlQuery((body as { query: string }).query, (body as { variables?: Record<string, unknown> }).variables));
      return this.graphql(body as { query: string; variables?: Record<string, unknown> });
    }
    const matched = matchOperation(method, path, body === "" ? undefined : body);
    if (!matched) {
      this.violations.push(`${method} ${path}: no such operation in GitHub's OpenAPI description`);
      return [404, { message: "Not Found" }];
    }
    this.violations.push(...matched.errors);
    this.requests.push({ method, path, query: url.search, operationId: matched.operationId, body });
    const failure = this.failures.get(matched.operationId);
    if (failure && failure.times > 0) {
      failure.times--;
      return [failure.status, { message: "injected failure" }];
    }
    const params = extractParams(matched.template, path);
    return this.route(matched.operationId, params, url.searchParams, body as Record<string, unknown>);
  }

  private repo(params: Record<string, string>) {
    return this.repos.get(`${params.owner}/${params.repo}`.toLowerCase());
  }

  private route(operationId: string, params: Record<string, string>, query: URLSearchParams, body: Record<string, unknown>): nock.ReplyFnResult {
    const repoName = `${params.owner}/${params.repo}`.toLowerCase();
    switch (operationId) {
      case "apps/create-installation-access-token":
        return [201, { token: `ghs_test_${params.installation_id}`, expires_at: new Date(Date.now() + 3600_000).toISOString(), permissions: {} }];
      case "pulls/get": {
        const pull = this.repo(params)?.pulls.get(Number(params.pull_number));
        if (!pull) return [404, { message: "Not Found" }];
        return [200, { number: pull.number, state: pull.state, draft: pull.draft, title: pull.title, head: { sha: pull.headSha, ref: "feature" }, changed_files: pull.files.length }];
      }
      case "repos/get-content": {
        const repo = this.repo(params);
        const path = decodeURIComponent(params.path ?? "");
        if (!repo || path !== ".github/clearance.yml" || repo.configFile === undefined) return [404, { message: "Not Found" }];
        return [200, repo.configFile, { "content-type": "application/vnd.github.raw; charset=utf-8" }];
      }
      case "checks/create": {
        const run: CheckRun = { id: this.id(), name: String(body.name), head_sha: String(body.head_sha), status: String(body.status ?? "queued"), history: [String(body.status ?? "queued")], appId: CLEARANCE_APP_ID };
        if (body.conclusion) run.conclusion = String(body.conclusion);
        if (body.external_id) run.external_id = String(body.external_id);
        this.checkRuns.push(run);
        return [201, { id: run.id, name: run.name, head_sha: run.head_sha, status: run.status }];
      }
      case "checks/update": {
        const run = this.checkRuns.find((r) => r.id === Number(params.check_run_id));
        if (!run) return [404, { message: "Not Found" }];
        if (body.status) run.status = String(body.status);
        if (body.conclusion) run.conclusion = String(body.conclusion);
        if (body.output) run.output = body.output as CheckRun["output"];
        run.history.push(run.conclusion && run.status === "completed" ? `completed:${run.conclusion}` : run.status);
        return [200, { id: run.id, status: run.status, conclusion: run.conclusion ?? null }];
      }
      case "checks/list-for-ref": {
        // Like GitHub: by head commit, optionally by name and by the App that created them.
        const appId = query.get("app_id");
        const runs = this.checkRuns
          .filter((r) => r.head_sha === params.ref && (!query.has("check_name") || r.name === query.get("check_name")))
          .filter((r) => appId === null || (r.appId ?? CLEARANCE_APP_ID) === Number(appId))
          .map((r) => ({ id: r.id, name: r.name, head_sha: r.head_sha, status: r.status, conclusion: r.conclusion ?? null, external_id: r.external_id ?? null, app: { id: r.appId ?? CLEARANCE_APP_ID } }));
        return [200, { total_count: runs.length, check_runs: runs }];
      }
      case "pulls/list-files": {
        const pull = this.repo(params)?.pulls.get(Number(params.pull_number));
        if (!pull) return [404, { message: "Not Found" }];
        const files = pull.files.slice(0, 3000).map((f) => ({ sha: "f".repeat(40), status: "modified", additions: 1, deletions: 0, changes: 1, ...f }));
        return this.page(files, query, `/repos/${params.owner}/${params.repo}/pulls/${params.pull_number}/files`);
      }
      case "pulls/create-review": {
        const pull = this.repo(params)?.pulls.get(Number(params.pull_number));
        if (!pull) return [404, { message: "Not Found" }];
        const comments = (body.comments ?? []) as Review["comments"];
        // Like GitHub: a comment on a line outside the diff makes the whole review fail.
        for (const comment of comments) {
          const file = pull.files.find((f) => f.filename === comment.path);
          const lines = new Set(parsePatch(file?.patch ?? "").filter((l) => l.kind !== "-").map((l) => l.newLine));
          if (!lines.has(comment.line) || (comment.start_line !== undefined && !lines.has(comment.start_line))) {
            return [422, { message: "Unprocessable Entity", errors: ["Line could not be resolved"] }];
          }
        }
        const review: Review = { id: this.id(), repo: repoName, pullNumber: pull.number, event: String(body.event), body: String(body.body ?? ""), commit_id: String(body.commit_id), comments };
        this.reviews.push(review);
        for (const comment of comments) this.threads.push({ id: `PRRT_${this.id()}`, repo: repoName, pullNumber: pull.number, body: comment.body, isResolved: false });
        return [200, { id: review.id, state: body.event === "COMMENT" ? "COMMENTED" : String(body.event) }];
      }
      case "issues/list-comments": {
        const list = this.comments
          .filter((c) => c.repo === repoName && c.issueNumber === Number(params.issue_number))
          .map((c) => ({
            id: c.id,
            body: c.body,
            user: { login: c.userType === "Bot" ? (c.appId === CLEARANCE_APP_ID ? "clearance[bot]" : "other[bot]") : "someone", type: c.userType },
            performed_via_github_app: c.appId === undefined ? null : { id: c.appId },
          }));
        return this.page(list, query, `/repos/${params.owner}/${params.repo}/issues/${params.issue_number}/comments`);
      }
      case "issues/create-comment": {
        const comment: IssueComment = { id: this.id(), issueNumber: Number(params.issue_number), repo: repoName, body: String(body.body), userType: "Bot", appId: CLEARANCE_APP_ID };
        this.comments.push(comment);
        return [201, { id: comment.id, body: comment.body }];
      }
      case "issues/update-comment": {
        const comment = this.comments.find((c) => c.id === Number(params.comment_id));
        if (!comment) return [404, { message: "Not Found" }];
        comment.body = String(body.body);
        return [200, { id: comment.id, body: comment.body }];
      }
      default:
        this.violations.push(`${operationId}: not expected from Clearance`);
        return [404, { message: "Not Found" }];
    }
  }

  private page(items: unknown[], query: URLSearchParams, path: string): nock.ReplyFnResult {
    const perPage = Number(query.get("per_page") ?? 30);
    const page = Number(query.get("page") ?? 1);
    const slice = items.slice((page - 1) * perPage, page * perPage);
    const headers: Record<string, string> = {};
    if (page * perPage < items.length) headers.link = `<${this.base}${path}?per_page=${perPage}&page=${page + 1}>; rel="next"`;
    return [200, slice, headers];
  }

  /** The one query a review starts with (read-pull-request-context), and its comment pages. */
  private pullRequestContext(query: string, variables: Record<string, unknown>): nock.ReplyFnResult {
    const repo = this.repos.get(`${variables.owner}/${variables.repo}`.toLowerCase());
    if (!repo) return [200, { data: { repository: null }, errors: [{ type: "NOT_FOUND", path: ["repository"], message: "Could not resolve to a Repository" }] }];
    const pull = repo.pulls.get(Number(variables.number));
    const blob = (text: string | undefined) => (text === undefined ? null : { text, isBinary: false, byteSize: Buffer.byteLength(text) });
    const comments = this.comments.filter((c) => c.repo === `${repo.owner}/${repo.name}`.toLowerCase() && c.issueNumber === Number(variables.number));
    const start = variables.cursor ? Number(variables.cursor) : 0;
    const page = comments.slice(start, start + 100);
    const commentsPage = {
      pageInfo: { hasNextPage: start + 100 < comments.length, endCursor: String(start + page.length) },
      nodes: page.map((c) => ({ fullDatabaseId: String(c.id), body: c.body, viewerDidAuthor: c.appId === CLEARANCE_APP_ID })),
    };
    const pullRequest = pull && {
      state: pull.state === "open" ? "OPEN" : "CLOSED",
      isDraft: pull.draft,
      title: pull.title,
      headRefOid: pull.headSha,
      ...(variables.withComments !== false ? { comments: commentsPage } : {}),
    };
    if (!/organisation:/.test(query)) return [200, { data: { repository: { pullRequest } } }];
    const data: Record<string, unknown> = {
      repository: { url: `${this.webBase}/${repo.owner}/${repo.name}`, file: blob(repo.configFile), pullRequest },
    };
    const organisation = this.repos.get(`${repo.owner}/.github`.toLowerCase());
    if (!organisation) {
      data.organisation = null;
      return [200, { data, errors: [{ type: "NOT_FOUND", path: ["organisation"], message: `Could not resolve to a Repository with the name '${repo.owner}/.github'.` }] }];
    }
    data.organisation = { file: blob(organisation.configFile) };
    return [200, { data }];
  }

  private graphql(request: { query: string; variables?: Record<string, unknown> }): nock.ReplyFnResult {
    const variables = request.variables ?? {};
    if (/headRefOid|fullDatabaseId/.test(request.query)) return this.pullRequestContext(request.query, variables);
    if (/reviews\(/.test(request.query)) {
      // The reviews of a pull request, newest page first (find-posted-review asks with last/before).
      const repoName = `${variables.owner}/${variables.repo}`.toLowerCase();
      const all = this.reviews.filter((r) => r.repo === repoName && r.pullNumber === variables.number);
      const end = variables.cursor ? Number(variables.cursor) : all.length;
      const start = Math.max(0, end - 50);
      const nodes = all.slice(start, end).map((r) => ({
        viewerDidAuthor: (r.appId ?? CLEARANCE_APP_ID) === CLEARANCE_APP_ID,
        body: r.body,
        commit: { oid: r.commit_id },
        comments: { nodes: r.comments.map((c) => ({ body: c.body })) },
      }));
      return [200, { data: { repository: { pullRequest: { reviews: { pageInfo: { hasPreviousPage: start > 0, startCursor: String(start) }, nodes } } } } }];
    }
    if (/reviewThreads/.test(request.query)) {
      const repoName = `${variables.owner}/${variables.repo}`.toLowerCase();
      const nodes = this.threads
        .filter((t) => t.repo === repoName && t.pullNumber === variables.number)
        .map((t) => ({ id: t.id, isResolved: t.isResolved, comments: { nodes: [{ body: t.body }] } }));
      return [200, { data: { repository: { pullRequest: { reviewThreads: { pageInfo: { hasNextPage: false, endCursor: null }, nodes } } } } }];
    }
    if (/resolveReviewThread/.test(request.query)) {
      const data: Record<string, unknown> = {};
      for (const [key, id] of Object.entries(variables)) {
        const thread = this.threads.find((t) => t.id === id);
        if (!thread) return [200, { errors: [{ message: `no thread ${String(id)}` }] }];
        thread.isResolved = true;
        data[key.replace(/^t/, "r")] = { thread: { id, isResolved: true } };
      }
      return [200, { data }];
    }
    this.violations.push(`graphql: unexpected query ${request.query.slice(0, 80)}`);
    return [200, { errors: [{ message: "unexpected" }] }];
  }
}

export const CLEARANCE_APP_ID = 1;

function extractParams(template: string, path: string): Record<string, string> {
  const names = template.split("/");
  const values = path.split("/");
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    if (name.startsWith("{")) params[name.slice(1, -1)] = values[i] ?? "";
  });
  return params;
}
