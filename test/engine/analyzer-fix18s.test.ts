// Round-18 blind secrets batch (secrets-round18-untuned.yaml), read after it was scored: the mechanisms behind its
// misses, each with a positive in the shape other code bases write it and a nearby look-alike that must stay quiet.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("a value quoted twice for code generation", () => {
  it("reads the key inside \"\\\"...\\\"\" as the value, not URLs or placeholders so quoted", async () => {
    await expectArea("secrets", [
      ["Kotlin buildSrc constant", "buildSrc/src/main/kotlin/Keys.kt", ["+object Keys {", '+    const val weatherApiKey = "\\"c41e8b20f9d37a6e5b1f04d29a8c7e63\\""', "+}"]],
      ["Groovy ext property", "app/build.gradle", ['+    ext.mapsApiKey = "\\"9a7Kd2LpQ4xV8sT1mN6bR3cW\\""']],
    ], true);
    await check([
      ["base URL", "buildSrc/src/main/kotlin/Keys.kt", ["+object Keys {", '+    const val baseUrl = "\\"https://api.openweathermap.org/data/2.5/\\""', "+}"], null],
      ["placeholder key", "buildSrc/src/main/kotlin/Keys.kt", ["+object Keys {", '+    const val weatherApiKey = "\\"YOUR_API_KEY\\""', "+}"], null],
    ]);
  });
});

describe("an own signing or session secret spelled as 'my-...'", () => {
  it("reports the app's own secret given a my-... value, not option names or a provider key stand-in", async () => {
    await expectArea("secrets", [
      ["TypeScript session secret", "src/config/auth.ts", ['+export const SESSION_SECRET = "my_session_secret";']],
      ["Python JWT secret", "app/settings.py", ['+JWT_SIGNING_KEY = "my-jwt-signing-key"']],
    ], true);
    await check([
      ["option name", "src/cli/options.ts", ['+export const OPT_JWT_SECRET = "jwt-secret-file";'], null],
      ["provider key stand-in", "src/config/weather.ts", ['+export const WEATHER_API_KEY = "my-api-key";'], null],
    ]);
  });
});

describe("an environment fallback spelled in plain words", () => {
  it("reports words given as a secret's fallback, not stand-ins or non-secret fallbacks", async () => {
    await expectArea("secrets", [
      ["Flask SECRET_KEY fallback", "app/config.py", ["+class Config:", "+    SECRET_KEY = os.environ.get('SECRET_KEY') or 'nobody-will-ever-guess-this'"]],
      ["Express session fallback", "server/app.js", ["+const sessionSecret = process.env.SESSION_SECRET || 'correct-horse-battery-staple';"]],
    ], true);
    await check([
      ["development stand-in", "app/config.py", ["+    SECRET_KEY = os.environ.get('SECRET_KEY') or 'dev-only-not-secure'"], null],
      ["cookie name fallback", "server/app.js", ["+const cookieName = process.env.COOKIE_NAME || 'session-cookie';"], null],
    ]);
  });
});

describe("a default word as a Kubernetes Secret's entry", () => {
  it("reports weak words deployed through a Secret, not outside one or references in one", async () => {
    await expectArea("secrets", [
      ["Terraform kubernetes_secret_v1", "infra/k8s/db.tf", [
        '+resource "kubernetes_secret_v1" "postgres" {',
        "+  metadata {",
        '+    name = "postgres-auth"',
        "+  }",
        "+  data = {",
        '+    POSTGRES_USER     = "app"',
        '+    POSTGRES_PASSWORD = "admin"',
        "+  }",
        "+}",
      ]],
      ["YAML Secret stringData", "deploy/k8s/mysql-secret.yaml", [
        "+apiVersion: v1",
        "+kind: Secret",
        "+metadata:",
        "+  name: mysql-auth",
        "+type: Opaque",
        "+stringData:",
        "+  MYSQL_ROOT_PASSWORD: password",
      ]],
      ["YAML Secret data, base64 of root", "deploy/k8s/db-secret.yaml", [
        "+apiVersion: v1",
        "+kind: Secret",
        "+metadata:",
        "+  name: db-auth",
        "+data:",
        "+  DB_PASSWORD: cm9vdA==",
      ]],
    ], true);
    await check([
      ["default word in a config map", "infra/k8s/app.tf", [
        '+resource "kubernetes_config_map" "app" {',
        "+  data = {",
        '+    DB_PASSWORD = "password"',
        "+  }",
        "+}",
      ], null],
      ["Secret from a variable", "infra/k8s/db.tf", [
        '+resource "kubernetes_secret" "postgres" {',
        "+  data = {",
        "+    POSTGRES_PASSWORD = var.postgres_password",
        "+  }",
        "+}",
      ], null],
    ]);
  });
});

