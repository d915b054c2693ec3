// Personal data and secrets in logs, round 12: a light data flow over the lines of a hunk before a logging call. Values
// are tainted by where they come from (a handler's request-body parameter, a framework's body read, a request stream's
// chunks, a loop over a request's headers, a person-named function's `name`, a send-SMS function's recipient) and
// followed through assignments, appends, destructuring and multi-line literals to the call. Each behaviour has a
// change it must find and a real look-alike it must leave alone.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("request-body parameters", () => {
  it("finds a handler's whole request body logged, by the framework's binding", async () => {
    await check([
      ["Spring @RequestBody form", "src/main/java/acme/SignupController.java", ["   @PostMapping(\"/signup\")", "+  public void signup(@RequestBody SignupForm form){", '+    logger.info("Request Data = {}", form);', "+  }"], "logging"],
      ["NestJS @Body()", "src/signup/signup.controller.ts", ["+  async signup(@Body() body: SignupDto) {", "+    console.log(body);", "+  }"], "logging"],
      ["axum Json extractor", "src/main.rs", ["+async fn create_user(Json(payload): Json<CreateUser>) {", '+    println!("{:?}", payload);', "+}"], "logging"],
      ["ASP.NET [FromBody] through a variable", "Controllers/AccountController.cs", ["+        public IActionResult Post([FromBody] SignupModel model)", "+        {", "+            var copy = model;", '+            _logger.LogInformation("signup {Model}", copy);', "+        }"], "logging"],
    ]);
    await check([
      ["only the body's id", "src/main/java/acme/UserController.java", ["+  public void register(@RequestBody UserDTO user){", '+    logger.info("Request for {}", user.getId());', "+  }"], null],
      ["an empty line printed", "src/main/java/acme/UserController.java", ["+    public void register(@RequestBody UserDto userDto) {", '+        System.out.println("");', "+    }"], null],
    ]);
  });
});

describe("framework body reads, appends and assignments", () => {
  it("follows a body read (Ktor, Go, Node streams) through assignments to the print", async () => {
    await check([
      ["Ktor receiveText printed", "src/main/kotlin/Routing.kt", ["+            val requestBody = call.receiveText()", '+            println("Request Body: $requestBody")'], "logging"],
      ["Go io.ReadAll of the body", "internal/handler.go", ["+	body, err := io.ReadAll(r.Body)", "+	if err != nil {", "+		return", "+	}", '+	log.Printf("got %s", string(body))'], "logging"],
      ["Node request stream appended", "moduls/login.js", ["     req.on('data',(chunk) => {", "         reqBody += chunk.toString()", "     })", "+    req.on('end',() => {", "+        console.log('reqBody : '+reqBody)"], "logging"],
      ["PHP request input inside a message", "contact.php", ["+    $msg = date('r') . ' data: ' . var_export($_POST, 1);", "+    error_log($msg);"], "logging"],
    ]);
    await check([
      ["only the body's length", "src/main/kotlin/Routing.kt", ["+            val size = call.receiveText().length", '+            println("Request size: $size")'], null],
      ["a fixed message beside the body read", "src/main/kotlin/Routing.kt", ["+            val requestBody = call.receiveText()", '+            println("auth request")'], null],
      ["only the stream's size", "moduls/upload.js", ["     req.on('data',(chunk) => {", "         size += chunk.length", "     })", "+    req.on('end',() => {", "+        console.log('size : ' + size)"], null],
      ["a count of the input", "contact.php", ["+    $msg = 'fields: ' . count($_POST);", "+    error_log($msg);"], null],
    ]);
  });
});

describe("destructuring and multi-line literals", () => {
  it("taints fields destructured from a request body and literals built from personal data", async () => {
    await check([
      ["recipient destructured from the body", "routes/sms.js", ["+  const { to, text } = req.body;", "+  console.log('sending', to);"], "logging"],
      ["Ruby hash of a member's email, inspected", "app/jobs/mailchimp_job.rb", ["+    request = {", "+      email_address: member.email,", "+      status: mailchimp_status,", "+    }", "+    logger.debug(request.inspect)"], "logging"],
    ]);
    await check([
      ["paging fields destructured from the query", "routes/list.js", ["+  const { page, limit } = req.query;", "+  console.log('listing', page, limit);"], null],
      ["a literal of ids and a status", "app/jobs/sync_job.rb", ["+    request = {", "+      member_id: member.id,", "+      status: mailchimp_status,", "+    }", "+    logger.debug(request.inspect)"], null],
    ]);
  });
});

describe("names that say what a value is", () => {
  it("reads a person-named function's name, a send function's recipient, a user's name and a secret printer", async () => {
    await check([
      ["getUserName's name parameter", "src/main/java/acme/UserServiceImpl.java", ["+    public String getUserName(String name) {", "+        logger.info(name);", "+        return name;", "+    }"], "logging"],
      ["sendSMS's recipient", "api/router.js", ["+async function sendSMS(to, body) {", "+  if (!T) { console.log('[DEV SMS]', to, body); return { dev: true }; }", "+}"], "logging"],
      ["a User's name read", "src/main/java/acme/UserHelper.java", ["+    public static void logUsername(final User user) {", "+        log.debug(user.getName());", "+    }"], "logging"],
      ["a function named for printing tokens", "internal/proxy/util.go", ["+func printToken(tok interface{}) {", "+	f := elm.FieldByName(name)", '+	fmt.Println(name+":", f.String())', "+}"], "logging"],
    ]);
    await check([
      ["a user group's name", "src/main/java/acme/GroupService.java", ["+    public void addUserGroup(String name) {", "+        logger.info(name);", "+    }"], null],
      ["a date range's end", "src/report.js", ["+function formatRange(from, to) {", "+  console.log('range', from, to);", "+}"], null],
      ["a chat message's room", "src/chat.js", ["+function sendMessage(to, msg) {", "+  console.log('emit to room', to);", "+}"], null],
      ["a product's name read", "src/main/java/acme/ProductHelper.java", ["+    public static void logProduct(final Product product) {", "+        log.debug(product.getName());", "+    }"], null],
      ["a token printer's count only", "internal/proxy/util.go", ["+func printTokenStats(n int) {", '+	fmt.Println("tokens:", n)', "+}"], null],
    ]);
  });
});

