// The real console (createApp) with every sign-in method configured: GitHub (stand-in), the local
// OpenID provider and the local SMTP server, for Acme's installation with alice as its admin.
import { startConsoleHarness, type ConsoleHarness } from "../../support/console-harness.js";
import { startLocalOidcProvider, type LocalOidcProvider } from "./local-oidc-provider.js";
import { startLocalSmtpServer, type LocalSmtpServer } from "./local-smtp-server.js";

export interface ConsoleWithSignInMethods {
  h: ConsoleHarness;
  provider: LocalOidcProvider;
  smtp: LocalSmtpServer;
  close(): Promise<void>;
}

export async function startConsoleWithSignInMethods(ids: { installationId: number; accountId: number }): Promise<ConsoleWithSignInMethods> {
  const smtp = await startLocalSmtpServer();
  let provider: LocalOidcProvider | undefined;
  const h = await startConsoleHarness({
    installations: [{ id: ids.installationId, account: { id: ids.accountId, login: "acme", type: "Organization" } }],
    memberships: { acme: { alice: "admin" } },
    signInMethods: async (baseUrl) => {
      provider = await startLocalOidcProvider({ redirectUri: `${baseUrl}/auth/oidc/callback` });
      return {
        oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, name: "Acme SSO" },
        email: { delivery: { kind: "smtp", smtpUrl: smtp.url, from: "clearance@example.com" }, perAddressPerHour: 20, perIpPerHour: 100 },
      };
    },
  });
  return {
    h,
    provider: provider!,
    smtp,
    async close() {
      await h.close();
      await provider?.close();
      await smtp.close();
    },
  };
}
