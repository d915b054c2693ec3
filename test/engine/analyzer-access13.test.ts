// Round 13, access: how ordinary handlers turn a caller away, read more widely. A denial is also the name a framework
// gives the 401 or 403 answer inside a longer identifier (Go's http.StatusForbidden, DRF's status.HTTP_403_FORBIDDEN,
// ASP.NET's Forbid() and StatusCodes.Status403Forbidden, Django's HttpResponseForbidden, NestJS's ForbiddenException);
// a record compared with the caller and found not theirs (`if post.author != request.user: raise PermissionDenied`)
// is an ownership check, removed unless the hunk keeps it another way; and a check removed with a Flask
// `before_request` hook (or the hook's registration call) leaves the blueprint's routes open.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("denials named by the framework's status constants and exceptions", () => {
  it("finds a role condition removed with its gin, DRF, ASP.NET, Django and net/http denial", async () => {
    await check([
      ["gin AbortWithStatus(http.StatusForbidden)", "internal/handlers/admin.go", [
        " func DeleteUser(c *gin.Context) {",
        "-\tif !isAdmin(c) {",
        "-\t\tc.AbortWithStatus(http.StatusForbidden)",
        "-\t\treturn",
        "-\t}",
        " \tid := c.Param(\"id\")",
      ], "access_mfa"],
      ["DRF status.HTTP_403_FORBIDDEN", "api/views.py", [
        " def destroy(self, request, pk=None):",
        "-    if not request.user.is_staff:",
        "-        return Response(status=status.HTTP_403_FORBIDDEN)",
        "     obj = self.get_object()",
      ], "access_mfa"],
      ["ASP.NET StatusCodes.Status403Forbidden", "Controllers/AdminController.cs", [
        "         {",
        "-            if (!User.IsInRole(\"Admin\"))",
        "-                return StatusCode(StatusCodes.Status403Forbidden);",
        "             return Ok(_repo.All());",
      ], "access_mfa"],
      ["Django HttpResponseForbidden", "inventory/views.py", [
        " def delete_item(request, pk):",
        "-    if not request.user.has_perm('inventory.delete_item'):",
        "-        return HttpResponseForbidden()",
        "     Item.objects.filter(pk=pk).delete()",
      ], "access_mfa"],
      ["net/http StatusUnauthorized three lines down", "handler/middleware.go", [
        "\t\tlog.Print(\"AdminMiddleware\")",
        "-\t\tif !auth.IsAdmin(r.Context()) {",
        "-\t\t\tRespondJSON(r.Context(), w, ErrResponse{",
        "-\t\t\t\tMessage: \"not admin\",",
        "-\t\t\t}, http.StatusUnauthorized)",
        "-\t\t\treturn",
        "-\t\t}",
        "\t\tnext.ServeHTTP(w, r)",
      ], "access_mfa"],
    ]);
  });

  it("leaves a status constant that answers an error, not a caller", async () => {
    await check([
      ["not found rewritten as server error", "handler/items.go", [
        "\titem, err := repo.Get(id)",
        "-\tif err != nil {",
        "-\t\tc.JSON(http.StatusNotFound, gin.H{\"error\": \"not found\"})",
        "-\t\treturn",
        "-\t}",
        "+\tif err != nil {",
        "+\t\tc.JSON(http.StatusInternalServerError, gin.H{\"error\": err.Error()})",
        "+\t\treturn",
        "+\t}",
      ], null],
      ["an exception type logged, not thrown", "src/app.ts", [
        "-    } catch (e) {",
        "-      if (e instanceof ForbiddenException) {",
        "-        logger.warn('forbidden');",
        "-      }",
        "+    } catch (e) {",
        "+      logger.warn(String(e));",
      ], null],
    ]);
  });
});