describe("whole records and console writes", () => {
  it("finds a person's record turned into text, a record named at a placeholder, C# console writes and Go header loops", async () => {
    await check([
      ["Customer DTO toString", "src/main/java/acme/KafkaConsumer.java", ["+	public void listenCustomerTopic(Customer message) {", '+	    log.info("Received Message : " + message.toString());', "+	}"], "logging"],
      ["customer payload named at its placeholder", "src/main/java/acme/CustomerServiceImpl.java", ["     customerRepository.save(auditLog);", '+    log.info("customer info saved : {}", payload);'], "logging"],
      ["C# console write of an email", "Controllers/AccountController.cs", ['+            Console.WriteLine(account.Email + " " + account.Password);'], "logging"],
      ["every request header in Go", "header.go", ["+	http.HandleFunc(\"/\", func(w http.ResponseWriter, r *http.Request) {", "+		for k, v := range r.Header {", "+			fmt.Println(k, v)", "+		}"], "logging"],
    ]);
    await check([
      ["an Order DTO toString", "src/main/java/acme/KafkaConsumer.java", ["+	public void listenOrderTopic(Order message) {", '+	    log.info("Received Message : " + message.toString());', "+	}"], null],
      ["a customer id at the placeholder", "src/main/java/acme/CustomerServiceImpl.java", ['+    log.info("customer info saved : {}", customerId);'], null],
      ["C# console write of a fixed text", "Program.cs", ['+            Console.WriteLine("Server started");'], null],
      ["Go header names only", "header.go", ["+		for k := range r.Header {", "+			fmt.Println(k)", "+		}"], null],
    ]);
  });
});

describe("request bodies decoded or parsed, Django forms and Rails params", () => {
  it("follows Go's decoded bodies and parsed bodies, and reads a form's cleaned data and Rails params whole", async () => {
    await check([
      ["Go body decoded into a struct", "internal/handler.go", ["+	var form SignupRequest", "+	if err := json.NewDecoder(r.Body).Decode(&form); err != nil {", "+		return", "+	}", '+	log.Println("new signup", form)'], "logging"],
      ["Gin ShouldBindJSON", "internal/handler.go", ["+	var req Signup", "+	if err := c.ShouldBindJSON(&req); err != nil {", "+		return", "+	}", "+	fmt.Println(req)"], "logging"],
      ["a request body parsed, then logged", "app/views.py", ["+    data = json.loads(request.body)", "+    logger.info(data)"], "logging"],
      ["a Django form's cleaned data", "signup/views.py", ["         if form.is_valid():", "+            print(form.cleaned_data)"], "logging"],
      ["Rails params whole", "app/controllers/users_controller.rb", ["+    logger.info params"], "logging"],
    ]);
    await check([
      ["only the decoded item count", "internal/handler.go", ["+	if err := json.NewDecoder(r.Body).Decode(&payload); err != nil {", "+		return", "+	}", '+	log.Printf("got %d items", len(payload.Items))'], null],
      ["the decode error only", "internal/handler.go", ["+	if err := c.ShouldBindJSON(&req); err != nil {", '+		log.Printf("bad request: %v", err)', "+	}"], null],
      ["one plain field of the cleaned data", "signup/views.py", ["         if form.is_valid():", "+            print(form.cleaned_data['page'])"], null],
      ["one Rails param that is not personal", "app/controllers/users_controller.rb", ["+    logger.info params[:page]"], null],
    ]);
  });
});

describe("FastAPI bodies, body fields and PHP's decoded input", () => {
  it("finds a FastAPI model parameter, a body field kept in a variable and php://input decoded, each logged", async () => {
    await check([
      ["FastAPI model parameter", "app/routers/signup.py", ['+@router.post("/signup")', "+async def signup(payload: SignupIn, db: Session = Depends(get_db)):", '+    logger.info("signup %s", payload)'], "logging"],
      ["a body field in a variable", "routes/contact.js", ["+  const note = req.body.message;", "+  console.log('contact note', note);"], "logging"],
      ["php://input decoded", "api/hook.php", ["+$data = json_decode(file_get_contents('php://input'), true);", "+error_log(print_r($data, true));"], "logging"],
    ]);
    await check([
      ["FastAPI session parameter only", "app/routers/signup.py", ['+@router.post("/signup")', "+async def signup(payload: SignupIn, db: Session = Depends(get_db)):", '+    logger.info("signup from %s", payload.source)'], null],
      ["a paging field of the body", "routes/list.js", ["+  const page = req.body.page;", "+  console.log('page', page);"], null],
      ["only whether the input decoded", "api/hook.php", ["+$data = json_decode(file_get_contents('php://input'), true);", "+error_log('decoded: ' . (is_array($data) ? 'yes' : 'no'));"], null],
    ]);
  });
});
