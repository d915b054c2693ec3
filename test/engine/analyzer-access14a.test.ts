// Round 14 (access14a), application-level access control: the kinds of change the access-round14a tuning batch missed,
// each written in more than one framework, and a look-alike for each that must stay silent:
// - `authed` as a guard word, and Phoenix's `pipe_through(...)` with parentheses as a guard position;
// - FastAPI's current-user dependency (`Depends(get_current_active_user)`) and sign-in checks named for the user or
//   session (`requireUserId(request)`, `before_action :require_user`);
// - Pundit's `after_action :verify_authorized` / `:verify_policy_scoped` removed;
// - a second-factor trait or module taken out of a class (`use TwoFactorAuthenticatable;`, `include ...OtpTwoFactor`);
// - a sign-in redirect whose URL was built on the line before (`new URL("/login", ...)` then `Response.redirect(url)`);
// - a guard called with arguments taken out of a route or group's argument list written over several lines;
// - an inline middleware (`app.Use(async (context, next) => ...)`) that answered 401/403 removed;
// - (tuned on the validation batch) axum's `.route_layer(middleware::from_fn(auth))` and actix-web's
//   `.wrap(HttpAuthentication::bearer(validator))` removed;
// - graphql-shield `field: allow` added beside `'*': isAuthenticated`;
// - a sign-in or admin flag declared as a constant true and tested on the next lines.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("round-14 access14a kinds", () => {
  it("finds them", async () => {
    await check([
      ["a Phoenix scope's ensure_authed_access plug dropped", "lib/my_app_web/router.ex", [
        ' scope "/", MyApp do',
        "-  pipe_through([:browser, :maybe_browser_auth, :ensure_authed_access])",
        "+  pipe_through([:browser, :maybe_browser_auth])",
        "   resource(\"/protected/things\", ProtectedController)",
      ], "access_mfa"],
      ["a tRPC authedProcedure made public", "src/server/routers/invoice.ts", [
        " export const invoiceRouter = router({",
        "-  list: authedProcedure.query(({ ctx }) => ctx.db.invoice.findMany()),",
        "+  list: publicProcedure.query(({ ctx }) => ctx.db.invoice.findMany()),",
        " });",
      ], "access_mfa"],
      ["a FastAPI router included without its current-user dependency", "app/api/routes.py", [
        " api.include_router(",
        "     items.router,",
        '     tags=["items"],',
        "-    dependencies=[Depends(get_current_active_user)],",
        " )",
      ], "access_mfa"],
      ["a FastAPI endpoint's current-user parameter removed", "app/routers/invoices.py", [
        ' @router.delete("/{invoice_id}")',
        " async def delete_invoice(",
        "     invoice_id: int,",
        "-    current_user: User = Depends(get_current_user),",
        "     db: Session = Depends(get_db),",
        " ):",
      ], "access_mfa"],
      ["a Remix loader no longer requires a user", "app/routes/notes.new.tsx", [
        " export async function loader({ request }: LoaderFunctionArgs) {",
        "-\tawait requireUserId(request)",
        "\treturn {}",
        " }",
      ], "access_mfa"],
      ["a Rails controller drops before_action :require_user", "app/controllers/orders_controller.rb", [
        " class OrdersController < ApplicationController",
        "-  before_action :require_user",
        "   def index",
      ], "access_mfa"],
      ["Pundit's verify_authorized and verify_policy_scoped removed", "app/controllers/application_controller.rb", [
        "   include Pundit::Authorization",
        "-  after_action :verify_authorized, except: :index",
        "-  after_action :verify_policy_scoped, only: :index",
        " ",
      ], "access_mfa"],
      ["only verify_policy_scoped removed", "app/controllers/application_controller.rb", [
        "   after_action :verify_authorized, except: :index",
        "-  after_action :verify_policy_scoped, only: :index",
        " ",
      ], "access_mfa"],
      ["Fortify's two-factor trait taken off the User model", "app/Models/User.php", [
        " class User extends Authenticatable",
        " {",
        "-    use HasFactory, Notifiable;",
        "-    use TwoFactorAuthenticatable;",
        "+    use HasFactory, Notifiable;",
        " ",
      ], "access_mfa"],
      ["a Devise sessions controller stops including its OTP second step", "app/controllers/users/sessions_controller.rb", [
        " class Users::SessionsController < Devise::SessionsController",
        "-  include AuthenticateWithOtpTwoFactor",
        "   protect_from_forgery with: :exception, prepend: true, except: :destroy",
      ], "access_mfa"],
      ["an Auth.js middleware redirect built on the line before removed", "src/middleware.js", [
        " export default auth((req) => {",
        '-  if (!req.auth && req.nextUrl.pathname !== "/login") {',
        '-    const newUrl = new URL("/login", req.nextUrl.origin)',
        "-    return Response.redirect(newUrl)",
        "-  }",
        " })",
      ], "access_mfa"],
      ["a Django view's login redirect through a variable removed", "accounts/views.py", [
        " def dashboard(request):",
        "-    if not request.user.is_authenticated:",
        '-        login_url = reverse("login")',
        "-        return redirect(login_url)",
        "     return render(request, \"dashboard.html\")",
      ], "access_mfa"],
      ["a gin group rewritten without its auth and role middleware", "routes/admin.go", [
        "-\tadmin := v1.Group(\"/admin\",",
        "-\t\tmiddleware.RequiredAuth(appContext),",
        "-\t\tmiddleware.RoleRequired(appContext,",
        "-\t\t\t\"admin\", \"mod\"))",
        "+\tadmin := v1.Group(\"/admin\")",
        " \t{",
      ], "access_mfa"],
      ["an Express route rewritten without its role guard", "src/routes/reports.js", [
        '-router.get("/reports",',
        '-  requireRole("admin"),',
        '+router.get("/reports",',
        "   listReports)",
      ], "access_mfa"],
      ["an ASP.NET inline middleware answering 401 for /admin removed", "Program.cs", [
        " var app = builder.Build();",
        "-app.Use(async (context, next) =>",
        "-{",
        '-    if (context.Request.Path.StartsWithSegments("/admin"))',
        "-    {",
        "-        context.Response.StatusCode = 401;",
        "-        return;",
        "-    }",
        "-    await next();",
        "-});",
        " app.MapControllers();",
      ], "access_mfa"],
      ["an Express inline admin-key middleware removed", "server.js", [
        " const app = express();",
        "-app.use((req, res, next) => {",
        "-  if (req.path.startsWith('/admin') && req.get('x-admin-key') !== process.env.ADMIN_KEY) {",
        "-    return res.sendStatus(403);",
        "-  }",
        "-  next();",
        "-});",
        " app.use('/admin', adminRouter);",
      ], "access_mfa"],
      ["an axum router's auth route_layer removed (tuned on the validation batch)", "src/routes.rs", [
        " let app = Router::new()",
        '-    .route("/", get(handler))',
        "-    .route_layer(middleware::from_fn(auth));",
        '+    .route("/", get(handler));',
      ], "access_mfa"],
      ["an actix-web scope's bearer authentication unwrapped", "src/main.rs", [
        '         web::scope("/api")',
        "-            .wrap(HttpAuthentication::bearer(validator))",
        '             .service(list_orders)',
      ], "access_mfa"],
      ["graphql-shield user queries given allow", "src/graphql/permissions.ts", [
        "     Query: {",
        "       '*': isAuthenticated,",
        "+      users: allow,",
        "+      getUsers: allow,",
        "     },",
      ], "access_mfa"],
      ["a login check hard-wired to true in Next.js middleware", "src/middleware.ts", [
        " export function middleware(request: NextRequest) {",
        "+  const isLogin = true;",
        "   if(isLogin){",
        "     return NextResponse.next()",
        "   }",
      ], "access_mfa"],
      ["an admin flag hard-wired to true in PHP", "admin/index.php", [
        "+$isAdmin = true;",
        " if (!$isAdmin) {",
        "     header('Location: /login.php');",
        " }",
      ], "access_mfa"],
    ]);
  });

  it("leaves the look-alikes alone", async () => {
    await check([
      ["a Phoenix scope given a stricter pipeline", "lib/my_app_web/router.ex", [
        ' scope "/", MyApp do',
        "-  pipe_through([:browser, :maybe_browser_auth])",
        "+  pipe_through([:browser, :maybe_browser_auth, :ensure_authed_access])",
      ], null],
      ["a FastAPI current-user dependency moved onto the router", "app/api/routes.py", [
        " api.include_router(",
        "     items.router,",
        "+    dependencies=[Depends(get_current_active_user)],",
        " )",
        ' @router.get("/")',
        "-async def list_items(current_user: User = Depends(get_current_active_user)):",
        "+async def list_items():",
      ], null],
      ["a FastAPI current-user dependency made stricter", "app/api/routes/user.py", [
        ' @router.get("/me", response_model=User)',
        " async def read_users_me(",
        "-    current_user: Annotated[User, Depends(get_current_user)]",
        "+    current_user: Annotated[User, Depends(get_current_active_user)]",
        " ):",
      ], null],
      ["a Remix loader's user check rewritten to keep the user", "app/routes/notes.tsx", [
        " export async function loader({ request }: LoaderFunctionArgs) {",
        "-\tawait requireUserId(request)",
        "+\tconst userId = await requireUserId(request)",
        "+\treturn json(await getNoteListItems({ userId }))",
      ], null],
      ["Pundit's verify_authorized rewritten without its exception", "app/controllers/application_controller.rb", [
        "-  after_action :verify_authorized, except: :index",
        "+  after_action :verify_authorized",
      ], null],
      ["the Fortify import line alone reordered", "app/Models/User.php", [
        "-use Laravel\\Fortify\\TwoFactorAuthenticatable;",
        " use Illuminate\\Notifications\\Notifiable;",
        "+use Laravel\\Fortify\\TwoFactorAuthenticatable;",
      ], null],
      ["a redirect away from the login page for signed-in users removed", "src/middleware.js", [
        " export default auth((req) => {",
        '-  if (req.auth && req.nextUrl.pathname === "/login") {',
        '-    const url = new URL("/dashboard", req.nextUrl.origin)',
        "-    return Response.redirect(url)",
        "-  }",
        " })",
      ], null],
      ["a gin group's logger taken out, the auth kept", "routes/admin.go", [
        "-\tadmin := v1.Group(\"/admin\",",
        "-\t\tmiddleware.Logger(appContext),",
        "-\t\tmiddleware.RequiredAuth(appContext))",
        "+\tadmin := v1.Group(\"/admin\", middleware.RequiredAuth(appContext))",
        " \t{",
      ], null],
      ["an inline CORS middleware removed", "server.js", [
        "-app.use((req, res, next) => {",
        "-  if (!allowedOrigins.includes(req.headers.origin)) {",
        "-    return res.sendStatus(403);",
        "-  }",
        "-  next();",
        "-});",
        " app.use('/api', apiRouter);",
      ], null],
      ["an express-jwt error handler removed", "app.js", [
        "-app.use((err, req, res, next) => {",
        "-  if (err.name === 'UnauthorizedError') {",
        "-    return res.status(401).json({ error: 'invalid token' });",
        "-  }",
        "-  next(err);",
        "-});",
        " app.listen(3000);",
      ], null],
      ["an inline timing middleware removed", "Program.cs", [
        "-app.Use(async (context, next) =>",
        "-{",
        "-    var watch = Stopwatch.StartNew();",
        "-    await next();",
        "-    logger.LogInformation(\"took {Ms}\", watch.ElapsedMilliseconds);",
        "-});",
        " app.MapControllers();",
      ], null],
      ["an axum trace layer removed", "src/routes.rs", [
        " let app = Router::new()",
        '     .route("/", get(handler))',
        "-    .layer(TraceLayer::new_for_http())",
        "     .with_state(state);",
      ], null],
      ["an actix-web logger unwrapped", "src/main.rs", [
        "     App::new()",
        "-        .wrap(Logger::default())",
        "         .service(index)",
      ], null],
      ["graphql-shield login and me left public", "src/graphql/permissions.ts", [
        "     Mutation: {",
        "       '*': isAuthenticated,",
        "+      logIn: allow,",
        "+      refreshToken: allow,",
        "     },",
        "     Query: {",
        "+      me: allow,",
      ], null],
      ["an allow value in an object that is no permission map", "src/config/features.ts", [
        " export const cookiePolicy = {",
        "+  analytics: allow,",
        " };",
      ], null],
      ["a login flag initialised to false", "src/middleware.ts", [
        "+  const isLoggedIn = false;",
        "   if (isLoggedIn) {",
        "     return NextResponse.next()",
        "   }",
      ], null],
      ["a user promoted to admin in a seed script", "scripts/seed.ts", [
        "+  user.isAdmin = true;",
        "   if (user.isAdmin) {",
        "     await grantDashboard(user);",
        "   }",
      ], null],
    ]);
  });
});
