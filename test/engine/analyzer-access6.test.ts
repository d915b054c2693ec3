// Access kinds from the sixth round of real-code cases (fixtures/eval/real/dev/access-round6.yaml): each kind read
// from the code's own words, in several languages, with a change it must find and a real look-alike it must not.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { check } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";
import { growthWhenDoubled } from "./support/regex-work.js";

describe("access round 6: guards dropped, by their own words", () => {
  it("finds a guard taken out of an attribute list, a glued guard name, a dependency parameter", async () => {
    await check([
      ["asp.net Authorize dropped from the attribute list", "UserManagement/Controllers/CustomerController.cs", ["     }", " ", "-    [HttpGet, Authorize]", "+    [HttpGet]", "     public IEnumerable<string> Get()"], "access_mfa"],
      ["asp.net role restriction dropped", "Controllers/UsersController.cs", ["-    [Authorize(Roles = \"Admin\")]", "+    [Authorize]", "     public IActionResult Delete(int id)"], "access_mfa"],
      ["flask reqrole decorator removed", "app/controllers/UserControler.py", ["\t@app.route('/user/delete', methods=['POST'])", "-\t@reqrole(\"admin\")", "\tdef deleteUser():", "\t\tres = us.deleteUser(request.form[\"username\"])"], "access_mfa"],
      ["fastapi admin dependency parameter removed", "app/routers/api/v1/admin.py", [" @router.delete(\"/user/{user_id}\")", " async def delete_user(user_id: UUID, ", "-                      admin_required = Depends(admin_required), ", "                       service: Service = Depends(get_service)) -> User:"], "access_mfa"],
      ["django method_decorator(login_required) removed", "reports/views.py", ["-@method_decorator(login_required, name='dispatch')", " class ReportView(TemplateView):", "     template_name = 'r.html'"], "access_mfa"],
    ]);
    await check([
      ["anti-forgery attribute dropped", "Controllers/HomeController.cs", ["-    [HttpPost, ValidateAntiForgeryToken]", "+    [HttpPost]", "     public IActionResult Save()"], null],
      ["attribute list made stricter", "Controllers/UsersController.cs", ["-    [HttpGet, Authorize]", "+    [HttpGet, Authorize(Roles = \"Admin\")]", "     public IActionResult List()"], null],
      ["glued decorator moved to the class", "app/views.py", ["+@reqrole(\"admin\")", " class AdminViews:", "-    @reqrole(\"admin\")", "     def delete(self):"], null],
      ["relation decorator removed", "src/user.entity.ts", ["-  @ManyToOne(() => Role, (role) => role.users)", "   role: Role;"], null],
    ]);
  });

  it("finds bare guard calls, plugs and guard middleware named in settings, not apps, backends or CSRF", async () => {
    await check([
      ["pundit authorize removed", "app/controllers/posts_controller.rb", ["   def update", "     @post = Post.find(params[:id])", "-    authorize @post", "     @post.update(post_params)"], "access_mfa"],
      ["phoenix admin plug removed", "lib/app_web/router.ex", ["   pipeline :admin do", "-    plug :require_admin_user", "   end"], "access_mfa"],
      ["django login middleware removed", "project/settings.py", ["     'django.contrib.sessions.middleware.SessionMiddleware',", "-    'django.contrib.auth.middleware.LoginRequiredMiddleware',", "     'django.contrib.messages.middleware.MessageMiddleware',"], "access_mfa"],
      ["laravel abort_unless admin removed", "app/Http/Controllers/UserController.php", ["     {", "-        abort_unless(auth()->user()->isAdmin(), 403);", "         return User::all();"], "access_mfa"],
    ]);
    await check([
      ["csrf plug removed", "lib/app_web/router.ex", ["   pipeline :browser do", "-    plug :protect_from_forgery", "   end"], null],
      ["auth app removed from INSTALLED_APPS", "project/settings.py", ["     'django.contrib.admin',", "-    'django.contrib.auth',", "     'django.contrib.contenttypes',"], null],
      ["session authentication backend removed", "project/settings.py", ["     'DEFAULT_AUTHENTICATION_CLASSES': [", "-        'rest_framework.authentication.SessionAuthentication',", "         'rest_framework_simplejwt.authentication.JWTAuthentication',"], null],
      ["pundit authorize made explicit", "app/controllers/posts_controller.rb", ["-    authorize @post", "+    authorize @post, :update?", "     @post.update(post_params)"], null],
    ]);
  });

  it("finds a check on the caller's identity or role removed with its denial, not one moved or one that denies nothing", async () => {
    await check([
      ["next.js middleware session check removed", "middleware.js", [" export async function middleware(req) {", "-  const token = req.cookies.get('next-auth.session-token');", "-  ", "-  if (!token) ", "-    return NextResponse.redirect(new URL('/login', req.url));", "   ", "   return NextResponse.next();"], "access_mfa"],
      ["go admin middleware cookie check removed", "main.go", ["\t\tfmt.Println(\"adminAuthMiddleware\", r.URL.Path)", " ", "-\t\t_, err := r.Cookie(\"session_id\")", "-\t\tif err != nil {", "-\t\t\thttp.Redirect(w, r, \"/\", http.StatusFound)", "-\t\t\treturn", "-\t\t}", " ", "\t\tnext.ServeHTTP(w, r)"], "access_mfa"],
      ["flask is_authenticated redirect removed", "app/views.py", [" def dashboard():", "-    if not current_user.is_authenticated:", "-        return redirect(url_for('login'))", "     return render_template('dash.html')"], "access_mfa"],
      ["express role comparison removed", "routes/admin.js", [" router.delete('/users/:id', auth, async (req, res) => {", "-  if (req.user.role !== 'admin') {", "-    return res.status(403).json({ message: 'Forbidden' });", "-  }", "   await User.findByIdAndDelete(req.params.id);"], "access_mfa"],
      ["rails trailing unless admin? removed", "app/controllers/users_controller.rb", ["   def destroy", "-    redirect_to root_path, alert: 'Not allowed' unless current_user.admin?", "     @user.destroy"], "access_mfa"],
      ["asp.net IsInRole check removed", "Controllers/UsersController.cs", ["     {", "-        if (!User.IsInRole(\"Admin\")) return Forbid();", "         _db.Users.Remove(user);"], "access_mfa"],
    ]);
    await check([
      ["missing record answered with 404", "src/users.controller.js", ["   const user = await User.findById(id);", "-  if (!user) return res.status(404).json({ error: 'not found' });", "   res.json(user);"], null],
      ["client-side token check removed", "src/pages/Home.jsx", ["   useEffect(() => {", "-    const token = localStorage.getItem('token');", "-    if (!token) navigate('/login');", "   }, []);"], null],
      ["session check moved into a helper", "middleware.ts", [" export async function middleware(req) {", "-  const token = req.cookies.get('session');", "-  if (!token) return NextResponse.redirect(new URL('/login', req.url));", "+  const denied = await requireSession(req);", "+  if (denied) return denied;"], null],
      ["login condition replaced by a registered check", "app/views.py", [" def dashboard():", "-    if not current_user.is_authenticated:", "-        return redirect(url_for('login'))", "+    require_login()", "     return render_template('dash.html')"], null],
      ["admins sent to their page, not denied", "routes/home.js", ["-  if (req.user.role === 'admin') return res.redirect('/admin');", "   res.render('home');"], null],
    ]);
  });

  it("finds authentication wrappers and edge authentication removed, not restructured", async () => {
    await check([
      ["devise authenticate block around sidekiq removed", "config/routes.rb", ["   require \"sidekiq/web\"", "-  authenticate :user, lambda { |u| u.admin } do", "-    mount Sidekiq::Web => '/sidekiq'", "-  end", "+  mount Sidekiq::Web => '/sidekiq'", " end"], "access_mfa"],
      ["next-auth middleware removed", "middleware.ts", ["-export { default } from \"next-auth/middleware\";", " export const config = { matcher: [\"/dashboard/:path*\"] };"], "access_mfa"],
      ["ingress auth-url removed", "k8s/ingress.yaml", ["   annotations:", "-    nginx.ingress.kubernetes.io/auth-url: \"https://auth.example.com/oauth2/auth\"", "     nginx.ingress.kubernetes.io/ssl-redirect: \"true\""], "access_mfa"],
      ["serverless authorizer removed", "serverless.yml", ["       - http:", "           path: users", "           method: get", "-          authorizer: aws_iam"], "access_mfa"],
      ["graphql auth directive dropped", "schema.graphql", ["-  users: [User!]! @auth(requires: ADMIN)", "+  users: [User!]!"], "access_mfa"],
    ]);
    await check([
      ["authenticate block kept with a stricter lambda", "config/routes.rb", ["-  authenticate :admin_user do", "+  authenticate :admin_user, ->(u) { u.super_admin? } do", "     mount Sidekiq::Web => '/sidekiq'", "   end"], null],
      ["authorizer rewritten as a block", "serverless.yml", ["           method: get", "-          authorizer: aws_iam", "+          authorizer:", "+            type: aws_iam"], null],
      ["graphql directive made stricter", "schema.graphql", ["-  users: [User!]! @auth(requires: USER)", "+  users: [User!]! @auth(requires: ADMIN)"], null],
    ]);
  });

  it("finds the second factor dropped from policies and settings", async () => {
    await check([
      ["aws MFA condition removed", "policies/admin.json", ["       \"Condition\": {", "-        \"Bool\": { \"aws:MultiFactorAuthPresent\": \"true\" }", "       }"], "access_mfa"],
      ["azure conditional access mfa grant removed", "infra/ca.tf", ["   grant_controls {", "     operator          = \"OR\"", "-    built_in_controls = [\"mfa\"]", "   }"], "access_mfa"],
      ["fortify two-factor feature removed", "config/fortify.php", ["         Features::emailVerification(),", "-        Features::twoFactorAuthentication([", "-            'confirm' => true,", "-        ]),", "     ],"], "access_mfa"],
      ["django otp middleware removed", "project/settings.py", ["     'django.contrib.auth.middleware.AuthenticationMiddleware',", "-    'django_otp.middleware.OTPMiddleware',", "     'django.contrib.messages.middleware.MessageMiddleware',"], "access_mfa"],
    ]);
    await check([
      ["mfa condition rewritten", "policies/admin.json", ["-        \"Bool\": { \"aws:MultiFactorAuthPresent\": \"true\" }", "+        \"Bool\": { \"aws:MultiFactorAuthPresent\": true }"], null],
      ["otp middleware moved", "project/settings.py", ["-    'django_otp.middleware.OTPMiddleware',", "     'django.contrib.messages.middleware.MessageMiddleware',", "+    'django_otp.middleware.OTPMiddleware',"], null],
    ]);
  });
});

