// A person's permission on a repository, asked of GitHub (GET /repos/{owner}/{repo}/collaborators/
// {username}/permission; the App's Metadata read permission covers it). The comment's
// author_association is not enough: a member of the organisation may have read access only.
import type { ProbotOctokit } from "probot";

/** `permission` is GitHub's legacy base role: admin, write (maintain included), read (triage included) or none. */
export const WRITE_PERMISSIONS = new Set(["admin", "write"]);

export async function readRepositoryPermission(octokit: ProbotOctokit, owner: string, repo: string, username: string): Promise<string> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username });
    return data.permission;
  } catch (error) {
    // GitHub answers 404 for someone who is not a collaborator at all.
    if ((error as { status?: number }).status === 404) return "none";
    throw error;
  }
}
