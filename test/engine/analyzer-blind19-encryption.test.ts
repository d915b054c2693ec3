// From the round-18 and round-19 blind batches, read after they were scored: a certificate check whose setting is an
// environment read defaulting to off (`openssl_verify_mode: ENV.fetch('SMTP_SSL_VERIFY_MODE', 'none')`), and a bare
// `skip_validation` (a record's, not a certificate's) left alone. Each with a look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("a certificate check switched by an environment read that defaults to off", () => {
  it("finds the default that turns verification off", async () => {
    await check([
      ["Rails SMTP settings defaulting openssl_verify_mode to none", "config/environments/production.rb", [
        "+    config.action_mailer.smtp_settings = {",
        "+      address: ENV.fetch('SMTP_ADDRESS'),",
        "+      openssl_verify_mode: ENV.fetch('SMTP_SSL_VERIFY_MODE', 'none')",
        "+    }",
      ], "encryption"],
      ["Elasticsearch client defaulting verify_certs to false", "app/search/client.py", [
        "+es = Elasticsearch(ES_URL, verify_certs=os.getenv(\"ES_VERIFY_CERTS\", \"false\"))",
      ], "encryption"],
    ]);
  });
  it("leaves a default that keeps verification on, and a record's skip_validation, alone", async () => {
    await check([
      ["Rails SMTP settings defaulting to peer", "config/environments/production.rb", [
        "+      openssl_verify_mode: ENV.fetch('SMTP_SSL_VERIFY_MODE', 'peer')",
      ], null],
      ["a model saved without its validations", "app/controllers/credentials_controller.rb", [
        "+      user.otp_secret = User.generate_otp_secret",
        "+      user.skip_validation = true",
        "+      user.save!",
      ], null],
    ]);
  });
  it("still finds a validation switch that names the certificate", async () => {
    await check([
      ["a client told to skip SSL validation", "src/clients/partner.ts", ["+  const client = new PartnerClient({ disableSslValidation: true });"], "encryption"],
    ]);
  });
});
