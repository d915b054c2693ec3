// Precision sweep, round 7: kinds of false positive read in the last 200 commits of 18 real applications (Python,
// Ruby, Kotlin, Go, TypeScript, Rust, PHP, Elixir, Java, C#). Every family keeps a positive and leaves the real look-alike.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { classifyFile } from "../../src/engine/diff/classify-file.js";
import { check, expectArea } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

describe("secrets: names spelled in words, masked values, e2e seeds and throwaway compose passwords", () => {
  it("still finds generated keys, live-looking secrets and real compose passwords", async () => {
    await check([
      ["generated signing key", "src/config/Keys.kt", ['+    val signingKey = "hT9xK2mV8qLp4WzR7nB3aQ"'], "secrets"],
      ["hex key", "src/config/Keys.kt", ['+    val encryptionKey = "9f86d081884c7d659a2feaa0c55ad015"'], "secrets"],
      ["client secret", "server/app/checkout.py", ['+    client_secret="polar_cl_9fK2mQ7vXp4LzT8wB3nR6yHc",'], "secrets"],
      ["compose password", "docker-compose.yml", ["+services:", "+  db:", "+    image: postgres:14-alpine", "+    environment:", "+      POSTGRES_USER: fief", "+      POSTGRES_PASSWORD: Xk82mfQp29Lz"], "secrets"],
    ]);
  });

  it("leaves feature-flag and preference keys, e2e seed labels, masked display values and user-named compose passwords", async () => {
    await check([
      ["Kotlin feature flag key", "mail-featureflags/domain/src/main/kotlin/ch/protonmail/android/mailfeatureflags/domain/model/FeatureFlagDefinition.kt", ["+data object RegisterDeviceTokenWithWorker : FeatureFlagDefinition(", '+    key = "MailAndroidV7RegisterDeviceTokenWorker",', '+    name = "Register device token with worker",'], null],
      ["DataStore preference key", "mail-upselling/data/src/main/kotlin/ch/protonmail/android/mailupselling/data/SummerCampaignDataStoreProvider.kt", ['+        const val PHASE_1_SEEN_KEY = "firstSeenSummerCampaign26Wave1"', '+        const val PHASE_2_SEEN_KEY = "firstSeenSummerCampaign26Wave2"'], null],
      ["e2e seed value", "server/scripts/seeds_load.py", ['+                        client_secret="polar_cl_e2e_seed_checkout_link_subscription",'], null],
      ["masked key shown in a list", "web/src/features/public-api/components/ApiKeyList.tsx", ['+      publicKey: "pk-lf-1234",', '+      displaySecretKey: "sk-lf-...5678",'], null],
      ["compose password named for its user", "docker-compose.yml", ["+services:", "+  db:", "+    image: postgres:14-alpine", "+    environment:", "+      POSTGRES_USER: fief", "+      POSTGRES_DB: fief", "+      POSTGRES_PASSWORD: fiefpassword"], null],
    ]);
  });

  it("reads stress, load and integration suites and *.clienttest.tsx files as tests", () => {
    expect(classifyFile("stress-tests/src/migrationBehavior/setup.ts").isTestOnly).toBe(true);
    expect(classifyFile("load_tests/locustfile.py").isTestOnly).toBe(true);
    expect(classifyFile("web/src/features/public-api/components/ApiKeyList.clienttest.tsx").isTestOnly).toBe(true);
    expect(classifyFile("src/stress/engine.ts").isTest).toBe(false);
    expect(classifyFile("src/latest.ts").isTest).toBe(false);
  });
});

describe("access: Ruby actions removed whole", () => {
  it("still finds a removed user or workspace dependency and an authorize call taken out of a kept action", async () => {
    await check([
      // The workspace a request resolves may be its tenant boundary (fief's own removal dropped tenant filters): kept.
      ["FastAPI current workspace", "fief/apps/api/routers/roles.py", ["     send_task: SendTask = Depends(get_send_task),", "-    workspace: Workspace = Depends(get_current_workspace),", "     audit_logger: AuditLogger = Depends(get_audit_logger),"], "access_mfa"],
      ["FastAPI current user", "app/api/routers/roles.py", ["     send_task: SendTask = Depends(get_send_task),", "-    user: User = Depends(get_current_user),", "     audit_logger: AuditLogger = Depends(get_audit_logger),"], "access_mfa"],
      ["Ruby authorize in a kept action", "app/controllers/hcb_codes_controller.rb", ["   def pin", "     @hcb_code = HcbCode.find(params[:id])", "-    authorize @hcb_code", "     @hcb_code.pin!", "   end"], "access_mfa"],
    ]);
  });

  it("leaves a Ruby action deleted with its authorize", async () => {
    await check([
      ["Ruby action removed", "app/controllers/hcb_codes_controller.rb", ["   end", "-  def pin", "-    @hcb_code = HcbCode.find(params[:id])", "-    param_event = Event.friendly.find_by_friendly_id(params[:event])", "-    @event = param_event ? @hcb_code.events.find_by(id: param_event.id) : @hcb_code.event", "-", "-    authorize @hcb_code", "-    @hcb_code.pin!", "-  end"], null],
    ]);
  });
});

