// Hard-coded secrets by kind (round 11): configuration saved under a SQL or text extension, login calls whose user is a
// variable, base64 literals that only encode a name, and numbered factory defaults beside a localhost address. Each
// kind has a positive and a real look-alike. Only the secrets area is checked.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

type SecretCase = [name: string, path: string, lines: string[]];

const expectSecrets = (cases: SecretCase[], expected: boolean): Promise<void> => expectArea("secrets", cases, expected);

describe("configuration saved under a SQL or text extension", () => {
  it("reads bare key: value lines of database.yml.sql or application.properties.txt as configuration", async () => {
    await expectSecrets([
      ["Rails database.yml saved as .sql", "config/database.yml.sql",
        ["+default: &default", "+  adapter: mysql2", "+  username: root", "+  password: Kestrel8841"]],
      ["Spring properties saved as .txt", "backend/application.properties.txt",
        ["+spring.datasource.url=jdbc:mysql://db.internal.shop.io:3306/shop", "+spring.datasource.password=Wq7#rT2vLp"]],
    ], true);
  });

  it("leaves SQL files and copies holding references or placeholders alone", async () => {
    await expectSecrets([
      ["a real SQL file with a column named password", "db/schema.sql", ["+  password: varchar(255) NOT NULL,"]],
      ["copy whose password comes from the environment", "config/database.yml.sql", ["+  password: <%= ENV['DB_PASSWORD'] %>"]],
      ["copy with a placeholder", "config/settings.ini.txt", ["+password = your_password_here"]],
    ], false);
  });
});

describe("login calls whose user is a variable", () => {
  it("finds the literal password beside a user variable", async () => {
    await expectSecrets([
      ["Java PasswordAuthentication with a user variable", "src/main/java/com/app/Mailer.java",
        ['+                        return new PasswordAuthentication(from, "Vq8#LmP2zR");']],
      ["Python login with a constant user", "notify.py", ['+    server.login(SENDER_EMAIL, "Tr0ub4dor&3x!")']],
      ["Go PlainAuth with a user variable", "cmd/mail/main.go", ['+\tauth := smtp.PlainAuth("", from, "Ut7!kd92Lq", "smtp.gmail.com")']],
    ], true);
  });

  it("leaves variables, factory defaults and stand-ins beside a user variable alone", async () => {
    await expectSecrets([
      ["both variables", "src/main/java/com/app/Mailer.java", ["+                return new PasswordAuthentication(username, password);"]],
      ["factory default", "ftp_sync.py", ['+    ftp.login(user, "admin")']],
      ["stand-in", "notify.py", ['+    server.login(EMAIL, "your_app_password")']],
      ["login of a web framework", "app/views.py", ["+    auth.login(request, user)"]],
    ], false);
  });
});

describe("base64 literals that only encode a name", () => {
  it("still finds base64 literals that decode to secrets", async () => {
    await expectSecrets([
      ["base64 of a random key in a build config field", "app/build.gradle.kts",
        ['+    buildConfigField("String", "APP_SECRET", "\\"bXVwN3FLZDJ4TFo5dFcxcUJyNWVIOGZT\\"")']],
      ["base64 of a passphrase-like password", "config/app.yml", ["+  secret_key: c3RlZWwtaG9yc2UtcGFzcy0yMDI0"]],
    ], true);
  });

  it("leaves base64 of a hyphenated project name alone", async () => {
    await expectSecrets([
      ["example field value encoding the plugin's name", "example-kts/build.gradle.kts",
        ['+    buildConfigField("String", "APP_SECRET", "\\"Z3JhZGxlLWphdmEtYnVpbGRjb25maWctcGx1Z2lu\\"")']],
      ["base64 of a dotted service name", "config/app.yml", ["+  client_secret: b3JkZXJzLmJpbGxpbmcud29ya2Vy"]],
    ], false);
  });
});

describe("numbered factory defaults beside a localhost address", () => {
  it("finds numbered defaults and other passwords on a named host", async () => {
    await expectSecrets([
      ["numbered default for a remote server", "scripts/credentials.sh", ["+server=api.shop-hq.io", "+username=admin", "+password=admin5"]],
      ["chosen password beside localhost", "scripts/credentials.sh", ["+server=localhost", "+username=admin", "+password=Kq7vLp2x9"]],
    ], true);
  });

  it("leaves a numbered default beside localhost alone", async () => {
    await expectSecrets([
      ["admin5 for a local API", "store/scripts/credentials.sh", ["+server=localhost", "+username=admin", "+password=admin5"]],
      ["root123 for a local database", "scripts/dump.sh", ["+DB_HOST=127.0.0.1", "+DB_PASSWORD=root123"]],
    ], false);
  });
});
