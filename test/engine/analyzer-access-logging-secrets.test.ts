// Rule families for access control, logging and secrets, written for the kinds seen in real code rather than one case
// each: every family has a positive and a harmless look-alike.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { check } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

describe("authentication skipped in Rails controllers", () => {
  it("finds sign-in skipped on a controller that serves data", async () => {
    await check([
      ["export skips sign-in", "app/controllers/exports_controller.rb", ["+  skip_before_action :authenticate_user!, only: [:show]", "   def show", "     send_file Export.find(params[:id]).path"], "access_mfa"],
      ["reports skip admin check", "app/controllers/reports_controller.rb", [" class ReportsController < ApplicationController", "+  skip_before_action :require_admin", "   def index"], "access_mfa"],
    ]);
  });

  it("stays quiet on public controllers, a stricter check beside the skip and redirect-only actions", async () => {
    await check([
      ["static pages", "app/controllers/static_controller.rb", [" class StaticController < ApplicationController", "+  skip_before_action :authenticate_user!"], null],
      ["webhook receiver", "app/controllers/web_requests_controller.rb", [" class WebRequestsController < ApplicationController", "+  skip_before_action :verify_authenticity_token", "+  skip_before_action :authenticate_user!"], null],
      ["countries API by class name", "api/app/controllers/spree/api/base.rb", ["     class CountriesController < Spree::Api::BaseController", "+      skip_before_action :authenticate_user"], null],
      ["stricter admin sign-in", "app/controllers/all_admins_controller.rb", ["+  skip_before_action :authenticate_user!", "+  before_action :authenticate_all_casa_admin!"], null],
      ["replaced by an API-key check", "app/controllers/api/v1/stats_controller.rb", ["+      skip_before_action :authenticate_user!", "+      before_action :require_api_key_or_authenticate_user!"], null],
      ["API authenticated by key", "app/controllers/api/v3/notices_controller.rb", ['       UNKNOWN_API_KEY = "Your API key is unknown"', " ", "+      skip_before_action :verify_authenticity_token", "+      skip_before_action :authenticate_user!"], null],
      ["redirect only", "app/controllers/accounts_controller.rb", ["+    skip_before_action :authorize_admin_user!", " ", "     def show", "       redirect_to edit_user_path(current_user)"], null],
      ["skip removed restores the check", "app/controllers/exports_controller.rb", ["-  skip_before_action :authenticate_user!, only: [:show]", "   def show"], null],
    ]);
  });
});

