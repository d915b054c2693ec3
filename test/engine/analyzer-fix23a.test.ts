// Round-23 kinds of the mixed-round23a batch: zerolog's message (Msg / Msgf) and its logger taken from a context;
// Spring Security's bare "*" given permitAll(); a .NET certificate callback whose block body returns true; a Gradle
// dependency named by its version-catalog accessor; a superuser check written as two words, and a negated sub-admin test
// that withheld what the caller does not administer; Laravel's scheduler losing the purge of a mail send log. Each with
// look-alikes that must stay quiet.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

describe("zerolog's message and its logger from a context", () => {
  it("finds personal data passed to Msgf, also through log.Ctx(ctx)", async () => {
    await expectArea("logging", [
      ["msgf through ctx", "internal/invite/service.go", [
        " \tif err != nil {",
        "+\t\tlog.Ctx(ctx).Error().Msgf(\"invite for %s could not be sent\", invitee.Email)",
        " \t\treturn err",
        " \t}",
      ]],
      ["msgf on the global logger", "pkg/signup/handler.go", [
        " \tuser, err := h.store.Find(ctx, id)",
        "+\tlog.Info().Msgf(\"resending confirmation to %s\", email)",
      ]],
      ["hlog from request", "api/middleware/audit.go", [
        "+\thlog.FromRequest(r).Warn().Msgf(\"denied login for %s\", phoneNumber)",
      ]],
    ], true);
  });

  it("stays quiet on ids, counts and fixed messages", async () => {
    await expectArea("logging", [
      ["msgf with an id", "internal/invite/service.go", [
        "+\t\tlog.Ctx(ctx).Warn().Msgf(\"skipping principal %d\", principal.ID)",
      ]],
      ["msg fixed", "pkg/sync/worker.go", [
        "+\tlog.Ctx(ctx).Info().Msg(\"sync finished\")",
      ]],
      ["msgf count", "pkg/sync/worker.go", [
        "+\tzerolog.Ctx(ctx).Debug().Msgf(\"migrated %d users\", len(users))",
      ]],
    ], false);
  });
});

describe("Spring Security's bare \"*\" permitted", () => {
  it("finds antMatchers(\"*\").permitAll(), on one line or split", async () => {
    await expectArea("access_mfa", [
      ["one line", "src/main/java/com/clinic/config/WebSecurity.java", [
        "     @Override",
        "+    protected void configure(HttpSecurity http) throws Exception {",
        "+        http.authorizeRequests().antMatchers(\"*\").permitAll();",
        "+    }",
      ]],
      ["split", "src/main/java/com/clinic/config/WebSecurity.java", [
        "+        http.authorizeRequests()",
        "+            .requestMatchers(\"*\")",
        "+            .permitAll();",
      ]],
    ], true);
  });

  it("stays quiet on one-segment pages, static files and authenticated wildcards", async () => {
    await expectArea("access_mfa", [
      ["spa pages", "src/main/java/com/shop/config/WebSecurity.java", [
        "+        http.authorizeRequests().antMatchers(\"/*\").permitAll().antMatchers(\"/api/**\").authenticated();",
      ]],
      ["static", "src/main/java/com/shop/config/WebSecurity.java", [
        "+        http.authorizeRequests().antMatchers(\"/*.js\", \"/*.css\").permitAll();",
      ]],
      ["wildcard authenticated", "src/main/java/com/shop/config/WebSecurity.java", [
        "+        http.authorizeRequests().antMatchers(\"*\").authenticated();",
      ]],
    ], false);
  });
});

describe("a .NET certificate callback whose block body returns true", () => {
  it("finds the lambda written with braces on one line", async () => {
    await expectArea("encryption", [
      ["handler", "Mobile/Net/InsecureHandler.cs", [
        "+            var handler = new HttpClientHandler();",
        "+            handler.ServerCertificateCustomValidationCallback = (req, cert, chain, errs) => { return true; };",
        "+            return handler;",
      ]],
      ["service point", "Legacy/Http/Client.cs", [
        "+        ServicePointManager.ServerCertificateValidationCallback += (s, c, ch, e) => { return true; };",
      ]],
    ], true);
  });

  it("stays quiet when the callback looks at the errors", async () => {
    await expectArea("encryption", [
      ["checks errors", "Mobile/Net/PinnedHandler.cs", [
        "+            handler.ServerCertificateCustomValidationCallback = (req, cert, chain, errs) => { return errs == SslPolicyErrors.None; };",
      ]],
      ["pinned thumbprint", "Mobile/Net/PinnedHandler.cs", [
        "+            handler.ServerCertificateCustomValidationCallback = (req, cert, chain, errs) => { return cert.Thumbprint == Pinned; };",
      ]],
    ], false);
  });
});

