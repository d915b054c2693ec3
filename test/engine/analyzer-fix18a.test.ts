// From the round-18 blind access batch (access-round18-untuned.yaml), read after it was scored: guard registrations
// written commented out above the live routes they guarded. Each kind has a look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("round-18 blind access_mfa fixes (fix18a)", () => {
  it("guard registration commented out above the live routes it guarded", async () => {
    await check([
      ["Express router-wide guard switched off", "src/routes/invoices.js", [
        "+const router = require('express').Router();",
        "+const invoices = require('../controllers/invoices');",
        "+const requireAuth = require('../middleware/requireAuth');",
        "+",
        "+// router.use(requireAuth);",
        "+router.get('/', invoices.list);",
        "+router.delete('/:id', invoices.remove);",
      ], "access_mfa"],
      ["gin group guard switched off", "internal/server/routes.go", [
        "+\tapi := r.Group(\"/api\")",
        "+\t// api.Use(middleware.JWTAuth())",
        "+\tapi.GET(\"/accounts\", h.ListAccounts)",
        "+\tapi.DELETE(\"/accounts/:id\", h.DeleteAccount)",
      ], "access_mfa"],
      ["Laravel group's auth middleware left in a comment above the same group without it", "routes/api.php", [
        "+<?php",
        "+use Illuminate\\Support\\Facades\\Route;",
        "+",
        "+// Route::middleware(['auth:api'])->prefix('orders')->group(function () {",
        "+//     Route::get('/', [OrderController::class, 'index']);",
        "+// });",
        "+Route::prefix('orders')->group(function () {",
        "+    Route::get('/', [OrderController::class, 'index']);",
        "+});",
      ], "access_mfa"],
      ["look-alike: the guard registered live further down (moved)", "src/routes/invoices.js", [
        "+const router = require('express').Router();",
        "+// router.use(requireAuth);",
        "+router.get('/health', health);",
        "+router.use(requireAuth);",
        "+router.get('/', invoices.list);",
      ], null],
      ["look-alike: a guarded route switched off above another path's route", "src/routes/invoices.js", [
        "+const router = require('express').Router();",
        "+// router.use('/admin', requireAdmin, adminRoutes);",
        "+router.use('/catalogue', catalogueRoutes);",
      ], null],
      ["look-alike: Laravel group below keeps its own auth middleware", "routes/api.php", [
        "+<?php",
        "+// Route::middleware('auth:sanctum')->get('/user', fn (Request $r) => $r->user());",
        "+Route::middleware('auth:api')->prefix('orders')->group(function () {",
        "+    Route::get('/', [OrderController::class, 'index']);",
        "+});",
      ], null],
    ]);
  });

  it("API Gateway method left open on its sign-in or token resource", async () => {
    const tf = "infra/api/methods.tf";
    await check([
      ["open method on an orders resource still reported", tf, [
        "+resource \"aws_api_gateway_method\" \"get_orders\" {",
        "+  rest_api_id   = aws_api_gateway_rest_api.shop.id",
        "+  resource_id   = aws_api_gateway_resource.orders.id",
        "+  http_method   = \"GET\"",
        "+  authorization = \"NONE\"",
        "+}",
      ], "access_mfa"],
      ["look-alike: the login resource, reached before the caller holds a token", tf, [
        "+resource \"aws_api_gateway_method\" \"post_session\" {",
        "+  rest_api_id   = aws_api_gateway_rest_api.shop.id",
        "+  resource_id   = aws_api_gateway_resource.login.id",
        "+  http_method   = \"POST\"",
        "+  authorization = \"NONE\"",
        "+}",
      ], null],
      ["look-alike: an HTTP API's token route", tf, [
        "+resource \"aws_apigatewayv2_route\" \"issue\" {",
        "+  api_id             = aws_apigatewayv2_api.main.id",
        "+  route_key          = \"POST /oauth/token\"",
        "+  authorization_type = \"NONE\"",
        "+}",
      ], null],
    ]);
  });

  it("Spring Security opens a database console to everyone", async () => {
    const java = "src/main/java/com/acme/config/SecurityConfig.java";
    await check([
      ["H2 console permitted to all", java, [
        "+    http.authorizeHttpRequests(auth -> auth",
        "+        .requestMatchers(\"/h2-console/**\").permitAll()",
        "+        .anyRequest().authenticated());",
      ], "access_mfa"],
      ["look-alike: static assets permitted", java, [
        "+    http.authorizeHttpRequests(auth -> auth",
        "+        .requestMatchers(\"/css/**\", \"/js/**\").permitAll()",
        "+        .anyRequest().authenticated());",
      ], null],
    ]);
  });

  it("guard middleware added as a pass-through with its denial commented out", async () => {
    await check([
      ["Express requireAdmin hands every request on", "src/middleware/requireAdmin.js", [
        "+function requireAdmin(req, res, next) {",
        "+  // if (req.user.role !== 'admin') {",
        "+  //   return res.status(403).json({ message: 'Forbidden' });",
        "+  // }",
        "+  next();",
        "+}",
        "+module.exports = requireAdmin;",
      ], "access_mfa"],
      ["Laravel middleware class whose handle always passes", "app/Http/Middleware/EnsureAdmin.php", [
        "+class EnsureAdmin",
        "+{",
        "+    public function handle(Request $request, Closure $next)",
        "+    {",
        "+        // abort(403);",
        "+        return $next($request);",
        "+    }",
        "+}",
      ], "access_mfa"],
      ["look-alike: the check still live, an old variant commented", "src/middleware/requireAdmin.js", [
        "+function requireAdmin(req, res, next) {",
        "+  // return res.status(401).end();",
        "+  if (!req.user || !req.user.isAdmin) return res.sendStatus(403);",
        "+  next();",
        "+}",
      ], null],
      ["look-alike: a logging middleware with a commented 401", "src/middleware/requestLog.js", [
        "+function requestLog(req, res, next) {",
        "+  // res.status(401)",
        "+  console.info(req.method, req.path);",
        "+  next();",
        "+}",
      ], null],
    ]);
  });

  it("endpoint that lets a user past the second factor", async () => {
    await check([
      ["Express route skipping the MFA step", "src/routes/auth.ts", [
        "+router.post('/auth/mfa/skip', async (req, res) => {",
        "+  const token = issueToken(req.body.userId);",
        "+  res.json({ token });",
        "+});",
      ], "access_mfa"],
      ["Python handler named for bypassing two-factor", "app/auth/views.py", [
        "+def bypass_two_factor(request, user_id):",
        "+    login(request, User.objects.get(pk=user_id))",
        "+    return redirect('dashboard')",
      ], "access_mfa"],
      ["look-alike: skipping the 2FA set-up during onboarding", "src/routes/onboarding.ts", [
        "+router.post('/onboarding/2fa-setup/skip', async (req, res) => {",
        "+  await users.update(req.user.id, { twoFactorPromptDismissed: true });",
        "+  res.sendStatus(204);",
        "+});",
      ], null],
    ]);
  });

  it("handler added under a note that its access check is still to come", async () => {
    await check([
      ["ASP.NET delete action under a TODO to add [Authorize]", "Api/Controllers/UsersController.cs", [
        "+        // TODO: add [Authorize(Policy = \"AdminOnly\")] once policies exist",
        "+        [HttpDelete(\"{id}\")]",
        "+        public async Task<IActionResult> Delete(Guid id)",
        "+        {",
        "+            await _users.DeleteAsync(id);",
        "+            return NoContent();",
        "+        }",
      ], "access_mfa"],
      ["Flask route under a FIXME about authentication", "app/routes/records.py", [
        "+# FIXME: authentication",
        "+@bp.route(\"/records/<int:rid>\", methods=[\"DELETE\"])",
        "+def delete_record(rid):",
        "+    Record.query.filter_by(id=rid).delete()",
        "+    return \"\", 204",
      ], "access_mfa"],
      ["look-alike: the note over a route that keeps its guard", "Api/Controllers/UsersController.cs", [
        "+        // TODO: add an authorization check for auditors too",
        "+        [HttpDelete(\"{id}\")]",
        "+        [Authorize(Roles = \"admin\")]",
        "+        public async Task<IActionResult> Delete(Guid id)",
        "+        {",
        "+            return NoContent();",
        "+        }",
      ], null],
      ["look-alike: a TODO about tests over a route", "src/routes/catalogue.js", [
        "+// TODO: more tests for pagination",
        "+router.get('/products', listProducts);",
      ], null],
    ]);
  });

  it("route over people's records added under a note that it is public", async () => {
    await check([
      ["Laravel customers resource under a public-routes note", "routes/api.php", [
        "+// public endpoints",
        "+Route::resource('customers', CustomerController::class)->only(['index', 'show']);",
      ], "access_mfa"],
      ["Express multi-line route listing a clinic's patients", "src/routes/clinic.routes.js", [
        "+// Public routes",
        "+router.get(",
        "+  '/clinics/:clinicId/patients',",
        "+  clinicController.listPatients",
        "+);",
      ], "access_mfa"],
      ["look-alike: a public catalogue route", "src/routes/clinic.routes.js", [
        "+// Public routes",
        "+router.get('/clinics/:clinicId/doctors', clinicController.listDoctors);",
      ], null],
      ["look-alike: a public route over users that carries its own guard", "routes/api.php", [
        "+// Public routes",
        "+Route::get('/users', [UserController::class, 'index'])->middleware('auth:sanctum');",
      ], null],
    ]);
  });

  it("PHP session sign-in gate removed", async () => {
    await check([
      ["session key tested for absence, then any redirect", "admin/painel.php", [
        " session_start();",
        "-if (empty($_SESSION['is_logged_in'])) {",
        "-    header('Location: index.php');",
        "-    exit;",
        "-}",
        " $pedidos = listarPedidos();",
      ], "access_mfa"],
      ["look-alike: a cart key tested, then a redirect to the shop", "loja/carrinho.php", [
        " session_start();",
        "-if (!isset($_SESSION['cart'])) {",
        "-    header('Location: shop.php');",
        "-    exit;",
        "-}",
        " $itens = $_SESSION['cart'] ?? [];",
      ], null],
    ]);
  });

  it("FastAPI role dependency downgraded to a sign-in one on a line with a trailing comment", async () => {
    const py = "app/routers/invoices.py";
    await check([
      ["require_staff -> get_current_user, comment kept", py, [
        " def list_invoices(",
        "     db: Session = Depends(get_db),",
        "-    user: User = Depends(require_staff),  # staff only",
        "+    user: User = Depends(get_current_user),  # staff only",
        " ):",
      ], "access_mfa"],
      ["look-alike: a sign-in dependency renamed, comment kept", py, [
        " def list_invoices(",
        "     db: Session = Depends(get_db),",
        "-    user: User = Depends(get_current_user),  # signed-in users",
        "+    user: User = Depends(get_current_active_user),  # signed-in users",
        " ):",
      ], null],
    ]);
  });
});
