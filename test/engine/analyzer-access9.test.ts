// Access kinds from the ninth round of real-code cases (fixtures/eval/real/dev/access-round9.yaml): each kind with a
// change it must find and a real-shaped look-alike it must not.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("access round 9: guards read from their framework's own place", () => {
  it("finds a DRF view's permission list removed, not an opening list removed or the list rewritten", async () => {
    await check([
      ["staff orders view loses its permission class", "orders/staff_api.py", [" class OrdersView(ListAPIView):", "-    permission_classes = [IsPigeonAttendant,]", "     serializer_class = StaffOrderSerializer", "     queryset = Order.objects.all()"], "access_mfa"],
      ["viewset loses a tuple of permissions", "api/views.py", [" class InvoiceViewSet(viewsets.ModelViewSet):", "-    permission_classes = (permissions.IsAuthenticated, IsOwner)", "     serializer_class = InvoiceSerializer"], "access_mfa"],
    ]);
    await check([
      ["AllowAny removed: the view closes", "orders/views.py", [" class OrderViewSet(ReadOnlyModelViewSet):", "     queryset = Order.objects.all()", "-    permission_classes = [AllowAny]"], null],
      ["empty permission list removed", "health/views.py", [" class PingView(APIView):", "-    permission_classes = []", "     def get(self, request):"], null],
      ["permission list moved to another line of the class", "api/views.py", ["+    permission_classes = [IsAuthenticated]", " class InvoiceViewSet(viewsets.ModelViewSet):", "-    permission_classes = [IsAuthenticated]", "     serializer_class = InvoiceSerializer"], null],
    ]);
  });

  it("reads a Symfony docblock annotation as code, other docblock lines as comments", async () => {
    await check([
      ["class-level @IsGranted docblock removed", "src/Controller/AdminController.php", [" use App\\Repository\\PollRepository;", " ", "-/**", "- * @IsGranted(\"ROLE_ADMIN\")", "- */", " class AdminController extends AbstractController", " {"], "access_mfa"],
      ["@Security is_granted docblock removed", "src/Controller/UserController.php", ["     /**", "      * @Route(\"/users\", name=\"users\")", "-     * @Security(\"is_granted('ROLE_ADMIN')\")", "      */", "     public function list()"], "access_mfa"],
    ]);
    await check([
      ["docblock prose mentioning IsGranted removed", "src/Controller/AdminController.php", ["     /**", "-     * Access is checked with IsGranted on the class.", "      */", "     public function index()"], null],
      ["route annotation removed from a docblock", "src/Controller/AdminController.php", ["     /**", "-     * @Route(\"/admin/old\", name=\"old\")", "      */"], null],
      ["docblock annotation rewritten to another role", "src/Controller/AdminController.php", ["-/**", "- * @IsGranted(\"ROLE_USER\")", "- */", "+#[IsGranted('ROLE_ADMIN')]", " class AdminController extends AbstractController"], null],
    ]);
  });

  it("finds a PHP session check that redirected with a Location header removed, not one that redirects nowhere", async () => {
    await check([
      ["isset session check with header Location removed", "handlers/apply.php", [" session_start();", " ", "-// check if user logged in, otherwise return to login", "-if(!isset($_SESSION['user']) || $_SESSION['user'] == null) {", "-    header('Location: /login.php');", "-    exit();", "-}", " ", " // check if it's a post request"], "access_mfa"],
      ["empty session check with header and die removed", "resources/user.php", [" <?php", "-    if(empty($_SESSION['user'])) ", "-    { ", "-        header(\"Location: login.php\"); ", "-        die(\"Redirecting to login.php\"); ", "-    }", " ", "     $user = $_SESSION['user'];"], "access_mfa"],
    ]);
    await check([
      ["logout's no-user message removed", "handlers/logout.php", [" }", " ", "-// check if no user logged in ", "-if(!isset($_SESSION['user']) || $_SESSION['user'] == null) {", "-    echo \"no user logged in found\";", "-    die();", "-}", " ", " // destroy session and delete user data"], null],
      ["login handler storing the user and redirecting removed", "handlers/login.php", ["   if (password_verify($password, $row['password'])) {", "-    $_SESSION['user'] = $row['id'];", "-    header('Location: index.php');", "-    exit;", "   }"], null],
    ]);
  });

  it("finds a second-factor middleware dropped from a route, not one kept or moved", async () => {
    await check([
      ["two_factor_checking dropped from the dashboard route", "routes/dashboard.js", ["     ", "-    app.get('/account/dashboard', user_acl, two_factor_checking, async (req, res) => {", "+    app.get('/account/dashboard', user_acl, async (req, res) => {", "         blog_post.belongsTo(author, {foreignKey: 'author_id'});"], "access_mfa"],
      ["require2fa dropped from an express route", "routes/account.js", ["-router.get('/settings', requireLogin, require2fa, showSettings);", "+router.get('/settings', requireLogin, showSettings);"], "access_mfa"],
    ]);
    await check([
      ["second-factor middleware order changed", "routes/bitgo.js", ["-    app.get('/account/wallets', two_factor_checking, user_acl, async (req, res) => {", "+    app.get('/account/wallets', user_acl, two_factor_checking, async (req, res) => {", "         var btcBalance = 0;"], null],
      ["a logger dropped from a route", "routes/account.js", ["-router.get('/settings', requireLogin, requestLogger, showSettings);", "+router.get('/settings', requireLogin, showSettings);"], null],
    ]);
  });

  it("finds an identity key written as a shorthand property dropped from a query, not from a creation", async () => {
    await check([
      ["prisma where shorthand userId removed", "app/actions/get-transactions.ts", ["   const transactions = await db.transaction.findMany({", "     where: {", "       date: { gte: start },", "-      userId,", "     },", "   });"], "access_mfa"],
      ["inline where shorthand tenantId dropped", "src/invoices/repo.ts", ["-  return prisma.invoice.findFirst({ where: { id, tenantId } });", "+  return prisma.invoice.findFirst({ where: { id } });"], "access_mfa"],
    ]);
    await check([
      ["shorthand userId removed from created data", "src/notes/create.ts", ["   await prisma.note.create({", "     data: {", "       title,", "-      userId,", "     },", "   });"], null],
      ["a non-identity shorthand removed from a query", "src/invoices/repo.ts", ["-  return prisma.invoice.findMany({ where: { status, year } });", "+  return prisma.invoice.findMany({ where: { status } });"], null],
    ]);
  });

  it("finds cluster-admin bound in Terraform and JSON, not a binding merely named after it", async () => {
    await check([
      ["terraform cluster role binding to cluster-admin", "modules/cluster_admin/main.tf", ["+resource \"kubernetes_cluster_role_binding\" \"cluster_admin_binding\" {", "+  metadata {", "+    name = \"cluster-admin-binding\"", "+  }", "+  role_ref {", "+    api_group = \"rbac.authorization.k8s.io\"", "+    kind      = \"ClusterRole\"", "+    name      = \"cluster-admin\"", "+  }", "+}"], "access_mfa"],
      ["json roleRef to cluster-admin", "k8s/binding.json", ["+  \"roleRef\": {", "+    \"kind\": \"ClusterRole\",", "+    \"name\": \"cluster-admin\",", "+    \"apiGroup\": \"rbac.authorization.k8s.io\"", "+  },"], "access_mfa"],
    ]);
    await check([
      ["terraform binding to a read-only cluster role", "modules/viewer/main.tf", ["+resource \"kubernetes_cluster_role_binding\" \"viewer\" {", "+  metadata {", "+    name = \"cluster-admin-viewer\"", "+  }", "+  role_ref {", "+    kind      = \"ClusterRole\"", "+    name      = \"view\"", "+  }", "+}"], null],
    ]);
  });
});
