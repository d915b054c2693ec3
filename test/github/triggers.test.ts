// Every mode x event x commenter association, the .github/clearance.yml precedence, and the
// events that never lead to a review.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { TRIGGER_MODES, type TriggerMode } from "../../src/domain/types.js";
import { claimOrganisation, createHarness, INSTALLATION_ID, REPO, type Harness } from "./support/harness.js";
import { issueCommentPayload, pullRequestPayload } from "./support/payloads.js";
import { FILES_CLEAN } from "./support/fixtures.js";

let h: Harness;
let nextNumber = 100;

beforeAll(async () => {
  h = await createHarness();
  await claimOrganisation(h.db);
});
afterAll(async () => {
  expect(h.github.violations).toEqual([]);
  await h.close();
});

async function setModes(organisation: TriggerMode, options: { file?: string; override?: TriggerMode } = {}) {
  await h.db.prisma.installation.update({ where: { id: BigInt(INSTALLATION_ID) }, data: { triggerMode: organisation } });
  await h.db.prisma.repositoryTriggerOverride.deleteMany({});
  if (options.override) {
    await h.db.prisma.repositoryTriggerOverride.create({ data: { installationId: BigInt(INSTALLATION_ID), repoFullName: REPO.toLowerCase(), mode: options.override } });
  }
  h.github.repos.get(REPO.toLowerCase())!.configFile = options.file;
}

/** Opens a fresh pull request on the fake and returns its number and head. */
function freshPull(options: { draft?: boolean; state?: "open" | "closed" } = {}) {
  const number = nextNumber++;
  const headSha = number.toString(16).padStart(40, "c");
  h.github.setPull(REPO, { number, headSha, files: FILES_CLEAN, draft: options.draft ?? false, state: options.state ?? "open" });
  return { number, headSha };
}

const reviewed = (headSha: string) => h.github.checkRuns.some((r) => r.head_sha === headSha && r.status === "completed");

type PullAction = "opened" | "reopened" | "synchronize" | "ready_for_review";
const EXPECTED: Record<TriggerMode, Record<PullAction, boolean>> = {
  auto: { opened: true, reopened: true, synchronize: true, ready_for_review: true },
  auto_once: { opened: true, reopened: true, synchronize: false, ready_for_review: true },
  mention_only: { opened: false, reopened: false, synchronize: false, ready_for_review: false },
};
const ASSOCIATIONS: Record<string, boolean> = {
  OWNER: true,
  MEMBER: true,
  COLLABORATOR: true,
  CONTRIBUTOR: false,
  FIRST_TIME_CONTRIBUTOR: false,
  FIRST_TIMER: false,
  MANNEQUIN: false,
  NONE: false,
};

describe.each(TRIGGER_MODES.map((mode) => [mode]))("mode %s", (mode) => {
  it.each(Object.keys(EXPECTED[mode]).map((action) => [action]))("pull_request.%s", async (action) => {
    await setModes(mode);
    const pull = freshPull();
    await h.receive("pull_request", pullRequestPayload(action as PullAction, { number: pull.number, headSha: pull.headSha }));
    await h.drain();
    expect(reviewed(pull.headSha)).toBe(EXPECTED[mode][action as PullAction]);
  });

  it.each(Object.entries(ASSOCIATIONS))("/clearance from %s", async (association, allowed) => {
    await setModes(mode);
    const pull = freshPull();
    const comments = h.github.comments.length;
    await h.receive("issue_comment", issueCommentPayload({ number: pull.number, association }));
    await h.drain();
    expect(reviewed(pull.headSha)).toBe(allowed);
    if (!allowed) expect(h.github.comments.length).toBe(comments); // ignored without a reply
  });
});

describe("the command", () => {
  it.each([
    ["/clearance review", true],
    ["Thanks!\n/clearance\n", true],
    ["  /clearance  ", true],
    ["> /clearance", false],
    ["/clearances", false],
    ["please run /clearance", false],
    ["/clearance reviewnow", false],
  ])("%j is a command: %s", async (body, isCommand) => {
    await setModes("mention_only");
    const pull = freshPull();
    await h.receive("issue_comment", issueCommentPayload({ number: pull.number, body }));
    await h.drain();
    expect(reviewed(pull.headSha)).toBe(isCommand);
  });

  it("is ignored on a closed pull request, on an issue, and from a bot", async () => {
    await setModes("mention_only");
    const closed = freshPull({ state: "closed" });
    await h.receive("issue_comment", issueCommentPayload({ number: closed.number, state: "closed" }));
    const issue = freshPull();
    await h.receive("issue_comment", issueCommentPayload({ number: issue.number, onPullRequest: false }));
    const bot = freshPull();
    await h.receive("issue_comment", issueCommentPayload({ number: bot.number, userType: "Bot" }));
    await h.drain();
    expect([closed, issue, bot].map((p) => reviewed(p.headSha))).toEqual([false, false, false]);
    expect(await h.db.prisma.reviewJob.count({ where: { pullNumber: { in: [closed.number, issue.number, bot.number] } } })).toBe(0);
  });

  it("does not review a pull request closed after the comment was queued", async () => {
    await setModes("auto");
    const pull = freshPull();
    await h.receive("issue_comment", issueCommentPayload({ number: pull.number }));
    h.github.setPull(REPO, { number: pull.number, state: "closed" });
    await h.drain();
    expect(reviewed(pull.headSha)).toBe(false);
  });

  it("reviews a draft, which the modes do not", async () => {
    await setModes("auto");
    const draft = freshPull({ draft: true });
    await h.receive("pull_request", pullRequestPayload("opened", { number: draft.number, headSha: draft.headSha, draft: true }));
    await h.drain();
    expect(reviewed(draft.headSha)).toBe(false);
    await h.receive("issue_comment", issueCommentPayload({ number: draft.number }));
    await h.drain();
    expect(reviewed(draft.headSha)).toBe(true);
  });
});

