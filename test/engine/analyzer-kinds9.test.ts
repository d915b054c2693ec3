// Round 9 kinds for encryption, pii_retention and logging: C# certificate validation callbacks written as methods,
// delegates or multi-line lambdas that return true without reading the errors; .NET's IsDevelopment() as a development
// guard; query-builder schemas that name the column before its SQL type (Kysely); a log group's retention setting taken
// out; connection strings and database URLs written to logs. Each family has a real-code look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("C# certificate validation callbacks that trust every certificate", () => {
  it("finds methods, delegates and multi-line lambdas whose body returns true without a condition", async () => {
    await check([
      ["expression-bodied method", "src/Security/DefaultServerCertificateValidation.cs", [
        "+\t\tpublic static bool ServerCertificateValidation(",
        "+\t\t\tobject s,",
        "+\t\t\tX509Certificate certificate,",
        "+\t\t\tX509Chain chain,",
        "+\t\t\tSslPolicyErrors sslPolicyErrors)",
        "+\t\t\t=> true;",
      ], "encryption"],
      ["method with a statement first", "Services/SslValidation.cs", [
        "+        static bool GenerateSSLPublicKey(object sender, X509Certificate certificate, X509Chain chain, SslPolicyErrors sslPolicyErrors)",
        "+        {",
        "+            string  certPublicString = certificate?.GetPublicKeyString();",
        "+            return true;",
        "+        }",
      ], "encryption"],
      ["multi-line lambda", "Http/ClientFactory.cs", [
        "+            handler.ServerCertificateCustomValidationCallback = (message, cert, chain, errors) =>",
        "+            {",
        "+                return true;",
        "+            };",
      ], "encryption"],
      ["ICertificatePolicy", "Utility/CustomCertificatePolicy.cs", [
        "+        public bool CheckValidationResult(ServicePoint sp, X509Certificate cert, WebRequest req, int problem)",
        "+        {",
        "+            //* Return \"true\" to force the certificate to be accepted.",
        "+            return true;",
        "+        }",
      ], "encryption"],
    ]);
  });

  it("stays quiet when the callback reads the errors or compares the certificate", async () => {
    await check([
      ["errors checked", "Client/Class1.cs", [
        "+    public static bool ValidateServerCertificate(",
        "+          object sender,",
        "+          X509Certificate certificate,",
        "+          X509Chain chain,",
        "+          SslPolicyErrors sslPolicyErrors)",
        "+    {",
        "+       if (sslPolicyErrors == SslPolicyErrors.None)",
        "+            return true;",
        "+        Console.WriteLine(\"Certificate error: {0}\", sslPolicyErrors);",
        "+        return false;",
        "+    }",
      ], null],
      ["pinned key compared", "Services/SslValidation.cs", [
        "+        static bool OnValidateCertificate(object sender, X509Certificate certificate, X509Chain chain, SslPolicyErrors sslPolicyErrors)",
        "+        {",
        "+            var certPublicString = certificate?.GetPublicKeyString();",
        "+            var keysMatch = PUBLIC_KEY == certPublicString;",
        "+            return keysMatch;",
        "+        }",
      ], null],
      ["errors in the expression", "Http/Pinning.cs", [
        "+            handler.ServerCertificateCustomValidationCallback = (message, cert, chain, errors) =>",
        "+            {",
        "+                return errors == SslPolicyErrors.None || cert?.Thumbprint == _thumbprint;",
        "+            };",
      ], null],
    ]);
  });
});

describe("an ASP.NET IsDevelopment() guard", () => {
  it("keeps a bypass that is not under the development guard", async () => {
    await check([
      ["negated guard", "Handlers/EnvironmentHttpClientHandler.cs", [
        " public EnvironmentHttpClientHandler(IWebHostEnvironment environment)",
        " {",
        "     if(!environment.IsDevelopment())",
        "     {",
        "+        ServerCertificateCustomValidationCallback = DangerousAcceptAnyServerCertificateValidator;",
        "     }",
      ], "encryption"],
    ]);
  });

  it("stays quiet when the bypass is only for the Development environment", async () => {
    await check([
      ["development only", "Handlers/EnvironmentHttpClientHandler.cs", [
        " public EnvironmentHttpClientHandler(IWebHostEnvironment environment)",
        " {",
        "     if(environment.IsDevelopment())",
        "     {",
        "+        ServerCertificateCustomValidationCallback = DangerousAcceptAnyServerCertificateValidator;",
        "     }",
      ], null],
    ]);
  });
});

