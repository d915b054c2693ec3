// Rule families for access control, logging and secrets, written for the kinds seen in real code rather than one case
// each: every family has a positive and a harmless look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

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
      ["redirect only", "app/controllers/accounts_controller.rb", ["+    skip_before_action :authorize_admin_user!", " ", "     def show", "       redirect_to edit_user_path(current_user)"], null],
      ["skip removed restores the check", "app/controllers/exports_controller.rb", ["-  skip_before_action :authenticate_user!, only: [:show]", "   def show"], null],
    ]);
  });
});

describe("sign-in, admin and two-factor requirements removed from routes and handlers", () => {
  it("finds route middleware, decorators, snake_case checks, fallback policies, Shiro filters and 2FA gates removed", async () => {
    await check([
      ["Go route group", "internal/web/web.go", ["-\t}, reqAdmin)", "+\t})"], "access_mfa"],
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
