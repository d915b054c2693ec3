// Round 12, access: guards recognised by where frameworks register them rather than by one name each. A guard
// commented out is removed (the commented copy re-adds nothing); a guard registered on a router or group (`use`,
// `Use`, Fastify hooks, ASP.NET's pipeline, Spring's filter chain) or taken out of a list written one element a line
// is found from its name; a role filter swapped for a sign-in filter is a downgrade, a sign-in filter renamed is not;
// a PHP session check that sends the visitor away with a script redirect is a check; the whole API permitted is opened.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("guards commented out", () => {
  it("finds an attribute, a constructor middleware and a decorator switched off in place", async () => {
    await check([
      ["ASP.NET role attribute", "Controllers/ReportsController.cs", [
        " namespace Shop.Api.Controllers",
        " {",
        "-    [Authorize(Roles = \"Admin\")]",
        "+    //[Authorize(Roles = \"Admin\")]",
        "     [Route(\"api/[controller]\")]",
        "     public class ReportsController : ControllerBase",
      ], "access_mfa"],
      ["Laravel constructor middleware", "app/Http/Controllers/InvoiceController.php", [
        "     public function __construct()",
        "     {",
        "-        $this->middleware('auth');",
        "+        // $this->middleware('auth');",
        "     }",
      ], "access_mfa"],
      ["Flask decorator", "app/views/billing.py", [
        " @bp.route('/billing/export')",
        "-@login_required",
        "+# @login_required",
        " def export_billing():",
        "     return build_export(current_user)",
      ], "access_mfa"],
    ]);
  });

  it("leaves a guard reformatted, or a comment that was already one", async () => {
    await check([
      ["reformatted attribute", "Controllers/ReportsController.cs", [
        "-    [Authorize(Roles=\"Admin\")]",
        "+    [Authorize(Roles = \"Admin\")]",
        "     public class ReportsController : ControllerBase",
      ], null],
      ["old comment removed", "app/Http/Controllers/InvoiceController.php", [
        "     public function __construct()",
        "     {",
        "-        // $this->middleware('auth');",
        "         $this->middleware('auth');",
        "     }",
      ], null],
    ]);
  });
});

describe("guards registered on a router or group", () => {
  it("finds router.use, a gin group's Use, a Fastify hook, ASP.NET's UseAuthorization and a Spring filter removed", async () => {
    await check([
      ["Express router.use", "src/routes/invoices.js", [
        " const router = express.Router();",
        "-router.use(protect);",
        " router.get('/', listInvoices);",
        " router.delete('/:id', deleteInvoice);",
      ], "access_mfa"],
      ["gin group role middleware", "internal/server/routes.go", [
        " 	admin := api.Group(\"/admin\")",
        " 	admin.Use(middleware.Auth(cfg))",
        "-	admin.Use(middleware.SupervisorMiddleware(db))",
        " 	admin.POST(\"/payouts\", h.ApprovePayout)",
      ], "access_mfa"],
      ["Fastify onRequest hook", "src/routes/admin.ts", [
        " export async function adminRoutes(app: FastifyInstance) {",
        "-  app.addHook('onRequest', app.verifyAdmin);",
        "   app.get('/stats', getStats);",
        " }",
      ], "access_mfa"],
      ["ASP.NET pipeline", "Program.cs", [
        " app.UseRouting();",
        " app.UseAuthentication();",
        "-app.UseAuthorization();",
        " app.MapControllers();",
      ], "access_mfa"],
      ["Spring JWT filter", "src/main/java/com/shop/config/SecurityConfig.java", [
        "             .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))",
        "-            .addFilterBefore(jwtAuthFilter, UsernamePasswordAuthenticationFilter.class);",
        "+            ;",
        "         return http.build();",
      ], "access_mfa"],
    ]);
  });

  it("leaves other middleware, a guarded mount removed with its routes, and a guard moved onto the routes", async () => {
    await check([
      ["cors", "src/app.js", [
        " const app = express();",
        "-app.use(cors());",
        " app.use(express.json());",
      ], null],
      ["mount removed", "src/app.js", [
        " app.use('/api/orders', protect, orderRoutes);",
        "-app.use('/api/admin', protect, adminRoutes);",
        " app.use(errorHandler);",
      ], null],
      ["router of auth endpoints", "src/app.js", [
        "-app.use('/auth', authRoutes);",
        "+app.use('/api/auth', authRoutes);",
        " app.use(errorHandler);",
      ], null],
      ["moved onto each route", "src/routes/invoices.js", [
        " const router = express.Router();",
        "-router.use(protect);",
        "-router.get('/', listInvoices);",
        "+router.get('/', protect, listInvoices);",
        " export default router;",
      ], null],
    ]);
  });
});

