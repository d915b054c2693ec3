// GitHub's side of console sign-in, through Octokit: the web-flow authorization URL, the code
// exchanged server-side for a user token, and what that token says the user may administer.
import { exchangeWebFlowCode, getWebFlowAuthorizationUrl } from "@octokit/oauth-methods";
import { request as octokitRequest } from "@octokit/request";
import { Octokit } from "@octokit/rest";
import type { AdministeredInstallation } from "./session-store.js";

export interface GitHubOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** GitHub Enterprise Server host, as for the App's API calls. */
  gheHost?: string;
  gheProtocol?: string;
}

/** The most installations one user's sign-in looks at, so a huge account cannot stall a request. */
const MAX_INSTALLATIONS = 100;

export function createGitHubUserClient(options: GitHubOAuthOptions) {
  const apiBaseUrl = options.gheHost ? `${options.gheProtocol ?? "https"}://${options.gheHost}/api/v3` : "https://api.github.com";
  const webBaseUrl = options.gheHost ? `${options.gheProtocol ?? "https"}://${options.gheHost}` : "https://github.com";
  const request = octokitRequest.defaults({ baseUrl: apiBaseUrl, headers: { "user-agent": "clearance-console" } });
  // Octokit's own request log writes to the console; failures reach the console's error handler,
  // which logs them with the request id, so Octokit's log stays quiet.
  const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  const userOctokit = (token: string) => new Octokit({ auth: token, baseUrl: apiBaseUrl, userAgent: "clearance-console", log: quiet });

  async function administers(octokit: Octokit, user: { id: number; login: string }, account: { id?: number; login: string; type: string }): Promise<boolean> {
    if (account.type === "User") return account.id === user.id;
    try {
      const { data } = await octokit.request("GET /user/memberships/orgs/{org}", { org: account.login });
      return data.role === "admin" && data.state === "active";
    } catch (error) {
      if (isStatus(error, 403) || isStatus(error, 404)) return false; // not a member, or no access: not an admin
      throw error;
    }
  }

  return {
    webBaseUrl,

    authorizationUrl(state: string): string {
      // No redirect_uri: GitHub sends the user back to the App's registered callback URL.
      return getWebFlowAuthorizationUrl({ clientType: "github-app", clientId: options.clientId, state, request }).url;
    },

    async exchangeCode(code: string): Promise<string> {
      const { authentication } = await exchangeWebFlowCode({ clientType: "github-app", clientId: options.clientId, clientSecret: options.clientSecret, code, request });
      return authentication.token;
    },

    async user(token: string): Promise<{ id: number; login: string }> {
      const { data } = await userOctokit(token).request("GET /user");
      return { id: Number(data.id), login: data.login };
    },

    /**
     * The user's primary address if GitHub has verified it, else null. GitHub answers only when
     * the App has the "Email addresses" (read) account permission; without it (403/404) there is
     * no address, and invitations by e-mail need another sign-in method's verified address.
     */
    async verifiedPrimaryEmail(token: string): Promise<string | null> {
      try {
        const { data } = await userOctokit(token).request("GET /user/emails", { per_page: 100 });
        const primary = data.find((e) => e.primary && e.verified);
        return primary ? primary.email.toLowerCase() : null;
      } catch (error) {
        if (isStatus(error, 403) || isStatus(error, 404)) return null;
        throw error;
      }
    },

    /** The App's installations this user can see and administers: their own account, or an organisation where GitHub says their role is admin. */
    async administeredInstallations(token: string, user: { id: number; login: string }): Promise<AdministeredInstallation[]> {
      const octokit = userOctokit(token);
      const installations: { id: number; account: { id?: number; login?: string; slug?: string; type?: string } | null }[] = [];
      for await (const page of octokit.paginate.iterator("GET /user/installations", { per_page: 100 })) {
        installations.push(...(page.data as unknown as typeof installations));
        if (installations.length >= MAX_INSTALLATIONS) break;
      }
      const result: AdministeredInstallation[] = [];
      for (const installation of installations.slice(0, MAX_INSTALLATIONS)) {
        const login = installation.account?.login ?? installation.account?.slug;
        if (!login) continue; // an enterprise installation: no account to administer here
        const type = installation.account?.type === "User" ? "User" : "Organization";
        if (await administers(octokit, user, { id: installation.account?.id, login, type })) {
          result.push({ id: String(installation.id), account_login: login, account_type: type });
        }
      }
      return result;
    },
  };
}

export type GitHubUserClient = ReturnType<typeof createGitHubUserClient>;

function isStatus(error: unknown, status: number): boolean {
  return typeof error === "object" && error !== null && (error as { status?: number }).status === status;
}
