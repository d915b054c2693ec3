// From the round-14 commit sweep (precision-round14.yaml): contact fields in an OpenAPI description, a template's loop
// over backup codes, and a `curl --insecure` line only retuned; then the set-aside sweep's kinds. Each fix keeps a positive
// of the same shape.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { check } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

describe("round-14 sweep: API descriptions of contact fields", () => {
  it("stays silent on phone and e-mail in a @swagger block or an OpenAPI file", async () => {
    await check([
      ["phone in a @swagger JSDoc request body", "server/api/controllers/users/update.js", [
        "+/**",
        "+ * @swagger",
        "+ *           schema:",
        "+ *             type: object",
        "+ *             properties:",
        "+ *               phone:",
        "+ *                 type: string",
        "+ *                 maxLength: 128",
        "+ *               email:",
        "+ *                 type: string",
        "+ *                 format: email",
        "+ */",
      ], null],
      ["phone and address in an OpenAPI YAML schema", "docs/openapi.yaml", [
        " openapi: 3.0.3",
        "+    Contact:",
        "+      properties:",
        "+        phone_number:",
        "+          type: string",
        "+        home_address:",
        "+          type: string",
      ], null],
    ]);
  });
  it("still finds special categories there, and phone numbers in a model", async () => {
    await check([
      ["date of birth in a @swagger schema", "server/api/models/Patient.js", [
        "+/**",
        "+ * @swagger",
        "+ *     properties:",
        "+ *       dateOfBirth:",
        "+ *         type: string",
        "+ *         format: date",
        "+ */",
      ], "pii_retention"],
      ["national id in an OpenAPI YAML schema", "docs/openapi.yaml", [
        " openapi: 3.0.3",
        "+    Citizen:",
        "+      properties:",
        "+        national_id:",
        "+          type: string",
      ], "pii_retention"],
      ["a phone column in a migration", "db/migrate/20240101000000_add_phone_to_customers.rb", [
        "+class AddPhoneToCustomers < ActiveRecord::Migration[7.1]",
        "+  def change",
        "+    add_column :customers, :phone_number, :string",
        "+  end",
        "+end",
      ], "pii_retention"],
    ]);
  });
});

describe("round-14 sweep: template loops are not decorators", () => {
  it("stays silent when a Blade or Razor loop over two-factor codes is rewritten", async () => {
    await check([
      ["Blade @foreach over backup codes", "resources/views/emails/admin/backup-codes.blade.php", [
        '         <div style="display: grid;">',
        "-            @foreach($admin->two_factor_backup_codes as $code)",
        "+            @foreach($backupCodes as $code)",
        "                 <div>{{ $code }}</div>",
      ], null],
      ["Razor @foreach over recovery codes", "Views/Manage/ShowRecoveryCodes.cshtml", [
        '     <div class="row">',
        "-        @foreach (var code in Model.TwoFactorRecoveryCodes)",
        "+        @foreach (var code in codes)",
        "         {",
      ], null],
    ]);
  });
  it("still finds a two-factor middleware or decorator taken out", async () => {
    await check([
      ["a 2fa middleware alias removed from a route", "routes/web.php", [
        "-Route::middleware(['auth', '2fa'])->group(function () {",
        "+Route::middleware(['auth'])->group(function () {",
        "     Route::get('/billing', [BillingController::class, 'index']);",
      ], "access_mfa"],
      ["a two-factor decorator removed from a view", "app/views.py", [
        "-@otp_required",
        " @login_required",
        " def transfer(request):",
      ], "access_mfa"],
    ]);
  });
});

describe("round-14 sweep: a line already insecure, rewritten", () => {
  it("stays silent when the removed line beside it had the same switch off", async () => {
    await check([
      ["curl --insecure given other retry flags", "variables.tf", [
        ' variable "wait_for_cluster_command" {',
        '-  default     = "curl --silent --fail --retry 60 --insecure --output /dev/null $ENDPOINT/healthz"',
        "+  type = string",
        "+  ## --max-time is per attempt",
        '+  default     = "curl --silent --fail --retry 30 --max-time 11 --insecure --output /dev/null $ENDPOINT/healthz"',
        " }",
      ], null],
      ["requests verify=False with a time-out added", "app/client.py", [
        "-    resp = requests.get(url, verify=False)",
        "+    resp = requests.get(url, verify=False, timeout=10)",
      ], null],
    ]);
  });
  it("still finds verification newly switched off", async () => {
    await check([
      ["curl --insecure added in a new variable", "variables.tf", [
        '+variable "wait_for_cluster_command" {',
        '+  default     = "curl --silent --fail --retry 60 --insecure --output /dev/null $ENDPOINT/healthz"',
        "+}",
      ], "encryption"],
      ["verify=True turned into verify=False", "app/client.py", [
        "-    resp = requests.get(url, verify=True)",
        "+    resp = requests.get(url, verify=False)",
      ], "encryption"],
    ]);
  });
});