describe("guards taken out of a list written one element a line", () => {
  it("finds an Express route's middleware, a Laravel group's alias, a NestJS guard and a DRF permission", async () => {
    await check([
      ["Express route", "backend/routes/productRoutes.js", [
        " router.delete(",
        "   '/:id',",
        "   authMiddleware,",
        "-  requireAdmin,",
        "   productController.remove",
        " );",
      ], "access_mfa"],
      ["Laravel middleware array", "routes/web.php", [
        " Route::middleware([",
        "-    'auth:sanctum',",
        "     'verified',",
        " ])->group(function () {",
      ], "access_mfa"],
      ["NestJS guards", "src/billing/billing.controller.ts", [
        " @UseGuards(",
        "   JwtAuthGuard,",
        "-  RolesGuard,",
        " )",
        " @Roles(Role.Admin)",
      ], "access_mfa"],
      ["DRF permission tuple", "api/views.py", [
        "     permission_classes = (",
        "         IsAuthenticated,",
        "-        IsAdminUser,",
        "     )",
      ], "access_mfa"],
    ]);
  });

  it("leaves a route removed whole, a guard swapped for another, and other elements", async () => {
    await check([
      ["route removed whole", "backend/routes/productRoutes.js", [
        "-router.delete(",
        "-  '/:id',",
        "-  authMiddleware,",
        "-  adminMiddleware,",
        "-  productController.remove",
        "-);",
        " module.exports = router;",
      ], null],
      ["guard swapped", "backend/routes/productRoutes.js", [
        " router.delete(",
        "   '/:id',",
        "-  adminMiddleware,",
        "+  requireAdmin,",
        "   productController.remove",
        " );",
      ], null],
      ["validator removed", "backend/routes/productRoutes.js", [
        " router.post(",
        "   '/',",
        "   authMiddleware,",
        "-  validateBody,",
        "   productController.create",
        " );",
      ], null],
      ["rate limiter on the login route", "backend/routes/authRoutes.js", [
        " router.post(",
        "   '/login',",
        "-  loginLimiter,",
        "   authController.login",
        " );",
      ], null],
    ]);
  });
});

describe("a filter swapped for another in place", () => {
  it("finds a role filter replaced by a sign-in filter", async () => {
    await check([
      ["Rails downgrade", "app/controllers/admin/reports_controller.rb", [
        " class Admin::ReportsController < ApplicationController",
        "-  before_action :require_admin",
        "+  before_action :authenticate_user!",
        "   def index",
      ], "access_mfa"],
    ]);
  });

  it("leaves a sign-in filter renamed and a sign-in filter made a role filter", async () => {
    await check([
      ["moved to Devise", "app/controllers/settings/profile_controller.rb", [
        " class Settings::ProfileController < ApplicationController",
        "-  before_action :require_logged_in_user",
        "+  before_action :authenticate_user!",
        "   def show; end",
      ], null],
      ["made stricter", "app/controllers/admin/reports_controller.rb", [
        " class Admin::ReportsController < ApplicationController",
        "-  before_action :authenticate_user!",
        "+  before_action :require_admin",
        "   def index",
      ], null],
    ]);
  });
});

describe("PHP session checks that redirect with a script", () => {
  it("finds the check removed", async () => {
    await check([
      ["script redirect", "admin/includes/guard.php", [
        " function requireAdmin(){",
        "   session_start();",
        "-  if(!isset($_SESSION['admin_id'])){",
        "-    echo \"<script>window.location.href='login.php'</script>\";",
        "-    exit;",
        "-  }",
        " }",
      ], "access_mfa"],
    ]);
  });

  it("leaves a script redirect after a save", async () => {
    await check([
      ["after save", "admin/products/save.php", [
        " $stmt->execute([$name, $price]);",
        "-if ($stmt->rowCount() > 0) {",
        "-  echo \"<script>window.location.href='list.php'</script>\";",
        "-}",
        "+header('Location: list.php');",
      ], null],
    ]);
  });
});

