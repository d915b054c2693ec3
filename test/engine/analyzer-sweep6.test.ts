// Precision sweep, round 6: kinds of false positive read in the last 200 commits of 23 real applications (Java,
// Kotlin, Ruby, Python, C#, Go, PHP, TypeScript, Rust). Every family keeps a positive and leaves the real look-alike.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { check, expectArea } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

/** Rule ids of one file with the given status (a deleted file's patch is all removed lines). */
async function rulesFor(path: string, status: "removed" | "modified", lines: string[]): Promise<string[]> {
  const oldCount = lines.filter((l) => !l.startsWith("+")).length;
  const newCount = lines.filter((l) => !l.startsWith("-")).length;
  const patch = `@@ -1,${oldCount} +${status === "removed" ? 0 : 1},${newCount} @@\n${lines.join("\n")}`;
  const result = await review(input([{ path, status, patch }]), configuration());
  return result.findings.map((f) => f.ruleId);
}

describe("secrets: sample values in API documentation", () => {
  it("still finds credentials in configuration and known key formats in a spec", async () => {
    await check([
      ["webhook secret in config", "config/webhooks.ts", ['+export const endpoint = { url: "https://hooks.acme.io", secret: "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD" };'], "secrets"],
      ["live Stripe key in a spec", "codegen/lib-openapi.json", ['+  "source": "stripe.api_key = \\"sk_live_51HqLyjWDarjtT1zdp7dcXNZrqPvgbAk9gq7m3UqfYzLQeVnE\\""'], "secrets"],
    ]);
  });

  it("leaves OpenAPI code samples and help text under an Example response label", async () => {
    await check([
      ["OpenAPI x-codeSamples", "codegen/lib-openapi.json", ['+                        "source": "const response = await svix.endpoint.create(\\"app_1srOrx2ZWZBpBUvZwXKQmoEYga2\\", {\\n  url: \\"https://example.com/webhook/\\",\\n  secret: \\"whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD\\",\\n});"'], null],
      ["Rust CLI help text", "svix-cli/src/cmds/api/authentication.rs", [' }\\n\\nExample response:', " {", '+  \\"url\\": \\"https://app.svix.com/login#key=eyJhcHBJZCI6ICJhcHBfMXRSdFl\\",', '+  \\"token\\": \\"appsk_kV3ts5tKPNJN4Dl25cMTfUNdmabxbX0O\\"', ' }\\n")]'], null],
    ]);
  });
});

describe("secrets: development environments, fill-in values, phrases and template expressions", () => {
  it("still finds a key in deployed configuration and a real-looking .env value", async () => {
    await check([
      ["deployed manifest", "deploy/k8s/api.toml", ["+[restate]", '+api_key = "rst_9fK2mQ7vXp4LzT8wB3nR6yHc"'], "secrets"],
      [".env value", "backend/.env", ["+OPENAI_API_KEY = q7Zr2Lx9Vb4Nw8Tk3Ps6Hd1"], "secrets"],
      ["secret literal in a component", "web/src/config.tsx", ['+const client = { secret: "hT9xK2mV8qLp4WzR7nB3" };'], "secrets"],
    ]);
  });

  it("leaves dev/ and regtest/ configuration, a key the comment says is ignored, my<service>key, ternary labels and Razor expressions", async () => {
    await check([
      ["dev/ manifest", "dev/k8s/manifests/api.yaml", ["+    [restate]", '+    url = "http://restate:8080"', "+    # Local Restate runs without ingress authentication and ignores this key.", '+    api_key = "local-restate-auth-disabled"'], null],
      ["regtest node", "docker/regtest/data/eclair/eclair.conf", ["+  api {", '+    binding-ip = "0.0.0.0"', '+    password = "lnbits"', "+  }"], null],
      ["ignored key outside dev/", "config/api.toml", ["+# The local server ignores this key.", '+api_key = "local-auth-disabled-42"'], null],
      ["my<service>key", "backend/worker/diff-assistant/.env.exemple", ["+OPENAI_API_KEY = myopenaikey", "+LLAMA_PARSE_API_KEY = myllamaparsekey"], null],
      ["ternary labels", "web/src/secret-reveal-card.tsx", ['+                    aria-label={revealed ? "Hide secret" : "Reveal secret"}'], null],
      ["Razor expression", "src/Web/Views/Account/PasswordRecoveryConfirm.cshtml", ['+        <form asp-route="PasswordRecoveryConfirm" asp-route-token="@HtmlExtensions.HtmlEncodeSafe(Context.Request.Query["token"])" method="post">'], null],
    ]);
  });
});

