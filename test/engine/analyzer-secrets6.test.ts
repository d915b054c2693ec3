// Hard-coded secrets by kind (round 6): token formats read by their shape (Discord webhooks, Neon passwords, Mailgun
// keys), secrets in documentation, identifiers ending in "key" given generated values, Go typed variables, auth
// scheme words before tokens, .env lines written inside other files, Terraform variable defaults, .npmrc and .netrc
// credentials, Authorization headers written with their credential, and the look-alike of each.
// Only the secrets area is checked.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

type SecretCase = [name: string, path: string, lines: string[]];

const expectSecrets = (cases: SecretCase[], expected: boolean): Promise<void> => expectArea("secrets", cases, expected);

// Made-up values with the shape of the real thing.
const WEBHOOK_TOKEN = "q7Lx2VbN9mKp3Rt8YwZc4Hf6Jd1Gs5Ae0Ui-Oo_Pl7Kj2Hg9Fd4Sa1Qw8Er3Ty6Ui0Op5Zx2Cv7Bn4Mq";
const HEX32 = "5d1c8e7f2a9b4c6d0e3f8a1b7c2d9e4f";

describe("token formats read by their shape", () => {
  it("finds Discord webhook URLs, Neon passwords and Mailgun keys in any language", async () => {
    await expectSecrets([
      ["Discord webhook in a Ruby controller", "app/controllers/pages_controller.rb", [`+    webhook_url = 'https://discord.com/api/webhooks/1111760468936249444/${WEBHOOK_TOKEN}'`]],
      ["Discord webhook in PHP", "webhook.php", [`+$webhookUrl = "https://discordapp.com/api/webhooks/1112566029852348436/${WEBHOOK_TOKEN}";`]],
      ["Neon password in properties", "src/main/resources/application.properties", ["+spring.datasource.password=npg_Qm7Xk2Lp9VbZ"]],
      ["Neon password in a URL variable", "db.py", ['+DSN = "postgresql://neondb_owner:npg_4hTzR8wKqL2m@ep-cool-1.aws.neon.tech/neondb"']],
      ["Mailgun SMTP password in a template", "resources/views/env.blade.php", [`+MAIL_PASSWORD=${HEX32}-7fba8a4e-7641f91f`]],
      ["Mailgun API key", "mail.js", [`+const mg = mailgun.client({ username: "api", key: "key-${HEX32}" });`]],
    ], true);
  });

  it("leaves sample webhooks, identifiers that start with npg_ and UUIDs alone", async () => {
    await expectSecrets([
      ["sample webhook of sequential digits and the alphabet", ".env.example", ["+DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz1234567890"]],
      ["webhook placeholder", "notify.sh", ['+WEBHOOK_URL="https://discord.com/api/webhooks/YOUR_WEBHOOK_KEY"']],
      ["npg_ identifier", "pool.c", ["+static int npg_connection_count = 0;"]],
      ["UUID is not a Mailgun key", "ids.py", ['+REQUEST_ID = "3f2b8c1d-4e5a-4b6c-9d7e-0a1b2c3d4e5f"']],
    ], false);
  });
});

describe("documentation", () => {
  it("finds real token formats and generated-looking secrets written into docs", async () => {
    await expectSecrets([
      ["Slack webhook in a README", "README.md", ["+https://hooks.slack.com/services/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"]],
      ["Neon password in notes", "conection.md", ["+spring.datasource.password=npg_BXq7Rk2mZ9Lw"]],
      ["random JWT secret in a deployment README", "README.md", ['+- JWT_SECRET="[YteUqD8?HAG{PCkLjYwms3ura[@aJy,@9)wt=x"']],
    ], true);
  });

  it("leaves placeholders, fake sequences and example passwords in docs alone", async () => {
    await expectSecrets([
      ["Slack placeholder", "notification-slack/README.md", ["+- Webhook URL: such as `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`"]],
      ["sequential OpenAI key", "README.md", ["+Set `OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD` in your shell."]],
      ["example password made of words", "docs/setup.md", ['+DB_PASSWORD="SuperSecretPassword123!"']],
      ["placeholder token in a .pypirc guide", "docs/pypirc.md", ["+password = pypi-YOUR-PRODUCTION-TOKEN-HERE"]],
      ["Maps JavaScript API loader in a page", "index.html", ['+<script src="https://maps.googleapis.com/maps/api/js?key=AIzaSyB_Gt_yBjmlo_CaQ-dQWmmq-Ai74_FHdec&callback=initMap"></script>']],
    ], false);
  });
});

