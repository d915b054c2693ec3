// Round-22 kinds of the mixed-round22c and secrets-round22b batches: Ruby's and Elixir's symbols read as fixed text in a
// prompt; an AI client known by its declared type (Go's `*openai.Client`, a project's `GeminiService`) and handed to a
// sending helper; error trackers' context calls given a user's e-mail; the Linux audit daemon's settings removed or
// switched off; authorisation enforced by an `enforce_*` call removed; ECB mode written by hand. Each with look-alikes.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("symbols in a Ruby or Elixir prompt are fixed text", () => {
  it("stays quiet on fixed prompts whose role is a symbol", async () => {
    await expectArea("ai_use", [
      ["ruby anthropic demo", "examples/claude_demo.rb", [
        "+client = Anthropic::Client.new",
        "+reply = client.messages.create(",
        "+  max_tokens: 256,",
        "+  messages: [{role: :user, content: \"Say hi\"}],",
        "+  model: :\"claude-3-5-haiku-latest\"",
        "+)",
      ]],
      ["ruby openai symbol keys", "script/smoke.rb", [
        "+client = OpenAI::Client.new",
        "+client.chat(parameters: { model: \"gpt-4o-mini\", messages: [{ role: :user, content: \"ping\" }] })",
      ]],
      ["elixir atom role", "lib/demo/smoke.ex", [
        "+    OpenAI.chat_completion(model: \"gpt-4o-mini\", messages: [%{role: :user, content: \"Say hello\"}])",
      ]],
    ], false);
  });

  it("still finds a person's text beside a symbol role", async () => {
    await expectArea("ai_use", [
      ["ruby params", "app/controllers/questions_controller.rb", [
        "   def create",
        "+    client = OpenAI::Client.new",
        "+    answer = client.chat(parameters: { model: \"gpt-4o\", messages: [{ role: :user, content: params[:question] }] })",
        "   end",
      ]],
      ["ruby ticket body", "app/services/summary.rb", [
        "   def summarize(ticket)",
        "+    anthropic.messages.create(",
        "+      max_tokens: 512,",
        "+      messages: [{role: :assistant, content: \"ok\"}, {role: :user, content: ticket.body}],",
        "+      model: :\"claude-3-5-sonnet-latest\"",
        "+    )",
        "   end",
      ]],
    ], true);
  });
});

describe("an AI client known by its declared type", () => {
  it("finds a Go helper handed the SDK client and a request's text", async () => {
    await expectArea("ai_use", [
      ["go gin", "internal/handlers/summary.go", [
        "+func Summarize(client *openai.Client) gin.HandlerFunc {",
        "+\treturn func(c *gin.Context) {",
        "+\t\tvar body map[string]string",
        "+\t\t_ = c.BindJSON(&body)",
        "+\t\tprompt := \"Summarise this note: \" + body[\"note\"]",
        "+\t\tout, err := CompleteText(client, prompt)",
        "+\t\tc.JSON(200, gin.H{\"summary\": out, \"err\": err})",
        "+\t}",
        "+}",
      ]],
      ["python typed anthropic", "app/routes/triage.py", [
        "+def triage(client: anthropic.Anthropic, ticket):",
        "+    return classify_ticket(client, ticket.description)",
      ]],
    ], true);
  });

  it("finds a route calling a project's provider-named service held in a parameter", async () => {
    await expectArea("ai_use", [
      ["kotlin ktor", "server/src/main/kotlin/app/routes/Assistant.kt", [
        "+fun Routing.assistant(service: GeminiService = GeminiService()) {",
        "+    post(\"/chat\") { messages ->",
        "+        service.chat(messages)",
        "+    }",
        "+}",
      ]],
      ["java field", "src/main/java/app/web/ChatController.java", [
        "+    private final ClaudeClient client;",
        "+    @PostMapping(\"/chat\")",
        "+    public String chat(@RequestBody ChatRequest request) {",
        "+        return client.send(request.getMessage());",
        "+    }",
      ]],
    ], true);
  });

  it("stays quiet on fixed text, plumbing helpers and non-AI types", async () => {
    await expectArea("ai_use", [
      ["go fixed", "cmd/smoke/main.go", [
        "+func smoke(client *openai.Client) {",
        "+\tout, _ := GenerateText(client, \"Say hello\")",
        "+\tfmt.Println(out)",
        "+}",
      ]],
      ["go plumbing", "internal/ai/setup.go", [
        "+func setup(client *openai.Client, cfg Config) {",
        "+\tvalidateClient(client, cfg)",
        "+\tregisterModels(client, cfg.Models)",
        "+}",
      ]],
      ["go other package", "internal/handlers/menu.go", [
        "+func Menu(client *http.Client, ai *openai.Client, body map[string]string) {",
        "+\tsendText(client, body[\"content\"])",
        "+}",
      ]],
      ["kotlin response type", "server/src/main/kotlin/app/Render.kt", [
        "+fun render(result: GeminiResponse, messages: List<String>) {",
        "+    result.send(messages)",
        "+}",
      ]],
    ], false);
  });
});