describe("mode precedence: organisation, then .github/clearance.yml, then the per-repository override", () => {
  const opened = async () => {
    const pull = freshPull();
    await h.receive("pull_request", pullRequestPayload("opened", { number: pull.number, headSha: pull.headSha }));
    await h.drain();
    return reviewed(pull.headSha);
  };

  it("the file wins over the organisation", async () => {
    await setModes("auto", { file: "mode: mention_only\n" });
    expect(await opened()).toBe(false);
    await setModes("mention_only", { file: "mode: auto\n" });
    expect(await opened()).toBe(true);
  });

  it("the override wins over the file", async () => {
    await setModes("auto", { file: "mode: mention_only\n", override: "auto" });
    expect(await opened()).toBe(true);
    await setModes("auto", { file: "mode: auto\n", override: "mention_only" });
    expect(await opened()).toBe(false);
  });

  it("a broken file is reported in the summary and ignored", async () => {
    await setModes("auto", { file: "mode: [unclosed\n" });
    const pull = freshPull();
    await h.receive("pull_request", pullRequestPayload("opened", { number: pull.number, headSha: pull.headSha }));
    await h.drain();
    expect(reviewed(pull.headSha)).toBe(true);
    const summary = h.github.comments.find((c) => c.issueNumber === pull.number)!.body;
    expect(summary).toContain("`.github/clearance.yml` could not be used and was ignored: it is not valid YAML");

    await setModes("auto", { file: "mode: sometimes\n" });
    const second = freshPull();
    await h.receive("pull_request", pullRequestPayload("opened", { number: second.number, headSha: second.headSha }));
    await h.drain();
    expect(reviewed(second.headSha)).toBe(true);
    expect(h.github.comments.find((c) => c.issueNumber === second.number)!.body).toContain("`mode` must be one of");
  });

  it("ignore patterns skip files and name them", async () => {
    await setModes("auto", { file: "ignore:\n  - docs/\n  - '**/*.md'\n" });
    const pull = freshPull();
    h.github.setPull(REPO, { number: pull.number, files: [...FILES_CLEAN, { filename: "docs/guide/setup.txt", patch: "@@ -0,0 +1 @@\n+x" }, { filename: "src/a.ts", patch: "@@ -0,0 +1 @@\n+export const a = 1;" }] });
    await h.receive("pull_request", pullRequestPayload("opened", { number: pull.number, headSha: pull.headSha }));
    await h.drain();
    const summary = h.github.comments.find((c) => c.issueNumber === pull.number)!.body;
    expect(summary).toContain("- `README.md`: ignored by `.github/clearance.yml`");
    expect(summary).toContain("- `docs/guide/setup.txt`: ignored by `.github/clearance.yml`");
    expect(summary).toContain("1 changed file.");
  });
});

describe("events that never lead to a review", () => {
  it("closed, labeled, and a pull request of a suspended installation", async () => {
    await setModes("auto");
    const closed = freshPull();
    await h.receive("pull_request", pullRequestPayload("closed", { number: closed.number, headSha: closed.headSha, state: "closed" }));
    const labeled = freshPull();
    await h.receive("pull_request", pullRequestPayload("labeled", { number: labeled.number, headSha: labeled.headSha }));
    await h.drain();
    expect(reviewed(closed.headSha) || reviewed(labeled.headSha)).toBe(false);

    await h.db.prisma.installation.update({ where: { id: BigInt(INSTALLATION_ID) }, data: { status: "suspended" } });
    const suspended = freshPull();
    await h.receive("pull_request", pullRequestPayload("opened", { number: suspended.number, headSha: suspended.headSha }));
    await h.receive("issue_comment", issueCommentPayload({ number: suspended.number }));
    await h.drain();
    expect(reviewed(suspended.headSha)).toBe(false);
    await h.db.prisma.installation.update({ where: { id: BigInt(INSTALLATION_ID) }, data: { status: "active" } });
  });
});
