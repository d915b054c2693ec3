// issue_comment created on a pull request: the /clearance command queues a review of the head,
// in any mode, from an Owner, Member or Collaborator only. Anyone else, bots (Clearance itself
// included) and closed pull requests are ignored without a reply.
import type { Context } from "probot";
import { handleEvidenceCommand, type EvidenceCommandOutcome } from "../../evidence/github/handle-evidence-command.js";
import { parseEvidenceCommand } from "../../evidence/parse-evidence-command.js";
import type { Prisma } from "../../storage/open-database.js";
import { enqueueReviewJob, type EnqueueOutcome } from "../queue/enqueue-review-job.js";
import { COMMAND_ASSOCIATIONS, isReviewCommand } from "../trigger/parse-review-command.js";
import { recordRepositoryOfEvent } from "./record-repository.js";

export async function onIssueComment(prisma: Prisma, context: Context<"issue_comment">, now: Date): Promise<EnqueueOutcome | { status: "ignored"; why: string } | EvidenceCommandOutcome> {
  const { payload } = context;
  if (payload.action !== "created") return { status: "ignored", why: `action ${payload.action}` };
  if (!payload.issue.pull_request) return { status: "ignored", why: "not a pull request" };
  if (payload.comment.user?.type === "Bot" || payload.sender.type === "Bot") return { status: "ignored", why: "bot comment" };
  // Evidence commands (/clearance accept, /clearance help): src/evidence/. Write access is checked there.
  const evidenceCommand = parseEvidenceCommand(payload.comment.body);
  if (evidenceCommand && COMMAND_ASSOCIATIONS.has(payload.comment.author_association)) return handleEvidenceCommand(prisma, context, evidenceCommand, now);
  if (!isReviewCommand(payload.comment.body)) return { status: "ignored", why: "no command" };
  if (!COMMAND_ASSOCIATIONS.has(payload.comment.author_association)) return { status: "ignored", why: `association ${payload.comment.author_association}` };
  if (payload.issue.state !== "open") return { status: "ignored", why: "closed" };
  if (!payload.installation) return { status: "ignored", why: "no installation" };
  if ((await recordRepositoryOfEvent(prisma, { installationId: payload.installation.id, repository: payload.repository })) === "inactive") {
    return { status: "ignored", why: "installation suspended or deleted" };
  }
  return enqueueReviewJob(
    prisma,
    { id: context.id, event: context.name },
    {
      installationId: BigInt(payload.installation.id),
      repositoryId: BigInt(payload.repository.id),
      repoFullName: payload.repository.full_name,
      pullNumber: payload.issue.number,
      headSha: "",
      trigger: "command",
    },
    now,
  );
}
