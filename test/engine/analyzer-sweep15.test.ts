// From the round-15 commit sweep (precision-round15.yaml): each kind of false finding it showed, beside a positive of the
// same shape that must still be found.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { check, expectArea } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

async function deletedFileAreas(path: string, body: string[]): Promise<string[]> {
  const patch = `@@ -1,${body.length} +0,0 @@\n${body.map((l) => `-${l}`).join("\n")}`;
  const result = await review(input([{ path, status: "removed", patch }]), configuration());
  return [...new Set(result.findings.map((f) => f.area))];
}

describe("round-15 sweep: personal data in transfer objects and organisations' records", () => {
  it("stays silent on contact fields of a NestJS DTO, an organisation's tax number and a numeric account id", async () => {
    await check([
      ["names and phones of a create-customer DTO", "src/modules/Customers/dtos/CreateCustomer.dto.ts", [
        " export class CreateCustomerDto {",
        "+  @IsOptional()",
        "+  @IsString()",
        "+  firstName?: string;",
        "+  @IsOptional()",
        "+  @IsString()",
        "+  workPhone?: string;",
        "+  @IsOptional()",
        "+  @IsString()",
        "+  personalPhone?: string;",
        " }",
      ], null],
      ["an organisation's tax number in its update DTO", "src/modules/Organization/dtos/Organization.dto.ts", [
        " export class UpdateOrganizationDto {",
        "+  @IsOptional()",
        "+  @IsString()",
        "+  taxNumber?: string;",
        " }",
      ], null],
      ["a bank account's row id typed as a number in a JSON schema", "src/modules/StripePayment/models/PaymentIntegration.model.ts", [
        "   static get jsonSchema() {",
        "         properties: {",
        "+            bankAccountId: { type: 'number' },",
        "+            clearingAccountId: { type: 'number' },",
        "           },",
      ], null],
    ]);
  });
  it("still finds special categories in a DTO, a person's tax number and a stored account number", async () => {
    await check([
      ["date of birth in a create-customer DTO", "src/modules/Customers/dtos/CreateCustomer.dto.ts", [
        " export class CreateCustomerDto {",
        "+  @IsOptional()",
        "+  @IsDateString()",
        "+  dateOfBirth?: string;",
        " }",
      ], "pii_retention"],
      ["a customer's tax number in its DTO", "src/modules/Customers/dtos/CreateCustomer.dto.ts", [
        " export class CreateCustomerDto {",
        "+  @IsOptional()",
        "+  @IsString()",
        "+  taxNumber?: string;",
        " }",
      ], "pii_retention"],
      ["a bank account number in a JSON schema", "src/modules/Payouts/models/PayoutAccount.model.ts", [
        "   static get jsonSchema() {",
        "         properties: {",
        "+            bankAccountNumber: { type: 'string' },",
        "+            iban: { type: 'string' },",
        "           },",
      ], "pii_retention"],
    ]);
  });
});

describe("round-15 sweep: deleted purge files that purged nothing stored", () => {
  it("stays silent when a cache-purging subscriber or a wholly commented-out job is deleted", async () => {
    expect(await deletedFileAreas("packages/server/src/services/Users/PurgeUserAbilityCache.ts", [
      "import { ABILITIES_CACHE } from '../../api/middleware/AuthorizationMiddleware';",
      "export default class PurgeUserAbilityCache {",
      "  attach(bus) {",
      "    bus.subscribe(events.tenantUser.onEdited, this.purgeAuthorizedUserAbility);",
      "  }",
      "  purgeAuthorizedUserAbility({ tenantUser }) {",
      "    ABILITIES_CACHE.del(tenantUser.systemUserId);",
      "  }",
      "}",
    ])).toEqual([]);
    expect(await deletedFileAreas("packages/server/src/services/Import/jobs/ImportDeleteExpiredFilesJob.ts", [
      "// import { ImportDeleteExpiredFiles } from '../ImportRemoveExpiredFiles';",
      "// export class ImportDeleteExpiredFilesJobs {",
      "//   constructor(agenda) {",
      "//     agenda.define('delete-expired-imported-files', this.handler);",
      "//   }",
      "// }",
    ])).toEqual([]);
  });
  it("still finds a deleted purge job that deletes records", async () => {
    expect(await deletedFileAreas("app/jobs/purge_inactive_users_job.rb", [
      "class PurgeInactiveUsersJob < ApplicationJob",
      "  def perform",
      "    User.where('last_sign_in_at < ?', 2.years.ago).destroy_all",
      "  end",
      "end",
    ])).toContain("pii_retention");
  });
});

