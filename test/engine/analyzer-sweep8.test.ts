// Precision sweep, round 8: kinds of false positive read in the last 150 commits of 11 real applications (Ruby, PHP,
// Groovy, Go, Python, Elixir, JavaScript, Rust, TypeScript). Every family keeps a positive and leaves the real look-alike.
import { describe, expect, it } from "@jest/globals";
import { classifyFile } from "../../src/engine/diff/classify-file.js";
import { check, expectArea } from "./support/check-rule-cases.js";

const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxLCJ1c2VyX3R5cGUiOiJhZG1pbiIsImp0aSI6IjE3NmVlN2M3In0.ZxaYF5PmiyYbLyg9mlK88vDHhxts1thSlu6TaLSig_k";

describe("secrets: sample payloads in API descriptions, CI helpers, URNs and route slugs", () => {
  it("still finds a JWT or a generated token in code and config, and a provider key in an API description", async () => {
    await check([
      ["JWT in code", "app/services/client.rb", [`+  TOKEN = "${JWT}"`], "secrets"],
      ["token in app config", "config/settings.yml", ["+api:", "+  token: ckMf2iQ6r5adLceTPfKVH9BP"], "secrets"],
      ["AWS key in API docs", "docs/api-reference/store.yaml", ["       application/json:", "         example:", "+          access_key: AKIAIOSFODNN7REALKEY"], "secrets"],
      ["password in a production helper script", "scripts/install.sh", ["+mysql -u root -e \"UPDATE mysql.user SET Password=PASSWORD('Xk82mfQp29Lz') WHERE User='root'\""], "secrets"],
    ]);
  });

  it("leaves rswag's sample tokens in an API reference, CI helper passwords, WebDAV lock tokens and route slugs", async () => {
    await check([
      ["JWT under example:", "docs/api-reference/store.yaml", ["           content:", "             application/json:", "               example:", `+                token: ${JWT}`, "+                refresh_token: swZQcoAQRVXkquGc65YgzE3R"], null],
      ["cart token deep in an API description", "docs/reference/store.yaml", ["       responses:", "         '200':", "           content:", "             application/json:", "               schema:", "                 $ref: '#/components/schemas/Cart'", "               example:", "                 data:", "                 - id: cart_gbHJdmfrXB", "                   market_id: mkt_UkLWZg9DAJ", "                   channel_id: ch_UkLWZg9DAJ", "                   preferred_stock_location_id:", "                   number: cart_gbHJdmfrXB", "-                  token: 9dTzwh6HZzDztPTwKTxhtBp4", "+                  token: FqNcN9K64rzMu2wpYV3QmgfZ"], null],
      ["CI helper site config", ".github/helper/site_config.json", ["+    \"admin_password\": \"admin\",", "+    \"root_password\": \"travis\","], null],
      ["CI helper install script", ".github/helper/install.sh", ["+mysql --host 127.0.0.1 --port 3306 -u root -e \"UPDATE mysql.user SET Password=PASSWORD('travis') WHERE User='root'\""], null],
      ["WebDAV lock token URN", "crates/dav-proto/src/parser/header.rs", ['+            state_token: "urn:uuid:181d4fae-7d8c-11d0-a765-00a0c91e6bf2",'], null],
      ["namespaced XML name", "crates/dav-proto/src/responses/property.rs", ['+                    WebDavProperty::SyncToken => "D:sync-token",'], null],
      ["route slug", "apps/OpenSign/src/components/Title.jsx", ['+  "/forgetpassword": "forgot-password",'], null],
    ]);
  });

  it("reads a gem's testing_support folder as tests", () => {
    expect(classifyFile("spree/providers/stripe/lib/spree_stripe/testing_support/factories/gateway_factory.rb").isTestOnly).toBe(true);
    expect(classifyFile("lib/spree_stripe/support/gateway.rb").isTest).toBe(false);
  });
});

describe("access: a check replaced by a declarative guard on the handler", () => {
  it("still finds a guard decorator or an inline role check removed with nothing in its place", async () => {
    await check([
      ["NestJS guard dropped", "apps/api/src/app/account/account.controller.ts", ["   @Get()", "-  @UseGuards(AuthGuard('jwt'), HasPermissionGuard)", "+  @UseInterceptors(RedactValuesInResponseInterceptor)", "   public async getAllAccounts("], "access_mfa"],
      ["PHP role check dropped", "app/Domain/Timesheets/Controllers/AddTime.php", ["     public function get(array $params): Response", "     {", "-        if (! Auth::userIsAtLeast(Roles::$editor)) {", "-            return $this->tpl->display('errors.error403', responseCode: 403);", "-        }", "         $this->tpl->assign('info', '');"], "access_mfa"],
    ]);
  });

  it("leaves a guard replaced by @RequiresScope, #[RequiresPermission] or @requires_permission", async () => {
    await check([
      ["NestJS composite decorator", "apps/api/src/app/account/account.controller.ts", ["   @Get()", "-  @UseGuards(AuthGuard('jwt'), HasPermissionGuard, ImpersonationGuard)", "+  @RequiresScope(scopes.accountRead)", "   @UseInterceptors(RedactValuesInResponseInterceptor)", "   public async getAllAccounts("], null],
      ["PHP attribute", "app/Domain/Timesheets/Controllers/AddTime.php", ["      * @param  array  $params  Request parameters", "      */", "+    #[RequiresPermission(TimesheetsPermissions::CREATE, global: true)]", "     public function get(array $params): Response", "     {", "-        Auth::authOrRedirect([Roles::$owner, Roles::$admin, Roles::$manager, Roles::$editor], true);", "-", "-        if (! Auth::userIsAtLeast(Roles::$editor)) {", "-            return $this->tpl->display('errors.error403', responseCode: 403);", "-        }", "-", "         $this->tpl->assign('info', '');"], null],
      ["Python decorator", "app/views/reports.py", ["-@login_required", "+@requires_permission(\"reports.view\")", " def report(request):"], null],
    ]);
  });
});

