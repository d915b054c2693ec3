// False positives a measuring sweep of eight fresh repositories (120 commits each, every finding read) found most
// often: labels in a CodeIgniter/Laravel translation catalogue (app/Language/en/Config.php: 'msg_pwd' => 'SMS-API
// Password') read as passwords, and the dotted name of a setting (KEY_ACCESS_TOKEN = "sms-gateway.accessToken") read
// as the token it names. Each has a positive that must still be found; writing one, a credential named after an
// acronym (CodeIgniter's $SMTPPass) turned out to be missed, and is now read as SMTP + Pass. A later untuned sweep
// (after round 11) found most of its false findings in third-party code committed under vendor/: it is not reviewed.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("translation catalogues", () => {
  it("leaves labels in Language/ and lang/ folders alone", async () => {
    await check([
      ["CodeIgniter catalogue", "app/Language/en/Config.php", [
        "     'msg_msg' => 'Saved Text Message',",
        "+    'msg_pwd' => 'SMS-API Password',",
        "     'msg_src' => 'SMS-API Sender ID',",
      ], null],
      ["Laravel catalogue", "resources/lang/de/auth.php", [
        "     'failed' => 'Diese Kombination aus Zugangsdaten wurde nicht gefunden.',",
        "+    'password' => 'Das eingegebene Passwort ist nicht korrekt.',",
        "     'throttle' => 'Zu viele Loginversuche.',",
      ], null],
    ]);
  });

  it("still finds a credential in ordinary configuration and a real token format in a catalogue", async () => {
    await check([
      ["PHP configuration", "app/Config/Email.php", [
        "     public string $SMTPUser = 'mailer@shop.test';",
        "+    public string $SMTPPass = 'Zq8r2LmW4kTx';",
        "     public int $SMTPPort = 587;",
      ], "secrets"],
      ["token format in a catalogue", "app/Language/en/Config.php", [
        "     'msg_msg' => 'Saved Text Message',",
        "+    'aws_hint' => 'Use AKIA2E0A8F3B244C9986 for uploads',",
      ], "secrets"],
    ]);
  });
});

describe("dotted setting names", () => {
  it("does not read the name of a setting as the secret it names", async () => {
    await check([
      ["SMS gateway keys", "src/main/java/org/example/sms/GatewayService.java", [
        "\tprivate static final String KEY_USER_KEY = \"sms-gateway-service.userKey\";",
        "+\tprivate static final String KEY_ACCESS_TOKEN = \"sms-gateway-service.accessToken\";",
        "\tprivate static final String KEY_USERNAME = \"sms-gateway-service.username\";",
      ], null],
      ["Spring property name", "src/main/java/org/example/Config.java", [
        "+\tprivate static final String CLIENT_SECRET = \"app.oauth.clientSecret\";",
      ], null],
    ]);
  });

  it("still finds a generated value that only starts with a dotted prefix", async () => {
    await check([
      ["prefixed value", "src/main/java/org/example/Config.java", [
        "+\tprivate static final String ACCESS_TOKEN = \"prod.Xk29fjQ8sLp2Wn7Z\";",
      ], "secrets"],
    ]);
  });
});

describe("vendored third-party code", () => {
  it("does not review code committed under the root vendor/ folder or node_modules", async () => {
    await check([
      ["Composer vendor", "vendor/guzzlehttp/guzzle/src/Client.php", [
        "+        $options['verify'] = false;",
        "+        $password = 'Zq8r2LmW4kTx';",
      ], null],
      ["node_modules", "web/node_modules/some-lib/index.js", [
        "+const client = new OpenAI({ apiKey: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD' });",
      ], null],
    ]);
  });

  it("still reviews the project's own code about vendors", async () => {
    await check([
      ["marketplace vendors", "src/vendor/VendorService.php", [
        "+        $options['verify'] = false;",
      ], "encryption"],
    ]);
  });
});