describe("an error tracker's context given the user's e-mail", () => {
  it("finds Honeybadger, Airbrake and Rollbar context calls carrying an e-mail", async () => {
    await expectArea("subprocessors", [
      ["ruby honeybadger", "app/controllers/application_controller.rb", [
        "   before_action :set_tracking",
        "+  def set_tracking",
        "+    Honeybadger.context(user_id: current_user.id, email: current_user.email) if current_user",
        "+  end",
      ]],
      ["php honeybadger", "app/Http/Middleware/TrackUser.php", [
        "+        $honeybadger->context('user_email', $request->user()->email);",
      ]],
      ["ruby airbrake", "app/controllers/concerns/error_context.rb", [
        "+    Airbrake.merge_context(user: { id: user.id, email: user.email })",
      ]],
      ["ruby rollbar", "app/controllers/concerns/error_context.rb", [
        "+    Rollbar.scope!(person: { id: user.id, email: user.email, username: user.name })",
      ]],
    ], true);
  });

  it("stays quiet on ids, plans and request tags", async () => {
    await check([
      ["ids only", "app/controllers/application_controller.rb", [
        "+    Honeybadger.context(user_id: current_user.id, plan: current_user.plan)",
      ], null],
      ["request tags", "app/controllers/concerns/error_context.rb", [
        "+    Airbrake.merge_context(request_id: request.uuid, locale: I18n.locale)",
      ], null],
    ]);
  });
});

describe("the Linux audit daemon removed or switched off", () => {
  it("finds its enabling setting removed, set false, and the service stopped", async () => {
    await expectArea("logging", [
      ["ansible defaults removed", "roles/hardening/defaults/main.yml", [
        " hardening_enabled: true",
        "-hardening_auditd_enabled: true",
        "-hardening_auditd_max_log_file: 10",
        "-hardening_auditd_num_logs: 5",
        " selinux_state: enforcing",
      ]],
      ["group vars false", "inventories/prod/group_vars/all.yml", [
        "+os_auditd_enabled: false",
      ]],
      ["terraform audit log switch removed", "modules/db/main.tf", [
        "   engine_version = \"15\"",
        "-  audit_log_enabled = true",
        " }",
      ]],
      ["shell", "scripts/provision.sh", [
        "+systemctl disable --now auditd",
      ]],
      ["dockerfile", "Dockerfile", [
        "+RUN service auditd stop",
      ]],
      ["grub", "scripts/harden.sh", [
        "+echo 'GRUB_CMDLINE_LINUX=\"quiet splash audit=0\"' >> /etc/default/grub",
      ]],
    ], true);
  });

  it("stays quiet on the daemon switched on, a setting moved and other settings removed", async () => {
    await check([
      ["enabled", "roles/hardening/defaults/main.yml", [
        "+hardening_auditd_enabled: true",
      ], null],
      ["started", "scripts/provision.sh", [
        "+systemctl enable --now auditd",
      ], null],
      ["moved", "roles/hardening/defaults/main.yml", [
        "-os_auditd_enabled: true",
        " os_selinux_state: enforcing",
        "+os_auditd_enabled: true",
      ], null],
      ["other setting", "roles/hardening/defaults/main.yml", [
        "-os_auditd_max_log_file: 6",
        " os_selinux_state: enforcing",
      ], null],
    ]);
  });
});

