// Round-20 secrets fixes: the kinds behind the blind batch's misses, each with a positive in another language or format
// than the batch's case and a look-alike that must stay quiet.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("Dockerfile passwords: continued ENV lists, the spaced ENV form, RUN variables", () => {
  it("reports passwords set by ENV and RUN", async () => {
    await expectArea("secrets", [
      ["ENV list continued with a backslash", "docker/postgres.Dockerfile", ["+ENV POSTGRES_USER=shop \\", "+    POSTGRES_PASSWORD=Wq7!tz93Lmx \\", "+    POSTGRES_DB=shop"]],
      ["ENV KEY value", "Dockerfile", ["+ENV REDIS_PASSWORD Hs82kdQ0zp"]],
      ["several variables in one ENV", "Dockerfile", ["+ENV DB_USER=shop DB_PASSWORD=Hs82kdQ0zp"]],
      ["RUN sets a variable for its command", "Dockerfile", ['+RUN MYSQL_PWD=Hs82kdQ0zp mysql -uroot -e "CREATE DATABASE shop"']],
      ["export in a shell script, continued", "scripts/env.sh", ["+export SMTP_PASSWORD=Hs82kdQ0zp \\"]],
    ], true);
  });
  it("leaves variables, defaults and non-secrets alone", async () => {
    await check([
      ["ENV from a build argument", "Dockerfile", ["+ENV POSTGRES_PASSWORD=${DB_PASSWORD} \\", "+    POSTGRES_DB=shop"], null],
      ["spaced ENV with a variable", "Dockerfile", ["+ENV REDIS_PASSWORD $REDIS_PASSWORD"], null],
      ["RUN with a variable", "Dockerfile", ["+RUN MYSQL_PWD=$MYSQL_ROOT_PASSWORD mysql -uroot -e \"SELECT 1\""], null],
      ["ENV list without a secret", "Dockerfile", ["+ENV NODE_ENV=production \\", "+    PORT=8080"], null],
    ]);
  });
});

describe("passwords written on a command line", () => {
  it("reports sshpass -p, chpasswd and a MySQL client's attached password", async () => {
    await expectArea("secrets", [
      ["sshpass in a Jenkinsfile", "Jenkinsfile", ['+                sh "sshpass -p Xk29qpLm77 scp target/app.jar deploy@203.0.113.7:/opt/app"']],
      ["sshpass in Python", "tools/deploy.py", ['+    subprocess.run("sshpass -p \'Xk29!qpLm\' ssh root@203.0.113.7 systemctl restart app", shell=True)']],
      ["chpasswd in a Dockerfile", "Dockerfile", ['+RUN echo "deploy:Tr0ub4dor&3x" | chpasswd']],
      ["mysql -p in a backup script", "scripts/backup.sh", ["+mysqldump -h db.acme-shop.io -u backup -pS3cretPw9 shop > dump.sql"]],
    ], true);
  });
  it("leaves variables, prompts and defaults alone", async () => {
    await check([
      ["sshpass with a variable", "deploy.sh", ['+sshpass -p "$SSH_PASS" ssh root@203.0.113.7'], null],
      ["sshpass from the environment", "deploy.sh", ["+sshpass -e ssh root@203.0.113.7"], null],
      ["chpasswd with a factory default", "Dockerfile", ['+RUN echo "root:root" | chpasswd'], null],
      ["mysql prompting for the password", "scripts/backup.sh", ["+mysqldump -h db.acme-shop.io -u backup -p shop > dump.sql"], null],
      ["docker publishing a port beside a container named mysql", "scripts/run.sh", ["+docker run -d --name mysql -p3306:3306 mysql:8"], null],
      ["mysql with a variable", "scripts/backup.sh", ["+mysql -uroot -p${MYSQL_ROOT_PASSWORD} -e 'SELECT 1'"], null],
    ]);
  });
});

describe("a split spelling of password (PASS_WORD, pass-word)", () => {
  it("reads pass_word as password", async () => {
    await expectArea("secrets", [
      ["Python constant", "deploy/upload.py", ['+PASS_WORD = "Ren8Xi@ni2018"']],
      ["YAML key", "config/ftp.yml", ["+ftp_pass_word: Ren8Xi@ni2018"]],
    ], true);
  });
  it("leaves a placeholder under that spelling alone", async () => {
    await check([["placeholder", "deploy/upload.py", ['+PASS_WORD = "your_password_here"'], null]]);
  });
});

describe("a Google app password written without quotes", () => {
  it("reports four groups of four letters in properties and YAML", async () => {
    await expectArea("secrets", [
      ["Spring properties", "src/main/resources/application.properties", ["+spring.mail.username=shop.orders@gmail.com", "+spring.mail.password=qwfk zmtd hrxe pbly"]],
      ["YAML", "config/mail.yml", ["+  smtp_password: qwfk zmtd hrxe pbly"]],
    ], true);
  });
  it("leaves the documentation's alphabet and prose alone", async () => {
    await check([
      ["alphabet in order", "src/main/resources/application.properties", ["+spring.mail.password=abcd efgh ijkl mnop"], null],
      ["your password here", ".env", ["+MAIL_PASSWORD=your pass word here"], null],
    ]);
  });
});