describe("sign-in, admin and two-factor requirements removed from routes and handlers", () => {
  it("finds route middleware, decorators, snake_case checks, fallback policies, Shiro filters and 2FA gates removed", async () => {
    await check([
      ["Go route group", "internal/web/web.go", ["-\t}, reqAdmin)", "+\t})"], "access_mfa"],
      ["Go route binding", "apis/backup.go", ['-\tsub.GET("", backupsList).Bind(RequireSuperuserAuth())', '+\tsub.GET("", backupsList)'], "access_mfa"],
      ["Express middleware argument", "src/routes/admin.js", ["-\trouter.get(`/api/users/csv`, middleware.ensureLoggedIn, getCSV);", "+\trouter.get(`/api/users/csv`, getCSV);"], "access_mfa"],
      ["Flask decorator", "app/admin/views.py", [" @admin.route('/admin/plugins')", "-@admins_only", " def plugins():"], "access_mfa"],
      ["require_* decorator", "redash/handlers/admin.py", ["-@require_super_admin", " def outdated_queries():"], "access_mfa"],
      ["Elixir with clause", "lib/app/accounts/sso.ex", ["     with :ok <- require_feature(organization),", "-         :ok <- require_admin(organization, user),", "          secret <- present(client_secret) do"], "access_mfa"],
      ["ASP.NET fallback policy", "src/Host/Startup.cs", ["-                options.FallbackPolicy = new AuthorizationPolicyBuilder(\"API\")", "-                .RequireAuthenticatedUser()", "-                .Build();"], "access_mfa"],
      ["Shiro filter", "src/main/java/app/ShiroConfig.java", ["-        filterChainDefinitionMap.put(\"/admin/**\", \"authc\");"], "access_mfa"],
      ["Laravel 2FA middleware", "app/Http/Controllers/AdminController.php", ["         $this->middleware('admin');", "-        $this->middleware('twofactor');"], "access_mfa"],
      ["2FA middleware class", "app/Http/Kernel.php", ["-            \\App\\Http\\Middleware\\CheckForTwoFactor::class,"], "access_mfa"],
      ["2FA step in sign-in", "internal/web/user.go", ["-\tif database.Handle.TwoFactors().IsEnabled(r.Context(), u.ID) {", "-\t\tsess.Set(\"mfaUserID\", u.ID)", "-\t}"], "access_mfa"],
    ]);
  });

  it("stays quiet on checks that move, on helper definitions removed and on checks replaced by stricter ones", async () => {
    await check([
      ["moved route", "internal/web/web.go", ["-\t}, reqAdmin)", "+\t}, reqSignIn, reqAdmin)"], null],
      ["hasattr on a form", "flaskbb/management/forms.py", ['-        if hasattr(self, "user"):'], null],
      ["setting passed as an argument", "internal/route/install.go", ['-\tcfg.Section("auth").Key("REQUIRE_SIGNIN_VIEW").SetValue(strconv.FormatBool(f.RequireSignInView))'], null],
      ["helper definition removed", "lib/app/accounts/sso.ex", ["-  defp require_admin(organization, user) do", "-    :ok", "-  end"], null],
      ["2FA check reformatted", "app/Http/Controllers/AdminController.php", ["-        $this->middleware('twofactor');", "+        $this->middleware(['admin', 'twofactor']);"], null],
    ]);
  });
});

describe("anonymous ASP.NET actions that check the caller themselves", () => {
  it("finds AllowAnonymous on an action that returns every user", async () => {
    await check([["users", "API/Controllers/UsersController.cs", ["+        [AllowAnonymous]", "+        public async Task<IResult> GetUsers(DataContext db)", "+        {", "+            return Results.Ok(await db.Users.ToListAsync());"], "access_mfa"]]);
  });

  it("stays quiet when the action reads the caller's identity and serves anonymous callers nothing", async () => {
    await check([["basket", "src/Basket.API/Grpc/BasketService.cs", ["+    [AllowAnonymous]", "+    public override async Task<CustomerBasketResponse> GetBasket(GetBasketRequest request, ServerCallContext context)", "+    {", "+        var userId = context.GetUserIdentity();", "+        if (string.IsNullOrEmpty(userId))"], null]]);
  });
});