describe("round-15 sweep: access checks that moved, were rewrapped, or were never checks", () => {
  it("stays silent on a decorator stack deleted with its view, a rewrapped decorator, a renamed namespace, an inlined filter", async () => {
    await check([
      ["four decorators over a deleted Django view", "biometric/views.py", [
        " ",
        "-@login_required",
        "-@install_required",
        "-@hx_request_required",
        '-@permission_required("biometric.view_biometricdevices")',
        "-def search_devices(request):",
        '-    search = request.GET.get("search")',
        "-    return render(request, template, {})",
        " ",
      ], null],
      ["a decorator's argument list rewrapped over lines", "recruitment/views/views.py", [
        " @login_required",
        '-@manager_can_enter(perm="recruitment.change_candidate")',
        "+@manager_can_enter(",
        '+    perms=["recruitment.change_candidate", "onboarding.change_onboardingcandidate"]',
        "+)",
        " def candidate_update(request, cand_id, **kwargs):",
      ], null],
      ["a module renamed around the same class", "app/models/person.rb", [
        "   def staff",
        "-    @staff ||= GroupRoleManagement::Staff.new(self)",
        "+    @staff ||= GroupManagement::Staff.new(self)",
        "   end",
      ], null],
      ["a before_action filter moved into the actions", "app/controllers/organizations/staff/faqs_controller.rb", [
        " class Organizations::Staff::FaqsController < Organizations::BaseController",
        "-  before_action :context_authorize!, only: %i[index new create]",
        "   def index",
        "+    authorize!",
        "     @faqs = authorized_scope(Faq.all)",
        "   end",
        "-  def context_authorize!",
        "-    authorize! Faq,",
        "-      context: {organization: Current.organization}",
        "-  end",
        " end",
      ], null],
      ["a role granted through a Ruby instance variable", "app/controllers/organizations/staff/invitations_controller.rb", [
        "     if @user.save",
        "       @user.invite!(current_user)",
        "-      @user.add_role(user_params[:roles], Current.organization)",
        "+      @person.add_group(user_params[:roles])",
        "     end",
      ], null],
      ["roles taken out of a seed script", "db/seeds/01_alta.rb", [
        "   )",
        "-  @user_fosterer_one.add_role(:adopter, @organization)",
        "-  @user_fosterer_one.add_role(:fosterer, @organization)",
        "   @fosterer_two = Person.create!(",
      ], null],
      ["a subscription guard taken off a NestJS controller", "src/modules/Items/Item.controller.ts", [
        " @Controller('/items')",
        " @ApiTags('Items')",
        "-@UseGuards(SubscriptionGuard)",
        " export class ItemsController {",
      ], null],
      ["AllowAny on drf-yasg's schema view", "api/urls.py", [
        " schema_view = get_schema_view(",
        '+    openapi.Info(title="API", default_version="v1"),',
        "+    public=True,",
        "+    permission_classes=(permissions.AllowAny,),",
        " )",
      ], null],
      ["laravel-ide-helper's generated stubs", "_ide_helper.php", [
        "         {",
        "-            return \\Illuminate\\Auth\\Access\\Gate::allows($ability, $arguments);",
        "+            /** @var \\Illuminate\\Auth\\Access\\Gate $instance */",
        "+            return $instance->allows($ability, $arguments);",
        "         }",
      ], null],
      ["tenantId passed on positionally to a service call", "src/services/VendorCredits/VendorCreditInventoryTransactions.ts", [
        "     await this.inventoryService.deleteInventoryTransactions(",
        "-      tenantId,",
        "       vendorCreditId,",
        "       'VendorCredit',",
        "       trx",
        "     );",
      ], null],
    ]);
  });
  it("still finds a decorator dropped from a kept view, a guard dropped in a rewrap, a removed filter and role checks", async () => {
    await check([
      ["a decorator removed from a view that stays", "attendance/views.py", [
        "     return Response(form.errors, status=404)",
        " ",
        '-    @manager_permission_required("attendance.update_attendance")',
        "     def put(self, request, pk):",
      ], "access_mfa"],
      ["a guard dropped when the list is rewrapped", "src/modules/Reports/Reports.controller.ts", [
        " @Controller('/reports')",
        "-@UseGuards(JwtAuthGuard, RolesGuard)",
        "+@UseGuards(",
        "+  JwtAuthGuard,",
        "+)",
        " export class ReportsController {",
      ], "access_mfa"],
      ["a before_action authorisation filter removed", "app/controllers/organizations/staff/faqs_controller.rb", [
        " class Organizations::Staff::FaqsController < Organizations::BaseController",
        "-  before_action :context_authorize!, only: %i[index new create]",
        "   before_action :set_faq, only: %i[show edit update destroy]",
      ], "access_mfa"],
      ["a JWT guard taken off a NestJS handler", "src/modules/Items/Item.controller.ts", [
        "   @Put(':id')",
        "-  @UseGuards(JwtAuthGuard)",
        "   @ApiOperation({ summary: 'Edit the given item.' })",
      ], "access_mfa"],
      ["AllowAny on a data view", "reports/views.py", [
        " class ReportView(APIView):",
        "+    permission_classes = (permissions.AllowAny,)",
        "     def get(self, request):",
      ], "access_mfa"],
      ["a tenant condition removed from a query", "src/services/invoices.ts", [
        "   const rows = await Invoice.query().where({",
        "-    tenantId,",
        "     id,",
        "   });",
      ], "access_mfa"],
    ]);
  });
});