describe("logging: a log line rewritten, command-line output, ids and flags", () => {
  it("still finds personal data and tokens newly logged", async () => {
    await check([
      ["email newly logged", "src/Web/Admin/Controllers/SystemController.cs", ["+        _logger.LogInformation($\"Clear cache has been done by the user: {_contextAccessor.WorkContext.CurrentCustomer.Email}\");"], "logging"],
      ["email added to an existing call", "backend/onyx/auth/users.py", ["             except Exception as e:", "-            logger.error(\"Failed to send verification email: %s\", e)", "+            logger.exception(\"Failed to send verification email to %s\", user.email)"], "logging"],
      ["token printed by a server", "src/server/login.rs", ['+    println!("Verification code: {}", session.token);'], "logging"],
      ["credential in a warning", "backend/onyx/connectors/recorder.py", ["+        logger.warning(\"Failed to validate credential %s\", credential)"], "logging"],
      ["request IP logged", "packages/core/src/middleware/audit.ts", ["+      logger.info(ctx.requestIp);"], "logging"],
      ["Ruby p of an email", "app/services/signup.rb", ["+    p \"signup #{user.email}\""], "logging"],
    ]);
  });

  it("leaves a rewritten log line logging what it logged before, CLI output, ids, option flags and C# lambdas", async () => {
    await check([
      ["accessor renamed", "src/Web/Admin/Controllers/SystemController.cs", ["-        _logger.LogInformation($\"Clear cache has been done by the user: {_workContextAccessor.WorkContext.CurrentCustomer.Email}\");", "+        _logger.LogInformation($\"Clear cache has been done by the user: {_contextAccessor.WorkContext.CurrentCustomer.Email}\");"], null],
      ["argument of a multi-line call renamed", "src/Web/Admin/Controllers/PluginController.cs", ["             logger.LogInformation(\"The plugin has been installed by the user {CurrentCustomerEmail}\",", "-                workContextAccessor.WorkContext.CurrentCustomer.Email);", "+                contextAccessor.WorkContext.CurrentCustomer.Email);"], null],
      ["error level changed", "backend/onyx/auth/users.py", ["             except Exception as e:", "-            logger.error(\"Failed to send verification email to %s: %s\", user.email, e)", "+            logger.exception(\"Failed to send verification email to %s\", user.email)"], null],
      ["svix-cli command", "svix-cli/src/cmds/login.rs", ['+    println!("Verification code: \\x1b[32m{}\\x1b[0m\\n", session.code);'], null],
      ["credential id", "backend/onyx/connectors/recorder.py", ["+        logger.warning(", "+            \"Failed to record a blocking validation outcome for credential %s.\",", "+            credential_id,", "+            exc_info=True,", "+        )"], null],
      ["include flag", "packages/core/src/middleware/koa-audit-log.ts", ["+      const entry = new LogEntry(key, independent, includeRequestIp, idempotencyKey);"], null],
      ["C# lambda named p", "src/Business/Customers/ExportImport/CustomerSchemaProperty.cs", ["+            new PropertyByName<Customer>(\"FirstName\",", "+                p => p.GetUserFieldFromEntity<string>(SystemCustomerFieldNames.FirstName)),"], null],
    ]);
  });
});

