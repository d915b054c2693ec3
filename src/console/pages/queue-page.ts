// Review queue: this organisation's backlog as `clearance queue` reports it (queued, running,
// stalled, retrying, failed in the last day, the oldest wait, the last error).
import { formatWait } from "../../github/queue/format-wait.js";
import type { InstallationQueue } from "../../github/queue/report-queue.js";
import { html, type Html } from "../html.js";
import { layout, type OrganisationNav, type PageUser } from "./layout.js";

export function queuePage(options: { user: PageUser; nav: Omit<OrganisationNav, "current">; queue: InstallationQueue | undefined }): Html {
  const { nav, queue } = options;
  const figure = (label: string, value: string | number, id: string) =>
    html`<div class="col-6 col-md-2 p-2"><div class="Box p-3 text-center"><div class="f2 text-bold" id="queue-${id}">${String(value)}</div><div class="color-fg-muted">${label}</div></div></div>`;
  return layout({
    title: `Review queue of ${nav.accountLogin}`,
    user: options.user,
    organisation: { ...nav, current: "queue" },
    body: html`<h1 class="h2 mb-2">Review queue</h1>
<p class="color-fg-muted mb-3">Reviews of this organisation's pull requests waiting or running now. Each organisation's reviews take turns with the others', and GitHub paces each organisation's comments, so a large burst drains over minutes.</p>
${!queue
  ? html`<div class="blankslate"><p>Nothing is queued or running, and no review failed in the last 24 hours.</p></div>`
  : html`<div class="d-flex flex-wrap mb-3" role="group" aria-label="Queue figures">
  ${figure("queued", queue.queued, "queued")}
  ${figure("running", queue.running, "running")}
  ${figure("stalled (worker stopped)", queue.stalled, "stalled")}
  ${figure("retrying after a failure", queue.retrying, "retrying")}
  ${figure("failed in the last 24 h", queue.failedLastDay, "failed")}
  ${figure("oldest wait", formatWait(queue.oldestWaitMs), "oldest-wait")}
</div>
${queue.lastError ? html`<div class="Box"><div class="Box-header"><h2 class="Box-title">Last error</h2></div><div class="Box-body"><p class="text-mono text-small">${firstLine(queue.lastError)}</p></div></div>` : null}`}`,
  });
}

/** The error's first line, at most 200 characters: what went wrong, not a stack. */
function firstLine(text: string): string {
  const line = (text.split("\n")[0] ?? "").trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