describe("ownership checks: the record compared with the caller", () => {
  it("finds the comparison removed with its denial in Python, JavaScript, PHP, C#, Ruby and Go", async () => {
    await check([
      ["Django author != request.user", "blog/views.py", [
        " def edit_post(request, pk):",
        "     post = get_object_or_404(Post, pk=pk)",
        "-    if post.author != request.user:",
        "-        raise PermissionDenied",
        "     form = PostForm(request.POST or None, instance=post)",
      ], "access_mfa"],
      ["Express owner !== req.user.id", "routes/posts.js", [
        "   const post = await Post.findById(req.params.id);",
        "-  if (post.user.toString() !== req.user.id) {",
        "-    return res.status(401).json({ msg: 'User not authorized' });",
        "-  }",
        "   await post.remove();",
      ], "access_mfa"],
      ["Laravel user_id !== auth()->id()", "app/Http/Controllers/PostController.php", [
        "     {",
        "-        if ($post->user_id !== auth()->id()) {",
        "-            abort(403);",
        "-        }",
        "         $post->delete();",
      ], "access_mfa"],
      ["ASP.NET UserId != userId then Forbid()", "Controllers/OrdersController.cs", [
        "             var order = await _db.Orders.FindAsync(id);",
        "-            if (order.UserId != userId)",
        "-                return Forbid();",
        "             return Ok(order);",
      ], "access_mfa"],
      ["Rails unless @post.user == current_user", "app/controllers/posts_controller.rb", [
        "   def edit",
        "-    unless @post.user == current_user",
        "-      redirect_to root_path, alert: 'Not authorized'",
        "-    end",
        "   end",
      ], "access_mfa"],
      ["Go uid != userId returning an error", "helpers/authHelper.go", [
        "\tuid := c.GetString(\"uid\")",
        "\terr = nil",
        "-\tif uid != userId {",
        "-\t\terr = errors.New(\"Unauthorized to access this resource\")",
        "-\t\treturn err",
        "-\t}",
        "\treturn err",
      ], "access_mfa"],
    ]);
  });

  it("leaves the check kept another way, moved, removed with its route, or an id compared for something else", async () => {
    await check([
      ["replaced by a policy call", "app/Http/Controllers/PostController.php", [
        "     {",
        "-        if ($post->user_id !== auth()->id()) {",
        "-            abort(403);",
        "-        }",
        "+        $this->authorize('delete', $post);",
        "         $post->delete();",
      ], null],
      ["the lookup bound to the caller", "blog/views.py", [
        " def edit_post(request, pk):",
        "-    post = get_object_or_404(Post, pk=pk)",
        "-    if post.author != request.user:",
        "-        raise PermissionDenied",
        "+    post = get_object_or_404(Post, pk=pk, author=request.user)",
        "     form = PostForm(request.POST or None, instance=post)",
      ], null],
      ["rewritten over three lines", "routes/notes.js", [
        "-  if (note.userId !== req.user.id) return res.sendStatus(403);",
        "+  if (note.userId !== req.user.id) {",
        "+    return res.sendStatus(403);",
        "+  }",
      ], null],
      ["removed with its route handler", "routes/notes.js", [
        "-router.delete('/:id', async (req, res) => {",
        "-  const note = await Note.findById(req.params.id);",
        "-  if (note.userId !== req.user.id) return res.sendStatus(403);",
        "-  await note.remove();",
        "-});",
        " module.exports = router;",
      ], null],
      ["a sender compared for an unread count", "services/chat.js", [
        "   for (const m of messages) {",
        "-    if (m.senderId !== currentUser.id) {",
        "-      unread += 1;",
        "-    }",
        "   }",
      ], null],
    ]);
  });
});

