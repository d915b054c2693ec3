// False positives a measuring sweep of nine fresh applications (shiori, writefreely, easyappointments, FreshRSS,
// django-helpdesk, Ombi, novu, upcase, shopizer; 320 commits each, every finding read) found, by kind: a monorepo's own
// packages read as a vendor's SDK (workspace:* versions, the manifest's own npm scope), a line reformatted in place
// (spacing around punctuation, a dropped semicolon) read as new code, a package of test helpers (Go's
// internal/testutil/) read as production code, and a constant's NAME given as a string (defined('Config::X_SECRET'))
// read as the secret. Each has a positive that must still be found.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("a monorepo's own packages", () => {
  it("leaves workspace: versions and the manifest's own scope alone", async () => {
    await check([
      ["workspace protocol", "apps/web/package.json", [
        "     \"@novu/framework\": \"workspace:*\",",
        "+    \"@novu/js\": \"workspace:*\",",
        "     \"@novu/react\": \"workspace:*\",",
      ], null],
      ["own scope in a new package", "packages/react-native/package.json", [
        "+{",
        "+  \"name\": \"@novu/react-native\",",
        "+  \"version\": \"2.3.1\",",
        "+  \"dependencies\": {",
        "+    \"@novu/react\": \"^2.3.1\"",
        "+  }",
        "+}",
      ], null],
    ]);
  });

  it("still finds a vendor's SDK, also beside the project's own scope", async () => {
    await check([
      ["vendor SDK with a version range", "apps/dashboard/package.json", [
        "   \"dependencies\": {",
        "+    \"@novu/node\": \"^2.0.0\",",
        "     \"react\": \"^18.3.1\",",
      ], "subprocessors"],
      ["vendor SDK in a package of another scope", "packages/notifier/package.json", [
        "+{",
        "+  \"name\": \"@acme/notifier\",",
        "+  \"dependencies\": {",
        "+    \"@sentry/node\": \"^8.0.0\"",
        "+  }",
        "+}",
      ], "subprocessors"],
    ]);
  });
});

describe("a line reformatted in place", () => {
  it("is not read as new code", async () => {
    await check([
      ["spacing around an operator (PHP)", "lib/lib_install.php", [
        " function generateSalt(): string {",
        "-\treturn sha1(uniqid('' . mt_rand(), true).implode('', stat(__FILE__) ?: []));",
        "+\treturn sha1(uniqid('' . mt_rand(), true) . implode('', stat(__FILE__) ?: []));",
        " }",
      ], null],
      ["semicolon dropped (Go)", "handle.go", [
        " \t\t\t// Allow any origin, as public endpoints are handled in here",
        "-\t\t\tw.Header().Set(\"Access-Control-Allow-Origin\", \"*\");",
        "+\t\t\tw.Header().Set(\"Access-Control-Allow-Origin\", \"*\")",
        " ",
      ], null],
    ]);
  });

  it("still finds a changed line that does something new", async () => {
    await check([
      ["a password now hashed with SHA-1", "lib/lib_install.php", [
        " function hashPassword(string $password): string {",
        "-\treturn password_hash($password, PASSWORD_BCRYPT);",
        "+\treturn sha1($password);",
        " }",
      ], "encryption"],
      ["CORS opened where it was one origin", "handle.go", [
        "-\t\t\tw.Header().Set(\"Access-Control-Allow-Origin\", h.app.cfg.App.Host)",
        "+\t\t\tw.Header().Set(\"Access-Control-Allow-Origin\", \"*\")",
      ], "access_mfa"],
    ]);
  });
});

describe("packages of test helpers", () => {
  it("reads internal/testutil/ as test code", async () => {
    await check([
      ["Go testutil account", "internal/testutil/accounts.go", [
        " \taccount := model.Account{",
        " \t\tUsername: \"admin\",",
        "+\t\tPassword: \"admin\",",
        " \t\tOwner:    true,",
      ], null],
      ["Go testutil secret key", "internal/testutil/shiori.go", [
        " \tcfg := config.ParseServerConfiguration(ctx, logger)",
        "+\tcfg.Http.SecretKey = []byte(\"test\")",
      ], null],
    ]);
  });

  it("still finds the same lines in production code", async () => {
    await check([
      ["debug route creating an account", "internal/http/routes/api/v1/debug.go", [
        " \taccount := model.Account{",
        " \t\tUsername: \"shiori\",",
        "+\t\tPassword: \"gopher-Xq71\",",
        " \t\tOwner:    true,",
      ], "secrets"],
    ]);
  });
});

