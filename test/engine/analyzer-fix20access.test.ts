// From the round-20a blind access batch (access-round20a-untuned.yaml), read after it was scored: an ASP.NET admin
// controller made anonymous whole, Flask-Admin's base ModelView registered as it is, a superuser decorator switched off
// over a Django view with no stack around it, a guard-carrying override that only called its parent removed, a cloud
// function granting the admin claim without reading its caller, Laravel admin routes at a routes file's top level, an
// admin router mounted bare where the app guards its other mounts, and DRF's create-only AllowAny (sign-up) left alone.
// Each kind is tested in another language or spelling than the batch's case, with its look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("round-20a access fixes", () => {
  it("[AllowAnonymous] on a whole controller named for administration", async () => {
    await check([
      ["user management controller made anonymous", "Web/Controllers/UserManagementController.cs", [
        " namespace Web.Controllers",
        " {",
        "+    [AllowAnonymous]",
        "     public class UserManagementController : Controller",
        "     {",
        "         public IActionResult Index()",
      ], "access_mfa"],
      ["look-alike: the home controller made anonymous", "Web/Controllers/HomeController.cs", [
        " namespace Web.Controllers",
        " {",
        "+    [AllowAnonymous]",
        "     public class HomeController : Controller",
        "     {",
        "         public IActionResult Index()",
      ], null],
    ]);
  });

  it("Flask-Admin's base ModelView registered with no access check", async () => {
    await check([
      ["contrib ModelView over customers", "app/admin.py", [
        " from flask_admin.contrib import sqla",
        " ",
        "+admin = Admin(app, name='shop')",
        "+admin.add_view(sqla.ModelView(Customer, db.session))",
      ], "access_mfa"],
      ["look-alike: a subclass that may guard itself", "app/admin.py", [
        " from .views import SecureModelView",
        " ",
        "+admin = Admin(app, name='shop')",
        "+admin.add_view(SecureModelView(User, db.session))",
      ], null],
      ["look-alike: the whole app behind basic auth", "app/admin.py", [
        " app.config['BASIC_AUTH_FORCE'] = True",
        " basic_auth = BasicAuth(app)",
        "+admin = Admin(app)",
        "+admin.add_view(ModelView(User, db.session))",
      ], null],
    ]);
  });

  it("DRF AllowAny set for the create action alone", async () => {
    await check([
      ["look-alike: anonymous sign-up on the account viewset", "accounts/views.py", [
        " class AccountViewSet(viewsets.ModelViewSet):",
        "     queryset = Account.objects.all()",
        " ",
        "+    def get_permissions(self):",
        "+        if self.action == 'create':",
        "+            self.permission_classes = [AllowAny]",
        "+        return super().get_permissions()",
      ], null],
      ["AllowAny for the list of every account", "accounts/views.py", [
        " class AccountViewSet(viewsets.ModelViewSet):",
        "     queryset = Account.objects.all()",
        " ",
        "+    def get_permissions(self):",
        "+        if self.action == 'list':",
        "+            self.permission_classes = [AllowAny]",
        "+        return super().get_permissions()",
      ], "access_mfa"],
    ]);
  });

  it("a guard decorator added commented out right over a view", async () => {
    await check([
      ["login_required switched off over an export view", "reports/views.py", [
        " from django.contrib.auth.decorators import login_required",
        " ",
        " ",
        "+# @login_required",
        "+def export_customers(request):",
        "+    rows = Customer.objects.values_list('email', 'phone')",
        "+    return csv_response(rows)",
      ], "access_mfa"],
      ["look-alike: a cache decorator switched off", "reports/views.py", [
        " from django.views.decorators.cache import cache_page",
        " ",
        "+# @cache_page(60 * 15)",
        "+def export_customers(request):",
        "+    return csv_response(rows)",
      ], null],
      ["look-alike: over a helper, not a view", "reports/helpers.py", [
        " ",
        "+# @login_required",
        "+def format_rows(rows):",
        "+    return [r.strip() for r in rows]",
      ], null],
    ]);
  });

  it("a guarded override that only called its parent removed", async () => {
    await check([
      ["Spring PreAuthorize override removed", "src/main/java/shop/admin/UserAdminService.java", [
        "     private final UserRepository users;",
        " ",
        "-    @PreAuthorize(\"hasRole('ADMIN')\")",
        "-    @Override",
        "-    public List<User> findAll() {",
        "-        return super.findAll();",
        "-    }",
        " ",
        "     public User find(long id) {",
      ], "access_mfa"],
      ["look-alike: an endpoint removed with its guard", "src/main/java/shop/admin/UserAdminService.java", [
        "     private final UserRepository users;",
        " ",
        "-    @PreAuthorize(\"hasRole('ADMIN')\")",
        "-    public List<User> findAll() {",
        "-        return users.findAll();",
        "-    }",
        " ",
        "     public User find(long id) {",
      ], null],
    ]);
  });

  it("a served cloud function grants the admin claim without reading its caller", async () => {
    await check([
      ["Python callable sets admin for any uid", "functions/main.py", [
        " from firebase_admin import auth",
        " ",
        "+@https_fn.on_call()",
        "+def make_admin(req: https_fn.CallableRequest):",
        "+    uid = req.data[\"uid\"]",
        "+    auth.set_custom_user_claims(uid, {\"admin\": True})",
        "+    return {\"ok\": True}",
      ], "access_mfa"],
      ["look-alike: the caller's own admin claim is checked", "functions/index.js", [
        " admin.initializeApp();",
        " ",
        "+exports.addAdmin = functions.https.onCall(async (data, context) => {",
        "+  if (context.auth.token.admin !== true) {",
        "+    throw new functions.https.HttpsError('permission-denied', 'admins only');",
        "+  }",
        "+  await admin.auth().setCustomUserClaims(data.uid, { admin: true });",
        "+});",
      ], null],
      ["look-alike: an operator's script, no served function", "scripts/grant-admin.js", [
        " const uid = process.argv[2];",
        "+admin.auth().setCustomUserClaims(uid, { admin: true }).then(() => process.exit(0));",
      ], null],
    ]);
  });

  it("Laravel admin routes at the routes file's top level", async () => {
    await check([
      ["admin delete route after a group is closed", "routes/web.php", [
        "     Route::get('/profile', 'ProfileController@show');",
        " });",
        " ",
        "+Route::delete('/admin/posts/{id}', 'PostController@destroy');",
      ], "access_mfa"],
      ["look-alike: indented inside a group opened above the hunk", "routes/web.php", [
        "     Route::get('/profile', 'ProfileController@show');",
        " ",
        "+    Route::delete('/admin/posts/{id}', 'PostController@destroy');",
        " });",
      ], null],
    ]);
  });

  it("an admin router mounted bare where the app guards its other mounts", async () => {
    await check([
      ["admin mount beside guarded mounts", "src/app.ts", [
        " app.use(express.json());",
        " app.use('/api/orders', requireAuth, orderRoutes);",
        "+app.use('/api/admin', adminRoutes);",
      ], "access_mfa"],
      ["look-alike: a guard in front of everything", "src/app.ts", [
        " app.use(express.json());",
        " app.use(requireAuth);",
        " app.use('/api/orders', requireAuth, orderRoutes);",
        "+app.use('/api/admin', adminRoutes);",
      ], null],
      ["look-alike: the admin mount carries its guard", "src/app.ts", [
        " app.use('/api/orders', requireAuth, orderRoutes);",
        "+app.use('/api/admin', requireAuth, requireAdmin, adminRoutes);",
      ], null],
    ]);
  });
});