describe("checks in a Flask request hook", () => {
  it("finds a before_request hook removed with its check, and the hook's registration call removed", async () => {
    await check([
      ["decorated admin hook", "app/admin/__init__.py", [
        " admin = Blueprint('admin', __name__)",
        "-@admin.before_request",
        "-def restrict_to_admins():",
        "-    if not current_user.is_admin:",
        "-        abort(403)",
        " from . import views",
      ], "access_mfa"],
      ["decorated sign-in hook", "app/__init__.py", [
        "-@app.before_request",
        "-def require_login():",
        "-    if not session.get('user_id'):",
        "-        return redirect(url_for('auth.login'))",
        " @app.route('/')",
      ], "access_mfa"],
      ["registration call", "app/admin/__init__.py", [
        " admin = Blueprint('admin', __name__)",
        "-admin.before_request(check_for_admin)",
        " @admin.route('/')",
      ], "access_mfa"],
    ]);
  });

  it("leaves a hook rewritten in place and a plain helper removed", async () => {
    await check([
      ["hook rewritten", "app/admin/__init__.py", [
        "-@admin.before_request",
        "-def restrict_to_admins():",
        "-    if not current_user.is_admin:",
        "-        abort(403)",
        "+@admin.before_request",
        "+def restrict_to_admins():",
        "+    if not current_user.is_admin:",
        "+        abort(404)",
      ], null],
      ["plain helper", "app/utils.py", [
        "-def restrict_to_admins():",
        "-    if not current_user.is_admin:",
        "-        abort(403)",
        " from . import views",
      ], null],
    ]);
  });
});

describe("guards kept in another form", () => {
  it("leaves a permission's module prefix dropped, a PHP page's session check moved into an include, a Laravel route moved into a middleware group", async () => {
    await check([
      ["DRF import style", "api/views.py", [
        "-    permission_classes = (permissions.IsAuthenticated,)",
        "+    permission_classes = [IsAuthenticated]",
      ], null],
      ["PHP include of the check", "admin/index.php", [
        "-<?php session_start(); if (!isset($_SESSION['admin'])) { header('Location: login.php'); exit; } ?>",
        "+<?php require_once 'auth_check.php'; ?>",
        " <html>",
      ], null],
      ["Laravel route moved into a group", "routes/web.php", [
        "-Route::get('/admin', [AdminController::class, 'index'])->middleware('admin');",
        "+Route::middleware(['auth', 'admin'])->group(function () {",
        "+    Route::get('/admin', [AdminController::class, 'index']);",
        "+});",
      ], null],
    ]);
  });

  it("still finds a permission class dropped beside a prefixed one, and a session check replaced by an unrelated include", async () => {
    await check([
      ["DRF owner permission dropped", "api/views.py", [
        "-    permission_classes = [permissions.IsAuthenticated, IsOwner]",
        "+    permission_classes = [permissions.IsAuthenticated]",
      ], "access_mfa"],
      ["PHP header include", "admin/index.php", [
        "-<?php session_start(); if (!isset($_SESSION['admin'])) { header('Location: login.php'); exit; } ?>",
        "+<?php require_once 'header.php'; ?>",
        " <html>",
      ], "access_mfa"],
    ]);
  });
});

describe("queries scoped to the caller, in more of their documented forms", () => {
  it("finds a Rails association lookup, a GORM placeholder condition, EF Core's HasQueryFilter and a derived query swapped for findAll()", async () => {
    await check([
      ["Rails current_user association", "app/controllers/projects_controller.rb", [
        "   def index",
        "-    @projects = current_user.projects.order(:name)",
        "+    @projects = Project.order(:name)",
        "   end",
      ], "access_mfa"],
      ["GORM Where(\"user_id = ?\", userID)", "internal/repo/notes.go", [
        "-\tif err := r.db.Where(\"user_id = ?\", userID).Find(&notes).Error; err != nil {",
        "+\tif err := r.db.Find(&notes).Error; err != nil {",
      ], "access_mfa"],
      ["EF Core tenant query filter", "Data/AppDbContext.cs", [
        "         protected override void OnModelCreating(ModelBuilder b)",
        "         {",
        "-            b.Entity<Order>().HasQueryFilter(o => o.TenantId == _tenantId);",
        "         }",
      ], "access_mfa"],
      ["Spring Data findByOwner -> findAll", "src/main/java/a/NoteController.java", [
        "     public List<Note> list(Principal principal) {",
        "-        return repo.findByOwner(principal.getName());",
        "+        return repo.findAll();",
        "     }",
      ], "access_mfa"],
    ]);
  });

  it("leaves the scope kept: reordered, a policy scope, the placeholder condition extended, a filter widened only by a flag", async () => {
    await check([
      ["association reordered", "app/controllers/projects_controller.rb", [
        "-    @projects = current_user.projects.order(:name)",
        "+    @projects = current_user.projects.order(:created_at)",
      ], null],
      ["policy scope", "app/controllers/projects_controller.rb", [
        "-    @projects = current_user.projects.order(:name)",
        "+    @projects = policy_scope(Project).order(:name)",
      ], null],
      ["GORM condition extended", "internal/repo/notes.go", [
        "-\tif err := r.db.Where(\"user_id = ?\", userID).Find(&notes).Error; err != nil {",
        "+\tif err := r.db.Where(\"user_id = ? AND archived = ?\", userID, false).Find(&notes).Error; err != nil {",
      ], null],
      ["EF Core filter extended", "Data/AppDbContext.cs", [
        "-            b.Entity<Order>().HasQueryFilter(o => o.TenantId == _tenantId);",
        "+            b.Entity<Order>().HasQueryFilter(o => o.TenantId == _tenantId && !o.IsDeleted);",
      ], null],
      ["repository method renamed", "src/main/java/a/NoteRepository.java", [
        " public interface NoteRepository extends JpaRepository<Note, Long> {",
        "-    List<Note> findByOwner(String owner);",
        "+    List<Note> findByOwnerOrderByCreatedAtDesc(String owner);",
        " }",
      ], null],
    ]);
  });
});

