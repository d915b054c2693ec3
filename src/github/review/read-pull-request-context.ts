// What a review needs to know before it starts, in one GraphQL request instead of three or four
// REST calls: the pull request as it is now, the repository's web address (GitHub or GHE, for
// links), `.github/clearance.yml` of the default branch and of the organisation's `.github`
// repository, and, only when the database does not know it, the App's own summary comment.
import type { ProbotOctokit } from "probot";
import { readRepositoryConfig, parseRepositoryConfigText, CONFIG_PATH, type RepositoryConfig } from "../repository-config.js";
import { SUMMARY_MARKER } from "../types.js";
import type { RepoRef } from "../publish/check-run.js";

export interface PullRequestContext {
  pull: { open: boolean; draft: boolean; title: string; headSha: string };
  /** The repository's web address, e.g. https://github.com/acme/api (a GHE host when on GHE). */
  webUrl: string;
  config: RepositoryConfig;
  /** The App's own summary comment found by its marker (looked for only when asked). */
  summaryCommentId?: bigint;
}

interface Blob {
  text?: string | null;
  isBinary?: boolean | null;
  byteSize?: number;
}

interface CommentsPage {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: { fullDatabaseId: string | null; body: string; viewerDidAuthor: boolean }[];
}

interface ContextAnswer {
  repository: {
    url: string;
    file: Blob | null;
    pullRequest: { state: string; isDraft: boolean; title: string; headRefOid: string; comments?: CommentsPage } | null;
  } | null;
  organisation?: { file: Blob | null } | null;
}

export const CONTEXT_QUERY = `query($owner: String!, $repo: String!, $number: Int!, $file: String!, $withComments: Boolean!, $cursor: String) {
  repository(owner: $owner, name: $repo) {
    url
    file: object(expression: $file) { ... on Blob { text isBinary byteSize } }
    pullRequest(number: $number) {
      state isDraft title headRefOid
      comments(first: 100, after: $cursor) @include(if: $withComments) {
        pageInfo { hasNextPage endCursor }
        nodes { fullDatabaseId body viewerDidAuthor }
      }
    }
  }
  organisation: repository(owner: $owner, name: ".github") {
    file: object(expression: $file) { ... on Blob { text isBinary byteSize } }
  }
}`;

export const MORE_COMMENTS_QUERY = `query($owner: String!, $repo: String!, $number: Int!, $cursor: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      comments(first: 100, after: $cursor) {
        pageInfo { hasNextPage endCursor }
        nodes { fullDatabaseId body viewerDidAuthor }
      }
    }
  }
}`;

/** A YAML file bigger than this is not read: the configuration is a few lines. */
const MAX_CONFIG_BYTES = 64 * 1024;

export async function readPullRequestContext(
  octokit: ProbotOctokit,
  ref: RepoRef,
  pullNumber: number,
  options: { findSummary: boolean },
): Promise<PullRequestContext> {
  const answer = await queryAllowingMissingOrganisationRepo(octokit, CONTEXT_QUERY, {
    owner: ref.owner,
    repo: ref.repo,
    number: pullNumber,
    file: `HEAD:${CONFIG_PATH}`,
    withComments: options.findSummary,
    cursor: null,
  });
  const repository = answer.repository;
  const pull = repository?.pullRequest;
  if (!repository || !pull) throw new Error(`pull request ${ref.owner}/${ref.repo}#${pullNumber} not found`);

  // Probot's rule: the repository's own file, else the organisation's .github repository.
  const file = repository.file ?? answer.organisation?.file ?? null;
  let config = configFromBlob(file);
  // `_extends` points at yet another repository: Probot's own reader follows it (rare, costs more calls).
  if (config === "extends") config = await readRepositoryConfig(octokit, ref.owner, ref.repo);

  const context: PullRequestContext = {
    pull: { open: pull.state === "OPEN", draft: pull.isDraft, title: pull.title, headSha: pull.headRefOid },
    webUrl: repository.url,
    config,
  };
  if (options.findSummary && pull.comments) {
    const found = await findOwnSummary(octokit, ref, pullNumber, pull.comments);
    if (found !== undefined) context.summaryCommentId = found;
  }
  return context;
}

function configFromBlob(file: Blob | null): RepositoryConfig | "extends" {
  if (!file) return { ignore: [] };
  if (file.isBinary || typeof file.text !== "string") return { ignore: [], problem: "it could not be read" };
  if ((file.byteSize ?? file.text.length) > MAX_CONFIG_BYTES) return { ignore: [], problem: `it is larger than ${MAX_CONFIG_BYTES / 1024} KB` };
  return parseRepositoryConfigText(file.text);
}

/** Only a comment the App itself wrote counts: another bot (or a person) may quote the marker. */
async function findOwnSummary(octokit: ProbotOctokit, ref: RepoRef, pullNumber: number, first: CommentsPage): Promise<bigint | undefined> {
  let page: CommentsPage | undefined = first;
  while (page) {
    const own = page.nodes.find((c) => c.viewerDidAuthor && c.fullDatabaseId && c.body.includes(SUMMARY_MARKER));
    if (own) return BigInt(own.fullDatabaseId!);
    if (!page.pageInfo.hasNextPage) return undefined;
    const next: ContextAnswer = await octokit.graphql<ContextAnswer>(MORE_COMMENTS_QUERY, { owner: ref.owner, repo: ref.repo, number: pullNumber, cursor: page.pageInfo.endCursor });
    page = next.repository?.pullRequest?.comments;
  }
  return undefined;
}

/**
 * GitHub answers a missing (or not installed) `<owner>/.github` repository with a NOT_FOUND error
 * beside the data; that is the normal case, not a failure.
 */
async function queryAllowingMissingOrganisationRepo(octokit: ProbotOctokit, query: string, variables: Record<string, unknown>): Promise<ContextAnswer> {
  try {
    return await octokit.graphql<ContextAnswer>(query, variables);
  } catch (error) {
    const e = error as { name?: string; data?: ContextAnswer; errors?: { type?: string; path?: (string | number)[] }[] };
    const onlyOrganisationMissing = e.name === "GraphqlResponseError" && e.data?.repository && (e.errors ?? []).every((err) => err.path?.[0] === "organisation");
    if (onlyOrganisationMissing) return { ...e.data!, organisation: null };
    throw error;
  }
}
