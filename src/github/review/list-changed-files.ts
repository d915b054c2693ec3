// Every changed file of a pull request, paginated (100 a page), up to GitHub's 3000.
import type { ProbotOctokit } from "probot";
import type { ChangedFile } from "../../engine/types.js";
import { MAX_LISTED_FILES } from "../types.js";

export async function listChangedFiles(octokit: ProbotOctokit, owner: string, repo: string, pullNumber: number): Promise<{ files: ChangedFile[]; truncated: boolean }> {
  const listed = await octokit.paginate(octokit.rest.pulls.listFiles, { owner, repo, pull_number: pullNumber, per_page: 100 });
  const files: ChangedFile[] = listed.map((file) => ({
    path: file.filename,
    previousPath: file.previous_filename,
    status: file.status,
    patch: file.patch,
    additions: file.additions,
    deletions: file.deletions,
  }));
  return { files, truncated: files.length >= MAX_LISTED_FILES };
}
