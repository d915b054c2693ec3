// Personal data and secrets in logs, round 5: kinds the earlier rules missed on code never seen (noun getters, whole
// records by their declared type or model, whole header sets, HTTP session ids, PHP's whole request input). Each family
// has changes it must find and look-alikes it must leave alone.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("getters named as nouns", () => {
  it("reads $request->ip(), request.remote_addr, r.RemoteAddr and customer.getName() as the values they return", async () => {
    await check([
      ["Laravel client IP", "app/Http/Middleware/IpLogging.php", ['+        Log::info("Http request from ". $request->ip());'], "logging"],
      ["Flask client IP", "app/main/views.py", ["+    current_app.logger.info('index from IP: %s', request.remote_addr)"], "logging"],
      ["Go client address", "internal/http/middleware.go", ["+		log.Println(r.Method, r.RemoteAddr, r.RequestURI)"], "logging"],
      ["a request's remote address beside the word host", "src/controllers/LoginController.java", ['+\t\tlogger.warn("Failed login. Remote Address: " + req.getRemoteAddr() + " Remote Host: " + req.getRemoteHost());'], "logging"],
      ["a customer's name through its getter", "src/main/java/bank/CustomerService.java", ['+        log.info("Saving customer {}", customer.getName());'], "logging"],
    ]);
    await check([
      ["a server's address beside the word host", "server/listen.go", ['+	log.Printf("listening on host %s", serverIpAddress)'], null],
      ["a connection's peer, not a request's client", "internal/p2p/conn.go", ['+		log.Printf("dialled %s", conn.RemoteAddr())'], null],
      ["a verb called, not a value read", "src/main/java/acme/SessionJob.java", ['+        log.info("done: {}", session.clearClientIp());'], null],
      ["a product's name", "src/main/java/shop/ProductService.java", ['+        log.info("Saving product {}", product.getName());'], null],
    ]);
  });
});

describe("whole records of people", () => {
  it("finds a record by its declared type, by the model it was loaded from, or as a JavaScript request's user", async () => {
    await check([
      ["User parameter in an SLF4J placeholder", "src/main/java/acme/SecurityUtil.java", ["     public static void logInUser(User user) {", '+        LOGGER.info("Logging in user: {}", user);'], "logging"],
      ["User record concatenated", "src/main/java/acme/UserActivity.java", ["     public void registered(final User user) {", '+        LOGGER.info(user + " registered.");'], "logging"],
      ["record loaded from the User model", "src/routes/getUser.js", ["   const data = await User.findById(userId);", "+  console.log(data);"], "logging"],
      ["passport's user on the request", "routes/content.js", ["+    console.log(req.user);"], "logging"],
      ["Go struct typed as a user", "services/user.go", ["func CreateUser(user *models.User) error {", '+	fmt.Println("User to be created:", user)'], "logging"],
    ]);
    await check([
      ["a user name string", "src/main/java/acme/Greeter.java", ["     public void greet(String user) {", '+        LOGGER.info("Hello {}", user);'], null],
      ["a count from the User model", "src/jobs/count.js", ["   const users = await User.count();", "+  console.log(users);"], null],
      ["the result of an action on a list member", "node-api/app.js", ["   const response = await client.lists.addListMember(listId, body);", "+  console.log(response);"], null],
      ["Django's request.user prints a user name", "app/views.py", ['+    logger.info("page viewed by %s", request.user)'], null],
      ["a record's id", "src/main/java/acme/SecurityUtil.java", ["     public static void logInUser(User user) {", '+        LOGGER.info("Logging in user: {}", user.getId());'], null],
    ]);
  });
});

describe("whole header sets, session ids and PHP request input", () => {
  it("finds credentials carried whole: all headers, a header loop's values, an HTTP session's id, $_POST dumped", async () => {
    await check([
      ["Rails headers converted and filtered", "app/controllers/application_controller.rb", ['+    Rails.logger.info "Headers: #{request.headers.to_h.select { |k, v| k.include?(\'HTTP\') }}"'], "logging"],
      ["every header value in a loop", "MVC/Middlewares/ReqLog.cs", ["\t\tforeach (var header in context.Request.Headers)", '+\t\t\tlogger.LogInformation("Header: {Key}: {Value}", header.Key, header.Value);'], "logging"],
      ["the request's cookie jar", "routes/index.js", ["+  console.log('cookies:', req.cookies);"], "logging"],
      ["servlet session id", "src/main/java/acme/SessionLogger.java", ['+        log.info("session.getId()={}", session.getId());'], "logging"],
      ["session id kept in a variable", "src/main/java/acme/HomeController.java", ["         String sessionId = session.getId();", '+        logger.info("Session ID : " + sessionId);'], "logging"],
      ["$_POST printed into the error log", "order.php", ["+error_log(print_r($_POST, true));"], "logging"],
      ["$_POST dumped into a buffer, then logged", "order.php", [" ob_start();", "+var_dump($_POST);", "+error_log(ob_get_clean());"], "logging"],
    ]);
    await check([
      ["header names only", "MVC/Middlewares/ReqLog.cs", ["\t\tforeach (var header in context.Request.Headers)", '+\t\t\tlogger.LogInformation("Header: {Key}", header.Key);'], null],
      ["one cookie's presence", "routes/index.js", ["+  console.log('has session cookie:', Boolean(req.cookies.sid));"], null],
      ["a chat session's id", "src/chat/service.ts", ['+    logger.info(`chat session ${sessionId} closed`);'], null],
      ["session timestamps", "src/main/java/acme/SessionLogger.java", ['+        log.info("session.getCreationTime()={}", session.getCreationTime());'], null],
      ["one form field that is not personal", "list.php", ["+error_log(print_r($_POST['page'], true));"], null],
      ["a dump of statistics captured and logged", "stats.php", [" ob_start();", "+var_dump($stats);", "+error_log(ob_get_clean());"], null],
    ]);
  });
});