describe("access: a two-factor word inside another word, requirements rewritten in place, assignable fields", () => {
  it("still finds two-factor checks, removed IsGranted attributes and opened requirements", async () => {
    await check([
      ["tfa check removed", "app/controllers/sessions_controller.rb", ["-    if user.tfa_enabled?", "-      redirect_to verify_path", "-    end"], "access_mfa"],
      ["isTfa check removed", "src/auth/login.ts", ["-  if (isTfaRequired(user)) {", "-    return challenge(user);", "-  }"], "access_mfa"],
      ["IsGranted removed", "src/API/TeamController.php", ["     /**", "      * Delete team", "      */", "-    #[IsGranted('delete_team')]", "     #[Route(methods: ['DELETE'], path: '/{id}', name: 'delete_team')]", "     public function deleteAction(Team $team): Response"], "access_mfa"],
      ["IsGranted opened to everyone", "src/API/TeamController.php", ["-    #[IsGranted('delete_team')]", "+    #[IsGranted('PUBLIC_ACCESS')]", "     #[Route(methods: ['DELETE'], path: '/{id}', name: 'delete_team')]"], "access_mfa"],
      ["write check removed", "services/collab/src/storage.rs", ["     if is_exist {", "       self", "-        .check_write_collab_permission(workspace_id, uid, object_id)", "+        .cache", "         .await?;"], "access_mfa"],
    ]);
  });

  it("leaves firstFactor, setfacl and paymentFailure, IsGranted rewritten, an enforce call in place and strong parameters", async () => {
    await check([
      ["first factor hook renamed", "packages/console/src/pages/Actions/utils/format.ts", ["-  if (hookType === LogtoInlineHookKey.PostFirstFactorVerification) {", "+  if (actionType === LogtoActionKey.PostFirstFactorVerification) {", "     return defaultOnExecutionError;"], null],
      ["setfacl", ".agents/setup", [" set -euo pipefail", "-if ! command -v setfacl >/dev/null 2>&1; then", "-  sudo apt-get install -y acl", "-fi"], null],
      ["payment failure", "web/apps/dashboard/app/api/webhooks/stripe/route.ts", ["-        if (isPaymentFailureRelatedUpdate(sub, previousAttributes)) {", "-          await notify(sub);", "-        }"], null],
      ["IsGranted rewritten", "src/API/TeamController.php", ["         #[IsGranted('edit', 'team')]", "-    #[IsGranted('view', 'customer')]", "+    #[IsGranted('permissions', 'customer')]", "         #[Route(methods: ['POST'], path: '/{id}/customers/{customerId}')]"], null],
      ["two IsGranted folded into one", "src/Controller/InvoiceController.php", ["     #[Route(path: '/download/{id}', name: 'admin_invoice_download')]", "-    #[IsGranted('view_invoice')]", "-    #[IsGranted(new Expression(\"is_granted('access', subject.getCustomer())\"), 'invoice')]", "-    public function downloadAction(Invoice $invoice): Response", "+    #[IsGranted('view_invoice', 'invoice')]", "+    public function downloadAction(Invoice $invoice, InvoiceService $service): Response"], null],
      ["enforce in place", "services/collab/src/storage.rs", ["     if is_exist {", "       self", "-        .check_write_collab_permission(workspace_id, uid, object_id)", "+        .access_control", "+        .enforce_write_collab(workspace_id, uid, object_id)", "         .await?;"], null],
      ["role_id no longer assignable", "app/controllers/api/v1/users_controller.rb", ["       def create_user_params", "-        @create_user_params ||= params.require(:user).permit(:name, :email, :password, :avatar, :language, :role_id, :invite_token)", "+        @create_user_params ||= params.require(:user).permit(:name, :email, :password, :avatar, :language, :invite_token)", "       end"], null],
    ]);
  });
});

describe("personal data: health checks, digests and a business's own contact details", () => {
  it("still finds health data, biometric templates and a person's phone", async () => {
    await expectArea("pii_retention", [
      ["health conditions", "app/models/patient.go", ["+type Patient struct {", "+\tHealthConditions string `json:\"healthConditions\"`", "+}"]],
      ["fingerprint template", "app/models/employee.py", ["+class Employee(models.Model):", "+    fingerprint_template = models.BinaryField()"]],
      ["medication model", "core/migrations/0036_medication.py", ["+        migrations.CreateModel(", '+            name="Medication",', "+            fields=[", '+                ("medication", models.CharField(max_length=255)),']],
    ], true);
  });

  it("leaves a health-check endpoint, a headers fingerprint and a company phone", async () => {
    await check([
      ["healthcheck endpoint", "pkg/operator/httpoperator/httpoperator.go", ["+type Config struct {", "+\tHealthcheckEndpoint string `json:\"healthcheckEndpoint\"`", "+}"], null],
      ["headers fingerprint", "backend/onyx/server/features/mcp/models.py", ["+class PendingAuthorization(BaseModel):", "+    connection_headers_fingerprint: str", "+    client_information_fingerprint: str"], null],
      ["company phone", "src/Modules/Installer/Models/InstallModel.cs", ["+public class InstallModel", "+{", "+    public string? CompanyName { get; set; }", "+    public string? CompanyPhoneNumber { get; set; }", "+    public string? CompanyEmail { get; set; }", "+}"], null],
    ]);
  });
});