// From the set-aside sweep (frappe/helpdesk, orangehrm/orangehrm, sissbruecker/linkding), fixed after its untuned figure.
async function deletedFileAreas(path: string, body: string[]): Promise<string[]> {
  const patch = `@@ -1,${body.length} +0,0 @@\n${body.map((l) => `-${l}`).join("\n")}`;
  const result = await review(input([{ path, status: "removed", patch }]), configuration());
  return [...new Set(result.findings.map((f) => f.area))];
}

describe("round-14 set-aside: parts of a manual purge module are not scheduled jobs", () => {
  it("stays silent on a deleted purge form and a maintenance module's service method", async () => {
    expect(await deletedFileAreas("src/plugins/orangehrmMaintenancePlugin/lib/form/PurgeEmployeeForm.php", [
      "<?php",
      "class PurgeEmployeeForm extends sfForm",
      "{",
      "    public function configure() { $this->setWidgets(array('employee' => new ohrmWidgetEmployeeNameAutoFill())); }",
      "}",
    ])).toEqual([]);
    expect(await deletedFileAreas("src/plugins/orangehrmMaintenancePlugin/FormatValueStrategy/FormatWithPurgeTime.php", [
      "<?php",
      "class FormatWithPurgeTime implements ValueFormatter",
      "{",
      "    public function getFormattedValue($entityValue) { return date('Y-m-d H:i:s'); }",
      "}",
    ])).toEqual([]);
    await check([
      ["a maintenance service drops its purge list", "src/plugins/orangehrmMaintenancePlugin/Service/MaintenanceService.php", [
        "         return $this->maintenanceDao;",
        "     }",
        " ",
        "-    public function getPurgeEmployeeList(): array",
        "-    {",
        "-        return $this->getMaintenanceDao()->getEmployeePurgingList();",
        "-    }",
        " ",
      ], null],
    ]);
  });
  it("still finds a deleted purge job and a purge taken out of a maintenance schedule file", async () => {
    expect(await deletedFileAreas("app/jobs/purge_inactive_users_job.rb", [
      "class PurgeInactiveUsersJob < ApplicationJob",
      "  def perform",
      "    User.where('last_seen_at < ?', 2.years.ago).destroy_all",
      "  end",
      "end",
    ])).toContain("pii_retention");
    await check([
      ["a purge removed from maintenance.py", "app/maintenance.py", [
        " def nightly():",
        "-    purge_expired_accounts()",
        "     vacuum_tables()",
      ], "pii_retention"],
    ]);
  });
});

describe("round-14 set-aside: names, bound parameters and renamed keys are not new secrets", () => {
  it("stays silent", async () => {
    await check([
      ["an attribute name held in a constant", "src/plugins/orangehrmCoreOAuthPlugin/Server/BearerTokenValidator.php", [
        " class BearerTokenValidator",
        " {",
        "+    public const ATTRIBUTE_ACCESS_TOKEN = '_oauth2_access_token';",
      ], null],
      ["a query builder's named parameter", "installer/Migration/V5_2_0/Migration.php", [
        "         $this->createQueryBuilder()",
        "             ->update('ohrm_user', 'user')",
        "+            ->set('user.user_password', ':nullValue')",
      ], null],
      ["a form default re-keyed with the same value", "src/client/src/orangehrmAdminPlugin/pages/ldap/LdapConfiguration.vue", [
        "   bindAnonymously: true,",
        "-  distinguishedName: 'cn=admin,dc=example,dc=org',",
        "-  distinguishedPassword: 'admin',",
        "+  bindUserDN: 'cn=admin,dc=example,dc=org',",
        "+  bindUserPassword: 'admin',",
        "   baseDistinguishedName: 'dc=example,dc=com',",
      ], null],
    ]);
  });
  it("still finds literal keys, passwords and a changed value", async () => {
    await check([
      ["an encryption key literal", "src/plugins/orangehrmCoreOAuthPlugin/Server/OAuthServer.php", [
        "     {",
        "+        $this->encryptionKey = 'lxZFUEsBCJ2Yb14IF2ygAHI5N4+ZAUXXaSeeJm6+twsUmIen';",
      ], "secrets"],
      ["an access token literal under a plain name", "src/Config/Keys.php", ["+    public const ACCESS_TOKEN = 'a8f5f167f44f4964e6c998dee827110c';"], "secrets"],
      ["a password set through a query builder", "installer/Migration/Seed.php", ["+            ->set('user.user_password', 'S3cr3t-Passw0rd!')"], "secrets"],
      ["a re-keyed password given a new value", "src/client/src/pages/ldap/LdapConfiguration.vue", [
        "-  distinguishedPassword: 'admin',",
        "+  bindUserPassword: 'Xk9#mQ2!vLp7',",
      ], "secrets"],
    ]);
  });
});

