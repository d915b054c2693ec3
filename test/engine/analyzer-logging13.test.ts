// Personal data, credentials and audit trails in logs, round 13: request bodies read by the frameworks' own stream
// readers (ASP.NET Core, servlets, Go's httputil), Go's parsed forms and Rails' strong-parameter methods logged whole,
// morgan's custom tokens, a JavaScript handler's whole request object, and a log category taken out of an Azure
// diagnostic setting. Each behaviour has a change it must find and a real look-alike it must leave alone.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("request bodies read by the frameworks' stream readers", () => {
  it("follows ASP.NET Core's, the servlet's and Go's whole-request reads to the log", async () => {
    await check([
      ["ASP.NET Core body through a StreamReader", "Middleware/Logging.cs", ["     public async Task Invoke(HttpContext context)", "     {", "+        context.Request.EnableBuffering();", "+        var requestBody = await new StreamReader(context.Request.Body).ReadToEndAsync();", '+        _logger.LogInformation($"Request Body: {requestBody}");', "+        context.Request.Body.Seek(0, SeekOrigin.Begin);"], "logging"],
      ["a reader declared with using, read to the end", "Middleware/BodyLogger.cs", ["+        using var reader = new StreamReader(HttpContext.Request.Body, Encoding.UTF8);", "+        var body = await reader.ReadToEndAsync();", '+        _logger.LogDebug("Body: {Body}", body);'], "logging"],
      ["servlet stream copied by Spring's StreamUtils", "src/main/java/acme/filter/AccessLogFilter.java", ["+        byte[] requestBody = StreamUtils.copyToByteArray(request.getInputStream());", '+        log.info("request body = {}", new String(requestBody, StandardCharsets.UTF_8));'], "logging"],
      ["Go request dumped by httputil", "misc/testserver.go", ["+func handler(w http.ResponseWriter, r *http.Request) {", "+	body, err := httputil.DumpRequest(r, true)", "+	if err != nil {", "+	}", '+	log.Printf("%s\\n", body)', "+}"], "logging"],
    ]);
    await check([
      ["only the body's length", "Middleware/Logging.cs", ["+        var requestBody = await new StreamReader(context.Request.Body).ReadToEndAsync();", '+        _logger.LogInformation("Request body length: {Length}", requestBody.Length);'], null],
      ["a fixed message beside the read", "src/main/java/acme/filter/AccessLogFilter.java", ["+        byte[] requestBody = StreamUtils.copyToByteArray(request.getInputStream());", '+        log.info("request body read");'], null],
      ["only the dump's size", "misc/testserver.go", ["+	dump, _ := httputil.DumpRequest(r, true)", '+	log.Printf("dumped %d bytes", len(dump))'], null],
    ]);
  });
});

describe("a request's whole submitted input by name", () => {
  it("finds Go's parsed form and Rails' strong-parameter methods logged whole", async () => {
    await check([
      ["Go PostForm printed", "utility.go", ["+func parseForm(r *http.Request) {", "+	if err := r.ParseForm(); err == nil {", "+		fmt.Println(r.PostForm)", "+	}", "+}"], "logging"],
      ["Go form logged with a message", "handlers/signup.go", ['+	log.Printf("signup form: %v", r.Form)'], "logging"],
      ["Rails strong params logged bare", "app/controllers/users_controller.rb", ["     def create ()", '+        logger.debug "here"', "+        logger.debug user_params", "+        @user = User.new(user_params)"], "logging"],
      ["Rails strong params inspected in a message", "app/controllers/signups_controller.rb", ['+    Rails.logger.info "Signup: #{signup_params.to_h}"'], "logging"],
    ]);
    await check([
      ["one form field by name that is a page", "handlers/list.go", ['+	log.Printf("page %s", r.Form.Get("page"))'], null],
      ["the number of form fields", "handlers/list.go", ['+	log.Printf("%d fields", len(r.PostForm))'], null],
      ["paging params", "app/controllers/posts_controller.rb", ["+    logger.debug page_params"], null],
      ["the params' keys only", "app/controllers/users_controller.rb", ["+    logger.info user_params.keys"], null],
    ]);
  });
});

describe("morgan's custom tokens", () => {
  it("reads what a token's function returns as logged", async () => {
    await check([
      ["body token", "backend/utils/requestLogger.js", ["+const morgan = require('morgan')", "+", "+morgan.token('body', (req) => JSON.stringify(req.body))", "+module.exports = morgan(':method :url :status :body')"], "logging"],
      ["authorization token", "src/logging.ts", ["+morgan.token('auth', (req) => req.headers.authorization)"], "logging"],
    ]);
    await check([
      ["a request id token", "src/logging.js", ["+morgan.token('id', (req) => req.id)", "+app.use(morgan(':id :method :url :response-time'))"], null],
      ["a token of the route's pattern", "src/logging.js", ["+morgan.token('route', (req) => req.route && req.route.path)"], null],
    ]);
  });
});

