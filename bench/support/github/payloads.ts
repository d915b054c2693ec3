// GitHub's published example payloads (@octokit/webhooks-examples), adapted only where a field
// must differ for the test: the installation id, the pull request's number, head, state, draft,
// and for comments the body, the commenter's association and the pull-request link.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const examples = require("@octokit/webhooks-examples") as { name: string; examples: Record<string, any>[] }[];

function example(name: string, action: string): Record<string, any> {
  const found = examples.find((e) => e.name === name)?.examples.find((e) => e.action === action);
  if (!found) throw new Error(`no example ${name}.${action}`);
  return structuredClone(found);
}

export const INSTALLATION_ID = 957387; // the installation of the "installation.created" example
export const REPO = "Codertocat/Hello-World";
export const REPO_ID = 186853002;

export interface PullOptions {
  number?: number;
  headSha?: string;
  draft?: boolean;
  state?: "open" | "closed";
  private?: boolean;
  installationId?: number;
}

export function pullRequestPayload(action: "opened" | "reopened" | "synchronize" | "ready_for_review" | "closed" | "labeled", options: PullOptions = {}) {
  const payload = example("pull_request", action);
  payload.installation = { id: options.installationId ?? INSTALLATION_ID, node_id: "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uOTU3Mzg3" };
  if (options.number !== undefined) {
    payload.number = options.number;
    payload.pull_request.number = options.number;
  }
  if (options.headSha) payload.pull_request.head.sha = options.headSha;
  if (options.draft !== undefined) payload.pull_request.draft = options.draft;
  if (options.state) payload.pull_request.state = options.state;
  if (options.private !== undefined) payload.repository.private = options.private;
  return payload;
}

export interface CommentOptions {
  body?: string;
  association?: string;
  number?: number;
  onPullRequest?: boolean;
  state?: "open" | "closed";
  userType?: "User" | "Bot";
}

export function issueCommentPayload(options: CommentOptions = {}) {
  const payload = example("issue_comment", "created");
  payload.installation = { id: INSTALLATION_ID, node_id: "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uOTU3Mzg3" };
  payload.comment.body = options.body ?? "/clearance";
  payload.comment.author_association = options.association ?? "MEMBER";
  if (options.userType) {
    payload.comment.user.type = options.userType;
    payload.sender.type = options.userType;
  }
  if (options.number !== undefined) payload.issue.number = options.number;
  if (options.state) payload.issue.state = options.state;
  if (options.onPullRequest !== false) {
    payload.issue.pull_request = {
      url: `https://api.github.com/repos/${REPO}/pulls/${payload.issue.number}`,
      html_url: `https://github.com/${REPO}/pull/${payload.issue.number}`,
      diff_url: `https://github.com/${REPO}/pull/${payload.issue.number}.diff`,
      patch_url: `https://github.com/${REPO}/pull/${payload.issue.number}.patch`,
    };
  }
  return payload;
}

export function installationPayload(action: "created" | "deleted" | "suspend" | "unsuspend" | "new_permissions_accepted") {
  const payload = example("installation", action);
  // The suspend/unsuspend and deleted examples belong to other installations: make them one.
  payload.installation.id = INSTALLATION_ID;
  payload.installation.account.login = "Codertocat";
  return payload;
}

export function installationRepositoriesPayload(action: "added" | "removed") {
  const payload = example("installation_repositories", action);
  payload.installation.id = INSTALLATION_ID;
  return payload;
}
