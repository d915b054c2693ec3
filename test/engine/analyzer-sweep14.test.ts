// From the round-14 commit sweep (precision-round14.yaml): contact fields in an OpenAPI description, a template's loop
// over backup codes, and a `curl --insecure` line only retuned. Each fix keeps a positive of the same shape.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

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
