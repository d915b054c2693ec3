// From the round-17 blind access batch (access-round17-untuned.yaml), read after it was scored: guard decorators and
// annotations added switched off (commented out) in a live decorator stack, sign-in and password checks commented out
// in a live handler further down than six lines (Express, Go), a guard decorator swapped one for one for a composite
// `@Auth(role)` one, a public marker whose only sensitive word sat in a commented-out line, and DRF AllowAny on
// read-only catalogue views or on a view that verifies a signed token itself. Each kind has a look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

const NEST = "src/invoices/invoices.controller.ts";
const SPRING = "src/main/java/com/acme/clinic/LabResultController.java";

describe("round-17 blind access_mfa fixes", () => {
  it("guard decorators added commented out in a live stack", async () => {
    await check([
      ["NestJS class guard switched off", NEST, [
        "+@Controller('invoices')",
        "+// @UseGuards(AuthGuard('jwt'), PermissionsGuard)",
        "+export class InvoicesController {",
        "+  constructor(private readonly invoices: InvoicesService) {}",
      ], "access_mfa"],
      ["Spring method annotation switched off across lines", SPRING, [
        "+  @DeleteMapping(\"/{id}\")",
        "+  // @PreAuthorize(\"hasAuthority('LAB_ADMIN') or \" +",
        "+  //     \"hasAuthority('LAB_MANAGER')\")",
        "+  public void deleteResult(@PathVariable Long id) {",
        "+    service.delete(id);",
        "+  }",
      ], "access_mfa"],
      ["look-alike: whole handler commented out", NEST, [
        "+  @Get('export')",
        "+  async list() { return this.invoices.all(); }",
        "+",
        "+  // @Get('archive')",
        "+  // @UseGuards(AdminGuard)",
        "+  // archive() {",
        "+  //   return this.invoices.archive();",
        "+  // }",
      ], null],
      ["look-alike: handler marked public keeps a commented role", NEST, [
        "+  @Public()",
        "+  @Get('catalogue')",
        "+  // @Roles(Role.Viewer)",
        "+  catalogue() {",
        "+    return this.items.findAll();",
        "+  }",
      ], null],
      ["look-alike: the same guard still applied live on the class", NEST, [
        "+@UseGuards(JwtAuthGuard)",
        "+@Controller('invoices')",
        "+export class InvoicesController {",
        "+  @Get()",
        "+  // @UseGuards(JwtAuthGuard)",
        "+  findAll() {",
        "+    return this.invoices.all();",
        "+  }",
      ], null],
    ]);
  });

  it("sign-in or password check commented out further down a live handler", async () => {
    await check([
      ["Express 401 check switched off after the query", "src/controllers/orders.controller.js", [
        "+exports.listOrders = async (req, res) => {",
        "+  const orders = await Order.find();",
        "+  res.json(orders);",
        "+",
        "+  // the caller's own orders only",
        "+  // const mine = orders.filter((o) => o.owner === req.user.id);",
        "+  // res.json(mine);",
        "+  // if (!req.user) {",
        "+  //   return res.status(401).json({ error: 'Unauthorized' });",
        "+  // }",
        "+};",
      ], "access_mfa"],
      ["Go login signs a token with the bcrypt check off", "internal/handlers/auth.go", [
        "+func Login(w http.ResponseWriter, r *http.Request) {",
        "+\tvar body credentials",
        "+\tif err := json.NewDecoder(r.Body).Decode(&body); err != nil {",
        "+\t\thttp.Error(w, \"bad request\", http.StatusBadRequest)",
        "+\t\treturn",
        "+\t}",
        "-\tlog.Println(\"login\")",
        "+",
        "+\t// u, _ := store.UserByEmail(body.Email)",
        "+\t// if err := bcrypt.CompareHashAndPassword(u.Hash, []byte(body.Password)); err != nil {",
        "+\t// \thttp.Error(w, \"invalid credentials\", http.StatusUnauthorized)",
        "+\t// \treturn",
        "+\t// }",
        "+\ttok, _ := issueToken(body.Email)",
        "+\tjson.NewEncoder(w).Encode(tok)",
        "+}",
      ], "access_mfa"],
      ["look-alike: a commented-out input check", "internal/handlers/auth.go", [
        "+func Login(w http.ResponseWriter, r *http.Request) {",
        "+\tvar body credentials",
        "+\t// if len(body.Email) > 200 {",
        "+\t// \thttp.Error(w, \"too long\", http.StatusBadRequest)",
        "+\t// }",
        "+}",
      ], null],
    ]);
  });

  it("guard decorator swapped for a composite one", async () => {
    await check([
      ["look-alike: @UseGuards(RolesGuard) -> @Auth(Role.Manager)", NEST, [
        "   @Patch(':id')",
        "-  @UseGuards(ManagerGuard)",
        "+  @Auth(Role.Manager)",
        "   update(@Param('id') id: string) {",
      ], null],
      ["guard dropped and a public marker put on", NEST, [
        "   @Patch(':id')",
        "-  @UseGuards(ManagerGuard)",
        "+  @SkipAuth()",
        "   updateInvoice(@Param('id') id: string) {",
      ], "access_mfa"],
    ]);
  });

  it("public marker near a sensitive word in code only", async () => {
    await check([
      ["public customer lookup", NEST, [
        "+  @Public()",
        "+  @Get('customers/:id')",
        "+  findCustomer(@Param('id') id: string) {",
      ], "access_mfa"],
      ["look-alike: the word only in a commented line", NEST, [
        "+  @Public()",
        "+  @Get('brands')",
        "+  // @Roles(Role.CUSTOMER)",
        "+  brands() {",
      ], null],
    ]);
  });

  it("DRF AllowAny on read-only catalogue views and signed-token views", async () => {
    await check([
      ["AllowAny on a list of users", "accounts/api/views.py", [
        "+class UserListAPIView(ListAPIView):",
        "+    queryset = User.objects.all()",
        "+    serializer_class = UserSerializer",
        "+    permission_classes = [AllowAny]",
      ], "access_mfa"],
      ["AllowAny on an update view", "catalog/api/views.py", [
        "+class CategoryUpdateAPIView(RetrieveUpdateAPIView):",
        "+    queryset = Category.objects.all()",
        "+    permission_classes = [AllowAny]",
      ], "access_mfa"],
      ["look-alike: read-only list of categories", "catalog/api/views.py", [
        "+class CategoryListAPIView(generics.ListAPIView):",
        "+    queryset = Category.objects.all()",
        "+    serializer_class = CategorySerializer",
        "+    permission_classes = (AllowAny,)",
      ], null],
      ["look-alike: invitation accepted by a signed token", "staff/views.py", [
        "+class AcceptInvitationView(APIView):",
        "+    permission_classes = [AllowAny]",
        "+",
        "+    def post(self, request):",
        "+        raw = request.data.get(\"token\")",
        "+        data = jwt.decode(raw, settings.SECRET_KEY, algorithms=[\"HS256\"])",
        "+        member = Member.objects.get(email=data[\"email\"])",
      ], null],
    ]);
  });
});
