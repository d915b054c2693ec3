// Round 8, access_mfa: a query's scoping to the current user, tenant, organisation or workspace removed (broken
// object-level authorisation), read from the identity key and the principal in every framework's spelling
// (fixtures/eval/real/dev/tenant-round8.yaml), with the look-alikes that keep the scope another way.
import { describe, expect, it } from "@jest/globals";
import { areasOf, check } from "./support/check-rule-cases.js";
import { growthWhenDoubled } from "./support/regex-work.js";

describe("round 8: query scoping to the caller removed", () => {
  it("finds an identity key compared to the principal dropped from a filter, in each ORM", async () => {
    await check([
      ["django get_object_or_404 loses user=request.user", "notes/views.py", ["     def detail(request, pk):", "-    note = get_object_or_404(Note, pk=pk, user=request.user)", "+    note = get_object_or_404(Note, pk=pk)", "     return render(request, 'n.html', {'note': note})"], "access_mfa"],
      ["drf queryset loses the owner filter", "api/views.py", ["     def get_queryset(self):", "-        return Invoice.objects.filter(owner=self.request.user)", "+        return Invoice.objects.all()"], "access_mfa"],
      ["sqlalchemy loses the workspace condition", "app/repo.py", ["     stmt = select(Doc).where(", "         Doc.id == doc_id,", "-        Doc.workspace_id == current_workspace.id,", "     )"], "access_mfa"],
      ["laravel where user_id = auth()->id() dropped", "app/Http/Controllers/OrderController.php", ["-        $order = Order::where('user_id', auth()->id())->findOrFail($id);", "+        $order = Order::findOrFail($id);", "         return view('orders.show', compact('order'));"], "access_mfa"],
      ["prisma where loses userId: session.user.id", "app/api/notes/[id]/route.ts", ["   const note = await prisma.note.findFirst({", "     where: {", "       id,", "-      userId: session.user.id,", "     },", "   });"], "access_mfa"],
      ["ef core Where on the tenant removed", "Services/InvoiceService.cs", ["-        return await _db.Invoices.Where(x => x.TenantId == _tenant.Id).ToListAsync();", "+        return await _db.Invoices.ToListAsync();", "     }"], "access_mfa"],
      ["python alias of request.user", "app/mixins.py", ["         user = self.request.user", "         qs = super().get_queryset()", "-        return qs.filter(user=user)", "+        return qs"], "access_mfa"],
    ]);
  });

  it("finds a lookup through the principal's association, an SQL key condition and a derived query losing the key", async () => {
    await check([
      ["rails current_user.posts.find -> Post.find", "app/controllers/posts_controller.rb", ["   def show", "-    @post = current_user.posts.find(params[:id])", "+    @post = Post.find(params[:id])", "   end"], "access_mfa"],
      ["laravel $request->user()->orders() -> Order::", "app/Http/Controllers/OrderController.php", ["-        $order = $request->user()->orders()->findOrFail($id);", "+        $order = Order::findOrFail($id);"], "access_mfa"],
      ["go query loses AND org_id = $2", "internal/store/project.go", ["\tconst q = `SELECT id, name FROM projects", "-\t\tWHERE id = $1 AND org_id = $2`", "+\t\tWHERE id = $1`"], "access_mfa"],
      ["delete no longer scoped to the owner", "notes/views.py", ["-    Note.objects.filter(pk=pk, owner=request.user).delete()", "+    Note.objects.filter(pk=pk).delete()"], "access_mfa"],
      ["spring findByIdAndOwnerId -> findById", "src/main/java/app/TaskService.java", ["-        Task task = repo.findByIdAndOwnerId(id, currentUser.getId())", "+        Task task = repo.findById(id)", "                 .orElseThrow(NotFoundException::new);"], "access_mfa"],
    ]);
  });

  it("leaves scopes kept, moved, added or never per-user alone", async () => {
    await check([
      ["same filter re-added with other formatting", "app/Models/Traits/Scoped.php", ["-        $q->where('user_id', '=', auth()->id());", "+        $q->where('user_id', auth()->id());"], null],
      ["filter moved into a helper called with the principal", "api/mixins.py", ["-        queryset = queryset.filter(user_id=self.request.user.id)", "+        queryset = owned_by(queryset, self.request.user)", "         return queryset"], null],
      ["rails association replaced by a policy scope", "app/controllers/posts_controller.rb", ["-    @post = current_user.posts.find(params[:id])", "+    @post = policy_scope(Post).find(params[:id])"], null],
      ["scope added", "app/controllers/orders_controller.rb", ["-    @order = Order.find(params[:id])", "+    @order = current_user.orders.find(params[:id])"], null],
      ["admin view: superuser-only rewrite", "orders/views.py", ["-        return Order.objects.filter(user=self.request.user)", "+        if not self.request.user.is_superuser: raise PermissionDenied", "+        return Order.objects.all()"], null],
      ["a creation, not a query", "api/views.py", ["     def perform_create(self, serializer):", "-        serializer.save(owner=self.request.user)", "+        serializer.save()"], null],
      ["public posts of an author from the URL", "app/controllers/posts_controller.rb", ["-    @posts = User.find(params[:user_id]).posts", "+    @posts = Post.published"], null],
      ["the scoped view removed with its function", "notes/views.py", ["-def detail(request, pk):", "-    note = get_object_or_404(Note, pk=pk, user=request.user)", "-    return render(request, 'n.html', {'note': note})"], null],
      ["a test file", "tests/test_views.py", ["-    resp = Note.objects.filter(owner=request.user)", "+    resp = Note.objects.all()"], null],
      ["repository declaration removed", "src/main/java/app/TaskRepository.java", ["-    Optional<Task> findByIdAndOwnerId(Long id, Long ownerId);", " }"], null],
      ["a like test of the caller's own row removed", "posts/views.py", ["-    liked = Like.objects.filter(user=request.user, post=post).exists()", "+    liked = False"], null],
      ["the caller excluded from a list", "people/views.py", ["-    people = Profile.objects.exclude(user=request.user)", "+    people = Profile.objects.all()"], null],
      ["an unlike statement removed", "posts/views.py", ["     post = get_object_or_404(Post, pk=pk)", "-    Like.objects.filter(user=request.user, post=post).delete()", "     return redirect('post', pk=pk)"], null],
      ["soft-delete condition dropped", "db/query/workspace.sql", ["-select * from workspaces where id = $1 and deleted = false;", "+select * from workspaces where id = $1;"], null],
    ]);
  });

  it("reads a hostile long line in work linear in its length", async () => {
    // Counted, not timed: twice as long a line must cost about twice the reading (a rescan per position, four times).
    const filter = await growthWhenDoubled((scale) => areasOf("app/views.py", ["-    x = Model.objects.filter(" + "user_id=".repeat(40 * scale) + "a".repeat(300 * scale) + ")", "+    x = 1"]));
    const derived = await growthWhenDoubled((scale) => areasOf("app/Repo.java", ["-    find" + "By".repeat(80 * scale) + "(x)", "+ y"]));
    expect({ filter: filter <= 2.4, derived: derived <= 2.4 }).toEqual({ filter: true, derived: true });
  });
});
