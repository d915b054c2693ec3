// A real OpenID provider on 127.0.0.1 (panva's oidc-provider, the certified implementation), with
// its development login and consent pages. `authorize` walks those pages the way a person does
// (over HTTP, cookies kept), and returns where the provider finally sends the browser: the
// client's redirect URI with the code, or with an error when the person cancels.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Follows the authorization URL through login (as `login`) and consent; `cancel` aborts at the login page. */
  authorize(url: string, login: string, options?: { cancel?: boolean }): Promise<URL>;
  close(): Promise<void>;
}

/** People the provider knows: `grace` has a verified address, `mallory` an unverified one. */
export const PROVIDER_ACCOUNTS: Record<string, { email: string; email_verified: boolean; name: string }> = {
  grace: { email: "Grace@Example.com", email_verified: true, name: "Grace Hopper" },
  mallory: { email: "mallory@example.com", email_verified: false, name: "Mallory" },
};

export async function startLocalOidcProvider(options: { redirectUri: string; clientId?: string }): Promise<LocalOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? "clearance-console";
  const clientSecret = "a-client-secret-of-at-least-32-characters";
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri], grant_types: ["authorization_code"], response_types: ["code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["local-oidc-provider-test-cookie-key"] },
    async findAccount(_ctx, sub) {
      const account = PROVIDER_ACCOUNTS[sub];
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
  });
  server.on("request", provider.callback());

  async function authorize(url: string, login: string, { cancel = false } = {}): Promise<URL> {
    const cookies = new Map<string, string>();
    const go = async (target: string, init: RequestInit = {}) => {
      const response = await fetch(target, { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return response;
    };
    let next = new URL(url);
    for (let hop = 0; hop < 12; hop++) {
      if (next.origin !== issuer) return next; // left the provider: back to the client
      const response = await go(next.href);
      if (response.status === 200) {
        // One of the interaction pages: the login form, then the consent form.
        const page = await response.text();
        const action = new URL(/<form[^>]*action="([^"]+)"/.exec(page)![1]!, issuer);
        if (cancel) {
          next = new URL(`${action.pathname}/abort`, issuer);
          continue;
        }
        const prompt = /name="prompt" value="(\w+)"/.exec(page)![1]!;
        const form: Record<string, string> = prompt === "login" ? { prompt, login, password: "any" } : { prompt };
        const submitted = await go(action.href, { method: "POST", body: new URLSearchParams(form).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
        next = new URL(submitted.headers.get("location")!, issuer);
        continue;
      }
      const location = response.headers.get("location");
      if (!location) throw new Error(`the provider answered ${response.status} at ${next.pathname}: ${(await response.text()).slice(0, 300)}`);
      next = new URL(location, issuer);
    }
    throw new Error("too many redirects at the provider");
  }

  return {
    issuer,
    clientId,
    clientSecret,
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
