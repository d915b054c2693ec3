// From the round-13 blind batch (mixed-round13-untuned.yaml), read only after it was scored before and after the round:
// a file named with "templates" inside its name is no template, a chosen password in a localhost URL, a guard commented
// out inside a block comment, Rollbar's person tracking, Laravel Cashier, a logged JWT, a GCP binding to allUsers
// written as a list; and the look-alikes it showed: a pet's birth date in a file named for the pet, sign-up by POST to the
// users collection, a handler's context passed to its logger, a PEM placeholder with spaces. Each has a look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("round-13 blind batch kinds", () => {
  it("finds them", async () => {
    await check([
      ["a database password in a script whose name holds 'templates'", "check_email_templates_structure.py", [
        "+OLD_DB_CONFIG = {",
        "+    'host': '149.102.159.118',",
        "+    'password': '6c8u2MsYqlbQxL5IxftjrV7QQnlLymdsmzMtTeIe4Ur1od7RR9CdODh3VfQ4ka2f',",
        "+}",
      ], "secrets"],
      ["a chosen password in a localhost database URL", ".env", ["+DATABASE_MAIN_URL=postgres://postgres:003334743LA032@localhost:5432/golang_modular_software"], "secrets"],
      ["[Authorize] switched off inside a block comment", "Controllers/PatientController.cs", [
        " namespace WebSmileSoft.Controllers",
        " {",
        "-    [Authorize] // only signed-in users",
        "+    /*[Authorize]*/ // only signed-in users",
        "     public class PatientController : Controller",
      ], "access_mfa"],
      ["Rollbar told the person's e-mail", "config/initializers/rollbar.rb", [
        " Rollbar.configure do |config|",
        "+  config.person_method = 'current_account'",
        "+  config.person_email_method = 'email'",
      ], "subprocessors"],
      ["Laravel Cashier (Stripe) added", "composer.json", ['     "require": {', '+        "laravel/cashier": "^15.4",', '         "laravel/framework": "^11.9",'], "subprocessors"],
      ["a JWT logged over continued arguments", "src/main/java/org/trebol/security/JwtTokenVerifierFilter.java", [
        "+                myLogger.info(\"Access denied: '{}' '{}' used an invalid token '{}'\",",
        "+                    request.getMethod(),",
        "+                    jwt);",
      ], "logging"],
      ["a service account bound to allUsers in a list", "terraform/roles/main.tf", [
        '+resource "google_service_account_iam_binding" "service_account_iam" {',
        "+  role               = var.account_role",
        "+  members = [",
        '+    "allUsers",',
        "+  ]",
        "+}",
      ], "access_mfa"],
      ["a person's birth date in a schema file named for the person", "src/schema/parent.schema.ts", ["+    @Prop({ required: true, type: Date })", "+    birthDate: Date;"], "pii_retention"],
      ["the users API opened", "src/main/java/com/acme/Security.java", ['+                    .requestMatchers("/users/**").permitAll()'], "access_mfa"],
      ["a token logged after the handler's context", "api/auth_api.go", ['+\tctrl.infoLogger.Info(c, fmt.Sprintf("new token: %v", newToken))'], "logging"],
    ]);
  });

  it("leaves the look-alikes alone", async () => {
    await check([
      ["a password in a configuration template", "settings.template.py", ["+DATABASES = {", "+    'password': 'a-sample-value-9f2c',", "+}"], null],
      ["a factory default in a localhost database URL", ".env", ["+DATABASE_MAIN_URL=postgres://postgres:postgres@localhost:5432/app"], null],
      ["[Authorize] made stricter, the note kept", "Controllers/PatientController.cs", [
        "-    [Authorize] // only signed-in users",
        '+    [Authorize(Roles = "Admin")] // only signed-in users',
        "     public class PatientController : Controller",
      ], null],
      ["Rollbar keyed by id only", "config/initializers/rollbar.rb", [" Rollbar.configure do |config|", "+  config.person_id_method = 'id'"], null],
      ["a Laravel package of the framework itself", "composer.json", ['     "require": {', '+        "laravel/sanctum": "^4.0",'], null],
      ["a JWT's expiry logged", "src/main/java/Auth.java", ['+        log.info("jwt expired at {}", expiresAt);'], null],
      ["a service account bound to a group in a list", "terraform/roles/main.tf", ["+  members = [", '+    "group:platform-admins@example.org",', "+  ]"], null],
      ["a pet's birth date in a schema file named for the pet", "src/schema/parent-pet.schema.ts", ["+    @Prop({ required: true, type: Date })", "+    birthDate: Date;"], null],
      ["sign-up by POST to the users collection", "src/main/java/com/acme/Security.java", ['+                    .requestMatchers(HttpMethod.POST, "/users").permitAll()'], null],
      ["an error logged after the handler's context, its message naming a token", "api/auth_api.go", ['+\t\tctrl.errorLogger.Error(c, fmt.Sprintf("Error generating new token: %v", err))'], null],
      ["a PEM placeholder with spaces in its body", "app/Console/Commands/GenerateEcwKeys.php", ['+        $privateKeyDemo = "-----BEGIN RSA PRIVATE KEY-----\\n(Your private key here)\\n-----END RSA PRIVATE KEY-----";'], null],
    ]);
  });
});