describe("Compose services saved under another name", () => {
  it("reads a service block with build: and depends_on: as Compose, a real Dockerfile as a Dockerfile", async () => {
    await expectArea("secrets", [
      ["compose service in a Dockerfile", "Dockerfile", [
        "   api:",
        "+    build: ./api",
        "+    depends_on:",
        "+      - postgres",
        "+    environment:",
        "+      DB_HOST: postgres",
        "+      DB_PASSWORD: postgres",
      ]],
    ], false);
    await expectArea("secrets", [
      ["chosen password in the service", "Dockerfile", ["+    build: ./api", "+    depends_on:", "+      - postgres", "+    environment:", "+      DB_PASSWORD: Vq83kLm2Xz7p"]],
      ["ENV default in an image", "Dockerfile", ["+FROM node:20", "+ENV DB_HOST=db.acme-prod.com", "+ENV DB_PASSWORD=root"]],
    ], true);
  });
});

describe("TLS switched off in generated configuration, Dockerfiles and shell scripts", () => {
  it("reports ssl_mode disabled inside an escaped string and useSSL=false in a Dockerfile, not TLS left on", async () => {
    await expectArea("encryption", [
      ["shell heredoc writing TOML", "scripts/render-config.sh", ['+echo "[database]', '+sslmode = \\"disable\\"', '+" > app.toml']],
      ["shell echo with ssl_mode", "deploy/config.sh", ['+echo "ssl_mode = \\"disabled\\"" >> config.ini']],
      ["Dockerfile JDBC URL", "Dockerfile", ["+FROM eclipse-temurin:21", "+ENV SPRING_DATASOURCE_URL=jdbc:mysql://db.internal.acme.io:3306/app?useSSL=false"]],
    ], true);
    await expectArea("encryption", [
      ["ssl_mode required", "deploy/config.sh", ['+echo "ssl_mode = \\"require\\"" >> config.ini']],
      ["Dockerfile useSSL=true", "Dockerfile", ["+FROM eclipse-temurin:21", "+ENV SPRING_DATASOURCE_URL=jdbc:mysql://db.internal.acme.io:3306/app?useSSL=true"]],
    ], false);
  });
});

describe("a Ruby initializer's configuration block", () => {
  it("reports a catalogued service configured, not a framework or a self-hosted gem", async () => {
    await expectArea("subprocessors", [
      ["Mailgun configure block", "config/initializers/mailgun.rb", ["+Mailgun.configure do |config|", "+  config.api_key = ENV.fetch('MAILGUN_API_KEY')", "+end"]],
    ], true);
    await check([
      ["split gem (self-hosted A/B tests)", "config/initializers/split.rb", ["+Split.configure do |config|", "+  config.persistence = :cookie", "+end"], null],
      ["Rails configure", "config/environments/production.rb", ["+Rails.application.configure do", "+  config.force_ssl = true", "+end"], null],
    ]);
  });
});

describe("the Python Slack SDK's earlier packages", () => {
  it("reports their clients built, not a local module of the same name", async () => {
    await expectArea("subprocessors", [
      ["slackclient 1.x", "bot/notify.py", ["+from slackclient import SlackClient", "+sc = SlackClient(os.environ['SLACK_TOKEN'])"]],
      ["slack 2.x module", "bot/notify.py", ["+import slack", "+client = slack.WebClient(token=os.environ['SLACK_BOT_TOKEN'])"]],
    ], true);
    await check([
      ["local slack formatting helper", "bot/report.py", ["+from slack import format_message", "+text = format_message(summary)"], null],
    ]);
  });
});