describe("query-builder schemas that name the column before its SQL type", () => {
  it("finds personal-data columns added with Kysely's addColumn(name, type)", async () => {
    await check([
      ["birth date", "src/database/migrations/004_add_birth_date.ts", ["+    .alterTable('users')", "+    .addColumn('birth_date', 'date')", "+    .execute();"], "pii_retention"],
      ["national id", "src/migrations/create-user-profiles.ts", ["+      .addColumn('cpf', 'varchar(14)', (col) => col.unique())"], "pii_retention"],
      ["one line", "src/migrations/person-birth-date.ts", ["+    await db.schema.alterTable('persons').addColumn('birthdate', 'date').execute();"], "pii_retention"],
    ]);
  });

  it("stays quiet on other columns and on Sequelize's addColumn(table, column)", async () => {
    await check([
      ["planner setting", "src/migrations/20240414_001_add_user_first_day.ts", ["+  await db.schema.alterTable('users').addColumn('first_day', 'date').execute();"], null],
      ["sequelize user id", "migrations/20221223100651-modify_users_add_user_id.js", ["+      return queryInterface.addColumn(", "+          'Users',", "+          'userId',", "+          { type: Sequelize.INTEGER })"], null],
    ]);
  });
});

describe("a log group's retention setting taken out", () => {
  it("finds retention removed from CloudWatch log groups, Log Analytics and CloudFormation", async () => {
    await check([
      ["terraform variable", "modules/cloudwatch/logs/log_group.tf", [" resource \"aws_cloudwatch_log_group\" \"log_group\" {", "   name              = local.log_group_name", "-  retention_in_days = var.log_retention_in_days", "   tags              = local.log_group_tags", " }"], "logging"],
      ["azure workspace", "infra/monitoring.tf", ["   sku                 = \"PerGameBy2018\"", "-  retention_in_days   = 30", " }"], "logging"],
      ["cloudformation", "template.yaml", ["       LogGroupName: !Sub /aws/lambda/${FunctionName}", "-      RetentionInDays: 14"], "logging"],
    ]);
  });

  it("stays quiet when the setting is re-added with another value, or when other lines go", async () => {
    await check([
      ["value changed", "modules/cloudwatch/logs/log_group.tf", ["-  retention_in_days = 90", "+  retention_in_days = 180"], null],
      ["tags removed", "modules/cloudwatch/logs/log_group.tf", ["   retention_in_days = var.log_retention_in_days", "-  tags              = local.log_group_tags"], null],
      ["comment removed", "modules/cloudwatch/logs/log_group.tf", ["-  # retention_in_days = 14"], null],
    ]);
  });
});

describe("connection strings and database URLs written to logs", () => {
  it("finds connection strings, DSNs and database URLs in log calls", async () => {
    await check([
      ["connection string", "packages/db/src/client.ts", ["+console.log(connectionString);"], "logging"],
      ["env database url", "app/db.py", ["+print(os.getenv('DATABASE_URL'))"], "logging"],
      ["mongo uri", "server/index.js", ["+  console.log(`Connecting to ${mongoUri}`);"], "logging"],
      ["dsn", "internal/store/store.go", ["+\tlog.Printf(\"opening %s\", dsn)"], "logging"],
    ]);
  });

  it("stays quiet on queries, connection objects and Sentry DSNs", async () => {
    await check([
      ["sql string", "src/repo.ts", ["+console.log(sqlString);"], null],
      ["connection state", "src/db.ts", ["+logger.debug(connection.state);"], null],
      ["sentry dsn", "src/monitoring.ts", ["+console.log('sentry', sentryDsn);"], null],
      ["presence only", "src/db.ts", ["+console.log('DATABASE_URL set:', !!process.env.DATABASE_URL);"], null],
    ]);
  });
});