describe("retention: schedulers' own code, label maps, cookie options and named durations", () => {
  it("still finds purge jobs unscheduled, expiry removed and retention changed", async () => {
    await check([
      ["beat entry removed", "backend/celery_config.py", ["     'send-digest': {'task': 'app.tasks.send_digest', 'schedule': crontab(hour=6)},", "-    'delete-inactive-users': {", "-        'task': 'app.tasks.delete_inactive_users',", "-        'schedule': crontab(hour=3),", "-    },"], "pii_retention"],
      ["TTL index removed", "src/models/session-log.ts", ["-  createdAt: { type: Date, expires: 2592000 },"], "pii_retention"],
      ["data retention changed", "config/settings.py", ["-DATA_RETENTION_DAYS = 30", "+DATA_RETENTION_DAYS = 365"], "pii_retention"],
    ]);
  });

  it("leaves map deletes and collection clears in scheduler code, an EVERY operator, a docs nav entry, cookie options and THIRTY_DAYS", async () => {
    await check([
      ["Go map delete in scheduler", "pkg/scheduling/v1/scheduler.go", ["\tfor _, id := range expired {", "-\t\tdelete(s.unackedSlots, id)", "\t}"], null],
      ["Java collection clear", "src/main/java/org/apache/fineract/loanschedule/domain/AbstractProgressiveLoanScheduleGenerator.java", ["             if (first) {", "-                scheduleParams.getDisburseDetailMap().clear();", "             }"], null],
      ["EVERY filter operator", "lnbits/db.py", ["-                stmt.append(f\"{prefix}{clean_key} {self.op.as_sql} :{key}\")", "+                stmt.append(f\"{prefix}{self.field} {self.op.as_sql} :{key}\")", " ", "-        if self.op == Operator.EVERY:", "+        elif self.op == Operator.EVERY:"], null],
      ["docs navigation", "frontend/docs/pages/self-hosting/_meta.js", ['   "worker-configuration-options": "Worker Configuration",', '-  "data-retention": "Data Retention",', '   "improving-performance": "Improving Performance",'], null],
      ["cookie options", "web/src/app/auth/reset-password/page.tsx", ["-      Cookies.set(TENANT_ID_COOKIE_NAME, tenantId, {", '-        path: "/",', "-        expires: 1 / 24,", "-      });"], null],
      ["duration constant", "web/src/refresh-components/DateRangePicker.tsx", ['-export const THIRTY_DAYS = "30d";', '+export const THIRTY_DAYS = "1M";'], null],
    ]);
  });
});

describe("random values, scrubbers and audit helpers leaving with their file", () => {
  it("still finds a token made with uniqid and a scrubber removed from a live setup", async () => {
    await check([
      ["uniqid token", "src/Security/ResetService.php", ["+        $token = md5(uniqid());"], "encryption"],
    ]);
    expect(await rulesFor("backend/api/main.py", "modified", [" sentry_sdk.init(", "     dsn=sentry_dsn,", "-    before_send=before_send,", " )"])).toContain("error-tracking-scrubbing-removed");
    expect(await rulesFor("backend/api/services.py", "modified", ["     user.delete()", "-    log_event(user.id, \"user_deleted\", {})"])).toContain("audit-logging-removed");
  });

  it("leaves uniqid as a dummy password to verify, a scrubber deleted with its SDK setup and a log_event definition", async () => {
    await check([
      ["dummy verify", "src/API/Authentication/TokenAuthenticator.php", ["+            $this->passwordHasherFactory->getPasswordHasher(User::class)->verify('$2y$13$vwn35gUbbivoS75wcByBzObCNjX4vwkBihbdXQuK23HzK1R6J5WKW', uniqid());"], null],
    ]);
    expect(await rulesFor("backend/api/quivr_api/main.py", "removed", ["-import sentry_sdk", "-def before_send(event, hint):", "-    return event", "-sentry_sdk.init(", "-    dsn=sentry_dsn,", "-    before_send=before_send,", "-)"])).toEqual([]);
    expect(await rulesFor("backend/api/quivr_api/models/settings.py", "removed", ["-class PostHogSettings(BaseSettings):", "-    def log_event(self, user_id: UUID, event_name: str, event_properties: dict):", "-        self.posthog.capture(user_id, event_name, event_properties)"])).toEqual([]);
  });
});