describe("access round 6: access opened or granted", () => {
  it("finds AdministratorAccess however it is named, not a table of policy names", async () => {
    await check([
      ["terraform data source named for AdministratorAccess", "terraform-dev-environment/main.tf", ["   managed_policy_arns = [", "     data.aws_iam_policy.aws_ssm_managed_instance_core.arn,", "     data.aws_iam_policy.aws_cloudwatch_agent_server_policy.arn,", "+    data.aws_iam_policy.aws_administrator_access.arn,", "   ]"], "access_mfa"],
      ["cdk managed policy by name", "lib/stack.ts", ["   const role = new iam.Role(this, 'Deploy', { assumedBy: principal });", "+  role.addManagedPolicy(iam.ManagedPolicy.fromAwsManagedPolicyName('AdministratorAccess'));"], "access_mfa"],
      ["cloudformation arn in the partition form", "template.yaml", ["       ManagedPolicyArns:", "+        - !Sub arn:${AWS::Partition}:iam::aws:policy/AdministratorAccess"], "access_mfa"],
      ["bicep Contributor role id", "main.bicep", [" resource ra 'Microsoft.Authorization/roleAssignments@2022-04-01' = {", "   properties: {", "+    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', 'b24988ac-6180-42a0-ab88-20f7382dd24c')", "     principalId: id"], "access_mfa"],
      ["az cli Contributor", "scripts/setup.sh", ["+az role assignment create --assignee $SP_ID --role Contributor --scope /subscriptions/$SUB"], "access_mfa"],
      ["kubernetes binding to unauthenticated users", "k8s/rbac.yaml", [" roleRef:", "   kind: ClusterRole", "   name: view", " subjects:", "+- kind: Group", "+  name: system:unauthenticated", "+  apiGroup: rbac.authorization.k8s.io"], "access_mfa"],
    ]);
    await check([
      ["managed policy lookup table", "src/constructs/ManagedPolicies.ts", ["+export const ManagedPolicies = {", "+  'AdministratorAccess': {", "+    PolicyName: 'AdministratorAccess',", "+    Arn: 'arn:aws:iam::aws:policy/AdministratorAccess',", "+  },"], null],
      ["read-only data source", "main.tf", ["   managed_policy_arns = [", "+    data.aws_iam_policy.admin_read_only.arn,", "   ]"], null],
    ]);
  });

  it("finds a records or admin path opened by permitAll, not sign-in or sign-up paths", async () => {
    await check([
      ["users api permitted to all", "src/main/java/a/SecurityConfig.java", ["             .requestMatchers(\"/api/auth/**\").permitAll()", "+            .requestMatchers(\"/api/users/**\").permitAll()", "             .anyRequest().authenticated()"], "access_mfa"],
      ["pundit verification skipped", "app/controllers/reports_controller.rb", [" class ReportsController < ApplicationController", "+  skip_after_action :verify_authorized", "   def index"], "access_mfa"],
    ]);
    await check([
      ["user registration permitted", "src/main/java/a/SecurityConfig.java", ["+            .requestMatchers(\"/api/users/register\", \"/api/auth/**\").permitAll()", "             .anyRequest().authenticated()"], null],
      ["auth and static assets permitted", "src/main/java/a/SecurityConfig.java", ["         .authorizeHttpRequests(auth -> auth", "+            .requestMatchers(", "+                \"/api/auth/**\",", "+                \"/static/**\"", "+            ).permitAll()", "             .anyRequest().authenticated()"], null],
    ]);
  });
});