describe("Spring Security permitting the whole API", () => {
  it("finds /api/** and /api/v1/** permitted", async () => {
    await check([
      ["api", "src/main/java/com/shop/config/SecurityConfig.java", [
        "         .authorizeHttpRequests(auth -> auth",
        "+            .requestMatchers(\"/api/**\").permitAll()",
        "             .anyRequest().authenticated())",
      ], "access_mfa"],
      ["versioned api", "src/main/java/com/shop/config/SecurityConfig.java", [
        "         .authorizeHttpRequests(auth -> auth",
        "+            .requestMatchers(\"/api/v1/**\").permitAll()",
        "             .anyRequest().authenticated())",
      ], "access_mfa"],
    ]);
  });

  it("leaves the sign-in endpoints and CORS preflight", async () => {
    await check([
      ["auth endpoints", "src/main/java/com/shop/config/SecurityConfig.java", [
        "         .authorizeHttpRequests(auth -> auth",
        "+            .requestMatchers(\"/api/auth/**\").permitAll()",
        "             .anyRequest().authenticated())",
      ], null],
      ["preflight", "src/main/java/com/shop/config/SecurityConfig.java", [
        "         .authorizeHttpRequests(auth -> auth",
        "+            .requestMatchers(HttpMethod.OPTIONS, \"/api/**\").permitAll()",
        "             .anyRequest().authenticated())",
      ], null],
    ]);
  });
});

describe("Fastify route-level hooks", () => {
  it("finds onRequest and preHandler taken off a route", async () => {
    await check([
      ["onRequest", "src/routes/invoices.ts", [
        "   app.get('/invoices', {",
        "-    onRequest: [app.authenticate],",
        "     handler: listInvoices,",
        "   });",
      ], "access_mfa"],
      ["preHandler", "src/routes/admin.ts", [
        "   fastify.delete('/users/:id', {",
        "     schema: deleteUserSchema,",
        "-    preHandler: [fastify.verifyJWT, fastify.requireAdmin],",
        "   }, deleteUser);",
      ], "access_mfa"],
    ]);
  });

  it("leaves a route removed whole and a hook that is not a guard", async () => {
    await check([
      ["route removed", "src/routes/invoices.ts", [
        "-  app.get('/invoices', {",
        "-    onRequest: [app.authenticate],",
        "-    handler: listInvoices,",
        "-  });",
        " }",
      ], null],
      ["rate limit hook", "src/routes/search.ts", [
        "   app.get('/search', {",
        "-    onRequest: [app.rateLimit()],",
        "     handler: search,",
        "   });",
      ], null],
    ]);
  });
});

describe("a NestJS endpoint commented out", () => {
  it("finds its guard commented out alone", async () => {
    await check([
      ["guard only", "src/judge/judge.controller.ts", [
        "   @Delete()",
        "-  @UseGuards(JwtAuthGuard)",
        "+  // @UseGuards(JwtAuthGuard)",
        "   remove() {",
        "     return this.judgeService.clear();",
      ], "access_mfa"],
    ]);
  });

  it("leaves the endpoint commented out whole, guard and method, and a Laravel route commented out whole", async () => {
    await check([
      ["Laravel route", "routes/api.php", [
        "-Route::middleware('auth:api')->get('/user', function (Request $request) {",
        "-    return $request->user();",
        "-});",
        "+// Route::middleware('auth:api')->get('/user', function (Request $request) {",
        "+//     return $request->user();",
        "+// });",
        " ",
      ], null],
      ["with a doc comment inside", "src/teams/teams.service.ts", [
        "-  async assignRoundTwo(problemID, teamID) {",
        "-    /** fetch the team */",
        "-    const team = await this.teamRepository.findOne({ where: { id: teamID, ownerId: user.id } });",
        "-  }",
        "+  // async assignRoundTwo(problemID, teamID) {",
        "+  //   /** fetch the team */",
        "+  //   const team = await this.teamRepository.findOne({ where: { id: teamID, ownerId: user.id } });",
        "+  // }",
        " }",
      ], null],
      ["whole endpoint", "src/judge/judge.controller.ts", [
        "-  @Delete()",
        "-  @UseGuards(JwtAuthGuard)",
        "-  remove() {",
        "-    return this.judgeService.clear();",
        "-  }",
        "+  // @Delete()",
        "+  // @UseGuards(JwtAuthGuard)",
        "+  // remove() {",
        "+  //   return this.judgeService.clear();",
        "+  // }",
        " }",
      ], null],
    ]);
  });
});