describe("a Gradle dependency named by its version-catalog accessor", () => {
  it("finds a catalogued SDK given as libs.<alias>", async () => {
    await expectArea("subprocessors", [
      ["kts with group word", "feature/tracking/build.gradle.kts", [
        " dependencies {",
        "+    implementation(platform(libs.google.firebase.bom))",
        "+    implementation(libs.google.firebase.crashlytics)",
        " }",
      ]],
      ["groovy", "app/build.gradle", [
        " dependencies {",
        "+    implementation libs.mixpanel.android",
        " }",
      ]],
    ], true);
  });

  it("stays quiet on BOMs, bundles, plugins, unknown libraries and a renamed accessor", async () => {
    await expectArea("subprocessors", [
      ["bom only", "app/build.gradle.kts", [
        "+    implementation(platform(libs.google.firebase.bom))",
      ]],
      ["own libraries", "core/ui/build.gradle.kts", [
        "+    implementation(libs.androidx.compose.material3)",
        "+    implementation(libs.kotlinx.serialization.json)",
        "+    implementation(projects.core.analytics)",
      ]],
      ["plugin alias", "core/ui/build.gradle.kts", [
        "+    alias(libs.plugins.firebase.crashlytics)",
      ]],
      ["test only", "app/build.gradle.kts", [
        "+    testImplementation(libs.mixpanel.android)",
      ]],
      ["version change", "app/build.gradle.kts", [
        "-    implementation(libs.firebase.analytics)",
        "+    implementation(libs.firebase.analytics.ktx)",
      ]],
    ], false);
  });
});

describe("superuser checks written as two words, and sub-admin tests that withheld", () => {
  it("finds a super-user check removed", async () => {
    await expectArea("access_mfa", [
      ["static check", "plugins/Reports/API.php", [
        "     public function deleteReport($id)",
        "     {",
        "-        Access::checkUserHasSuperUserAccess();",
        "         $this->model->delete($id);",
      ]],
      ["ensure super user", "src/admin/settings.ts", [
        "   async update(req: Request) {",
        "-    await ensureSuperUser(req);",
        "     return this.settings.save(req.body);",
      ]],
    ], true);
  });

  it("finds a negated sub-admin test that dropped the group removed", async () => {
    await expectArea("access_mfa", [
      ["php unset", "lib/Controller/GroupsController.php", [
        "         foreach ($groups as $key => $group) {",
        "-            if (!$this->subAdmin->isSubAdminOfGroup($user, $group)) {",
        "-                unset($groups[$key]);",
        "-            }",
        "         }",
      ]],
    ], true);
  });

  it("stays quiet on look-alikes", async () => {
    await expectArea("access_mfa", [
      ["super user check added", "plugins/Reports/API.php", [
        "     {",
        "+        Access::checkUserHasSuperUserAccess();",
        "         $this->model->delete($id);",
      ]],
      ["super user check moved into the helper", "plugins/Reports/API.php", [
        "-        Access::checkUserHasSuperUserAccess();",
        "+        $this->checkUserHasSuperUserAccess();",
      ]],
      ["unset without a role test", "lib/Controller/GroupsController.php", [
        "-            if (!$group->isEnabled()) {",
        "-                unset($groups[$key]);",
        "-            }",
      ]],
      ["positive role test", "lib/Controller/GroupsController.php", [
        "-            if ($this->subAdmin->isSubAdminOfGroup($user, $group)) {",
        "-                unset($groups[$key]);",
        "-            }",
      ]],
    ], false);
  });
});

describe("Laravel's scheduler losing the purge of a log of messages sent", () => {
  it("finds the clean-up of a mail send log taken out of $schedule", async () => {
    await expectArea("pii_retention", [
      ["send log", "app/Console/Kernel.php", [
        "         $schedule->command('helpdesk:fetch-mail')->everyMinute();",
        " ",
        "-        $schedule->command('helpdesk:clean-send-log')",
        "-            ->monthly();",
        " ",
      ]],
      ["facade sms log", "routes/console.php", [
        " use Illuminate\\Support\\Facades\\Schedule;",
        "-Schedule::command('sms-log:clear')->weekly();",
      ]],
    ], true);
  });

  it("stays quiet on application logs, caches, notifications and added jobs", async () => {
    await expectArea("pii_retention", [
      ["app logs", "app/Console/Kernel.php", [
        "-        $schedule->command('logs:clean')->daily();",
      ]],
      ["cache", "app/Console/Kernel.php", [
        "-        $schedule->command('cache:prune-stale-tags')->hourly();",
      ]],
      ["notifications", "app/Console/Kernel.php", [
        "-        $schedule->command('helpdesk:clean-notifications-table')->weekly();",
      ]],
      ["added", "app/Console/Kernel.php", [
        "+        $schedule->command('helpdesk:clean-send-log')->monthly();",
      ]],
    ], false);
  });
});