describe("logging: log pipeline set-up, deleted handler files and audit calls moved to a service", () => {
  it("still finds a token written to a log", async () => {
    await check([["token logged", "apps/server/src/b.ts", ["+logger.info({", "+  Authorization: `Bearer ${env.AXIOM_TOKEN}`,", "+});"], "logging"]]);
  });

  it("leaves an OpenTelemetry LoggerProvider whose exporter carries its token", async () => {
    await check([
      ["LoggerProvider", "apps/server/src/index.ts", ["+const loggerProvider = new LoggerProvider({", "+  processors: [", "+    new BatchLogRecordProcessor(", "+      new OTLPLogExporter({", '+        url: "https://eu-central-1.aws.edge.axiom.co/v1/logs",', "+        headers: {", "+          Authorization: `Bearer ${env.AXIOM_TOKEN}`,", "+        },", "+      }),", "+    ),", "+  ],", "+});"], null],
    ]);
  });

  const removedAudit = "@@ -1,4 +1,2 @@\n async def add_role(user, role):\n-    audit_logger.log_object_write(AuditLogMessage.OBJECT_CREATED, user_role, subject_user_id=user.id)\n-    return user_role\n+    return await user_roles.add_role(user, role)";
  it("still finds an audit call removed from a kept file", async () => {
    const result = await review(input([{ path: "fief/apps/api/routers/users.py", status: "modified", patch: removedAudit }]), configuration());
    expect(result.findings.map((f) => f.area)).toContain("logging");
  });

  it("leaves an audit call that another file of the pull request now makes, and a handler file deleted whole", async () => {
    const moved = await review(input([
      { path: "fief/apps/api/routers/users.py", status: "modified", patch: removedAudit },
      { path: "fief/services/user_roles.py", status: "added", patch: "@@ -0,0 +1,3 @@\n+    async def add_role(self, user, role):\n+        self.audit_logger.log_object_write(AuditLogMessage.OBJECT_CREATED, user_role, subject_user_id=user.id)\n+        return user_role" },
    ]), configuration());
    expect(moved.findings.filter((f) => f.area === "logging")).toEqual([]);
    const deleted = await review(input([{ path: "backend/handler/email.go", status: "removed", patch: "@@ -1,5 +0,0 @@\n-package handler\n-\n-func (h *EmailHandler) Delete(c echo.Context) error {\n-\terr = h.auditLogger.CreateWithConnection(tx, c, models.AuditLogEmailDeleted, user, nil)\n-}" }]), configuration());
    expect(deleted.findings.filter((f) => f.area === "logging")).toEqual([]);
  });
});

