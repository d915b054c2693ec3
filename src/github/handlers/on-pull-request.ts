// pull_request opened, reopened, synchronize, ready_for_review: decide whether the event can lead
// to a review, then queue it. The mode from .github/clearance.yml needs an API call, so the
// worker applies it; here only what is known without GitHub (closed, draft, the organisation's
// per-repository override) stops the event.
import type { Context } from "probot";
import { forgetPullRequestClosure, recordPullRequestClosure } from "../../evidence/github/record-pull-request-closure.js";
import type { Prisma } from "../../storage/open-database.js";
import { enqueueReviewJob, type EnqueueOutcome } from "../queue/enqueue-review-job.js";
import { modeReviewsTrigger } from "../trigger/mode-reviews-trigger.js";
import { storedTriggerModes } from "../trigger/resolve-trigger-mode.js";
import type { ReviewTrigger } from "../types.js";
import { recordRepositoryOfEvent } from "./record-repository.js";

const REVIEW_ACTIONS = new Set<string>(["opened", "reopened", "synchronize", "ready_for_review"]);

export async function onPullRequest(prisma: Prisma, context: Context<"pull_request">, now: Date): Promise<EnqueueOutcome | { status: "ignored"; why: string }> {
  const { payload } = context;
  const installation = (payload as { installation?: { id: number } }).installation;
  // Evidence: how each pull request ended (merged, by whom), for the ledger (src/evidence/).
  if (installation && payload.action === "closed") await recordPullRequestClosure(prisma, { ...payload, installationId: installation.id }, now);
  if (installation && payload.action === "reopened") await forgetPullRequestClosure(prisma, payload.repository.id, payload.pull_request.number);
  if (!REVIEW_ACTIONS.has(payload.action)) return { status: "ignored", why: `action ${payload.action}` };
  if (!installation) return { status: "ignored", why: "no installation" };
  const pull = payload.pull_request;
  if (pull.state !== "open") return { status: "ignored", why: "closed" };
  if (pull.draft && payload.action !== "ready_for_review") return { status: "ignored", why: "draft" };
  const installationId = BigInt(installation.id);
  if ((await recordRepositoryOfEvent(prisma, { installationId: installation.id, repository: payload.repository })) === "inactive") {
    return { status: "ignored", why: "installation suspended or deleted" };
  }
  const trigger = payload.action as ReviewTrigger;
  const { override } = await storedTriggerModes(prisma, installationId, payload.repository.full_name);
  if (override && !modeReviewsTrigger(override, trigger)) return { status: "ignored", why: `mode ${override}` };
  return enqueueReviewJob(
    prisma,
    { id: context.id, event: context.name },
    { installationId, repositoryId: BigInt(payload.repository.id), repoFullName: payload.repository.full_name, pullNumber: pull.number, headSha: pull.head.sha, trigger },
    now,
  );
}
