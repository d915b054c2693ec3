// Round 6 kinds for pii_retention, encryption and logging: Laravel loggers reached through channels and the container;
// named reads of request input; environment variables named for a secret; log-context enrichment (MDC, Serilog
// enrichers, structlog); loops and bindings over a request's submitted form; PHP's whole request object; LDAP
// distinguished names; JavaMail trusting every certificate; curl and ECB spellings; weak hashers named PasswordHasher;
// hash objects that are values, not helpers; logs kept for years longer; graphql-ruby fields, Avro schemas and generated
// protobuf code. Each family has a real-code look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("Laravel loggers through a channel, a stack or the container", () => {
  it("reads the arguments of app('log')->, Log::channel(..)-> and logger()->channel(..)->", async () => {
    await check([
      ["app('log')", "app/Services/UserService.php", ["+        app('log')->info('Registered user '.$user->email);"], "logging"],
      ["Log::channel", "app/Http/Controllers/AuthController.php", ["+        Log::channel('auth')->info('login attempt', ['email' => $request->email]);"], "logging"],
      ["Log::stack", "app/Http/Controllers/AuthController.php", ["+        Log::stack(['daily', 'slack'])->warning('signup', ['phone' => $user->phone]);"], "logging"],
      ["logger()->channel", "app/Http/Controllers/AuthController.php", ["+        logger()->channel('daily')->warning(\"Failed login for {$request->input('email')}\");"], "logging"],
    ]);
  });

  it("stays quiet when the channel gets ids, counts and fixed text", async () => {
    await check([
      ["ids only", "app/Observers/OrderObserver.php", ["+        Log::channel('orders')->info(\"Order #{$order->id} created by user {$order->user_id}\");"], null],
      ["socket bound", "app/Console/Commands/Serve.php", ["+            app('log')->info('Socket successfully binded to: ' . $this->host);"], null],
      ["input page number", "app/Http/Controllers/ListController.php", ["+        logger()->channel('daily')->debug('page', ['page' => $request->input('page')]);"], null],
    ]);
  });
});

describe("environment variables named for a secret, logged", () => {
  it("finds process.env, os.getenv and ENV reads of keys, tokens and passwords", async () => {
    await check([
      ["process.env key", "index.js", ["+console.log(process.env.OPENAI_API_KEY)"], "logging"],
      ["os.getenv", "app/main.py", ["+print(os.getenv('STRIPE_SECRET_KEY'))"], "logging"],
      ["ENV[] in Ruby", "config/initializers/github.rb", ["+Rails.logger.info \"token #{ENV['GITHUB_TOKEN']}\""], "logging"],
      ["System.getenv", "src/main/java/App.java", ["+        log.info(\"db password {}\", System.getenv(\"DB_PASSWORD\"));"], "logging"],
    ]);
  });

  it("stays quiet on names that are not secrets and on reads only tested", async () => {
    await check([
      ["NODE_ENV", "index.js", ["+console.log(process.env.NODE_ENV)"], null],
      ["ternary", "index.js", ["+console.log('key set:', process.env.OPENAI_API_KEY ? 'yes' : 'no')"], null],
      ["double bang", "server.js", ["+console.log('OpenAI API Key exists:', !!process.env.OPENAI_API_KEY);"], null],
      ["presence in text", "scripts/check.js", ["+  console.log(\"OPENAI_API_KEY is present\");"], null],
    ]);
  });
});

describe("log-context enrichment puts a value on every later log line", () => {
  it("finds personal data given to MDC, Serilog enrichers and structlog's bound context", async () => {
    await check([
      ["MDC.put", "src/main/java/com/acme/web/UserFilter.java", ["+        MDC.put(\"userEmail\", user.getEmail());"], "logging"],
      ["Serilog enricher", "App/CustomEnricher/EmailEnricher.cs", ["+        logEvent.AddPropertyIfAbsent(propertyFactory.CreateProperty(\"Email\", email));"], "logging"],
      ["LogContext", "Api/Middleware/UserContext.cs", ["+            using (LogContext.PushProperty(\"PhoneNumber\", user.PhoneNumber))"], "logging"],
      ["structlog", "app/middleware.py", ["+    structlog.contextvars.bind_contextvars(email=request.user.email)"], "logging"],
    ]);
  });

  it("stays quiet on ids and request ids in the log context", async () => {
    await check([
      ["MDC user id", "src/main/java/com/acme/web/UserFilter.java", ["+        MDC.put(\"userId\", user.getId());"], null],
      ["payment id", "src/WithSerilog.ConsoleApp/Program.cs", ["+\tusing(LogContext.PushProperty(\"PaymentId\", payment.PaymentId))"], null],
      ["request id", "app/middleware.py", ["+    structlog.contextvars.bind_contextvars(request_id=request_id)"], null],
    ]);
  });
});