describe("subprocessors: error reports through a set-up SDK, SDK flavour swaps, CI notifications", () => {
  it("still finds an error tracker set up, a new SDK and an app posting to Slack", async () => {
    await expectArea("subprocessors", [
      ["Sentry.init", "apps/web/src/instrument.ts", ['+import * as Sentry from "@sentry/nextjs";', "+Sentry.init({ dsn: process.env.SENTRY_DSN });"]],
      ["report naming a user", "apps/web/src/report.ts", ['+import * as Sentry from "@sentry/nextjs";', "+Sentry.captureException(error, { extra: { email: user.email } });"]],
      ["new SDK", "apps/workflows/package.json", ['   "dependencies": {', '+    "@sentry/deno": "catalog:",', '     "hono": "catalog:"']],
      ["product CI feature posting to Slack", "app/services/ci/slack_notifier.js", ["+async function postToSlack(notification, env) {", '+  const resp = await fetch("https://slack.com/api/chat.postMessage", {', '+    method: "POST",']],
      ["app posting to Slack", "src/notify/slack.js", ["+async function postToSlack(notification, env) {", '+  const resp = await fetch("https://slack.com/api/chat.postMessage", {', '+    method: "POST",']],
    ], true);
  });

  it("leaves captureException through an imported Sentry, @sentry/bun swapped for @sentry/deno, and a CI worker posting to Slack", async () => {
    await expectArea("subprocessors", [
      ["captureException", "apps/status-page/src/lib/trpc/query-client.ts", ['+import * as Sentry from "@sentry/nextjs";', "+    queryCache: new QueryCache({", "+      onError: (error, query) =>", "+        Sentry.captureException(error, {", "+          extra: { queryHash: query.queryHash },", "+        }),"]],
      ["SDK flavour swap", "apps/workflows/package.json", ['   "dependencies": {', '-    "@sentry/bun": "catalog:",', '+    "@sentry/deno": "catalog:",', '     "hono": "catalog:"']],
      ["CI worker", "ci/slack-notifications-worker/worker.js", ["+async function postToSlack(notification, env) {", '+  const resp = await fetch("https://slack.com/api/chat.postMessage", {', '+    method: "POST",']],
      ["workflow", ".github/workflows/unapproved_merges_report.yml", ["+          script: |", "+            const response = await fetch('https://slack.com/api/chat.postMessage', {", "+              method: 'POST',"]],
    ], false);
  });
});

describe("ai_use: provider hosts named in comments", () => {
  it("still finds a provider URL in code and leaves one in a Rust doc comment", async () => {
    await expectArea("ai_use", [["Gemini URL", "crates/providers/src/gemini.rs", ['+const URL: &str = "https://generativelanguage.googleapis.com/v1beta/models";', '+let body = json!({"contents": [{"parts": [{"text": user_message}]}]});', "+let resp = client.post(URL).json(&body).send().await?;"]]], true);
    await expectArea("ai_use", [["Rust //! note", "crates/tensorzero-types-providers/src/cache.rs", ["+//! Note: GCP Vertex Gemini (`aiplatform.googleapis.com`) returns `cachedContentTokenCount`", "+//! prompts. Google AI Studio (`generativelanguage.googleapis.com`) does NOT return this"]]], false);
  });
});

describe("pii_retention: reference keys, prefixed non-person tables, generated client SDKs", () => {
  it("still finds card numbers, tax ids and a customer's phone", async () => {
    await check([
      ["card number", "src/Migrations/Version1.php", ["+        $this->addSql('ALTER TABLE payment ADD credit_card_number VARCHAR(255) DEFAULT NULL');"], "pii_retention"],
      ["a table's own key", "api/src/main/resources/liquibase/schema.xml", ['     <changeSet author="rafal (generated)" id="1782825451946-1">', '+    <createTable tableName="allergy">', '+      <column autoIncrement="true" name="allergy_id" type="INT">', '+        <constraints nullable="false" primaryKey="true"/>', "+      </column>"], "pii_retention"],
      ["tax id", "src/Migrations/Version2.php", ["+        $this->addSql('ALTER TABLE customer ADD tax_id INT DEFAULT NULL');"], "pii_retention"],
      ["customer phone", "src/Migrations/Version3.php", ["+        $this->addSql('ALTER TABLE sylius_customer ADD phone_number VARCHAR(255) DEFAULT NULL');"], "pii_retention"],
      ["server model", "server/polar/models/user.py", ["+@dataclasses.dataclass(kw_only=True, slots=True)", "+class AuthorizeUser:", "+    id: str", "+    phone_number: str", "+    date_of_birth: str"], "pii_retention"],
    ]);
  });

  it("leaves a credit_card_id foreign key, a sales channel's contact phone and a generated SDK model", async () => {
    await check([
      ["credit card reference", "src/Sylius/Bundle/CoreBundle/Migrations/Version20170120164250.php", ["+        $this->addSql('ALTER TABLE sylius_payment ADD credit_card_id INT DEFAULT NULL');"], null],
      ["channel contact phone", "src/Sylius/Bundle/CoreBundle/Migrations/Version20201017150005.php", ["+        $this->addSql('ALTER TABLE sylius_channel ADD contact_phone_number VARCHAR(255) DEFAULT NULL');"], null],
      ["generated SDK", "sdk/python/polar/v2026_10/outputs.py", ["+@dataclasses.dataclass(kw_only=True, slots=True)", "+class AuthorizeUser:", "+    id: str", "+    phone_number: str", "+    date_of_birth: str"], null],
    ]);
  });
});
