// Signed pull_request webhooks as GitHub sends them, built from GitHub's published example
// payload (@octokit/webhooks-examples) moved to the installation, repository and head given.
import { createRequire } from "node:module";
import { signedWebhook, type SignedWebhook } from "./github/signed-webhook.js";

const require = createRequire(import.meta.url);
const examples = require("@octokit/webhooks-examples") as { name: string; examples: Record<string, any>[] }[];
const opened = examples.find((e) => e.name === "pull_request")!.examples.find((e) => e.action === "opened")!;

export interface PullRequestTarget {
  installationId: number;
  repositoryId: number;
  fullName: string;
  number: number;
  headSha: string;
}

export type { SignedWebhook };

export function signedPullRequestOpened(target: PullRequestTarget, secret: string): SignedWebhook {
  const payload = structuredClone(opened);
  const [owner, name] = target.fullName.split("/") as [string, string];
  payload.installation = { id: target.installationId, node_id: "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9u" };
  payload.repository.id = target.repositoryId;
  payload.repository.full_name = target.fullName;
  payload.repository.name = name;
  payload.repository.owner.login = owner;
  payload.repository.private = false;
  payload.number = target.number;
  payload.pull_request.number = target.number;
  payload.pull_request.head.sha = target.headSha;
  return signedWebhook("pull_request", payload, { secret });
}
