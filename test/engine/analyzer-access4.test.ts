// Access kinds from the fourth round of real-code cases (fixtures/eval/real/dev/access-round4.yaml): guards
// recognised by their vocabulary in any language, each kind with a change it must find and a look-alike it must not.
import { describe, expect, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";
import { splitWords } from "../../src/engine/analyzer/detectors/detect-access-guard-dropped.js";

describe("access guards dropped, by vocabulary", () => {
  it("splits identifiers into words on camelCase, snake_case and digits", () => {
    expect(splitWords("JWTAuthAdminMiddleware")).toEqual(["jwt", "auth", "admin", "middleware"]);
    expect(splitWords("user_is_staff?")).toEqual(["user", "is", "staff"]);
  });

  it("finds a route, group or decorator rewritten without one of its guards", async () => {
    await check([
      ["express route loses protect and admin", "server/routes/orders.js", [" const { protect, admin } = require('../middleware/auth');", "-router.route('/:id').delete(protect, admin, deleteOrder);", "+router.route('/:id').delete(deleteOrder);"], "access_mfa"],
      ["gin route loses its admin middleware", "routers/admin.go", ["-\tg.POST(\"/accounts\", mw.RequireAdmin(), listAccounts)", "+\tg.POST(\"/accounts\", listAccounts)"], "access_mfa"],
      ["laravel group drops admin from its middleware", "routes/admin.php", ["-Route::group(['middleware' => ['admin', 'auth'], 'prefix' => 'admin'], function () {", "+Route::group(['middleware' => ['auth'], 'prefix' => 'admin'], function () {"], "access_mfa"],
      ["nest guards lose RolesGuard", "src/reports/reports.controller.ts", ["-  @UseGuards(JwtAuthGuard, RolesGuard)", "+  @UseGuards(JwtAuthGuard)", "   @Roles('admin')"], "access_mfa"],
    ]);
    await check([
      ["route gains the admin check", "server/routes/orders.js", ["-router.route('/').get(protect, listOrders);", "+router.route('/').get(protect, admin, listOrders);"], null],
      ["middleware swapped for the admin one", "routers/admin.go", ["-\tg.POST(\"/hosts\", mw.JWTAuth(), listHosts)", "+\tg.POST(\"/hosts\", mw.JWTAuthAdmin(), listHosts)"], null],
      ["laravel auth gains verified", "app/Http/Controllers/AdminController.php", ["     {", "-        $this->middleware('auth');", "+        $this->middleware(['auth', 'verified']);", "     }"], null],
      ["fastapi dependency made stricter", "app/api/routes/user.py", ["-    current_user: Annotated[User, Depends(get_current_user)]", "+    current_user: Annotated[User, Depends(get_current_active_user)]"], null],
    ]);
  });

  it("finds a guard registration or role condition removed, not one moved", async () => {
    await check([
      ["rails staff check removed", "app/controllers/invoices_controller.rb", ["   before_action :authenticate_user!", "-  before_action :user_is_staff?", " ", "   def index"], "access_mfa"],
      ["fastapi router loses its jwt dependency", "app/admin.py", [" admin_router = APIRouter(", "-    dependencies=[Depends(check_jwt_token)],", "     prefix=\"/admin\",", " )"], "access_mfa"],
      ["django staff condition removed", "users/export.py", [" def export(request):", "-    if not request.user.is_staff:", "-        raise PermissionDenied", "     rows = User.objects.all()"], "access_mfa"],
    ]);
    await check([
      ["loader removed", "app/controllers/invoices_controller.rb", ["   before_action :authenticate_user!", "-  before_action :set_admin_invoice", " ", "   def index"], null],
      ["decorator moved to the class", "src/users/users.controller.ts", [" @Controller('users')", "+@UseGuards(AuthGuard('jwt'), RolesGuard)", " export class UsersController {", "-  @UseGuards(AuthGuard('jwt'), RolesGuard)", "   @Get('profile')"], null],
      ["staff condition rewritten the same", "users/export.py", ["-    if not request.user.is_staff:", "+    if not request.user.is_staff:  # only staff", "         raise PermissionDenied"], null],
    ]);
  });

  it("finds the second factor dropped: its redirect removed, its predicate made false", async () => {
    await check([
      ["2fa redirect removed", "twofa/decorators.py", ["         if not request.user.is_authenticated:", "             return redirect(settings.LOGIN_URL)", "-        if request.session.get('authy', False):", "-            return view(request, *args, **kwargs)", "-        return redirect('2fa')", "+        return view(request, *args, **kwargs)"], "access_mfa"],
      ["needs-2fa predicate made false", "app/models/user.rb", ["   def need_two_factor_authentication?(request)", "-    not otp_secret_key.nil?", "+    false", "   end"], "access_mfa"],
    ]);
    await check([
      ["2fa redirect renamed", "twofa/decorators.py", ["-        return redirect('2fa')", "+        return redirect('2fa')  # verify first"], null],
      ["unrelated predicate made false", "app/models/user.rb", ["   def newsletter_opt_in?(request)", "-    subscribed?", "+    false", "   end"], null],
    ]);
  });
});

describe("rule fixes of this round", () => {
  it("reads templated manifests for cluster-admin and wildcard verbs", async () => {
    await check([
      ["cluster-admin in a .yaml.tpl", "deploy/binding.yaml.tpl", ["+kind: ClusterRoleBinding", "+roleRef:", "+  kind: ClusterRole", "+  name: cluster-admin", "+subjects:", "+- kind: ServiceAccount", "+  name: default"], "access_mfa"],
    ]);
    await check([
      ["read-only role in a .tpl", "deploy/role.tpl", ["+kind: ClusterRole", "+rules:", "+- apiGroups: [\"\"]", "+  resources: [\"pods\"]", "+  verbs: [\"get\", \"list\", \"watch\"]"], null],
    ]);
  });

  it("leaves readiness and liveness probes public", async () => {
    await check([
      ["ready probe skips authorisation", "app/controllers/rails/ready_controller.rb", ["+class Rails::ReadyController < ApplicationController", "+  skip_before_action :authorize_request, only: [:show]", "+  def show", "+    head :ok", "+  end", "+end"], null],
    ]);
    await check([
      ["reports controller skips authorisation", "app/controllers/reports_controller.rb", ["+class ReportsController < ApplicationController", "+  skip_before_action :authorize_request", "+  def index", "+  end", "+end"], "access_mfa"],
    ]);
  });
});