describe("secrets in more shapes, and the values and files that only look like them", () => {
  it("finds JWTs, keys written as byte arrays, WordPress keys, JSON inside strings and long base64 secrets", async () => {
    const jwt = "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJhdWQiOiIxYTczNzMzMDE5NjFkMDNmOTdmODUzYTg3NmRiMjgyIn0.DW9mQ3pQ5Yx9b4e7cKq1uFQ2Lr8nXv0TzHs6GmPdA3k";
    const b64 = "ZmQ0ZGI5NjQ0MDQwY2I4MjMxY2Y3ZmI3MjdhN2ZmMjNhODViOTg1ZGE0NTBjMGM4NDA5NzYxMjdjOWMwYWRmZTBlZjlhNGY3ZTg4Y2U3YTE1ODVkYmQ3NjVkZjE4ODA5MTEwOWU4NzJhMTQ1ZTY3";
    await check([
      ["C# bearer token property", "src/Cloud/RequestBuilder.cs", [`+        public string AuthToken => "${jwt}";`], "secrets"],
      ["Go key bytes", "jwt/sign.go", ["+\tkey := []byte{97, 48, 97, 50, 97, 98, 100, 56, 45, 54, 49, 54, 50, 45, 52, 49, 99, 51}"], "secrets"],
      ["WordPress keys", "wp-config.php", ["+define( 'AUTH_KEY',         's}w9]m|7&M fJ8f!*%Xlg8Bs=>2CjU*8)T]n|fwB<P-1I+mD@V,23PJwRwZ`[gif' );"], "secrets"],
      ["JSON in a Terraform string", "secrets_manager.tf", ['+  secret_string = "{\\"username\\":\\"root\\",\\"password\\":\\"mustbeeightcharaters\\"}"'], "secrets"],
      ["long base64 signing secret", "src/main/resources/config/application-prod.yml", ["   token-start-with: Bearer", `+  base64-secret: ${b64}`], "secrets"],
    ]);
  });

  it("stays quiet on build placeholders, variable-name values, filler, storage key names, CI and development sections and public search keys", async () => {
    await check([
      ["Maven filtering placeholder", "src/main/resources/application.yml", ["       username: @nacos.username@", "+      password: @nacos.password@"], null],
      ["variable-name placeholder", "MailerEngine/setup.php", ["+$mail->Password = 'SET_THE_EMAIL_ADDRESS_PASSWORD';"], null],
      ["WordPress placeholder phrase", "config/local-config.php", ["+define('AUTH_KEY',         'put your unique phrase here');"], null],
      ["filler secret", "app/config.py", [" class TestingConfig(ServerConfig):", '+    SECRET_KEY = "AAAAAAAAAAAAAAAAAAAA"'], null],
      ["storage key names", "data/auth/AuthDiskSourceImpl.kt", ['+private const val MASTER_KEY_ENCRYPTION_PRIVATE_KEY = "encPrivateKey"'], null],
      ["CI service password", ".github/workflows/main.yml", ["         env:", "+          POSTGRES_PASSWORD: postgres-ci-pass1"], null],
      ["development section", "config/secrets.yml", [" development:", "+  secret_key_base: 98ac4b74818ab268f37bad8249d35bb96c7f2b89b1851c473476deaf2a218eaf41e4709d42"], null],
      ["translated label", "web/src/locales/de-DE.json", ['+  "auth.forget_password": "Passwort vergessen?",'], null],
      ["sentence outside locales", "web/src/strings.ts", ['+  resetPassword: "Forgot your password?",'], null],
      ["i18n call", "web/src/pages/SignUp.tsx", ['+      setFieldErrors({ password: null, confirmPassword: t("password_mismatch") });'], null],
      ["Laravel validation rules", "app/Http/Requests/ProfileMigrationStoreRequest.php", ["+            'password' => 'required|current_password',"], null],
      ["sign-in method marker", "mealie/core/security/providers/openid_provider.py", ['+            "password": "OIDC",'], null],
      ["Elixir call", "lib/hexpm/accounts/organization_invitations.ex", ["+    raw_token = random_token()"], null],
      ["Vue binding names", "src/views/login/index.vue", ['+        <el-input v-model="loginForm.password" :type="passwordType" name="password" auto-complete="on" />'], null],
      ["Rails route target", "config/routes/storefront.rb", ['+get "/orders/:id/token/:token" => "orders#show", :as => :token_order'], null],
      ["RADIUS attribute name", "rlm_kanidm/module/src/ffi.rs", ['+const CONTROL_CLEARTEXT_PASSWORD: &str = "Cleartext-Password";'], null],
      ["Vue event expression", "resources/assets/js/components/auth/Auth.vue", ['+      @forgot-password="showingForgotPasswordForm = true"'], null],
      ["Laravel cast", "app/Models/User.php", ["+            'password' => 'hashed',"], null],
      ["prefix of a generated secret", "web/src/components/CreateWebhookDialog.tsx", ['+    const secret = "whsec_" + btoa(String.fromCharCode(...bytes));'], null],
      ["test helper value", "internal/testutil/fakes3/server.go", ['+\t\tAccessKeySecret: "test-secret-key",'], null],
      ["zero-filled fake key", "scans/apkleaks/MainActivity.java", ['+    private static final String GOOGLE_API_KEY = "AIzaSy00000000000000000000000000000000A";'], null],
      ["local SQL Server", "Providers/SqlServer/DesignTimeFactory.cs", ['+        const string ConnectionString = "Server=localhost,14330;Database=test;User=sa;Password=SqlServer2026!?;TrustServerCertificate=True";'], null],
      ["lock file", "frontend/package-lock.json", ['+        "@inquirer/password": "^4.0.23",'], null],
      ["Vue prop default", "ui/modules/profile/PasswordChangeModal.vue", ["+  hasPassword: true,"], null],
      ["commented placeholder", "knexfile.js", ["+// jwt secret is not required for migrations, it's set to a placehodler string to bypass env validation", "+if (!process.env.JWT_SECRET) {", '+  process.env.JWT_SECRET = "securekey";'], null],
      ["template path", "internal/route/user/auth.go", ['+\ttmplUserAuthResetPassword  = "user/auth/reset_passwd"'], null],
      ["option-name constants", "app/Console/Commands/Install.php", ["+    const OPT_DB_PASSWORD = 'db-password';"], null],
      ["settings mapped to variable names", "app/Http/SettingController.php", ["+            'email.smtp_password'       => 'MAIL_PASSWORD',"], null],
      ["DocSearch key", "docs/assets/js/docsearch.js", ["     appId: '1JP5JYFGFC',", "     indexName: 'Docs',", "+    apiKey: '213cc809a92717cffe6ffbe804d13fd1'"], null],
    ]);
  });
});