describe("Laravel middleware aliases taken out of a registration", () => {
  it("finds 2fa, admin and can: aliases dropped from a group or a route", async () => {
    await check([
      ["2fa alias from a group", "routes/web.php", [
        "-Route::middleware(['auth', '2fa'])->group(function () {",
        "+Route::middleware(['auth'])->group(function () {",
        "     Route::get('/billing', [BillingController::class, 'index']);",
      ], "access_mfa"],
      ["admin alias from a route", "routes/web.php", [
        "-Route::get('/reports', [ReportController::class, 'index'])->middleware(['auth', 'admin']);",
        "+Route::get('/reports', [ReportController::class, 'index'])->middleware(['auth']);",
      ], "access_mfa"],
      ["can: alias from a route", "routes/web.php", [
        "-Route::put('/posts/{post}', [PostController::class, 'update'])->middleware(['auth', 'can:update,post']);",
        "+Route::put('/posts/{post}', [PostController::class, 'update'])->middleware(['auth']);",
      ], "access_mfa"],
    ]);
  });

  it("leaves a rate limit dropped, aliases reordered and one guard renamed for another", async () => {
    await check([
      ["throttle", "routes/api.php", [
        "-Route::middleware(['auth:sanctum', 'throttle:60,1'])->group(function () {",
        "+Route::middleware(['auth:sanctum'])->group(function () {",
      ], null],
      ["reordered", "routes/web.php", [
        "-Route::middleware(['auth', 'verified'])->group(function () {",
        "+Route::middleware(['verified', 'auth'])->group(function () {",
      ], null],
      ["auth:api -> auth:sanctum", "routes/api.php", [
        "-Route::middleware(['auth:api'])->group(function () {",
        "+Route::middleware(['auth:sanctum'])->group(function () {",
      ], null],
    ]);
  });
});