describe("a JavaScript handler's whole request object", () => {
  it("finds the request printed whole in Express, NestJS and Next.js handlers", async () => {
    await check([
      ["NestJS middleware prints the request", "src/gmail/auth.middleware.ts", ["+export class AccessTokenMiddleware implements NestMiddleware {", "+    use(req: Request, res: Response, next: NextFunction) {", '+        console.log("Request", req);', "+    }", "+}"], "logging"],
      ["Express route logs req", "routes/user.js", ["+router.get('/', ensureLoggedIn, function(req, res, next) {", "+  console.log( req);", "+  res.render('user', { user: req.user });", "+});"], "logging"],
      ["Next.js route handler", "app/api/hook/route.ts", ["+export async function POST(request: NextRequest) {", "+  logger.info(request)", "+}"], "logging"],
    ]);
    await check([
      ["only the method and url", "routes/user.js", ["+router.get('/', function(req, res) {", "+  console.log(req.method, req.originalUrl);", "+});"], null],
      ["an array callback's item named req", "src/queue.js", ["+pending.forEach((req) => {", "+  console.log(req);", "+});"], null],
      ["an outgoing request built in the handler", "src/proxy.ts", ["+export function forward(input: string) {", "+  const request = buildRequest(input)", "+  console.log(request)", "+}"], null],
    ]);
  });
});

describe("a log category taken out of an Azure diagnostic setting", () => {
  it("finds an enabled_log block removed, not one moved into a dynamic block", async () => {
    await check([
      ["Key Vault AuditEvent removed", "infrastructure/modules/monitoring/monitor-key-vault.tf", ['   resource "azurerm_monitor_diagnostic_setting" "key_vault" {', "     name = \"KeyVault\"", "-  enabled_log {", '-    category = "AuditEvent"', "-  }", "   metric {"], "logging"],
    ]);
    await check([
      ["moved into a dynamic block", "infrastructure/modules/monitoring/monitor-key-vault.tf", ["-  enabled_log {", '-    category = "AuditEvent"', "-  }", '+  dynamic "enabled_log" {', "+    for_each = var.log_categories", "+    content {", "+      category = enabled_log.value", "+    }", "+  }"], null],
      ["replaced by the audit category group", "infrastructure/modules/monitoring/monitor-key-vault.tf", ["-  enabled_log {", '-    category = "AuditEvent"', "-  }", "+  enabled_log {", '+    category_group = "audit"', "+  }"], null],
    ]);
  });
});

describe("writes to a log file and log helpers that save", () => {
  it("reads a write to a file named as a log, and saveLog, as logging calls", async () => {
    await check([
      ["raw POST appended to a .log file", "project/mail.php", ['     if ($_SERVER["REQUEST_METHOD"] == "POST") {', "+    file_put_contents('post_data.log', print_r($_POST, true), FILE_APPEND);"], "logging"],
      ["request body appended to requests.log", "server.js", ["+  fs.appendFileSync('requests.log', JSON.stringify(req.body) + '\\n');"], "logging"],
      ["raw input saved through saveLog", "index.php", [" <?php", "+$str = file_get_contents('php://input');", "+saveLog($str);"], "logging"],
    ]);
    await check([
      ["POST cached to a JSON file", "project/cache.php", ["+    file_put_contents('cache/data.json', json_encode($_POST));"], null],
      ["an access line of method and URL", "server.js", ["+  fs.appendFileSync('requests.log', `${new Date().toISOString()} ${req.method} ${req.url}\\n`);"], null],
      ["saveLog of a fixed message", "index.php", ["+saveLog('webhook received');"], null],
    ]);
  });
});

describe("Django REST framework serializer input", () => {
  it("finds a serializer's validated or initial data printed, not one field of it", async () => {
    await check([
      ["validated_data and initial_data printed", "src/core/payment_requisites/serializers.py", ["         def create(self, validated_data, **kwargs):", "+        print(self.initial_data)", "+        print(validated_data)", "             return PaymentRequisites.objects.create(**validated_data)"], "logging"],
      ["validate's attrs logged", "api/serializers.py", ["     def validate(self, attrs):", "+        logger.debug('attrs: %s', attrs)"], "logging"],
    ]);
    await check([
      ["one plain field of the data", "api/serializers.py", ["     def create(self, validated_data):", "+        logger.info('creating %s', validated_data.get('title'))"], null],
      ["a create without DRF's signature", "api/services.py", ["     def create(self, data):", "+        print(data)"], null],
    ]);
  });
});

describe("Grafana Loki's log retention", () => {
  it("finds retention_period taken out of Loki's limits, not another tool's", async () => {
    await check([
      ["limits_config retention removed", "infra/monitoring/grafana/config/loki/loki.yml", ["     limits_config:", "-  retention_period: 7200h", "   reject_old_samples: true"], "logging"],
    ]);
    await check([
      ["a backup tool's retention", "infra/backup/config.yml", ["     backups:", "-  retention_period: 30d", "   enabled: true"], null],
      ["Loki's retention changed, not removed", "infra/loki/loki.yml", ["     limits_config:", "-  retention_period: 7200h", "+  retention_period: 8760h"], null],
    ]);
  });
});

describe("log helpers named verb-to-log", () => {
  it("reads writeToLog and append_to_log as logging calls, not a bare toLog", async () => {
    await check([
      ["whole request written through writeToLog", "index.php", ["+print_r($_REQUEST);", "+writeToLog($_REQUEST, 'incoming');"], "logging"],
      ["form appended through append_to_log", "app/views.py", ["+    append_to_log(request.form)"], "logging"],
    ]);
    await check([
      ["writeToLog of a fixed message", "index.php", ["+writeToLog('hook received', 'incoming');"], null],
      ["a conversion named toLog", "src/mapper.ts", ["+  const entry = toLog(req.body);"], null],
    ]);
  });
});
