// Sign-in with any standard OpenID Connect provider (Okta, Entra ID, Google, Keycloak), through
// openid-client: discovery, the authorization code flow with PKCE (S256), `state` and `nonce`, and
// the ID token validated by the library (signature against the provider's JWKS, issuer, audience,
// expiry, nonce). What this file adds is the binding to the browser: the state is a single-use row
// that expires (its hash only), and the PKCE verifier and nonce are derived from a secret that
// only the browser that started holds, so a callback opened anywhere else cannot complete.
import * as client from "openid-client";
import type { Logger } from "pino";
import type { Prisma } from "../../storage/open-database.js";
import type { VerifiedIdentity } from "./verified-identity.js";
import { derive, hashSecret, randomSecret, sameHash } from "./browser-secret.js";

export interface OidcOptions {
  /** The provider's issuer URL; its discovery document is at <issuer>/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's label: "Sign in with <name>". */
  name: string;
}

export const OIDC_SIGN_IN_TTL_MS = 10 * 60 * 1000;

/** Why a callback was refused; the router turns each into a page. Nothing is changed in any case. */
export type OidcRefusal =
  | { reason: "provider_error"; error: string }
  | { reason: "unknown_state" } // never issued, already used, or expired
  | { reason: "other_browser" }
  | { reason: "invalid_response"; code: string }; // the provider's answer failed validation

export type OidcResult = { ok: true; identity: VerifiedIdentity; returnTo: string } | ({ ok: false } & OidcRefusal);

export class ProviderUnreachableError extends Error {}

/** An http issuer is accepted only on this machine (development and tests); anything else needs https. */
export function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

