// From the round-19a blind batch (mixed-round19a-untuned.yaml), read after it was scored, and the development part's
// remaining access and secrets misses of the same kinds: environment fallbacks in django-environ / python-decouple and a
// product's default key in a Spring placeholder, a digit-run password beside localhost, SELECT on every table granted
// to anon, an Express admin router with no middleware at all, static-only Spring filter chains and reference-data DRF
// views (left alone), ownership filters removed (camelCase createdBy, a Prisma where whose opening is out of sight),
// refusals removed whatever their condition names, the caller compared with a record's member, and FastAPI role
// dependencies swapped for the signed-in one. Each kind has a look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("round-19a access and secrets fixes", () => {
  it("secret given as a django-environ or python-decouple default", async () => {
    await check([
      ["django-environ default password", "config/settings/base.py", [
        "+DATABASE_USER = env(\"DATABASE_USER\", default=\"orders\")",
        "+DATABASE_PASSWORD = env(\"DATABASE_PASSWORD\", default=\"Tr0ub4dor&3x\")",
      ], "secrets"],
      ["python-decouple default secret key", "core/settings.py", [
        "+SECRET_KEY = config('DJANGO_SECRET_KEY', default='q8v#2mxk!r4p9z@w7t1n5b3c6')",
      ], "secrets"],
      ["look-alike: stand-in defaults and settings", "core/settings.py", [
        "+SECRET_KEY = config('SECRET_KEY', default='changeme')",
        "+EMAIL_HOST_PASSWORD = env('EMAIL_HOST_PASSWORD', default='')",
        "+DEBUG = config('DEBUG', default=False, cast=bool)",
      ], null],
    ]);
  });

  it("a product's default signing key as an environment fallback", async () => {
    await check([
      ["Spring placeholder falls back to a named default key", "src/main/resources/application.yml", [
        "   jwt:",
        "+    signingKey: \"${JWT_SIGNING_KEY:acmeCloudDefaultSigningKey}\"",
      ], "secrets"],
      ["look-alike: the fallback is a placeholder to replace", "src/main/resources/application.yml", [
        "   jwt:",
        "+    signingKey: \"${JWT_SIGNING_KEY:change-me}\"",
      ], null],
    ]);
  });

  it("a digit-run password beside localhost", async () => {
    await check([
      ["Spring datasource on localhost with 123456", "src/main/resources/application.properties", [
        "+spring.datasource.url=jdbc:mysql://localhost:3306/shop",
        "+spring.datasource.username=root",
        "+spring.datasource.password=123456",
      ], "secrets"],
      ["look-alike: the same under a note to replace it", "src/main/resources/application.yml", [
        "   spring:",
        "     # TODO replace these settings",
        "+    datasource:",
        "+      url: jdbc:mysql://localhost:3306/shop",
        "+      username: root",
        "+      password: 123456",
      ], null],
      ["look-alike: a factory default word beside localhost", "includes/db.php", [
        "+$host = 'localhost';",
        "+$user = 'root';",
        "+$password = 'root';",
      ], null],
    ]);
  });

  it("a key passed to Semantic Kernel, its arguments one a line with comments", async () => {
    await check([
      ["Azure OpenAI key as the third argument", "src/Assistant/Program.cs", [
        "+builder.AddAzureOpenAIChatCompletion(",
        "+    \"support-gpt4o\",                        // deployment",
        "+    \"https://acme-support.openai.azure.com/\", // endpoint",
        "+    \"5c1f0a9e7b3d48e2a6f4c8b1d9e3a7f2\");     // key",
      ], "secrets"],
      ["look-alike: the key read from configuration", "src/Assistant/Program.cs", [
        "+builder.AddAzureOpenAIChatCompletion(",
        "+    \"support-gpt4o\",                        // deployment",
        "+    config[\"AzureOpenAI:Endpoint\"],          // endpoint",
        "+    config[\"AzureOpenAI:ApiKey\"]);           // key",
      ], null],
    ]);
  });

  it("SELECT on every table of a schema granted to anon", async () => {
    await check([
      ["Supabase anon reads every public table", "supabase/migrations/20250101_grants.sql", [
        "+grant select on all tables in schema public to anon;",
      ], "access_mfa"],
      ["future tables opened to anon", "supabase/migrations/20250101_grants.sql", [
        "+alter default privileges in schema public grant select on tables to anon;",
      ], "access_mfa"],
      ["look-alike: one catalogue table, and a read-only role", "supabase/migrations/20250101_grants.sql", [
        "+grant select on public.products to anon;",
        "+grant select on all tables in schema reporting to analytics_reader;",
      ], null],
    ]);
  });

  it("an Express admin router with no middleware at all", async () => {
    await check([
      ["admin router deletes and lists users with nothing in front", "src/routes/admin.routes.js", [
        "+const { Router } = require('express');",
        "+const adminRouter = Router();",
        "+const users = require('../controllers/users');",
        "+adminRouter.get('/customers', users.listCustomers);",
        "+adminRouter.put('/customers/:id/ban', users.ban);",
        "+module.exports = adminRouter;",
      ], "access_mfa"],
      ["look-alike: the admin router guards itself", "src/routes/admin.routes.js", [
        "+const { Router } = require('express');",
        "+const adminRouter = Router();",
        "+adminRouter.use(requireAdmin);",
        "+adminRouter.put('/customers/:id/ban', users.ban);",
        "+module.exports = adminRouter;",
      ], null],
      ["look-alike: a router not for admins", "src/routes/catalogue.routes.js", [
        "+const router = require('express').Router();",
        "+router.get('/products', products.list);",
        "+module.exports = router;",
      ], null],
    ]);
  });

  it("permitAll in a filter chain scoped to static files", async () => {
    await check([
      ["look-alike: a chain of its own for assets", "src/main/java/com/acme/web/WebSecurity.java", [
        "+    SecurityFilterChain assets(HttpSecurity http) throws Exception {",
        "+        return http.securityMatcher(\"/static/**\", \"/favicon.ico\")",
        "+                .authorizeHttpRequests(a -> a.anyRequest().permitAll())",
        "+                .build();",
      ], null],
      ["every route opened after the static matchers", "src/main/java/com/acme/web/WebSecurity.java", [
        "+        http.authorizeHttpRequests(a -> a",
        "+                .requestMatchers(\"/css/**\", \"/js/**\").permitAll()",
        "+                .anyRequest().permitAll());",
      ], "access_mfa"],
    ]);
  });

  it("DRF AllowAny on a reference-data view", async () => {
    await check([
      ["look-alike: a list of currencies", "billing/views.py", [
        "+class CurrencyListView(APIView):",
        "+    permission_classes = [AllowAny]",
        "+",
        "+    def get(self, request):",
        "+        return Response(SUPPORTED_CURRENCIES)",
      ], null],
      ["AllowAny on customers", "billing/views.py", [
        "+class CustomerListView(APIView):",
        "+    permission_classes = [AllowAny]",
      ], "access_mfa"],
    ]);
  });

  it("ownership filter removed from a query", async () => {
    await check([
      ["Mongoose createdBy dropped", "src/utils/crud.js", [
        "   const doc = await Note",
        "-    .findOne({ createdBy: req.user._id, _id: req.params.id })",
        "+    .findOne({ _id: req.params.id })",
        "     .lean()",
      ], "access_mfa"],
      ["Prisma userId shorthand dropped, where opened above the hunk", "app/actions/get-invoices.ts", [
        "         issuedAt: { gte: from },",
        "-        userId,",
        "       },",
        "       orderBy: { issuedAt: \"desc\" },",
      ], "access_mfa"],
      ["look-alike: userId dropped from data written", "app/actions/create-invoice.ts", [
        "         total,",
        "-        userId,",
        "       },",
        "       select: { id: true },",
      ], null],
    ]);
  });

  it("a refusal removed whatever its condition names", async () => {
    await check([
      ["tRPC membership lookup no longer refuses", "server/routers/project.ts", [
        "   const member = await ctx.db.projectMember.findFirst({ where: { projectId, userId } })",
        "-  if (!member) {",
        "-    throw new TRPCError({ code: \"FORBIDDEN\" })",
        "-  }",
        "   return ctx.db.project.findUnique({ where: { id: projectId } })",
      ], "access_mfa"],
      ["Go access predicate no longer refuses", "internal/billing/handler.go", [
        " func (h *Handler) Invoice(ctx context.Context, cmd *Command) (*Invoice, error) {",
        "-\tif !h.repo.CanSeeAccount(ctx, cmd.UserID, cmd.AccountID) {",
        "-\t\treturn nil, apperr.Forbidden(\"no access\")",
        "-\t}",
        " \treturn h.repo.Invoice(ctx, cmd.InvoiceID)",
      ], "access_mfa"],
      ["look-alike: the refusal rewritten in place", "server/routers/project.ts", [
        "-  if (!member) {",
        "-    throw new TRPCError({ code: \"FORBIDDEN\" })",
        "-  }",
        "+  if (!member) throw new TRPCError({ code: \"FORBIDDEN\", message: \"Not a member\" })",
      ], null],
      ["look-alike: a validation refusal with 400", "server/routers/project.ts", [
        "-  if (!input.name) {",
        "-    throw new TRPCError({ code: \"BAD_REQUEST\" })",
        "-  }",
      ], null],
    ]);
  });

  it("the caller compared with a record's member, refused any way", async () => {
    await check([
      ["Django view no longer checks the case's assignee", "cases/views.py", [
        "     case = get_object_or_404(Case, id=pk)",
        "-    if request.user != case.assignee:",
        "-        return redirect('cases:index')",
        "     return render(request, 'cases/detail.html', {'case': case})",
      ], "access_mfa"],
      ["look-alike: a record compared with another record", "cases/views.py", [
        "     case = get_object_or_404(Case, id=pk)",
        "-    if case.status != form.status:",
        "-        return redirect('cases:index')",
      ], null],
    ]);
  });

  it("a FastAPI role dependency swapped for the signed-in one", async () => {
    await expectArea("access_mfa", [
      ["organiser-only endpoint opened to every verified user", "app/routers/events.py", [
        "   @router.post(\"/events\")",
        "   async def create_event(",
        "-    current_user: Annotated[User, Depends(get_current_approved_organiser)],",
        "+    current_user: Annotated[User, Depends(get_current_verified_user)],",
        "   ):",
      ]],
    ], true);
    await expectArea("access_mfa", [
      ["look-alike: the signed-in dependency renamed", "app/routers/events.py", [
        "   @router.post(\"/events\")",
        "   async def create_event(",
        "-    current_user: Annotated[User, Depends(get_current_active_user)],",
        "+    current_user: Annotated[User, Depends(get_current_verified_user)],",
        "   ):",
      ]],
      ["look-alike: a teacher dependency kept, another parameter changed", "app/routers/grades.py", [
        "   async def grade(",
        "-    grade_id: int,",
        "+    grade_id: uuid.UUID,",
        "     teacher: Annotated[User, Depends(get_current_teacher)],",
        "   ):",
      ]],
    ], false);
  });
});