describe("a request's submitted form walked or bound, then printed", () => {
  it("finds the values of loops over a form or body and a value bound from it", async () => {
    await check([
      ["Go range", "2_form/1_form.go", ["+\tfor k, v := range r.Form {", "+\t\tfmt.Println(k, \"val: \"+strings.Join(v, \"\"))", "+\t}"], "logging"],
      ["Go if binding", "2_form/1_form.go", ["+\tif name, ok := r.Form[\"name\"]; ok {", "+\t\tfmt.Println(name[0])", "+\t}"], "logging"],
      ["Python items", "app/views.py", ["+    for key, value in request.form.items():", "+        print(key, value)"], "logging"],
      ["JS entries", "server/routes.js", ["+  for (const [k, v] of Object.entries(req.body)) {", "+    console.log(k, v);", "+  }"], "logging"],
    ]);
  });

  it("stays quiet on field names only and on writes to the response", async () => {
    await check([
      ["keys only", "main.go", ["+\tfor k := range r.Form {", "+\t\tfmt.Println(k)", "+\t}"], null],
      ["response writer", "session-programs/Prog18/main.go", ["+\tfor k, v := range r.Form {", "+\t\tfmt.Fprintf(w, \"Form[%s] = %s\", k, v)", "+\t}"], null],
      ["loop over config", "main.go", ["+\tfor k, v := range cfg.Values {", "+\t\tfmt.Println(k, v)", "+\t}"], null],
    ]);
  });
});

describe("PHP's whole request object logged", () => {
  it("finds $request and request() passed whole to a log", async () => {
    await check([
      ["logger helper with the login request", "src/Listeners/LoginListener.php", ["+        $request = request();", "+        logger(\"USER LOGGED IN!\", [$event, $request]);"], "logging"],
      ["Log::info($request)", "app/Http/Controllers/MyRegisterController.php", ["+        \\Log::info($request);"], "logging"],
    ]);
  });

  it("stays quiet on fields of the request that are not personal", async () => {
    await check([
      ["request path", "app/Http/Middleware/LogRequests.php", ["+        Log::info('hit', ['path' => $request->path(), 'method' => $request->method()]);"], null],
      ["authenticated user id", "app/Http/Middleware/LogRequests.php", ["+        Log::info('user', ['id' => $request->user()->id]);"], null],
      ["JS request", "server/app.js", ["+  console.log(request);"], null],
    ]);
  });
});

describe("LDAP distinguished names of people and bind accounts", () => {
  it("finds a user or bind DN logged", async () => {
    await check([
      ["bind dn", "internal/ldap/client.go", ["+\tlog.Printf(\"bound as %s\", bindDN)"], "logging"],
      ["user dn", "auth/ldap.py", ["+    logger.info('authenticated %s', user_dn)"], "logging"],
      ["distinguished name", "src/Ldap.java", ["+        log.debug(\"found {}\", entry.distinguishedName);"], "logging"],
    ]);
  });

  it("stays quiet on base DNs and the admin account's", async () => {
    await check([
      ["base dn", "auth/ldap.py", ["+    logger.info('searching under %s', base_dn)"], null],
      ["admin bind dn", "auth/ldap.py", ["+    logger.info('binding as %s', admin_bind_dn)"], null],
    ]);
  });
});