describe("round-15 sweep: option names and values that are not secrets or TLS switches", () => {
  it("stays silent on Knex's migrations-list validation, a route with a token parameter, an interpolated password", async () => {
    await check([
      ["disableMigrationsListValidation", "src/modules/TenantDBManager/TenantDBManager.ts", [
        "     await knex.migrate.latest({",
        "+      ...tenantSeedConfig(tenant),",
        "+      disableMigrationsListValidation: true,",
        "     });",
      ], null],
      ["a reset-password route template", "src/hooks/query/authentication.tsx", [
        " const AuthRoute = {",
        "+  SendResetPassword: 'auth/send_reset_password',",
        "+  ForgetPassword: 'auth/reset_password/:token',",
        " };",
      ], null],
      ["PGPASSWORD from an interpolated variable", "lib/tasks/production_db.rake", [
        "   task restore: :environment do",
        "+    system(\"PGPASSWORD='#{db_password}' pg_restore --clean --no-owner -h #{db_host} -d #{db_name} -U #{db_username} #{dump_file}\")",
        "   end",
      ], null],
    ]);
  });
  it("still finds TLS validation switched off, a literal password and a literal PGPASSWORD", async () => {
    await expectArea("encryption", [
      ["disableSslValidation", "src/clients/ldap.ts", [
        "   const client = createClient({",
        "+    disableSslValidation: true,",
        "   });",
      ]],
    ], true);
    await check([
      ["a password literal beside the routes", "src/hooks/query/authentication.tsx", [
        " const AuthRoute = {",
        "+  AdminPassword: 'Zx9!vQ27kLm#p4',",
        " };",
      ], "secrets"],
      ["a literal PGPASSWORD", "lib/tasks/production_db.rake", [
        "   task restore: :environment do",
        "+    system(\"PGPASSWORD='hunter2secret' pg_restore --clean -h db\")",
        "   end",
      ], "secrets"],
    ]);
  });
});