describe("a literal frozen, copied or encoded by a method call", () => {
  it("reports the literal before .freeze, .getBytes(), .encode()", async () => {
    await expectArea("secrets", [
      ["Ruby freeze", "app/services/signer.rb", ["+  API_SECRET = 'q8Zr2LmX7vTk1pWs'.freeze"]],
      ["Java getBytes", "src/main/java/com/acme/Signer.java", ['+    private static final byte[] HMAC_SECRET = "q8Zr2LmX7vTk1pWs".getBytes(StandardCharsets.UTF_8);']],
      ["Python encode", "app/signing.py", ["+SIGNING_SECRET = 'q8Zr2LmX7vTk1pWs'.encode()"]],
    ], true);
  });
  it("still reads PHP concatenation as a prefix", async () => {
    await check([["PHP concatenation", "app/Config.php", ["+    $secret = 'whsec_'.bin2hex(random_bytes(16));"], null]]);
  });
});

describe("a digits-only password in a connection string to a network server", () => {
  it("reports it", async () => {
    await expectArea("secrets", [
      ["ADO.NET in C#", "Data/Db.cs", ['+    private const string Conn = "Server=10.20.0.15;Database=erp;User Id=erp_app;Password=58213490;";']],
    ], true);
  });
  it("leaves digits on localhost and typed runs alone", async () => {
    await check([
      ["localhost", "appsettings.json", ['+    "Default": "Server=localhost;Database=erp;User Id=dev;Password=130722;"'], null],
      ["typed run", "appsettings.json", ['+    "Default": "Server=10.20.0.15;Database=erp;User Id=dev;Password=987654321;"'], null],
    ]);
  });
});

describe("an assignment whose literal a formatter wrapped to the next line", () => {
  it("reads the name and the literal together", async () => {
    await expectArea("secrets", [
      ["Java constant", "src/main/java/com/acme/Keys.java", ["+    public static final String DB_PASSWORD =", '+        "Vq8#mZ2rLk91x";']],
      ["TypeScript JWT", "src/api/client.ts", ["+export const API_TOKEN =", '+  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZXJ2aWNlLWFjY291bnQiLCJpYXQiOjE2MDkzMTU1OTV9.Xq2mJ7pLrT9vW4sK1nB8cD3fG6hZ0yA5";']],
    ], true);
  });
  it("leaves a wrapped placeholder or a non-secret name alone", async () => {
    await check([
      ["placeholder", "app/src/main/java/com/acme/Keys.kt", ["+    const val API_KEY =", '+        "YOUR_API_KEY_HERE"'], null],
      ["wrapped message", "src/main/java/com/acme/Messages.java", ["+    public static final String WELCOME_TEXT =", '+        "Welcome back, please sign in";'], null],
    ]);
  });
});

describe("test configuration naming a real server", () => {
  it("reports a test resource's password for a public host", async () => {
    await expectArea("secrets", [
      ["Spring test YAML", "src/test/resources/application.yml", ["+  datasource:", "+    url: jdbc:mysql://rm-bp1x9.mysql.rds.aliyuncs.com:3306/shop", "+    username: shop", "+    password: Xk29qpLm77"]],
      ["connection URL in a test .env", "tests/.env.test", ["+DATABASE_URL=postgres://shop:Xk29qpLm77@db.acme-shop.io:5432/shop"]],
    ], true);
  });
  it("leaves fixtures for local, mock and test servers alone", async () => {
    await check([
      ["localhost", "src/test/resources/application.yml", ["+    url: jdbc:mysql://localhost:3306/test", "+    username: root", "+    password: Xk29qpLm77"], null],
      ["mock host", "src/test/resources/test.properties", ["+db.host=mock.server.com", "+db.password=Xk29qpLm77"], null],
      ["test password", "src/test/resources/test.properties", ["+db.url=jdbc:postgresql://db.acme-shop.io:5432/app", "+db.password=testpass123"], null],
      ["end-to-end login beside a web address", "e2e/config/test.yml", ["+baseUrl: https://staging.acme-shop.io", "+login_password: Xk29qpLm77"], null],
      ["test code", "src/test/java/com/acme/DbTest.java", ['+  String url = "postgres://shop:Xk29qpLm77@db.acme-shop.io:5432/shop";'], null],
    ]);
  });
});

describe("an SMTP client with TLS switched off", () => {
  it("reports EnableSsl = false", async () => {
    await expectArea("encryption", [
      ["C# SmtpClient", "Services/Mailer.cs", ["+            client.EnableSsl = false;"]],
      ["JSON settings", "appsettings.json", ['+    "EnableSsl": false,']],
    ], true);
  });
  it("leaves EnableSsl true or taken from settings alone", async () => {
    await check([
      ["true", "Services/Mailer.cs", ["+            client.EnableSsl = true;"], null],
      ["from options", "Services/Mailer.cs", ["+            EnableSsl = _options.EnableSsl,"], null],
    ]);
  });
});