describe("secrets and personal data in logs, named by the message or the structure", () => {
  it("finds a value placed after a secret's name in the message, keyed secrets, whole commands and bare log() calls", async () => {
    await check([
      ["basic auth header", "src/main/java/app/WebUtils.java", ['+\t\t\tlog.debug("Invalid basic authentication token: {}", header);'], "logging"],
      ["access_token response, Chinese message", "src/main/java/app/MiniAppLoginHandler.java", ['+\t\tlog.debug("微信小程序 access_token 响应报文:{}", result);'], "logging"],
      ["generated password", "cmd/root.go", ['+\t\tlog.Printf("User \'%s\' initialized with randomly generated password: %s\\n", username, pwd)'], "logging"],
      ["token value variable", "src/main/java/app/LogoutHandler.java", ['+\t\t\tlog.debug("cleared {} {}", username, tokenValue);'], "logging"],
      ["slog key", "internal/auth/login.go", ['+\tslog.Info("signed in", "token", tok)'], "logging"],
      ["whole command", "src/Ordering.API/Behaviors/LoggingBehavior.cs", ['+        _logger.LogInformation("Handling command {CommandName} ({@Command})", request.GetGenericTypeName(), request);'], "logging"],
      ["postal address", "app/services/shipping.py", ['+    logger.info("shipping to %s", address)'], "logging"],
      ["server prints a password", "src/server/bootstrap.rs", ['+            println!("Generated password: {}", password);'], "logging"],
      ["bare log() with an object", "src/lib/auth.ts", ["+  log({ token, payload, authKey, shareToken, user });"], "logging"],
    ]);
  });

  it("stays quiet on messages that only mention secrets, on ids and on expiry times", async () => {
    await check([
      ["expiry", "src/ImportLists/TraktImport.cs", ['+            _logger.Trace($"Access token expires at {Settings.Expires}");'], null],
      ["error after the word", "server/src/auth_service.rs", ['+            debug!("Reset token error: {e:#}");'], null],
      ["ids only", "server/router/session.go", ['+\t\tslog.Warn("failed to remove old refresh token", "error", err, "userID", user.ID, "tokenID", oldTokenID)'], null],
      ["message text only", "agent/rpc/auth_interceptor.go", ['+\tlog.Trace().Msg("token refreshed")'], null],
      ["claim names only", "mealie/core/security/providers/openid_provider.py", ["+            self._logger.error(", '+                "[OIDC] Required claims not present. Expected: %s Actual: %s",', "+                self.required_claims,", "+                claims.keys(),", "+            )"], null],
      ["network address", "src/main/java/job/JobTrigger.java", ['+            logger.error(">>> trigger error, please check if the executor[{}] is running.", address, e);'], null],
      ["CLI prints the generated password", "tools/cli/src/cli/person.rs", ['+            println!("Generated password: {}", password);'], null],
      ["fields of a token object", "security/rememberme/RememberMeServices.java", ['+                        log.warn("Remember-me token expired for user \'{}\', lastUsed={}", token.getSpec().getUsername(), token.getSpec().getLastUsed());'], null],
      ["the token's series id", "security/rememberme/RememberMeServices.java", ['+                    log.debug("Remember-me token {} created successfully", created.getSpec().getSeries());'], null],
      ["the token's name", "security/token/NonPatJwtAuthenticationConverter.java", ['+            log.warn("Skip JWT authentication for PAT token: {}", jwt.getClaims().get("pat_name"));'], null],
      ["Math.log", "src/lib/scale.ts", ["+  const y = Math.log(value) / Math.log(base);"], null],
      ["decode error after 'token:'", "ckan/lib/api_token.py", ['+            log.error(u"Cannot decode JWT token: %s", e)'], null],
      ["Go error after 'token:'", "internal/auth/verify.go", ['+		log.Printf("cannot parse token: %v", err)'], null],
    ]);
  });
});