describe("JavaMail trusting every server certificate", () => {
  it("finds mail.smtp.ssl.trust set to * in code and configuration", async () => {
    await check([
      ["props.put", "src/main/java/com/acme/mail/MailConfig.java", ["+\t\tprop.put(\"mail.smtp.ssl.trust\", \"*\");"], "encryption"],
      ["System.setProperty", "src/main/java/com/acme/mail/MailConfig.java", ["+        System.setProperty(\"mail.smtp.ssl.trust\", \"*\");"], "encryption"],
      ["Spring properties", "src/main/resources/application.properties", ["+spring.mail.properties.mail.smtp.ssl.trust=*"], "encryption"],
    ]);
  });

  it("stays quiet on a named host", async () => {
    await check([
      ["gmail host", "src/main/java/com/almacen/module/mail/property/MailProperty.java", ["+        props.put(\"mail.smtp.ssl.trust\", \"smtp.gmail.com\");"], null],
      ["yaml host", "src/main/resources/application.yml", ["+            ssl.trust: smtp.office365.com"], null],
    ]);
  });
});

describe("curl and ECB spellings", () => {
  it("finds libcurl's 0L and FALSE, pycurl and Go's ECB encrypters", async () => {
    await check([
      ["libcurl 0L", "src/http.c", ["+    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);"], "encryption"],
      ["PHP FALSE", "lib/Pay.php", ["+\t\tcurl_setopt($ch, CURLOPT_SSL_VERIFYHOST, FALSE);"], "encryption"],
      ["pycurl", "app/fetch.py", ["+    c.setopt(pycurl.SSL_VERIFYPEER, 0)"], "encryption"],
      ["Go ECB", "crypto/cipher.go", ["+\tmode := ecb.NewECBEncrypter(block)"], "encryption"],
    ]);
  });

  it("stays quiet when verification stays on", async () => {
    await check([
      ["libcurl 1L", "src/http.c", ["+    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);"], null],
      ["pycurl on", "app/fetch.py", ["+    c.setopt(pycurl.SSL_VERIFYPEER, 1)"], null],
      ["Go GCM", "crypto/cipher.go", ["+\taead, err := cipher.NewGCM(block)"], null],
    ]);
  });
});

describe("weak password hashers and hash helpers", () => {
  it("finds a class the change names PasswordHasher built on SHA-1, and an MD5 helper function", async () => {
    await check([
      ["Ruby PasswordHasher", "app/utility/password_hasher.rb", ["+require 'digest/sha1'", "+", "+class PasswordHasher", "+", "+  def self.hash(password)", "+    Digest::SHA1.hexdigest password", "+  end"], "encryption"],
      ["JS arrow helper", "src/utils/hash.js", ["+const md5 = (s) => {", "+  return crypto.createHash('md5').update(s).digest('hex')", "+}"], "encryption"],
    ]);
  });

  it("stays quiet on a framework's strong hasher and on a hash object kept in a variable for Gravatar", async () => {
    await check([
      ["ASP.NET PasswordHasher", "Services/AuthService.cs", ["+            var hasher = new PasswordHasher<User>();", "+            var hashed = hasher.HashPassword(user, password);", "+            var md5 = MD5.Create();"], null],
      ["Gravatar", "utils/generateProfileImage.js", ["+module.exports = (email) => {", "+  const md5 = crypto.createHash('md5').update(email).digest('hex')", "+  return `https://www.gravatar.com/avatar/${md5}?s=200&d=identicon`", "+}"], null],
    ]);
  });
});

describe("logs kept for years longer", () => {
  it("reports log retention lengthened past two years as a retention change", async () => {
    await expectArea("pii_retention", [
      ["CloudWatch 30 to 3653", "infra/logs.tf", [" resource \"aws_cloudwatch_log_group\" \"api\" {", "-  retention_in_days = 30", "+  retention_in_days = 3653", " }"]],
      ["Log Analytics 90 to 1095", "infra/monitor.tf", [" resource \"azurerm_log_analytics_workspace\" \"law\" {", "-  retention_in_days   = 90", "+  retention_in_days   = 1095", " }"]],
    ], true);
  });

  it("stays quiet on lengthening to what audits ask for and on a new workspace", async () => {
    await check([
      ["30 to 400", "infra/observability/log-groups.tf", [" resource \"aws_cloudwatch_log_group\" \"api\" {", "-  retention_in_days = 30", "+  retention_in_days = 400", " }"], null],
      ["new workspace", "azure_modules/loganalytics/main.tf", ["+resource \"azurerm_log_analytics_workspace\" \"log_analytics\" {", "+  retention_in_days   = 730", "+}"], null],
    ]);
  });
});

