// `/clearance accept …` and `/clearance help` in a pull-request comment: checks the commenter's
// permission through GitHub's API, records the exception, answers in the review language, and
// queues a review so the summary shows the finding as accepted.
import type { Context } from "probot";
import { configurationForInstallation } from "../../domain/configuration/configuration-store.js";
import { recordRepositoryOfEvent } from "../../github/handlers/record-repository.js";
import { enqueueReviewJob, recordDelivery, type EnqueueOutcome } from "../../github/queue/enqueue-review-job.js";
import type { Prisma } from "../../storage/open-database.js";
import { acceptFinding } from "../exceptions/accept-finding.js";
import { evidenceMessagesFor, type EvidenceMessages } from "../messages/index.js";
import type { EvidenceCommand } from "../parse-evidence-command.js";
import { EvidenceError, untilDay } from "../types.js";
import { readRepositoryPermission, WRITE_PERMISSIONS } from "./read-repository-permission.js";

export type EvidenceCommandOutcome =
  | { status: "duplicate" }
  | { status: "ignored"; why: string }
  | { status: "replied"; reply: "help" | "invalid" | "refused" | "failed" }
  | (EnqueueOutcome & { accepted: string });

export async function handleEvidenceCommand(prisma: Prisma, context: Context<"issue_comment">, command: EvidenceCommand, now: Date): Promise<EvidenceCommandOutcome> {
  const { payload } = context;
  if (!payload.installation) return { status: "ignored", why: "no installation" };
  const installationId = BigInt(payload.installation.id);
  if ((await recordRepositoryOfEvent(prisma, { installationId: payload.installation.id, repository: payload.repository })) === "inactive") {
    return { status: "ignored", why: "installation suspended or deleted" };
  }
  if (!(await recordDelivery(prisma, { id: context.id, event: context.name }, now))) return { status: "duplicate" };

  const m = evidenceMessagesFor((await configurationForInstallation(prisma, installationId)).review_language);
  const [owner, repo] = [payload.repository.owner.login, payload.repository.name];
  const reply = (body: string) => context.octokit.rest.issues.createComment({ owner, repo, issue_number: payload.issue.number, body });

  if (command.kind === "help") {
    await reply(m.help);
    return { status: "replied", reply: "help" };
  }
  if (command.kind === "invalid") {
    await reply(`${m.problems[command.problem](command.detail ?? "")}\n\n${m.usage}`);
    return { status: "replied", reply: "invalid" };
  }
  if (payload.issue.state !== "open") {
    await reply(m.closedPullRequest);
    return { status: "replied", reply: "refused" };
  }

  const login = payload.comment.user?.login ?? payload.sender.login;
  let permission: string;
  try {
    permission = await readRepositoryPermission(context.octokit, owner, repo, login);
  } catch (error) {
    context.log.warn({ err: error, repository: payload.repository.full_name, pull: payload.issue.number }, "could not read the commenter's repository permission");
    await reply(m.permissionCheckFailed);
    return { status: "replied", reply: "failed" };
  }
  if (!WRITE_PERMISSIONS.has(permission)) {
    await reply(m.notPermitted(login, permission));
    return { status: "replied", reply: "refused" };
  }

  const pr = { installationId, repositoryId: BigInt(payload.repository.id), repoFullName: payload.repository.full_name, pullNumber: payload.issue.number };
  let accepted;
  try {
    accepted = await acceptFinding(prisma, {
      ...pr,
      reference: command.reference,
      reason: command.reason,
      until: command.until,
      acceptedBy: login,
      acceptedById: payload.comment.user?.id !== undefined ? BigInt(payload.comment.user.id) : undefined,
      acceptedWith: permission,
      commentUrl: payload.comment.html_url,
      now,
    });
  } catch (error) {
    if (!(error instanceof EvidenceError)) throw error;
    await reply(refusal(m, error, command));
    return { status: "replied", reply: "refused" };
  }
  await reply(m.acceptedReply({ reference: command.reference, location: `\`${accepted.path}:${accepted.line}\``, until: untilDay(accepted.expiresAt) }));
  // A review now brings the summary up to date; the delivery id differs from the comment's own.
  const queued = await enqueueReviewJob(prisma, { id: `${context.id}:accept`, event: context.name }, { ...pr, headSha: "", trigger: "command" }, now);
  return { ...queued, accepted: accepted.id };
}

function refusal(m: EvidenceMessages, error: EvidenceError, command: Extract<EvidenceCommand, { kind: "accept" }>): string {
  switch (error.code) {
    case "ambiguous_reference":
      return m.ambiguousReference(command.reference, error.detail.map((d) => `\`${d}\``).join(", "));
    case "finding_fixed":
      return m.findingFixed(command.reference);
    case "invalid_period":
      return m.untilInPast(command.until ?? "");
    default:
      return m.unknownFinding(command.reference);
  }
}