describe("access round 6: hostile input", () => {
  // Reading is counted, not timed: twice the lines must cost about twice the reading (four times would be a rescan).
  it("reads thousands of removed identity checks and re-added lines without a scan of the file per line", async () => {
    const growth = await growthWhenDoubled(async (scale) => {
      const n = 1500 * scale;
      const removed = Array.from({ length: n }, (_, i) => `-  if (!req.user${i}) return res.status(401).json({ error: "e${i}" });`);
      const added = Array.from({ length: n }, (_, i) => `+  const value${i} = compute(${i}, "${"x".repeat(40)}");`);
      const patch = `@@ -1,${n} +1,${n} @@\n${[...removed, ...added].join("\n")}`;
      const result = await review(input([{ path: "src/routes/hostile.js", status: "modified", patch }]), configuration());
      // One finding for the hunk, not one per line.
      expect(result.findings.filter((f) => f.ruleId === "auth-check-removed")).toHaveLength(1);
    });
    expect(growth).toBeLessThanOrEqual(2.4);
  });

  it("bounds the search for a check moved inside a longer line when every removed check is one", async () => {
    const growth = await growthWhenDoubled(async (scale) => {
      const n = 1500 * scale;
      const removed = Array.from({ length: n }, (_, i) => `-  if (!req.user${i}) return res.status(401).end();`);
      const moved = Array.from({ length: n }, (_, i) => `+  { if (!req.user${i}) return res.status(401).end(); } // moved ${"y".repeat(40)}`);
      const patch = `@@ -1,${n} +1,${n} @@\n${[...removed, ...moved].join("\n")}`;
      await review(input([{ path: "src/routes/moved.js", status: "modified", patch }]), configuration());
    });
    expect(growth).toBeLessThanOrEqual(2.4);
  });
});