describe("a class constant's name given as a string", () => {
  it("is the name of where the secret is kept, not the secret", async () => {
    await check([
      ["PHP defined() guard", "application/config/google.php", [
        " $config['google_client_id'] = defined('Config::GOOGLE_CLIENT_ID') ? Config::GOOGLE_CLIENT_ID : '';",
        "+$config['google_client_secret'] = defined('Config::GOOGLE_CLIENT_SECRET') ? Config::GOOGLE_CLIENT_SECRET : '';",
      ], null],
      ["PHP constant() read", "app/Services/Mailer.php", [
        "+        $password = constant('App\\Keys::SMTP_PASSWORD');",
      ], null],
    ]);
  });

  // Known gap: a literal given as the ternary's fallback after such a name (defined('X') ? X : 'literal') is not read.
  it("still finds a secret written in the same configuration", async () => {
    await check([
      ["literal in the same configuration", "application/config/google.php", [
        " $config['google_client_id'] = defined('Config::GOOGLE_CLIENT_ID') ? Config::GOOGLE_CLIENT_ID : '';",
        "+$config['google_client_secret'] = 'GOCSPX-4kT9qLmZ2wX8vR1nB7yH3jQe';",
      ], "secrets"],
    ]);
  });
});

describe("lock files", () => {
  it("do not read a package dropped from a lock file as a removed check", async () => {
    await check([
      ["composer.lock conflict list", "composer.lock", [
        "             \"conflict\": {",
        "-                \"bolt/core\": \"<=4.2\",",
        "-                \"born05/craft-twofactorauthentication\": \"<3.3.4\",",
        "-                \"bottelet/flarepoint\": \"<2.2.1\",",
        "             },",
      ], null],
    ]);
  });

  it("still read the same words removed from code", async () => {
    await check([
      ["two-factor check removed", "app/Http/Controllers/LoginController.php", [
        "         $user = Auth::user();",
        "-        if ($user->two_factor_enabled && !session('two_factor_verified')) {",
        "-            return redirect()->route('two-factor.challenge');",
        "-        }",
        "         return redirect()->intended('/dashboard');",
      ], "access_mfa"],
    ]);
  });
});

describe("a decorator replaced by the project's own wrapper of it", () => {
  it("is the same check", async () => {
    await check([
      ["Django staff decorator wrapped", "src/helpdesk/views/staff.py", [
        "     return redirect(chosen_ticket)",
        " ",
        " ",
        "-@staff_member_required",
        "+@helpdesk_staff_member_required",
        " def merge_tickets(request):",
        "     \"\"\"",
      ], null],
    ]);
  });

  it("still finds the check removed or swapped for an unrelated decorator", async () => {
    await check([
      ["decorator removed", "src/helpdesk/views/staff.py", [
        "     return redirect(chosen_ticket)",
        " ",
        " ",
        "-@staff_member_required",
        " def merge_tickets(request):",
        "     \"\"\"",
      ], "access_mfa"],
      ["decorator swapped for caching", "src/helpdesk/views/staff.py", [
        " ",
        "-@staff_member_required",
        "+@cache_page_required",
        " def merge_tickets(request):",
      ], "access_mfa"],
    ]);
  });
});

describe("a listening address logged with structured fields", () => {
  it("is a network address when the chained message names the server", async () => {
    await check([
      ["logrus field and chained message", "internal/cmd/server.go", [
        " \t\tif err := server.Start(ctx); err != nil {",
        " \t\t\tlogger.WithError(err).Fatal(\"error starting server\")",
        " \t\t}",
        "+\t\tlogger.WithField(\"addr\", address).Debug(\"started http server\")",
      ], null],
    ]);
  });

  it("still finds an address logged beside words of people", async () => {
    await check([
      ["a customer's address", "internal/orders/service.go", [
        "+\t\tlogger.WithField(\"address\", address).Info(\"customer changed the delivery details\")",
      ], "logging"],
    ]);
  });
});

describe("Ruby's two spellings of a symbol key", () => {
  it("read a mount rewritten from as: to :as => as the same line", async () => {
    await check([
      ["RailsAdmin mount restyled", "config/routes.rb", [
        "     end",
        " ",
        "-    mount RailsAdmin::Engine => \"/admin\", as: :rails_admin",
        "+    mount RailsAdmin::Engine => \"/admin\", :as => :rails_admin",
        " ",
        "     namespace :api do",
      ], null],
    ]);
  });

  it("still find a mount that is new", async () => {
    await check([
      ["RailsAdmin mounted", "config/routes.rb", [
        "     end",
        " ",
        "+    mount RailsAdmin::Engine => \"/admin\", :as => :rails_admin",
        " ",
        "     namespace :api do",
      ], "access_mfa"],
    ]);
  });
});