describe("access: Rails sign-in (auth) controllers skipping authentication", () => {
  it("still finds a skip in a resource controller", async () => {
    await check([["orders skip", "app/controllers/api/v3/orders_controller.rb", ["   class OrdersController < BaseController", "+    skip_before_action :authenticate_seller!, only: [:index]"], "access_mfa"]]);
  });
  it("leaves the skip on an AuthController's sign-in, refresh and sign-out actions", async () => {
    await check([["auth controller", "spree/api/app/controllers/spree/api/v3/seller/auth_controller.rb", ["         class AuthController < BaseController", "+          skip_before_action :authenticate_seller!, only: [:create, :refresh, :logout, :providers]"], null]]);
  });
});

describe("logging: reading an audit trail is not removing audit logging", () => {
  it("still finds an audit call removed", async () => {
    await check([
      ["audit log call", "apps/server/cloud/triggerEvent.js", ["   const doc = await query.get(id);", "-  auditLog.record('document.viewed', { userId });", "   return doc;"], "logging"],
      ["audit trail write", "apps/server/cloud/triggerEvent.js", ["   const doc = await query.get(id);", "-  audit_trail.write(entry)", "   return doc;"], "logging"],
    ]);
  });
  it("leaves reads of the trail and a debug print of it", async () => {
    await check([
      ["filter of the trail", "apps/OpenSignServer/cloud/parsefunction/pdf/GenerateCertificate.js", ["-  const filteredaudit = docDetails?.AuditTrail?.filter(x => x?.UserPtr?.objectId);", "+  const filteredaudit = docDetails?.AuditTrail?.filter(x => Boolean(x?.UserPtr?.objectId));"], null],
      ["some over the trail", "apps/OpenSignServer/cloud/parsefunction/triggerEvent.js", ["-      const isUserExist = auditTrail.some(x => x?.UserPtr?.objectId === contactId && x?.ViewedOn);", "+      const existingIndex = auditTrail.findIndex(x => x?.UserPtr?.objectId === contactId);"], null],
      ["index into the trail", "apps/OpenSignServer/cloud/parsefunction/pdf/GenerateCertificate.js", ["-            SignedOn: docDetails?.AuditTrail[0]?.SignedOn || generatedUTCTime,", "+            SignedOn: filteredaudit[0]?.SignedOn || generatedUTCTime,"], null],
      ["debug print", "apps/OpenSign/src/primitives/GetReportDisplay.js", ['-    console.log("item?.AuditTrail ", item?.AuditTrail);'], null],
    ]);
  });
});

describe("access: CI service containers", () => {
  it("still finds an empty MySQL password in a deployment compose file and leaves the CI workflow's", async () => {
    await expectArea("access_mfa", [["compose", "deploy/docker-compose.yml", ["+      MYSQL_ALLOW_EMPTY_PASSWORD: YES"]]], true);
    await expectArea("access_mfa", [["CI workflow", ".github/workflows/ci.yml", ["+        env:", "+          MYSQL_ALLOW_EMPTY_PASSWORD: YES"]]], false);
  });
});

describe("access: a Ruby action removed whole beside a method whose name starts the same", () => {
  it("still finds authorize! taken out of a kept action", async () => {
    await check([["kept action", "app/controllers/api/v3/admin/price_lists_controller.rb", ["          def create", "-            authorize! :create, model_class", "             result = Spree.price_list_create_workflow.call(store: current_store, attributes: permitted_params)"], "access_mfa"]]);
  });
  it("leaves the action removed whole while def create_workflow is added", async () => {
    await check([["action moved to the base controller", "spree/api/app/controllers/spree/api/v3/admin/price_lists_controller.rb", [
      "           end",
      "+          def create_workflow",
      "+            Spree.price_list_create_workflow",
      "+          end",
      " ",
      "-          # POST /api/v3/admin/price_lists",
      "-          def create",
      "-            authorize! :create, model_class",
      "-",
      "-            result = Spree.price_list_create_workflow.call(store: current_store, attributes: permitted_params)",
      "-",
      "-            if result.success?",
      "-              render json: serialize_resource(result.value), status: :created",
      "-            else",
      "-              render_result_error(result)",
      "-            end",
      "-          end",
      " ",
      "           private",
    ], null]]);
  });
});

describe("retention: business schedules and permission flags are not deletion jobs", () => {
  it("still finds a purge task removed from a scheduler file", async () => {
    await check([
      ["whenever schedule", "config/schedule.rb", ["-every 1.day, at: '3:00 am' do", "-  runner 'User.delete_inactive_accounts'", "-end"], "pii_retention"],
      ["celery beat file", "app/celery_beat.py", ["-    'delete-expired-sessions': {", "-        'task': 'app.tasks.delete_expired_sessions',", "-    },"], "pii_retention"],
    ]);
  });
  it("leaves a Frappe DocType named for a repayment schedule deleted with its permission list", async () => {
    await check([["repayment schedule doctype", "lending/loan_management/doctype/loan_partner_repayment_schedule_type/loan_partner_repayment_schedule_type.json", [
      "-  {",
      "-   \"create\": 1,",
      "-   \"delete\": 1,",
      "-   \"email\": 1,",
      "-   \"role\": \"System Manager\",",
      "-  }",
    ], null]]);
  });
});