describe("round-14 set-aside: rewritten legacy checks and sign-in flows", () => {
  it("stays silent", async () => {
    await check([
      ["a legacy MD5 check rewritten in place", "src/plugins/orangehrmAdminPlugin/Service/UserService.php", [
        "     private function checkForOldHash(string $password, string $hash): bool",
        "     {",
        "-        $valid = false;",
        "-",
        "-        if ($hash == md5($password)) {",
        "-            $valid = true;",
        "-        }",
        "-",
        "-        return $valid;",
        "+        return $hash == md5($password);",
        "     }",
      ], null],
      ["a login page's redirect of a signed-in caller", "src/plugins/openid/Controller/OpenIdConnectLoginController.php", [
        "         $email = $this->getSocialMediaAuthenticationService()->handleCallback($oidcClient);",
        "-        if ($this->getAuthUser()->isAuthenticated()) {",
        "-            $homePagePath = $this->getHomePageService()->getHomePagePath();",
        "-            return $this->redirect($homePagePath);",
        "-        }",
        "+        return new RedirectResponse($authUrl);",
      ], null],
      ["a sign-in attempt's outcome signing the user in", "src/plugins/openid/Service/SocialMediaAuthenticationService.php", [
        "         try {",
        "-            $isAuthenticated = $oidcClient->authenticate();",
        "-            if ($isAuthenticated) {",
        "-                $user = $this->userFor($oidcClient->requestUserInfo('email'));",
        "-                Auth::login($user);",
        "-            }",
        "         } catch (OpenIDConnectClientException $e) {",
      ], null],
    ]);
  });
  it("still finds MD5 newly used and a sign-in guard removed", async () => {
    await check([
      ["MD5 replacing password_verify", "src/Service/UserService.php", [
        "     {",
        "-        return password_verify($password, $hash);",
        "+        return $hash == md5($password);",
        "     }",
      ], "encryption"],
      ["a signed-out caller no longer sent to the login page", "src/Controller/ReportController.php", [
        "     {",
        "-        if (!$this->getAuthUser()->isAuthenticated()) {",
        "-            return $this->redirect('auth/login');",
        "-        }",
        "         return $this->render('report');",
      ], "access_mfa"],
    ]);
  });
});

describe("round-14 set-aside: an access-checked object handed to a service, and client-side types", () => {
  it("stays silent", async () => {
    await check([
      ["the owner's list replaced by a service given the checked bundle", "bookmarks/views/bundles.py", [
        '         bundle_id = request.POST.get("move_bundle")',
        "         bundle_to_move = access.bundle_write(request, bundle_id)",
        "-        user_bundles = list(",
        '-            BookmarkBundle.objects.filter(owner=request.user).order_by("order")',
        "-        )",
        "+        bundles.move_bundle(bundle_to_move, move_position)",
        " ",
      ], null],
      ["a composable's contact interface", "desk/src/composables/customer.ts", [
        " }",
        "+interface ExistingContact {",
        "+  name: string;",
        "+  first_name?: string;",
        "+  mobile_no?: string;",
        "+  phone?: string;",
        "+}",
      ], null],
    ]);
  });
  it("still finds an owner filter dropped and special categories in a client type", async () => {
    await check([
      ["the owner filter dropped with no check kept", "bookmarks/views/bundles.py", [
        '         bundle_id = request.POST.get("move_bundle")',
        "-        bundle = BookmarkBundle.objects.get(id=bundle_id, owner=request.user)",
        "+        bundle = BookmarkBundle.objects.get(id=bundle_id)",
        "+        bundles.move_bundle(bundle, move_position)",
      ], "access_mfa"],
      ["a patient interface with a date of birth", "src/composables/patient.ts", [
        "+export interface PatientRecord {",
        "+  name: string;",
        "+  dateOfBirth: string;",
        "+}",
      ], "pii_retention"],
    ]);
  });
});