describe("guards in more frameworks' registrations", () => {
  it("finds a tRPC procedure opened, a Phoenix pipeline dropped, a Hono jwt registration, Express app.all('*'), Spring method security and CanCanCan switched off", async () => {
    await check([
      ["tRPC protectedProcedure -> publicProcedure", "src/server/api/routers/post.ts", [
        "-  delete: protectedProcedure",
        "+  delete: publicProcedure",
        "     .input(z.object({ id: z.string() }))",
        "     .mutation(async ({ ctx, input }) => {",
      ], "access_mfa"],
      ["Phoenix pipe_through", "lib/app_web/router.ex", [
        "   scope \"/admin\", AppWeb do",
        "-    pipe_through [:browser, :require_authenticated_user, :require_admin]",
        "+    pipe_through [:browser]",
        "     live \"/users\", UserLive.Index",
      ], "access_mfa"],
      ["Hono jwt on a path", "src/index.ts", [
        "-app.use('/api/*', jwt({ secret: env.JWT_SECRET }))",
        " app.get('/api/notes', listNotes)",
      ], "access_mfa"],
      ["Express app.all('*', guard)", "routes/api.js", [
        "-router.all('*', authenticate);",
        " router.get('/orders', listOrders);",
      ], "access_mfa"],
      ["Spring @EnableMethodSecurity", "src/main/java/a/SecurityConfig.java", [
        "-@EnableMethodSecurity",
        " @Configuration",
        " public class SecurityConfig {",
      ], "access_mfa"],
      ["CanCanCan load_and_authorize_resource", "app/controllers/reports_controller.rb", [
        " class ReportsController < ApplicationController",
        "-  load_and_authorize_resource",
        "   def index",
      ], "access_mfa"],
    ]);
  });

  it("leaves a procedure tightened, a pipeline guard renamed, a jwt registration swapped, app.all moved to app.use, method security reconfigured", async () => {
    await check([
      ["tRPC publicProcedure -> protectedProcedure", "src/server/api/routers/post.ts", [
        "-  delete: publicProcedure",
        "+  delete: protectedProcedure",
        "     .input(z.object({ id: z.string() }))",
      ], null],
      ["Phoenix guard renamed", "lib/app_web/router.ex", [
        "-    pipe_through [:browser, :auth]",
        "+    pipe_through [:browser, :require_authenticated_user]",
      ], null],
      ["Hono jwt -> bearerAuth", "src/index.ts", [
        "-app.use('/api/*', jwt({ secret: env.JWT_SECRET }))",
        "+app.use('/api/*', bearerAuth({ token: env.API_TOKEN }))",
        " app.get('/api/notes', listNotes)",
      ], null],
      ["app.all moved to router.use", "routes/api.js", [
        "-router.all('*', authenticate);",
        "+router.use(authenticate);",
        " router.get('/orders', listOrders);",
      ], null],
      ["method security reconfigured", "src/main/java/a/SecurityConfig.java", [
        "-@EnableMethodSecurity",
        "+@EnableMethodSecurity(securedEnabled = true)",
        " @Configuration",
      ], null],
    ]);
  });
});

describe("AWS SAM managed policies by name", () => {
  it("finds AdministratorAccess in a function's Policies list, and leaves a SAM policy template", async () => {
    await check([
      ["SAM AdministratorAccess", "template.yaml", [
        "   Fn:",
        "     Type: AWS::Serverless::Function",
        "     Properties:",
        "       Policies:",
        "+        - AdministratorAccess",
      ], "access_mfa"],
      ["SAM DynamoDBReadPolicy", "template.yaml", [
        "       Policies:",
        "+        - DynamoDBReadPolicy:",
        "+            TableName: !Ref Table",
      ], null],
    ]);
  });
});

// Tuned after reading the validation batch's misses: a session's user id as the principal, and a Terraform lookup of
// the AdministratorAccess policy (not a grant) told from the attachment that references it (a grant).
describe("read after the validation batch", () => {
  it("finds a Prisma filter on session.userId dropped and an attachment of a looked-up admin policy", async () => {
    await check([
      ["where user_id: session.userId", "src/pages/api/memos/findAllMemo.js", [
        "   if (session) {",
        "-    const memos = await prisma.memo.findMany({",
        "-      where: { user_id: session.userId },",
        "-    });",
        "+    const memos = await prisma.memo.findMany();",
        "     res.json(memos);",
      ], "access_mfa"],
      ["attachment of data.aws_iam_policy.AdministratorAccess", "modules/ci/main.tf", [
        "+resource \"aws_iam_role_policy_attachment\" \"ci\" {",
        "+  role       = aws_iam_role.ci.name",
        "+  policy_arn = data.aws_iam_policy.AdministratorAccess.arn",
        "+}",
      ], "access_mfa"],
    ]);
  });

  it("leaves the admin policy only looked up by a data source", async () => {
    await check([
      ["data source", "organizations-modules/iam-groups/data.tf", [
        "+data \"aws_iam_policy\" \"AdministratorAccess\" {",
        "+  arn = \"arn:aws:iam::aws:policy/AdministratorAccess\"",
        "+}",
      ], null],
    ]);
  });
});
