// Personal data and secrets in logs found by kind (detectors/log-sensitive-words.ts): logging calls by their shape,
// identifiers split into words, structured-log keys, values flowing into a logged variable, whole records and
// message placeholders. Each family has a change it must find and a look-alike it must leave alone.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("logging calls recognised by their shape", () => {
  it("reads log helpers, loggers of any name, safe navigation, long level names and chained fields", async () => {
    await check([
      ["php log helper", "app/Http/Controllers/AccountController.php", ["+        nlog($email);"], "logging"],
      ["ruby safe navigation", "app/models/mail_handler.rb", ['+      logger&.info "ignoring email from unknown user [#{sender_email}]"'], "logging"],
      ["elixir keyword metadata over lines", "lib/portal/mailer.ex", ['+          Logger.warning("Ignored delivery report",', "+            message_id: report.message_id,", "+            email: report.email", "+          )"], "logging"],
      ["verbose level", "src/LiveQuery/SessionTokenCache.js", ["+      logger.verbose('Fetch userId %s of sessionToken %s', userId, sessionToken);"], "logging"],
      ["zerolog chain", "internal/auth/handlers.go", ['+		log.Warn().Str("email", req.Email).Msg("login failed")'], "logging"],
      ["logger named after its module", "src/auth/service.ts", ["+    authLogger.warn(`login failed for ${user.primaryEmail}`);"], "logging"],
    ]);
    await check([
      ["a login, not a log", "app/Http/Controllers/AuthController.php", ["+        $this->logIn($email, $password);"], null],
      ["math log", "src/stats.js", ["+    const score = Math.log(emailCount + 1);"], null],
      ["analytics event", "src/track.ts", ["+    logEvent(analytics, 'sign_up', { method: provider });"], null],
      ["a log helper defined, not called", "lib/portal_web/live/sign_up.ex", ["+  defp log_honeypot_hit(attrs, user_agent, real_ip) do", "+    :ok", "+  end"], null],
      ["an audit event recorded, not a log line", "app/services/api_keys/create_service.rb", ["+      register_security_log(api_key)"], null],
      ["a secret passed through a masking helper", "src/main/java/io/acme/OAuthTokenAPI.java", ['+            Logging.debug(main, "lock contended for token ...\'" + tokenSuffix(externalRefreshToken) + "\'");'], null],
    ]);
  });
});

describe("identifiers split into words", () => {
  it("finds personal data and secrets by the words of a name, whatever its spelling", async () => {
    await check([
      ["client IP in C#", "API/Controllers/AccountController.cs", ['+        _logger.LogInformation("{UserName} attempting to login from {Ip}", dto.Username, HttpContext.Connection.RemoteIpAddress?.ToString());'], "logging"],
      ["remote IP in Ruby", "app/controllers/account_controller.rb", ['+    logger.info "Successful authentication for #{user.login} from #{request.remote_ip}"'], "logging"],
      ["password-reset link", "src/mail/mail.service.ts", ["+    this.logger.log(`Reset: ${resetLink}`);"], "logging"],
      ["exported Go field", "internal/core/bounces.go", ['+		c.log.Printf("bounced subscriber (%s) not found", b.ContactEmail)'], "logging"],
    ]);
    await check([
      ["a template named after a password", "cmd/auth.go", ['+		a.log.Printf("error compiling template %s: %v", notifs.TplForgotPassword, err)'], null],
      ["a count of tokens", "src/usage.py", ['+    logger.info("used %d tokens", prompt_token_count)'], null],
      ["a machine's address", "server/net.go", ['+	log.Printf("proxy upstream listening on %s", upstreamIpAddress)'], null],
      ["a header only tested", "app/Http/Middleware/Api.php", ["+        Log::debug('Authorization header', ['has_header' => $authorization !== '' ? 'yes' : 'no']);"], null],
      ["a library's name", "API/Controllers/LibraryController.cs", ['+        _logger.LogInformation("Created a new library: {LibraryName}", library.Name);'], null],
    ]);
  });
});

describe("keys of structured logs", () => {
  it("finds a key naming personal data with a variable as its value", async () => {
    await check([
      ["zap field", "internal/user/service.go", ['+	logger.Info("user created", zap.String("email", addr))'], "logging"],
      ["elixir metadata key", "lib/portal/entra/sync.ex", ['+        Logger.error("Skipping directory user",', '+          entra_user_email: Map.get(user, "mail")', "+        )"], "logging"],
    ]);
    await check([
      ["a hashed value under the key", "internal/user/service.go", ['+	logger.Info("user created", zap.String("email", emailHash))'], null],
      ["a field of the e-mail message", "lib/portal/mailer.ex", ['+        Logger.info("Skipping email because all recipients are suppressed",', "+          email_subject: inspect(email.subject)", "+        )"], null],
    ]);
  });
});

describe("values that flow into a logged variable", () => {
  it("follows a request body or a link built with a token into the log", async () => {
    await check([
      ["request JSON logged under another name", "app/webhook.py", ["+    data = request.json", '+    logging.info(f"webhook: {data}")'], "logging"],
      ["link built with a token", "src/mail.js", ["+  const target = `${base}/reset?token=${token}`;", "+  logger.info(`sending ${target}`);"], "logging"],
    ]);
    await check([
      ["a check of the e-mail, not the e-mail", "app/signup.py", ["+    ok = validate_email(email)", '+    logger.info("valid: %s", ok)'], null],
      ["a count of the request's fields", "app/webhook.py", ["+    data = request.json", '+    logging.info("fields: %d", len(data))'], null],
    ]);
  });
});

describe("whole records and message placeholders", () => {
  it("finds a serialised user or a patient logged whole, and a message that names the value it prints", async () => {
    await check([
      ["serialised user", "src/users/events.js", ["+  console.log(JSON.stringify(user));"], "logging"],
      ["whole patient", "src/main/java/org/acme/PatientService.java", ['+        log.info("Created {}", patient);'], "logging"],
      ["ILogger template naming the e-mail", "src/Services/Mailer.cs", ['+        _logger.LogInformation("Sending invitation to {Email}", recipientAddress);'], "logging"],
    ]);
    await check([
      ["serialised statistics", "src/users/events.js", ["+  console.log(JSON.stringify(stats));"], null],
      ["a patient's id", "src/main/java/org/acme/PatientService.java", ['+        log.info("Created {}", patient.getId());'], null],
      ["a count of e-mails", "src/Services/Mailer.cs", ['+        _logger.LogInformation("Sent {Count} emails", sent.Count);'], null],
    ]);
  });
});