describe("authorisation enforced by an enforce_* call removed", () => {
  it("finds a removed enforce_permission_to or enforcePermission call", async () => {
    await check([
      ["ruby parens", "app/controllers/admin/categories_controller.rb", [
        "   def update",
        "-    enforce_permission_to(:update, :category, category: category)",
        "     @form = form(CategoryForm).from_params(params)",
      ], "access_mfa"],
      ["ruby bare", "app/controllers/admin/meetings_controller.rb", [
        "   def destroy",
        "-    enforce_permission_to :destroy, :meeting, meeting: meeting",
        "     DestroyMeeting.call(meeting, current_user)",
      ], "access_mfa"],
      ["typescript", "src/orders/orders.controller.ts", [
        "   async cancel(@Req() req, @Param('id') id: string) {",
        "-    await this.acl.enforceRole(req.user, 'manager');",
        "     return this.orders.cancel(id);",
      ], "access_mfa"],
    ]);
  });

  it("stays quiet on other enforce_* calls and a check rewritten in place", async () => {
    await check([
      ["rate limit", "app/controllers/admin/categories_controller.rb", [
        "   def update",
        "-    enforce_rate_limit(:update)",
        "     @form = form(CategoryForm).from_params(params)",
      ], null],
      ["https", "src/server.ts", [
        "-  enforceHttps(app);",
        "   app.listen(port);",
      ], null],
      ["rewritten", "app/controllers/admin/categories_controller.rb", [
        "   def update",
        "-    enforce_permission_to(:update, :category, category:)",
        "+    enforce_permission_to(:update, :category, category: category)",
        "     @form = form(CategoryForm).from_params(params)",
      ], null],
    ]);
  });
});

describe("ECB mode written by hand", () => {
  it("finds a Go block cipher run block by block over the data, and functions named for ECB", async () => {
    await expectArea("encryption", [
      ["go loop", "internal/crypto/params.go", [
        "+func encryptParams(data, key []byte) []byte {",
        "+\tblock, _ := aes.NewCipher(key)",
        "+\tbs := block.BlockSize()",
        "+\tout := make([]byte, len(data))",
        "+\tfor i := 0; i < len(data); i += bs {",
        "+\t\tblock.Encrypt(out[i:i+bs], data[i:i+bs])",
        "+\t}",
        "+\treturn out",
        "+}",
      ]],
      ["python name", "client/sign.py", ["+def aes_ecb_encrypt(key, text):", "+    return _cipher(key).encrypt(pad(text))"]],
      ["c# name", "src/Api/Crypto.cs", ["+    public static byte[] DecryptEcb(byte[] data, byte[] key)"]],
      ["c# .NET EncryptEcb", "src/Api/Crypto.cs", ["+        return aes.EncryptEcb(plain, PaddingMode.PKCS7);"]],
      ["js name", "src/utils/crypto.js", ["+function encryptECB(text, key) {"]],
    ], true);
  });

  it("stays quiet on chaining written by hand, whole-buffer calls and ECB named outside encryption", async () => {
    await check([
      ["go cbc", "internal/crypto/cbc.go", [
        "+\tfor i := 0; i < len(src); i += bs {",
        "+\t\tsubtle.XORBytes(dst[i:i+bs], src[i:i+bs], iv)",
        "+\t\tb.Encrypt(dst[i:i+bs], dst[i:i+bs])",
        "+\t}",
      ], null],
      ["go key wrap", "internal/crypto/wrap.go", ["+\tb.Encrypt(buf[:], buf[:])"], null],
      ["go no loop", "internal/crypto/one.go", ["+\tblock.Encrypt(out[:16], in[:16])"], null],
      ["detector", "tools/analyse.py", ["+def looks_like_ecb(ciphertext):", "+    return has_repeated_blocks(ciphertext)"], null],
    ]);
  });
});