describe("audit trails and log redaction taken out", () => {
  it("finds audit events, operation-log annotations, audit interceptors, audit pipeline steps and parameter filtering removed", async () => {
    await check([
      ["record_event", "redash/handlers/alerts.py", ['-        self.record_event({"action": "edit", "object_id": alert.id, "object_type": "alert"})'], "logging"],
      ["Go security event", "internal/handlers/totp.go", ["-\tctxLogEvent(ctx, userSession.Username, eventLogAction2FARemoved, body, nil)"], "logging"],
      ["operation log annotation", "src/main/java/app/rest/SysLogController.java", ['-    @Log("导出数据")', '     @GetMapping(value = "/download")'], "logging"],
      ["audit interceptor", "src/Infrastructure/DependencyInjection.cs", ["-        builder.Services.AddScoped<ISaveChangesInterceptor, AuditableEntityInterceptor>();"], "logging"],
      ["Elixir audit step", "lib/app/accounts/keys.ex", ["     |> Multi.insert(:key, Key.build(user, params))", '-    |> audit(audit_data, "key.generate", fn %{key: key} -> key end)'], "logging"],
      ["action log", "app/Actions/CancelRequest.php", ["-        $logaction->logaction('request canceled');"], "logging"],
      ["admin action log", "wagtail/users/views/api_tokens.py", ['-        log(self.object, "wagtail.apitoken.revoke", user=request.user)'], "logging"],
      ["Rails parameter filter", "config/initializers/filter_parameter_logging.rb", ["-Rails.application.config.filter_parameters += [", "-  :passw, :secret, :token, :_key, :crypt, :salt, :certificate, :otp, :ssn", "-]"], "logging"],
    ]);
  });

  it("stays quiet when audit events are added, moved or renamed only, and on analytics and catalogue events", async () => {
    await check([
      ["event added", "redash/handlers/alerts.py", ['+        self.record_event({"action": "view", "object_id": alert.id, "object_type": "alert"})'], null],
      ["filter moved", "config/application.rb", ["-    config.filter_parameters += [:password]", "+    config.filter_parameters += [:password]"], null],
      ["catalog event", "src/catalog.ts", ["-  catalogEvent(item);"], null],
    ]);
  });
});

