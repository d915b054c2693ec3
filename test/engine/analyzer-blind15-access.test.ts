// From the round-15 blind batch (mixed-round15-untuned.yaml), read after it was scored: Spring Security's Kotlin DSL
// opening an account path (`authorize("/path", permitAll)`), an AWS managed "full access" policy attached to a role,
// a signing secret given as the literal fallback of an environment read that spells a setting's name, and a
// connection string's password for a remote server in development-only configuration. Each kind has a look-alike
// that must stay silent.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

const KT = "src/main/kotlin/com/acme/shop/config/WebSecurityConfig.kt";

describe("round-15 blind access_mfa and secrets fixes", () => {
  it("Kotlin DSL authorize(path, permitAll) on account and admin paths", async () => {
    await check([
      ["admin endpoints opened in authorizeHttpRequests", KT, [
        "         http {",
        "+            authorizeHttpRequests {",
        '+                authorize("/api/v1/admin/**", permitAll)',
        '+                authorize(anyRequest, authenticated)',
        "+            }",
      ], "access_mfa"],
      ["orders opened for one method", KT, [
        "+            authorizeRequests {",
        '+                authorize(HttpMethod.GET, "/orders/{id}", permitAll)',
        "+            }",
      ], "access_mfa"],
      ["look-alike: sign-in, health and docs opened", KT, [
        "+            authorizeHttpRequests {",
        '+                authorize("/auth/login", permitAll)',
        '+                authorize("/actuator/health", permitAll)',
        '+                authorize("/swagger-ui/**", permitAll)',
        '+                authorize("/users/**", hasRole("ADMIN"))',
        "+            }",
      ], null],
      ["look-alike: sign-up by POST to the users collection", KT, [
        '+                authorize(HttpMethod.POST, "/api/users", permitAll)',
      ], null],
    ]);
  });

  it("AWS managed full-access policies attached to a role", async () => {
    await check([
      ["Terraform attachment of AmazonDynamoDBFullAccess", "infra/iam.tf", [
        ' resource "aws_iam_role" "worker" {',
        "+}",
        '+resource "aws_iam_role_policy_attachment" "worker_dynamo" {',
        "+  role       = aws_iam_role.worker.name",
        '+  policy_arn = "arn:${data.aws_partition.current.partition}:iam::aws:policy/AmazonDynamoDBFullAccess"',
        "+}",
      ], "access_mfa"],
      ["CloudFormation ManagedPolicyArns with AmazonS3FullAccess", "template.yaml", [
        "   LambdaRole:",
        "     Type: AWS::IAM::Role",
        "     Properties:",
        "+      ManagedPolicyArns:",
        "+        - arn:aws:iam::aws:policy/AmazonS3FullAccess",
      ], "access_mfa"],
      ["look-alike: read-only and Session Manager policies", "infra/iam.tf", [
        '+resource "aws_iam_role_policy_attachment" "web_s3_read" {',
        "+  role       = aws_iam_role.web.name",
        '+  policy_arn = "arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess"',
        "+}",
        '+resource "aws_iam_role_policy_attachment" "web_ssm" {',
        "+  role       = aws_iam_role.web.name",
        '+  policy_arn = "arn:aws:iam::aws:policy/AmazonSSMManagedInstanceCore"',
        "+}",
      ], null],
      ["look-alike: a script detaching the full-access policy", "scripts/tighten-iam.sh", [
        "+aws iam detach-role-policy --role-name worker \\",
        "+  --policy-arn arn:aws:iam::aws:policy/AmazonS3FullAccess",
      ], null],
    ]);
  });

  it("a signing secret given as the fallback of an environment read", async () => {
    await expectArea("secrets", [
      ["setting-like fallback of JWT_SECRET", "src/lib/auth.ts", [
        '+const key = new TextEncoder().encode(process.env.JWT_SECRET ?? "jwt_signing_key")',
        "+export const verify = (token: string) => jwtVerify(token, key)",
      ]],
      ["|| fallback of SESSION_SECRET", "src/server/session.js", [
        "+app.use(session({",
        '+  secret: process.env.SESSION_SECRET || "session-secret-key",',
        "+}))",
      ]],
    ], true);
    await expectArea("secrets", [
      ["look-alike: read from the environment, no fallback", "src/lib/auth.ts", [
        "+const key = new TextEncoder().encode(process.env.JWT_SECRET!)",
        '+if (!process.env.JWT_SECRET) throw new Error("JWT_SECRET is not set")',
      ]],
      ["look-alike: fallback that only names the variable or a dev stand-in", "src/lib/auth.ts", [
        '+const key = process.env.JWT_SECRET || "jwt_secret"',
        '+const other = process.env.SESSION_SECRET || "dev_secret_key"',
        "+const mail = mailgun.client({ username: 'api', key: process.env.MAILGUN_KEY ?? 'key-yourapikeyhere' })",
      ]],
    ], false);
  });

  it("a connection string's password for a remote server in development settings", async () => {
    await expectArea("secrets", [
      ["Azure SQL password in appsettings.Development.json", "Api/appsettings.Development.json", [
        '   "ConnectionStrings": {',
        '+    "Default": "Server=tcp:orders-sql.database.windows.net,1433;Initial Catalog=Orders;User ID=ordersapp;Password=Vb7#kq2Lw9xT;Encrypt=True;"',
        "   },",
      ]],
      ["public address in appsettings.Development.json", "appsettings.Development.json", [
        '+    "Crm": "Data Source=203.0.113.77;Initial Catalog=Crm;User Id=crm_user;Password=Tz4!pR8mWq1;"',
      ]],
    ], true);
    await expectArea("secrets", [
      ["look-alike: Integrated Security and a placeholder password", "appsettings.Development.json", [
        '+    "Default": "Server=tcp:orders-sql.database.windows.net,1433;Initial Catalog=Orders;Integrated Security=true;",',
        '+    "Reports": "Server=tcp:orders-sql.database.windows.net,1433;Initial Catalog=Reports;User ID=reports;Password=<your-password>;"',
      ]],
      ["look-alike: the developer's own server in development settings", "appsettings.Development.json", [
        '+    "Default": "Server=localhost,1433;Database=Orders;User Id=sa;Password=Kx93!fLq7z;TrustServerCertificate=True"',
        '+    "Lan": "Server=192.168.1.40;Database=Orders;User Id=app;Password=Kx93!fLq7z;"',
        '+    "Box": "Server=DESKTOP-7QK2M;Database=Orders;User Id=app;Password=Kx93!fLq7z;"',
      ]],
    ], false);
  });
});
