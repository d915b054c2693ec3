// A hand-made OpenID provider on 127.0.0.1 for the answers a correct provider never gives: ID
// tokens signed with a key it does not publish, or naming another issuer, another audience or
// another nonce. Discovery, JWKS and the token endpoint are real HTTP; the tokens are signed with
// jose. The test reads the authorization URL the console sent the browser to (its state and
// nonce), chooses what the next token says, and calls the console's callback itself.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";

export interface HandMadeProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the token endpoint answers next: claims over the correct ones, and which key signs. */
  nextToken: { claims?: JWTPayload; signWith?: "published" | "unpublished" };
  /** The nonce the console sent in its last authorization request (set by the test from the URL). */
  nonce: string;
  close(): Promise<void>;
}

export async function startHandMadeProvider(): Promise<HandMadeProvider> {
  const published = await generateKeyPair("ES256");
  const unpublished = await generateKeyPair("ES256");
  const jwk = { ...(await exportJWK(published.publicKey)), kid: "published", alg: "ES256", use: "sig" };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: HandMadeProvider = {
    issuer,
    clientId: "hand-made-client",
    clientSecret: "hand-made-secret",
    nextToken: {},
    nonce: "",
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server.on("request", async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["ES256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
      });
    }
    if (req.url === "/jwks") return json(200, { keys: [jwk] });
    if (req.url === "/token" && req.method === "POST") {
      for await (const _ of req); // the body (code, verifier) is not checked: this provider lies anyway
      const { claims = {}, signWith = "published" } = state.nextToken;
      const key = signWith === "published" ? published.privateKey : unpublished.privateKey;
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({ sub: "user-1", email: "forged@example.com", email_verified: true, nonce: state.nonce, ...claims })
        .setProtectedHeader({ alg: "ES256", kid: "published" })
        .setIssuer(typeof claims.iss === "string" ? claims.iss : issuer)
        .setAudience(claims.aud ?? state.clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(key);
      return json(200, { access_token: "hand-made-access-token", token_type: "Bearer", expires_in: 300, id_token: idToken });
    }
    json(404, { error: "not_found" });
  });
  return state;
}