describe("token verification off and MFA turned off, as policy rather than one account's state", () => {
  it("finds an identity read from an unverified token and MFA switched off in configuration", async () => {
    await check([
      ["simplejwt decode unverified", "backend/core/helpers.py", ["+    token = request.META.get('HTTP_AUTHORIZATION', \" \").split(' ')[1]", "+    return TokenBackend(algorithm='HS256').decode(token, verify=False)['user_id']"], "access_mfa"],
      ["MFA off in config", "config/security.yml", ["+  mfa_required: false"], "access_mfa"],
    ]);
  });

  it("stays quiet on tokens parsed unverified to pick a verifier, on one user's 2FA and on seed data", async () => {
    await check([
      ["classify by header", "internal/oidc/util.go", ["+\tif token, _, err = jwt.NewParser(jwt.WithoutClaimsValidation()).ParseUnverified(value, &jwt.RegisteredClaims{}); err != nil {", "+\t\treturn false, err", "+\t}", "+\tif !IsJWTProfileAccessToken(token.Header) {"], null],
      ["user turns off own 2FA", "app/Http/Controllers/Settings/SecuritySettings.php", ["+\t\t$user->{'2fa_enabled'} = false;", "+\t\t$user->{'2fa_secret'} = null;"], null],
      ["seed data", "src/WebHost/Migrations/20230930154048_InitDb.Designer.cs", ["+                            SecurityStamp = \"a9565acb\",", "+                            TwoFactorEnabled = false,"], null],
      ["user object", "app/services/accounts.py", ["+    user.totp_enabled = False", "+    user.save()"], null],
    ]);
  });
});

describe("whole requests in logs, verbose logging settings and auth middleware skipped per route", () => {
  it("finds request payloads, destructured objects, Go %+v requests, statement logging, auth headers in access logs and skipped auth middleware", async () => {
    await check([
      ["Laravel request->all", "app/Http/Controllers/OrderController.php", ["+        Log::info('order', $request->all());"], "logging"],
      ["Flask get_json", "app/views/orders.py", ["+    logger.info('payload %s', request.get_json())"], "logging"],
      ["destructured command", "src/Ordering.API/Apis/OrdersApi.cs", ["+        services.Logger.LogInformation(", "+            \"Sending command: {CommandName} ({@Command})\",", "+            requestCancelOrder.GetGenericTypeName(),", "+            requestCancelOrder);"], "logging"],
      ["Go request dump", "internal/api/handler.go", ['+\tlog.Printf("request: %+v", r)'], "logging"],
      ["PostgreSQL every statement", "docker/postgresql.conf", ["+log_min_duration_statement = 0"], "logging"],
      ["Django SQL debug", "app/settings.py", ["+        'django.db.backends': {'level': 'DEBUG', 'handlers': ['console']},"], "logging"],
      ["morgan auth header", "server.js", ["+app.use(morgan(':method :url :req[authorization]'));"], "logging"],
      ["Laravel withoutMiddleware auth", "routes/web.php", ["+Route::get('/admin/users', [UserController::class, 'index'])->withoutMiddleware('auth');"], "access_mfa"],
      ["PreAuthorize permitAll", "src/main/java/app/AdminController.java", ['+    @PreAuthorize("permitAll()")', '+    @GetMapping("/admin/export")'], "access_mfa"],
    ]);
  });

  it("stays quiet on ids destructured, single request fields, statement logging for slow queries and the session middleware skipped", async () => {
    await check([
      ["ids destructured", "src/Application/Behaviours/PerformanceBehaviour.cs", ['+            _logger.LogWarning("Long Running Request: {Name} {@UserId}", requestName, userId);'], null],
      ["one request field", "app/views/orders.py", ["+    logger.info('page %s', request.args.get('page'))"], null],
      ["slow queries only", "docker/postgresql.conf", ["+log_min_duration_statement = 500"], null],
      ["web group skipped on health", "routes/web.php", ["+Route::withoutMiddleware(['web'])->get(", "+    '/health',"], null],
    ]);
  });
});

describe("checks removed together with the whole file they guarded", () => {
  const patch = "@@ -1,5 +0,0 @@\n-[Authorize(Roles = \"admin\")]\n-public class ClientsController : Controller\n-{\n-    public IActionResult Index() => View();\n-}";
  const areas = async (status: "removed" | "modified") =>
    (await review(input([{ path: "app/Controllers/OAuth/ClientsController.cs", status, patch }]), configuration())).findings.map((f) => f.ruleId);

  it("reports a role requirement taken out of a file that stays", async () => {
    expect(await areas("modified")).toContain("auth-check-removed");
  });

  it("stays quiet when the file is deleted with the endpoints it protected", async () => {
    expect(await areas("removed")).toEqual([]);
  });
});