describe("identifiers ending in 'key' with generated values", () => {
  it("finds hex and base64 keys under key names in Dart, Laravel templates, Kotlin and YAML", async () => {
    await expectSecrets([
      ["Dart private _key", "lib/core/api/api_constants.dart", [`+  static const String _key = "${HEX32}";`]],
      ["Laravel APP_KEY in a view that writes the .env", "resources/views/prueba.blade.php", ["+APP_KEY=base64:7/V30U5hB7fjsLe77BhM6nrqB19J7Fp7jI/3Yl54Q94="]],
      ["Kotlin signingKey", "Config.kt", ['+    val signingKey = "Zq3Lw9XkP2vB7mN4tR8yH1cJ6dF0gS5a"']],
      ["YAML license key", "config.yml", [`+  license_key: "${HEX32}"`]],
    ], true);
  });

  it("leaves public keys, cache and storage keys, UUIDs and names alone", async () => {
    await expectSecrets([
      ["publishable key", "checkout.js", ['+const publishableKey = "Zq3Lw9XkP2vB7mN4tR8yH1cJ6dF0gS5a";']],
      ["VAPID public key", "push.js", ['+const vapidPublicKey = "BEl62iUYgUivxIkv69yViEuiBIa40HI0DLLuXcQcaeLjUlVAn3Kmy8OCs4Bjc7n9";']],
      ["cache key of a digest", "cache.py", [`+CACHE_KEY = "${HEX32}"`]],
      ["instrumentation key UUID", "appinsights.js", ['+const instrumentationKey = "3f2b8c1d-4e5a-4b6c-9d7e-0a1b2c3d4e5f";']],
      ["storage key name", "store.ts", ['+const STORAGE_KEY = "app_settings_storage_v2";']],
      ["short map key", "i18n.js", ['+const key = "country";']],
      ["JSX list key", "src/List.jsx", ['+      <Row key="a1b2c3d4e5f6a7b8c9d0e1f2" label={x} />']],
      ["S3 object key", "src/upload.js", ['+const s3Key = "uploads/2023/report_a1b2c3d4e5f6.pdf";']],
    ], false);
  });
});

describe("Go typed variables and auth scheme words", () => {
  it("finds literals in `var NAME string = ...` and tokens after Token/Bearer/Bot", async () => {
    await expectSecrets([
      ["Go typed password", "initializers/env.go", ['+var DATCOM_DB_PWD string = "e8144f625a"']],
      ["Go typed admin password", "config/config.go", ['+var AdminPassword string = "Qx7#mLp2Zk"']],
      ["Token scheme before a hex token", "Backup/api_check.py", [`+token = 'Token ${HEX32}aa11bb22'`]],
      ["Bot scheme before a token", "bot.js", ['+const token = "Bot Zq3Lw9XkP2vB7mN4tR8yH1cJ6dF0gS5a";']],
    ], true);
  });

  it("leaves empty or environment-read typed variables and scheme placeholders alone", async () => {
    await expectSecrets([
      ["Go empty", "config.go", ['+var DBPassword string = ""']],
      ["Go from env", "config.go", ['+var DBPassword string = os.Getenv("DB_PASSWORD")']],
      ["scheme before a placeholder", "API.swift", ['+    static let token = "Bearer your_apiKey"']],
      ["scheme before a short word", "client.py", ["+token = 'Token abc'"]],
    ], false);
  });
});

describe(".env lines written inside other files", () => {
  it("finds UPPER_SNAKE credential lines in templates and heredocs", async () => {
    await expectSecrets([
      ["password in a blade env template", "resources/views/console/env.blade.php", ["+DB_PASSWORD=Qx7mLp2Zk9Wv"]],
      ["token in a heredoc", "scripts/make-env.py", ["+GITHUB_TOKEN=Zq3Lw9XkP2vB7mN4tR8yH1c"]],
    ], true);
  });

  it("leaves template variables, empty values and code assignments of names alone", async () => {
    await expectSecrets([
      ["blade variable", "resources/views/console/env.blade.php", ["+DB_PASSWORD={{ $db_password }}"]],
      ["python assignment of a name", "settings.py", ["+DB_PASSWORD=settings_password"]],
      ["dotted reference", "settings.py", ["+DB_PASSWORD=config.db.password"]],
      ["call", "settings.py", ["+DB_PASSWORD=getpass()"]],
      ["placeholder", "make-env.sh.txt", ["+API_TOKEN=your_token_here"]],
    ], false);
  });
});