export function createOidcSignIn(deps: { prisma: Prisma; log: Logger; options: OidcOptions; redirectUri: string }) {
  const { prisma, log, options, redirectUri } = deps;
  let discovered: Promise<client.Configuration> | undefined;
  let authorizationEndpoint: string | undefined;

  /** Discovery once, on first use (a provider that is down does not stop the server); retried after a failure. */
  function configuration(): Promise<client.Configuration> {
    discovered ??= discover().then((config) => {
      authorizationEndpoint = config.serverMetadata().authorization_endpoint;
      return config;
    }, (error: unknown) => {
      discovered = undefined;
      log.error({ err: error, issuer: options.issuer }, "OpenID Connect discovery failed");
      throw new ProviderUnreachableError("The identity provider could not be reached.");
    });
    return discovered;
  }

  async function discover(): Promise<client.Configuration> {
    const insecure = isLoopbackHttp(options.issuer);
    // openid-client trusts an ID token from the token endpoint on TLS alone (OIDC Core allows it);
    // checking its signature against the provider's JWKS too means a forged token is refused even
    // where TLS is intercepted or, in development, absent.
    const execute = [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])];
    const found = await client.discovery(new URL(options.issuer), options.clientId, undefined, client.ClientSecretBasic(options.clientSecret), { execute, timeout: 10 });
    // client_secret_basic is the specification's default; a provider that lists only _post gets that.
    const methods = found.serverMetadata().token_endpoint_auth_methods_supported;
    if (!methods || methods.includes("client_secret_basic")) return found;
    const config = new client.Configuration(found.serverMetadata(), options.clientId, undefined, client.ClientSecretPost(options.clientSecret));
    config.timeout = 10;
    for (const apply of execute) apply(config);
    return config;
  }

  return {
    name: options.name,

    /** Discovers now, in the background (failures are logged and retried on use). */
    warmUp(): void {
      configuration().catch(() => undefined);
    },

    /**
     * The origins the browser is sent to: the issuer's and, once discovered, the authorization
     * endpoint's. A page's CSP form-action must allow them, or Chromium stops a form's redirect
     * chain that ends at the provider (the Account page's "Link").
     */
    origins(): string[] {
      return [...new Set([new URL(options.issuer).origin, ...(authorizationEndpoint ? [new URL(authorizationEndpoint).origin] : [])])];
    },

    /** A new authorization request: the URL to send the browser to, and the secret for its cookie. */
    async start(returnTo: string, now: Date): Promise<{ url: string; browserSecret: string }> {
      const config = await configuration();
      const browserSecret = randomSecret();
      const state = randomSecret();
      // Expired attempts are cleared here, the one moment sign-in traffic is certain.
      await prisma.consoleOidcSignIn.deleteMany({ where: { expiresAt: { lte: now } } });
      await prisma.consoleOidcSignIn.create({
        data: { stateHash: hashSecret(state), browserHash: hashSecret(browserSecret), returnTo, createdAt: now, expiresAt: new Date(now.getTime() + OIDC_SIGN_IN_TTL_MS) },
      });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        state,
        nonce: derive(browserSecret, "oidc-nonce"),
        code_challenge: await client.calculatePKCECodeChallenge(derive(browserSecret, "oidc-pkce-verifier")),
        code_challenge_method: "S256",
      });
      return { url: url.href, browserSecret };
    },

    /** Checks the provider's answer (`query` as received on the callback) for the browser holding `browserSecret`. */
    async finish(query: URLSearchParams, browserSecret: string | undefined, now: Date): Promise<OidcResult> {
      const state = query.get("state");
      const pending = state ? await prisma.consoleOidcSignIn.findUnique({ where: { stateHash: hashSecret(state) } }) : null;
      if (!pending || pending.expiresAt <= now) return { ok: false, reason: "unknown_state" };
      // Another browser is refused without using the attempt up: the one that started may still finish.
      if (!browserSecret || !sameHash(hashSecret(browserSecret), pending.browserHash)) return { ok: false, reason: "other_browser" };
      const { count } = await prisma.consoleOidcSignIn.deleteMany({ where: { stateHash: pending.stateHash } });
      if (count !== 1) return { ok: false, reason: "unknown_state" }; // a concurrent replay took it first

      const error = query.get("error");
      if (error) return { ok: false, reason: "provider_error", error: error.slice(0, 100) };

      const config = await configuration();
      const currentUrl = new URL(redirectUri);
      currentUrl.search = query.toString();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: derive(browserSecret, "oidc-pkce-verifier"),
          expectedNonce: derive(browserSecret, "oidc-nonce"),
          expectedState: state!,
          idTokenExpected: true,
        });
      } catch (failure) {
        const code = failureCode(failure);
        log.warn({ err: failure, code, issuer: options.issuer }, "OpenID Connect sign-in refused: the provider's answer did not validate");
        return { ok: false, reason: "invalid_response", code };
      }
      const claims = tokens.claims()!;
      let profile: Record<string, unknown> = claims;
      if (config.serverMetadata().userinfo_endpoint && (claims.email === undefined || claims.name === undefined)) {
        // Many providers put the profile in UserInfo rather than the ID token; its `sub` must match.
        try {
          profile = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
        } catch (failure) {
          log.warn({ err: failure, issuer: options.issuer }, "OpenID Connect UserInfo failed; signing in without e-mail and name");
        }
      }
      return { ok: true, identity: identityOf(claims.iss, claims.sub, profile), returnTo: pending.returnTo };
    },
  };
}

export type OidcSignIn = ReturnType<typeof createOidcSignIn>;

function identityOf(issuer: string, sub: string, profile: Record<string, unknown>): VerifiedIdentity {
  // An address counts only when the provider says it verified it.
  const email = profile.email_verified === true && typeof profile.email === "string" ? profile.email.trim().toLowerCase() : null;
  const name = [profile.name, profile.preferred_username, email, sub].find((v): v is string => typeof v === "string" && v.trim() !== "")!;
  return { method: "oidc", subject: `${issuer} ${sub}`, email, displayName: name.trim().slice(0, 200) };
}

function failureCode(failure: unknown): string {
  if (failure instanceof client.AuthorizationResponseError || failure instanceof client.ResponseBodyError) return failure.error;
  const code = (failure as { code?: unknown }).code;
  return typeof code === "string" ? code : "unexpected_failure";
}
