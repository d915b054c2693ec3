// From the round-16 blind batch (access-round16-untuned.yaml), read after it was scored: access left off what a diff adds
// to route files and handlers (an admin route registered bare beside the public sign-in route, a write route given a
// sign-in guard only where its sibling on the same path demands a role, Laravel admin or account routes outside any
// auth group of a routes file read from its top, a role check added commented out), and a guard decorator swapped for
// a project's own role decorator (quiet). Each kind has a look-alike that must stay silent.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { check } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

/** Areas of one file whose patch starts at its first line (a routes file read from its top, or a new file). */
async function fromTop(path: string, lines: string[], status: "added" | "modified" = "modified"): Promise<string[]> {
  const oldCount = lines.filter((l) => !l.startsWith("+")).length;
  const newCount = lines.filter((l) => !l.startsWith("-")).length;
  const patch = `@@ -${oldCount ? 1 : 0},${oldCount} +1,${newCount} @@\n${lines.join("\n")}`;
  const result = await review(input([{ path, status, patch }]), configuration());
  return [...new Set(result.findings.map((f) => f.area))];
}

describe("round-16 blind access_mfa fixes in route files and handlers", () => {
  it("an Express admin route added with no guard on a router that guards per route or serves the sign-in", async () => {
    await check([
      ["admin stats route beside the public register route", "server/routes/account.routes.ts", [
        '   accountRouter.post("/register", registerAccount);',
        '+  accountRouter.get("/admin/stats", fetchAdminStats);',
        "   export default accountRouter;",
      ], "access_mfa"],
      ["admin route bare where siblings carry guards", "api/routes/reports.js", [
        '   reports.get("/mine", requireAuth, listMine);',
        '+  reports.delete("/administrators/:id", removeAdministrator);',
      ], "access_mfa"],
      ["look-alike: the router is guarded as a whole", "server/routes/account.routes.ts", [
        "   accountRouter.use(requireAdmin);",
        '   accountRouter.post("/register", registerAccount);',
        '+  accountRouter.get("/admin/stats", fetchAdminStats);',
      ], null],
      ["look-alike: the admin route carries its own guards", "api/routes/reports.js", [
        '   reports.get("/mine", requireAuth, listMine);',
        '+  reports.delete("/administrators/:id", requireAuth, isAdmin, removeAdministrator);',
      ], null],
      ["look-alike: the admin's own sign-in route", "api/routes/adminAuth.js", [
        '+router.post("/admin-login", AdminController.login);',
        '+router.post("/admin-signup", AdminController.signup);',
        '+router.get("/admin/profile", verifyAdminToken, AdminController.profile);',
      ], null],
      ["look-alike: a Java map's put of an admin path", "src/main/java/acme/ShiroConfig.java", [
        '         chain.put("/admin/login", "anon");',
        '+        chain.put("/admin/captcha", "anon");',
      ], null],
    ]);
  });

  it("a chained write route with a sign-in guard where its sibling on the path demands a role", async () => {
    await check([
      ["patch with auth only beside delete with auth and role", "backend/routes/categoryRoutes.js", [
        '-router.route("/:slug").get(showCategory).delete(verifyUser, requireAdmin, dropCategory);',
        '+router.route("/:slug").get(showCategory).delete(verifyUser, requireAdmin, dropCategory).patch(verifyUser, editCategory);',
      ], "access_mfa"],
      ["look-alike: the new write route demands the role too", "backend/routes/categoryRoutes.js", [
        '-router.route("/:slug").get(showCategory).delete(verifyUser, requireAdmin, dropCategory);',
        '+router.route("/:slug").get(showCategory).delete(verifyUser, requireAdmin, dropCategory).patch(verifyUser, requireAdmin, editCategory);',
      ], null],
      ["look-alike: the sibling write route needs sign-in only", "backend/routes/reviewRoutes.js", [
        '-router.route("/:id").get(showReview).delete(verifyUser, dropReview);',
        '+router.route("/:id").get(showReview).delete(verifyUser, dropReview).put(verifyUser, editReview);',
      ], null],
    ]);
  });

  it("Laravel admin or account routes outside any auth group of a routes file read from its top", async () => {
    expect(await fromTop("routes/api.php", [
      "+<?php",
      "+use Illuminate\\Support\\Facades\\Route;",
      "+",
      "+Route::resource('customers', CustomerController::class);",
    ], "added")).toContain("access_mfa");
    expect(await fromTop("routes/web.php", [
      " <?php",
      "+Route::delete('administrators/{id}', [StaffController::class, 'destroy']);",
      " Route::middleware(['auth', 'role:admin'])->group(function () {",
      "     Route::get('administrators', [StaffController::class, 'index']);",
      " });",
    ])).toContain("access_mfa");
    expect(await fromTop("routes/web.php", [
      " <?php",
      " Route::middleware(['auth', 'role:admin'])->group(function () {",
      "     Route::get('administrators', [StaffController::class, 'index']);",
      "+    Route::delete('administrators/{id}', [StaffController::class, 'destroy']);",
      " });",
    ])).not.toContain("access_mfa");
    // A route's own closure closes with `});` inside the group: the group is still open after it.
    expect(await fromTop("routes/web.php", [
      " <?php",
      " Route::group(['middleware' => ['auth:admin']], function () {",
      "     Route::get('ping', function () {",
      "         return 'pong';",
      "     });",
      "+    Route::resource('admin/users', UserController::class);",
      " });",
    ])).not.toContain("access_mfa");
    expect(await fromTop("routes/api.php", [
      "+<?php",
      "+Route::resource('customers', CustomerController::class)",
      "+    ->middleware('auth:sanctum');",
      "+Route::get('products', [ProductController::class, 'index']);",
    ], "added")).not.toContain("access_mfa");
    expect(await fromTop("routes/api.php", [
      "+<?php",
      "+Route::post('admin/login', [AdminAuthController::class, 'login']);",
      "+Route::post('admin/forgot-password', [AdminAuthController::class, 'forgot']);",
      "+Route::middleware('auth:admin')->group(function () {",
      "+    Route::get('admin/me', [AdminAuthController::class, 'me']);",
      "+});",
    ], "added")).not.toContain("access_mfa");
    // A routes file named for admins with no guard in sight is likely loaded behind one by its service provider.
    expect(await fromTop("routes/admin.php", [
      "+<?php",
      "+Route::get('admin/reports', [ReportController::class, 'index']);",
    ], "added")).not.toContain("access_mfa");
  });

  it("a role check added commented out in a live handler", async () => {
    await check([
      ["staff check switched off in an export view", "reports/views.py", [
        "+@login_required",
        "+def export_members(request):",
        "+    # if not request.user.is_staff:",
        "+    #     return HttpResponseForbidden()",
        "+    return csv_response(Member.objects.all())",
      ], "access_mfa"],
      ["look-alike: a role decorator guards the view instead", "reports/views.py", [
        "+@permission_required('reports.export_member')",
        "+def export_members(request):",
        "+    # if not request.user.is_staff:",
        "+    #     return HttpResponseForbidden()",
        "+    return csv_response(Member.objects.all())",
      ], null],
      ["one-line admin check switched off in an Express handler", "src/routes/exports.js", [
        '+router.get("/exports/members", requireLogin, async (req, res) => {',
        "+  // if (!req.user.isAdmin) return res.sendStatus(403);",
        "+  res.json(await Member.find());",
        "+});",
      ], "access_mfa"],
      ["look-alike: a one-line note without a denial", "src/routes/exports.js", [
        '+router.get("/exports/members", requireLogin, async (req, res) => {',
        "+  // if (!req.user.isAdmin) we show the public subset only",
        "+  res.json(await Member.find());",
        "+});",
      ], null],
      ["look-alike: the whole view is commented out", "reports/views.py", [
        "+# def export_members(request):",
        "+#     if not request.user.is_staff:",
        "+#         return HttpResponseForbidden()",
      ], null],
    ]);
  });

  it("a staff decorator swapped for the project's own role decorator stays quiet; swapped for sign-in only it does not", async () => {
    await check([
      ["look-alike: replaced by a decorator named for the role it demands", "billing/views.py", [
        "-@staff_member_required",
        "+@user_is_accountant_or_superuser",
        " def ledger(request):",
      ], null],
      ["downgraded to sign-in only", "billing/views.py", [
        "-@staff_member_required",
        "+@login_required",
        " def ledger(request):",
      ], "access_mfa"],
    ]);
  });
});
