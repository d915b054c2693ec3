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

  it("finds a verification called for its effect removed, not a check moved, replaced or deleted with its endpoint", async () => {
    await check([
      ["jwt verification call removed from a decorator", "app/utils.py", [" def token_required(f):", "     @wraps(f)", "     def decorated(*args, **kwargs):", "-        verify_jwt_in_request()", "         return f(*args, **kwargs)"], "access_mfa"],
      ["login mixin dropped from the view's bases", "patients/views.py", ["-class PatientListView(LoginRequiredMixin, ListView):", "+class PatientListView(ListView):", "     model = Patient"], "access_mfa"],
    ]);
    await check([
      ["decorated view deleted whole", "hc/front/views.py", ["-@login_required", "-def add_prometheus(request, code):", "-    return render(request, \"add.html\")", " "], null],
      ["check removed with the function moved out of the file", "server/memo_service.go", ["-func (s *Service) CreateComment(ctx context.Context) error {", "-\tif memo.Private && memo.CreatorID != user.ID && !isSuperUser(user) {", "-\t\treturn status.Errorf(codes.PermissionDenied, \"permission denied\")", "-\t}", "-\treturn nil", "-}"], null],
      ["condition replaced by a call to a check", "server/attachment_service.go", ["-\tif memo.Private && memo.CreatorID != user.ID && !isSuperUser(user) {", "-\t\treturn status.Errorf(codes.PermissionDenied, \"permission denied\")", "-\t}", "-\treturn nil", "+\treturn s.checkMemoReadAccess(ctx, memo)"], null],
      ["class name dropped from super()", "hc/accounts/forms.py", ["-        super(EmailLoginForm, self).__init__(request.POST)", "+        super().__init__(request.POST)"], null],
      ["role list split over lines", "src/lib/constants.ts", ["-  [ROLES.teamOwner]: [PERMISSIONS.teamUpdate, PERMISSIONS.teamDelete],", "+  [ROLES.teamOwner]: [", "+    PERMISSIONS.teamUpdate,", "+    PERMISSIONS.teamDelete,", "+  ],"], null],
      ["a role label formatter rewritten", "web/src/MemberSection.tsx", ["-            render: (_, user: User) => stringifyUserRole(user.role),", "+            render: (_, user: User) => (", "+              <Badge>{stringifyUserRole(user.role)}</Badge>", "+            ),"], null],
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
  it("reads any-origin CORS in PHP arrays and Spring origin patterns, not on an HTTP client's request headers", async () => {
    await check([
      ["laravel cors array", "config/cors.php", ["+    'supportsCredentials' => true,", "+    'allowedOrigins' => ['*'],"], "access_mfa"],
      ["spring origin patterns", "src/main/java/acme/WebConfig.java", ['+        registry.addMapping("/**")', '+            .allowedOriginPatterns("*")', "+            .allowCredentials(true);"], "access_mfa"],
    ]);
    await check([
      ["laravel cors from the environment", "config/cors.php", ["+    'supportsCredentials' => true,", "+    'allowedOrigins' => [env('FRONTEND_URL')],"], null],
      ["axios client default headers", "src/api/index.js", ["+export default axios.create({", "+  baseURL: appConfig.baseURL,", "+  headers: {", "+    'Access-Control-Allow-Origin': '*',", "+  },", "+});"], null],
    ]);
  });

  it("reads IAM policies kept in templates, a lone \"*\" as every resource", async () => {
    await check([
      ["service wildcards in a policy.tpl", "infrastructure/codebuild-role-policy.tpl", ['       "Effect": "Allow",', '       "Resource": [', '         "*"', "       ],", '       "Action": [', '+        "iam:*",', '+        "s3:*",', '         "logs:CreateLogGroup"'], "access_mfa"],
    ]);
    await check([
      ["named actions in a policy.tpl", "infrastructure/reader-policy.tpl", ['       "Effect": "Allow",', '       "Resource": [', '         "*"', "       ],", '       "Action": [', '+        "s3:GetObject",', '         "logs:CreateLogGroup"'], null],
    ]);
  });

  it("leaves a check replaced in place, folded into the request helper, or only logged", async () => {
    await check([
      ["authorize replaced by a permission check", "app/Http/Controllers/API/SettingController.php", ["     {", "-        $this->authorize('admin', User::class);", "+        abort_unless(", "+            $this->user->hasPermissionTo(Permission::MANAGE_SETTINGS),", "+            Response::HTTP_FORBIDDEN,", "+        );"], null],
      ["auth folded into parseRequest", "src/app/api/users/route.ts", ["-  const { body, error } = await checkRequest(request, schema);", "+  const { auth, body, error } = await parseRequest(request, schema);", " ", "-  const auth = await checkAuth(request);", "-  if (!auth || !(await canCreateUser(auth))) {", "+  if (!(await canCreateUser(auth))) {"], null],
      ["log line naming the check", "src/lib/auth.ts", ["-  log('checkAuth:', { token, user });", "   return user;"], null],
      ["definition of a check removed", "app/Services/Acl.php", ["-    public function checkPermission(", "-        PermissionableResourceType $type,", "-    ): bool {", " }"], null],
    ]);
    await check([
      ["checkAuth removed", "src/app/api/users/route.ts", ["-  const auth = await checkAuth(request);", "-  if (!auth) return unauthorized();", "   return json(await getUsers());"], "access_mfa"],
    ]);
  });

  it("finds a route to people's records marked @Public(), not a sign-in, health or public-content route", async () => {
    await check([
      ["users list made public", "src/users/users.controller.ts", ["   constructor(private readonly usersService: UsersService) {}", "+  @Public()", "   @Get()", "   findAll() {", "     return this.usersService.findAll();"], "access_mfa"],
    ]);
    await check([
      ["login route public", "src/users/users.controller.ts", ["+  @Public()", "   @Post('login')", "   signIn(@Body() dto: SignInDto) {"], null],
      ["health controller public", "src/health/health.controller.ts", ["+  @Public()", "   @Get()", "   check() {"], null],
      ["public blog posts", "src/blogs/blogs.controller.ts", ["+  @Public()", "   @Get()", "   async findAll(@Query() query: QueryDto) {", "     return await this.blogsService.findAll(query);"], null],
    ]);
  });

  it("leaves per-route auth opt-outs on endpoints public by design, and a user's own MFA record", async () => {
    await check([
      ["skipAuth on the sign-in route", "src/app/api/auth/login/route.ts", ["+  const { body, error } = await parseRequest(request, schema, { skipAuth: true });"], null],
      ["user model disabling its own factor", "app/models/user.rb", ["+  def disable_mfa!", "+    update!(", "+      otp_secret: nil,", "+      otp_required: false,", "+    )", "+  end"], null],
    ]);
    await check([
      ["skipAuth on the users route", "src/app/api/users/route.ts", ["+  const { body, error } = await parseRequest(request, schema, { skipAuth: true });"], "access_mfa"],
      ["MFA switched off for the organisation", "config/settings.yml", ["+security:", "+  mfa_required: false"], "access_mfa"],
    ]);
  });

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
