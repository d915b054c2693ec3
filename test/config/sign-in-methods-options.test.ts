// The environment of the console's OpenID Connect and e-mail sign-in: read once, with clear
// errors for what cannot work.
import { describe, expect, it } from "@jest/globals";
import { ConfigError, readEnvOptions } from "../../src/config/read-env-options.js";

const oidc = { OIDC_ISSUER: "https://login.example.com/", OIDC_CLIENT_ID: "clearance", OIDC_CLIENT_SECRET: "s3cret" };

describe("sign-in methods from the environment", () => {
  it("offers neither by default (outside development)", () => {
    expect(readEnvOptions({}).signInMethods).toEqual({ publicUrl: undefined, oidc: undefined, email: undefined });
  });

  it("reads the OpenID Connect provider, with its button name", () => {
    expect(readEnvOptions({ ...oidc, OIDC_NAME: "Acme SSO", BASE_URL: "https://clearance.example.com/" }).signInMethods).toMatchObject({
      publicUrl: "https://clearance.example.com",
      oidc: { issuer: "https://login.example.com", clientId: "clearance", clientSecret: "s3cret", name: "Acme SSO" },
    });
    expect(readEnvOptions({ ...oidc, BASE_URL: "https://c.example.com" }).signInMethods?.oidc?.name).toBe("your identity provider");
  });

  it("refuses an incomplete or unsafe OpenID Connect set-up", () => {
    expect(() => readEnvOptions({ OIDC_ISSUER: "https://login.example.com", BASE_URL: "https://c.example.com" })).toThrow("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
    expect(() => readEnvOptions({ OIDC_CLIENT_ID: "x" })).toThrow("only with OIDC_ISSUER");
    expect(() => readEnvOptions({ ...oidc, OIDC_ISSUER: "http://login.example.com", BASE_URL: "https://c.example.com" })).toThrow("must be an https URL (http only on localhost)");
    expect(() => readEnvOptions({ ...oidc, OIDC_ISSUER: "not a url", BASE_URL: "https://c.example.com" })).toThrow(ConfigError);
    expect(() => readEnvOptions(oidc)).toThrow("OIDC_ISSUER needs BASE_URL");
    expect(readEnvOptions({ ...oidc, OIDC_ISSUER: "http://127.0.0.1:8080", BASE_URL: "http://localhost:3000" }).signInMethods?.oidc?.issuer).toBe("http://127.0.0.1:8080");
  });

  it("sends links over SMTP when SMTP_URL and MAIL_FROM are set, with the limits", () => {
    expect(
      readEnvOptions({ SMTP_URL: "smtps://u:p@smtp.example.com:465", MAIL_FROM: "Clearance <c@example.com>", BASE_URL: "https://c.example.com", EMAIL_SIGN_IN_PER_ADDRESS_PER_HOUR: "3" }).signInMethods?.email,
    ).toEqual({ delivery: { kind: "smtp", smtpUrl: "smtps://u:p@smtp.example.com:465", from: "Clearance <c@example.com>" }, perAddressPerHour: 3, perIpPerHour: 20 });
    expect(() => readEnvOptions({ SMTP_URL: "smtp://smtp.example.com", BASE_URL: "https://c.example.com" })).toThrow("SMTP_URL needs MAIL_FROM");
    expect(() => readEnvOptions({ SMTP_URL: "https://smtp.example.com", MAIL_FROM: "c@example.com", BASE_URL: "https://c.example.com" })).toThrow("smtp:// or smtps://");
    expect(() => readEnvOptions({ SMTP_URL: "smtp://smtp.example.com", MAIL_FROM: "c@example.com" })).toThrow("SMTP_URL needs BASE_URL");
    expect(() => readEnvOptions({ MAIL_FROM: "c@example.com" })).toThrow("only with SMTP_URL");
  });

  it("without SMTP, logs links in development only (at http://localhost:PORT unless BASE_URL says)", () => {
    expect(readEnvOptions({ NODE_ENV: "development", PORT: "4000" }).signInMethods).toMatchObject({ publicUrl: "http://localhost:4000", email: { delivery: { kind: "log" } } });
    expect(readEnvOptions({ NODE_ENV: "production" }).signInMethods?.email).toBeUndefined();
  });
});
