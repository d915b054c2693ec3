// From the round-16 blind secrets batch (secrets-round16-untuned.yaml), read after it was scored: cookie-signing keys and
// template-literal values, a mail password under a public SMTP host in development configuration, a Slack webhook path
// kept apart from its host, Google app passwords under a password key, and placeholders written as a bracketed slot, a
// masked run or Lavalink's shipped default password. Each has a look-alike that must stay quiet.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("round-16 blind batch kinds (blind16-secrets)", () => {
  it("reads cookie-signing keys and template-literal values", async () => {
    await expectArea("secrets", [
      ["a cookie-session key in a keys module", "server/config/prod-keys.js", [
        "+module.exports = {",
        "+  googleClientID: process.env.GOOGLE_CLIENT_ID,",
        "+  cookieKey: 'q#8Lr!vT2z^Wm@0pYs&dK4',",
        "+};",
      ]],
      ["a cookie key written as a template literal", "src/settings.ts", [
        "+export const settings = {",
        "+  COOKIE_KEY: `Zr7&mQ2!xP9^kL4%vB8@nW`,",
        "+};",
      ]],
      ["a password written as a template literal", "src/db.js", [
        "+const password = `Hq4!mZ8tRv2pL`;",
      ]],
    ], true);
    await check([
      ["a cookie key read from the environment", "server/config/prod-keys.js", [
        "+module.exports = {",
        "+  cookieKey: process.env.COOKIE_KEY,",
        "+};",
      ], null],
      ["a template literal that interpolates the environment", "src/settings.ts", [
        "+export const settings = {",
        "+  COOKIE_KEY: `${process.env.COOKIE_KEY}`,",
        "+};",
      ], null],
    ]);
  });

  it("reports a mail password under a public SMTP host in development configuration", async () => {
    await expectArea("secrets", [
      ["Spring dev profile (YAML) with an Outlook SMTP host", "src/main/resources/application-dev.yaml", [
        " spring:",
        "   mail:",
        "     host: smtp.office365.com",
        "     port: 587",
        "     username: bookings@contoso-clinic.com",
        "+    password: Rt7kWq2mZx9p",
      ]],
      ["Spring dev profile (properties) with a Gmail SMTP host", "src/main/resources/application-local.properties", [
        " spring.mail.host=smtp.gmail.com",
        " spring.mail.port=587",
        "+spring.mail.password=vbnmqwerasdfzxcv",
      ]],
    ], true);
    await check([
      ["a dev profile's password for a local mail catcher", "src/main/resources/application-dev.yaml", [
        " spring:",
        "   mail:",
        "     host: localhost",
        "     port: 1025",
        "+    password: Rt7kWq2mZx9p",
      ], null],
      ["a dev profile's password for a compose service", "src/main/resources/application-dev.yml", [
        "   datasource:",
        "     host: postgres",
        "+    password: Rt7kWq2mZx9p",
      ], null],
      ["a dev profile reading the mail password from the environment", "src/main/resources/application-dev.yml", [
        "     host: smtp.gmail.com",
        "+    password: ${MAIL_PASSWORD}",
      ], null],
    ]);
  });

  it("reports a Slack webhook path kept apart from its host", async () => {
    await expectArea("secrets", [
      ["a Python constant joined to the hooks.slack.com prefix", "alerts/notify.py", [
        "+SLACK_PREFIX = 'https://hooks.slack.com/services'",
        "+SLACK_PATH = '/T7QX2MZ4K/B9RW3NY5L/Qm3Zx8Rt2Vw7Kp4Ln9Bs6Hc1'",
      ]],
      ["a Go path without its leading slash", "cmd/notify/main.go", [
        "+\tpath := \"T7QX2MZ4K/B9RW3NY5L/Qm3Zx8Rt2Vw7Kp4Ln9Bs6Hc1\"",
      ]],
    ], true);
    await check([
      ["a censored webhook path", "alerts/notify.py", [
        "+SLACK_PATH = '/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'",
      ], null],
      ["a route with upper-case segments", "src/routes.ts", [
        "+router.get('/TEAMS2024/BOARDS/list', listBoards);",
      ], null],
    ]);
  });

  it("reports a Google app password under a password key", async () => {
    await expectArea("secrets", [
      ["PHPMailer's Password property", "app/mail/send.php", [
        "+$mailer->Username = 'clinic.notifications@gmail.com';",
        "+$mailer->Password = 'kxqv mtzr bwnd hpsl';",
      ]],
      ["Django's EMAIL_HOST_PASSWORD", "project/settings.py", [
        "+EMAIL_HOST_USER = 'shop.orders@gmail.com'",
        "+EMAIL_HOST_PASSWORD = 'kxqv mtzr bwnd hpsl'",
      ]],
    ], true);
    await check([
      ["a password label in words", "app/mail/send.php", [
        "+$labels->Password = 'your mail password';",
      ], null],
      ["a sentence under a password key", "project/settings.py", [
        "+PASSWORD_HELP = 'Enter the mail account password'",
      ], null],
    ]);
  });

  it("leaves bracketed slots, masked runs and Lavalink's default password alone", async () => {
    await check([
      ["a Kotlin constant holding a bracketed slot", "app/src/main/java/com/acme/maps/Keys.kt", [
        "+object Keys {",
        "+    const val MAPS_API_KEY = \"{GOOGLE MAPS KEY}\"",
        "+    const val NEWS_API_KEY = \"[news api key]\"",
        "+}",
      ], null],
      ["masked token values in a sample .env", ".env", [
        "+DISCORD_TOKEN=ZZZZZZZZZ1ZZZZZZZZZ",
        "+CLIENT_SECRET=0000000B000000",
      ], null],
      ["Lavalink's default password beside a local node", "bot/.env", [
        "+LAVALINK_HOST=127.0.0.1",
        "+LAVALINK_PASSWORD=youshallnotpass",
      ], null],
    ]);
    await expectArea("secrets", [
      ["a braced value with key characters", "app/src/main/java/com/acme/maps/Keys.kt", [
        "+    const val MAPS_API_KEY = \"{9fK2xQ7mZ4pL8vR1}\"",
      ]],
      ["a real secret in the same .env shape", ".env", [
        "+CLIENT_SECRET=k9Fz2Qm8Xp4Lr7Vt1Bn6",
      ]],
      ["a chosen password beside a local node", "bot/.env", [
        "+LAVALINK_HOST=127.0.0.1",
        "+LAVALINK_PASSWORD=Mq7vZ2kRx9Lp",
      ]],
    ], true);
  });
});