describe("compose content under another file name", () => {
  it("treats a compose file saved as Dockerfile like a compose file: its default database passwords are local", async () => {
    await expectSecrets([
      ["compose saved as Dockerfile", "Dockerfile", ["+services:", "+  db:", "+    image: mysql", "+    environment:", "+      MYSQL_ROOT_PASSWORD: root", "+      MYSQL_USER: myuser"]],
    ], false);
  });

  it("still finds a strong password there", async () => {
    await expectSecrets([
      ["strong password", "Dockerfile", ["+services:", "+  db:", "+    image: mysql", "+    environment:", "+      MYSQL_ROOT_PASSWORD: Xq7#Lp92kZ"]],
    ], true);
  });
});

describe("Terraform variable defaults", () => {
  it("finds a credential variable whose default is a literal", async () => {
    await expectSecrets([
      ["password default", "infra/variables.tf", ['+variable "db_password" {', "+  type    = string", '+  default = "Xk9#mPq2Lw8v"', "+}"]],
      ["key default", "infra/variables.tf", ['+variable "signing_key" {', '+  default = "q8Xf2kLm9Pz1vRt6YbN3cJd7"', "+}"]],
    ], true);
  });

  it("leaves empty, placeholder and non-credential defaults alone", async () => {
    await expectSecrets([
      ["no default", "infra/variables.tf", ['+variable "db_password" {', "+  type      = string", "+  sensitive = true", "+}"]],
      ["placeholder default", "infra/variables.tf", ['+variable "gitlab_token" {', '+  default = "TOKEN_HERE"', "+}"]],
      ["changeme default", "infra/variables.tf", ['+variable "db_password" {', '+  default = "changeme"', "+}"]],
      ["length, not a password", "infra/variables.tf", ['+variable "password_length" {', '+  default = "16"', "+}"]],
    ], false);
  });
});

describe(".npmrc and .netrc credentials", () => {
  it("finds registry tokens and netrc passwords", async () => {
    await expectSecrets([
      ["npmrc legacy UUID token", ".npmrc", ["+//registry.npmjs.org/:_authToken=9a8b7c6d-1234-4e5f-9a8b-7c6d5e4f3a2b"]],
      ["npmrc _auth", "frontend/.npmrc", ["+//nexus.acme.io/repository/npm/:_auth=ZGVwbG95OlF4N21McDJaazlXdg=="]],
      ["netrc file", ".netrc", ["+machine api.heroku.com", "+  login dev@acme.io", "+  password 4f6a8c2e-1b3d-4e5f-a7c9-0d2b4f6a8c1e"]],
      ["one-line netrc in a script", "setup.sh", ['+echo "machine github.com login deploy password 9f8e7d6c5b4a392817" > ~/.netrc']],
    ], true);
  });

  it("leaves variables and placeholders alone", async () => {
    await expectSecrets([
      ["npmrc from the environment", ".npmrc", ["+//registry.npmjs.org/:_authToken=${NPM_TOKEN}"]],
      ["npmrc placeholder", ".npmrc", ["+//npm.pkg.github.com/:_authToken=YOUR_TOKEN_HERE"]],
      ["netrc from a variable", "setup-heroku.sh", ['+echo "machine api.heroku.com login $HEROKU_LOGIN password $HEROKU_API_KEY" >> ~/.netrc']],
    ], false);
  });
});

describe("Authorization headers written with their credential", () => {
  it("finds Basic pairs and Bearer tokens in header literals", async () => {
    await expectSecrets([
      ["Basic admin pair", "client.py", ['+headers = {"Authorization": "Basic YWRtaW46U3VwM3JTM2NyM3Q="}']],
      ["Bearer hex token", "client.js", [`+  headers: { Authorization: "Bearer ${HEX32}" },`]],
      ["PHP header array", "api.php", [`+$headers = ['Authorization' => 'Bearer ${HEX32}'];`]],
    ], true);
  });

  it("leaves templates, echo-service demos and placeholders alone", async () => {
    await expectSecrets([
      ["base64 of a template", "auth.py", ["+headers = {'Authorization': 'Basic e3tjbGllbnRfaWR9fTp7e2NsaWVudF9zZWNyZXR9fQ=='}"]],
      ["httpbin demo pair", "demo.py", ["+URL = 'https://httpbin.org/basic-auth/user/hunter2pass'", "+headers = {'Authorization': 'Basic dXNlcjpodW50ZXIycGFzcw=='}"]],
      ["Bearer placeholder", "api.js", ["+headers: { Authorization: 'Bearer YOUR_ACCESS_TOKEN_HERE' }"]],
      ["Bearer built from a variable", "api.js", ["+xhr.setRequestHeader('Authorization', 'Bearer ' + token);"]],
    ], false);
  });
});