describe("schemas in graphql-ruby, Avro and generated protobuf code", () => {
  it("finds graphql-ruby fields and Avro record fields naming special categories", async () => {
    await check([
      ["graphql-ruby field", "app/graphql/types/user_type.rb", ["+    field :birth_date, String, null: false"], "pii_retention"],
      ["graphql-ruby argument", "app/graphql/mutations/create_patient.rb", ["+    argument :ssn, String, required: true"], "pii_retention"],
      ["Avro", "schemas/customer.avsc", ["+    {\"name\": \"date_of_birth\", \"type\": \"string\"},"], "pii_retention"],
      [".proto itself", "proto/user.proto", ["+  string national_id = 7;"], "pii_retention"],
    ]);
  });

  it("stays quiet on non-personal fields and on code generated from a .proto", async () => {
    await check([
      ["graphql-ruby title", "app/graphql/types/post_type.rb", ["+    field :title, String, null: false"], null],
      ["Avro sku", "schemas/product.avsc", ["+    {\"name\": \"sku\", \"type\": \"string\"},"], null],
      ["generated Elixir", "lib/bottle/account/v1/user.pb.ex", ["+  field(:date_of_birth, 4, type: :string)"], null],
      ["generated Go", "gen/user/v1/user.pb.go", ["+\tDateOfBirth string `protobuf:\"bytes,4,opt,name=date_of_birth,json=dateOfBirth,proto3\" json:\"date_of_birth,omitempty\"`"], null],
    ]);
  });
});

describe("Go form reads, short password labels and LDAP entries' DNs", () => {
  it("finds r.FormValue(`email`), c.PostForm(\"phone\"), a Pass=%#v label and an entry's dn logged", async () => {
    await check([
      ["FormValue backtick", "main.go", ["+\t\tfmt.Print(req.FormValue(`email`))"], "logging"],
      ["Gin PostForm", "handlers/auth.go", ["+\tlog.Printf(\"signup %s\", c.PostForm(\"phone\"))"], "logging"],
      ["Pass label", "ldap/server.go", ["+\t\t\tlog.Printf(\"Bind failed User=%s, Pass=%#v, ErrMsg=%s\", string(r.Name()), r.Authentication(), err)"], "logging"],
      ["entry dn", "app/models/auth_source_ldap.rb", ["+      logger.debug \"DN found for #{login}: #{attrs[:dn]}\" if logger && logger.debug?"], "logging"],
    ]);
  });

  it("stays quiet on a page query, a pass count and a group's or base's DN", async () => {
    await check([
      ["page query", "handlers/list.go", ["+\tlog.Println(\"page\", c.Query(\"page\"))"], null],
      ["tests pass count", "ci/report.go", ["+\tlog.Printf(\"tests pass: %d\", passed)"], null],
      ["group dn", "auth/ldap.py", ["+    logger.info('group %s', group.dn)"], null],
      ["base dn", "auth/ldap.py", ["+    logger.info('searching under %s', base_dn)"], null],
    ]);
  });
});

describe("a log line rewritten around the value it already logged", () => {
  it("still finds a value newly logged, or logged unmasked where it was masked", async () => {
    await check([
      ["unmasked", "src/oscar/apps/communication/utils.py", ["-        self.logger.info(\"Sending email to %s\", mask_email(recipient_email))", "+        self.logger.info(\"Sending email to %s\", recipient_email)"], "logging"],
      ["new value beside an old log line", "app/mail.py", ["-        logger.info(\"Sending email\")", "+        logger.info(\"Sending email to %s\", recipient_email)"], "logging"],
    ]);
  });

  it("stays quiet when the same value was logged before in another format", async () => {
    await check([
      ["% to lazy arguments", "src/oscar/apps/communication/utils.py", ["-        self.logger.info(\"Sending email to %s\" % recipient_email)", "+        self.logger.info(\"Sending email to %s\", recipient_email)"], null],
      ["level changed", "app/Services/Mailer.php", ["-        Log::debug('mail to '.$user->email);", "+        Log::info('mail to '.$user->email);"], null],
    ]);
  });
});
