// Rule families widened on the second batch of real-code development cases: each kind of change in several
// languages, and the look-alike beside it that must stay quiet.
import { describe, expect, it } from "@jest/globals";
import { classifyFile } from "../../src/engine/diff/classify-file.js";
import { review } from "../../src/engine/index.js";
import { check } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

describe("personal data and secrets in logs, beyond the C-family call syntax", () => {
  it("reads $name interpolation (Kotlin, Scala), Rust logging macros and java.util.logging levels", async () => {
    await check([
      ["kotlin $password in Log.i", "app/src/main/java/acme/Login.kt", ['+        Log.i("AUTH", "key: $password")'], "logging"],
      ["scala s-interpolated mail address", "src/main/scala/acme/Accounts.scala", ['+    logger.info(s"no user for mailAddress=$mailAddress")'], "logging"],
      ["rust tracing macro with email", "src/user.rs", ['+            Ok(true) => tracing::info!("Login Success: {}", &email),'], "logging"],
      ["rust println with user email", "src/user.rs", ['+    println!("created {}", user.email);'], "logging"],
      ["java.util.logging severe(secret)", "src/main/java/acme/Keys.java", ["+        logger2.severe(secret_key);"], "logging"],
      ["python structured log with recipient", "app/tasks.py", ['+    log.info("Sending email to recipient.", recipient=recipient)'], "logging"],
      ["a token a caller presented, logged", "app/Commands/Verify.php", ["+        Log::error(sprintf('Token given is \"%s\".', $token));"], "logging"],
      ["swift print with \\(password)", "App/Login.swift", ['+        print("password: \\(password)")'], "logging"],
      ["swift NSLog token", "App/Api.swift", ['+        NSLog("token %@", accessToken)'], "logging"],
      ["kotlin Timber", "app/src/main/java/acme/Login.kt", ['+        Timber.d("password=$password")'], "logging"],
      ["c++ spdlog", "src/auth.cpp", ['+    spdlog::info("login {}", user.email);'], "logging"],
      ["c++ cout", "src/auth.cpp", ['+    std::cout << "password: " << password << std::endl;'], "logging"],
    ]);
  });

  it("stays quiet on messages without the data and on counts", async () => {
    await check([
      ["kotlin $count only", "app/src/main/java/acme/Login.kt", ['+        Log.i("AUTH", "attempts: $count")'], null],
      ["rust macro with an id", "src/user.rs", ['+    tracing::info!("User created: {}", model.id);'], null],
      ["scala recipients count", "src/main/scala/acme/Mail.scala", ['+    logger.info(s"sent to ${recipients.size} recipients")'], null],
      ["swift print of a count", "App/Login.swift", ['+        print("attempts: \\(attempts)")'], null],
    ]);
  });

  it("treats a demo folder's *Test file as demo code, a test folder's as a test", () => {
    expect(classifyFile("demos/android/MASVS-CRYPTO/MASTG-DEMO-0017/MastgTest.kt").isTest).toBe(false);
    expect(classifyFile("app/src/test/kotlin/acme/LoginTest.kt").isTest).toBe(true);
    expect(classifyFile("demos/app/test/LoginTest.kt").isTest).toBe(true);
  });
});

describe("authorisation taken out of routes and configuration", () => {
  it("finds a route's role requirement removed (Spring, Spring XML, web.config, Symfony, router middleware), an MFA gate removed, a public route listing users, NotAction grants and legacy ABAC", async () => {
    await check([
      ["spring matcher hasAuthority removed", "src/main/java/acme/SecurityConfiguration.java", ['                    .requestMatchers("/api/admin/**").hasAuthority(AuthoritiesConstants.ADMIN)'.replace(/^/, "-"), '                     .requestMatchers("/api/**").authenticated()'], "access_mfa"],
      ["spring xml intercept-url removed", "src/main/resources/security.xml", ['-\t\t<intercept-url pattern="/**" access="hasRole(\'USER\')"/>', " \t\t<http-basic/>"], "access_mfa"],
      ["web.config deny anonymous removed", "Web/Customers/Web.config", ["-    <authorization>", '-      <deny users="?" />', "-    </authorization>", "   </system.web>"], "access_mfa"],
      ["symfony IsGranted removed", "src/Controller/Admin/PostController.php", ["-#[IsGranted('ROLE_ADMIN')]", " final class PostController extends AbstractController"], "access_mfa"],
      ["gin middleware removed", "router/router.go", ["-\t\tadmin.Use(auth.RequireAdmin)", '\t\tadmin.DELETE("/user/:id", h.DeleteUser)'.replace(/^/, " ")], "access_mfa"],
      ["php mfa gate removed", "app/Access/LoginService.php", ["-        if ($this->needsMfaVerification($user)) {", "-            throw new StoppedAuthenticationException($user, $this);", "-        }", "         auth()->login($user);"], "access_mfa"],
      ["laravel route lists all users", "routes/api.php", ["+Route::get('/users', function () {", "+    $users = User::all();", "+    return response()->json($users);", "+});"], "access_mfa"],
      ["express route lists all users", "src/routes.js", ["+app.get('/api/users', async (req, res) => {", "+  const users = await User.find({});", "+  res.json(users);", "+});"], "access_mfa"],
      ["terraform NotAction allow on *", "iam.tf", ["+  policy = jsonencode({", "+    Statement = [{", '+      NotAction = ["iam:*"]', '+      Effect   = "Allow"', '+      Resource = "*"', "+    }]", "+  })"], "access_mfa"],
      ["gke legacy abac", "gke.tf", ['+resource "google_container_cluster" "c" {', "+  enable_legacy_abac = true", "+}"], "access_mfa"],
    ]);
  });

  it("stays quiet on reformatted rules, protected routes, removal modules and public assets", async () => {
    await check([
      ["spring matcher path changed, role kept", "src/main/java/acme/SecurityConfiguration.java", ['-        .requestMatchers("/api/admin/**").hasRole("ADMIN")', '+        .requestMatchers("/api/v2/admin/**").hasRole("ADMIN")'], null],
      ["mfa gate renamed", "app/Access/LoginService.php", ["-        if ($this->needsMfaVerification($user)) {", "+        if ($this->requiresMfaVerification($user)) {"], null],
      ["spring matcher moved", "src/main/java/acme/SecurityConfiguration.java", ['-        .requestMatchers("/admin/**").hasRole("ADMIN")', '+        .requestMatchers("/admin/**").hasRole("ADMIN")', '+        .requestMatchers("/ops/**").hasRole("ADMIN")'], null],
      ["laravel route behind middleware", "routes/api.php", ["+Route::middleware('auth:sanctum')->get('/users', function () {", "+    return User::all();", "+});"], null],
      ["NotAction with Deny", "iam.tf", ['+      NotAction = ["iam:*"]', '+      Effect   = "Deny"', '+      Resource = "*"'], null],
      ["module removing roles/editor", "sa.tf", ['+module "bootstrap_projects_remove_editor" {', '+  source = "./modules/parent-iam-remove-role"', '+  roles  = ["roles/editor"]', "+}"], null],
      ["AllowAnonymous on an image endpoint", "Api/Controllers/PluginsController.cs", ['+    [HttpGet("{pluginId}/Image")]', "+    [AllowAnonymous]", "+    public ActionResult GetPluginImage([FromRoute] Guid pluginId)"], null],
    ]);
  });
});

describe("retention jobs unscheduled and sensitive columns", () => {
  it("finds schedule entries named with a plain deletion verb removed, age-based deletion removed and a cleanup job file deleted", async () => {
    await check([
      ["sidekiq-cron nullify job", "config/sidekiq.yml", ["-    nullify_subscribers:", "-      every: '1h'", "-      class: NullifySubscribersJob", "     email_deleter:"], "pii_retention"],
      ["sidekiq-scheduler trim sessions", "config/sidekiq_scheduler.yml", ["-trim_sessions:", '-  class: "RakeJob"', '-  args: ["db:sessions:trim"]', '-  cron: "0 3 * * *"'], "pii_retention"],
      ["celery beat delete entry", "app/settings.py", ['-    "delete-outdated-event-data": {', '-        "task": "app.core.tasks.delete_event_payloads_task",', '-        "schedule": datetime.timedelta(days=1),', "-    },"], "pii_retention"],
      ["find -mtime -delete in a script", "scripts/cleanup.sh", ["-find /srv/backup -type f -mtime +7 -exec rm -f {} \\;", ' echo "done"'], "pii_retention"],
    ]);
    const removed = await review(input([{ path: "app/jobs/daily/daily_cleanup.py", status: "removed", patch: "@@ -1,2 +0,0 @@\n-class Job(DailyJob):\n-    pass" }]), configuration());
    expect(removed.findings.map((f) => f.area)).toContain("pii_retention");
  });

  it("stays quiet on build, lock and ban-lifting jobs and on log rotation", async () => {
    await check([
      ["orphan build config", "app/settings.py", ['-        "every-day-delete-old-buildconfig-models": {', '-            "task": "app.builds.tasks.remove_orphan_build_config",', '-            "schedule": crontab(minute=30, hour=2),', "-        },"], null],
      ["temporary uploads cleared", "config/sidekiq_scheduler.yml", ["-clear_tmp_uploads:", "-  cron: '0 * * * *'", "-  class: ClearTmpUploadsJob"], null],
      ["expired bans lifted", "src/scheduled_tasks.rs", ["-      update_banned_when_expired(&mut context.pool())", "-        .await", "-        .ok();"], null],
      ["log files rotated", "scripts/cleanup.sh", ["-find /var/log/app -name '*.log' -mtime +7 -delete", ' echo "done"'], null],
    ]);
  });

  it("reports special categories and contact data, not a name and e-mail alone, and not a pet's birth date", async () => {
    await check([
      ["sql date of birth", "db/migrations/001_customers.sql", ["+CREATE TABLE customers (", "+  id INT PRIMARY KEY,", "+  date_of_birth DATE", "+);"], "pii_retention"],
      ["sql phone", "db/migrations/002_phone.sql", ["+ALTER TABLE users ADD COLUMN phone_number TEXT;"], "pii_retention"],
      ["rust model", "src/models/patient.rs", ["+    pub date_of_birth: NaiveDate,"], "pii_retention"],
      ["swift model", "App/Models/Patient.swift", ["+    var diagnosis: String?"], "pii_retention"],
      ["graphql type", "schema/user.graphql", ["+  socialSecurityNumber: String"], "pii_retention"],
      ["protobuf message", "proto/user.proto", ["+  string ssn = 5;"], "pii_retention"],
      ["doctor work e-mail", "prisma/migrations/20260208_email/migration.sql", ['+ALTER TABLE "Doctor" ADD COLUMN "email" TEXT NOT NULL;'], null],
      ["rust struct outside models", "src/handlers/login.rs", ["+    pub email: String,"], null],
      ["graphql query field", "schema/user.graphql", ["+  userCount: Int!"], null],
      ["pet birth date", "db/schema.sql", ["+CREATE TABLE IF NOT EXISTS pets (", "+  id INT PRIMARY KEY,", "+  birth_date DATE", "+);"], null],
      ["medication catalogue", "prisma/schema.prisma", ["+model Medication {", "+  id Int @id", "+  medicalCategory String", "+}"], null],
    ]);
  });
});

describe("hard-coded secrets in more shapes", () => {
  it("finds HOCON dotted keys, bracketed config keys with suffixes, app.secret_key with spaces and Go []byte signing keys", async () => {
    await check([
      ["play.http.secret.key in HOCON", "conf/application.conf", ["+play.http.secret.key = a-long-secret-to-calm-the-rage-of-the-entropy-gods"], "secrets"],
      ["flask config bracket key with suffix", "app/app.py", ["+app.config['SECRET_KEY_HMAC_2'] = 'am0r3C0mpl3xK3y'"], "secrets"],
      ["flask secret_key with a space", "app/app.py", ["+app.secret_key = 'F12Zr47j3yX R~X@H!jmM]Lwf/,?KT'"], "secrets"],
      ["go jwt []byte key", "middleware/auth.go", ['+\t\tSigningKey:   jwtware.SigningKey{Key: []byte("secret")},'], "secrets"],
      ["connection string password", "appsettings.json", ['+    "DefaultConnection": "Server=db.prod;Database=app;User Id=sa;Password=Pa55w0rd!2024;"'], "secrets"],
      ["rails secret_key_base", "config/secrets.yml", ["+  secret_key_base: 3f9a1c7e2b8d4f6a0e5c9b1d7f3a8e2c4b6d0f1a3e5c7b9d2f4a6c8e0b1d3f5a7c9e"], "secrets"],
      ["php define", "config.php", ["+define('DB_PASSWORD', 'r00tP@ss2023');"], "secrets"],
      ["android buildConfigField", "app/build.gradle", ['+        buildConfigField "String", "API_KEY", "\\"9f8e7d6c5b4a39281706f5e4d3c2b1a0\\""'], "secrets"],
      ["android strings.xml", "app/src/main/res/values/strings.xml", ['+    <string name="stripe_secret_key">sk_test_51HxAbCdEfGhIjKlMnOpQrStUv</string>'], "secrets"],
      ["rust typed const", "src/auth.rs", ['+const JWT_SECRET: &str = "s3cr3t-jwt-k3y-2024-prod";'], "secrets"],
      ["kotlin typed val", "src/main/kotlin/acme/Db.kt", ['+    private val dbPassword: String = "Pr0d!Pa55w0rd"'], "secrets"],
      ["jdbc url query password", "src/main/resources/application.yml", ["+    url: jdbc:postgresql://db.prod.acme.com:5432/app?user=app&password=Pr0dPa55w0rd"], "secrets"],
      ["xml property name/value", "src/main/resources/config.xml", ['+    <property name="password" value="Adm1nP@ssw0rd"/>'], "secrets"],
    ]);
  });

  it("stays quiet on environment references, algorithm names, key names and _here / changethis placeholders", async () => {
    await check([
      ["laravel env() reference", "app/Config/mail.php", ["+            'password' => env('MAIL_PASSWORD'),"], null],
      ["Mac.getInstance algorithm", "src/main/kotlin/acme/Hash.kt", ['+    val mac = Mac.getInstance("HmacSHA256")'], null],
      ["helm secret key names", "values.yaml", ["+        keys:", "+          accesKeyId: acces-key-id", "+          secretAccessKey: secret-access-key"], null],
      ["strings.xml hint", "app/src/main/res/values/strings.xml", ['+    <string name="password_hint">Enter your password</string>'], null],
      ["typed value from the environment", "src/config.ts", ["+const apiKey: string = process.env.API_KEY ?? '';"], null],
      ["graphql input type", "schema/auth.graphql", ["+  password: String!"], null],
      ["changethis in .env", ".env", ["+SECRET_KEY=changethis"], null],
      ["_here placeholder", "config/env/all.js", ['+    cookieSecret: "session_cookie_secret_key_here",'], null],
      ["password read from a request", "app/app.py", ["+            password = content['password']"], null],
      ["connection string from the environment", "appsettings.json", ['+    "DefaultConnection": "Server=db;Database=app;User Id=sa;Password=${DB_PASSWORD};"'], null],
      ["cipher name beside a key variable", "src/crypto.js", ["+  const cipher = crypto.createCipheriv('aes-256-cbc', key, iv);"], null],
    ]);
  });
});

describe("data sent to AI models through more calls and clients", () => {
  it("finds embeddings, image generation, an app's LLM wrapper, and clients named by the path or the code around", async () => {
    await check([
      ["openai embeddings of documents", "src/processor/embeddings.py", ["+    def embed(self, docs):", "+        response = client.embeddings.create(input=docs, model=self.model_name)"], "ai_use"],
      ["openai image from the user's prompt", "src/processor/image.py", ["+    response = openai_client.images.generate(", "+        prompt=improved_image_prompt,", "+    )"], "ai_use"],
      ["app LLM wrapper with a document prompt", "src/paperless_ai/classifier.py", ["+    prompt = build_prompt(document)", "+    result = client.run_llm_query(prompt)"], "ai_use"],
      ["anthropic named by the receiver", "app/llm/provider.py", ["+        params = self._build_request(model, messages)", "+        response = self.anthropic.messages.create(**params)"], "ai_use"],
      ["bedrock java with modelId and a patient summary", "src/main/java/acme/Ai.java", ["+        InvokeModelResponse resp = client.invokeModel(InvokeModelRequest.builder().modelId(MODEL).body(SdkBytes.fromUtf8String(patientSummary)).build());"], "ai_use"],
      ["langchain llm.invoke", "app/chain.py", ["+    result = llm.invoke(user_question)"], "ai_use"],
      ["openai-php chat()->create", "app/Services/Ai.php", ["+        $result = $client->chat()->create(['model' => 'gpt-4o', 'messages' => [['role' => 'user', 'content' => $request->input('message')]]]);"], "ai_use"],
      ["ollama chat on a remote host", "app/ai.py", ["+    client = ollama.Client(host='https://gpu.example.net:11434')", "+    response = ollama.chat(model='llama3', messages=[{'role': 'user', 'content': user_input}])"], "ai_use"],
      ["spring ai chatClient", "src/main/java/acme/Ai.java", ["+        String answer = chatClient.prompt().user(customerMessage).call().content();"], "ai_use"],
      ["langchain4j generate", "src/main/java/acme/Ai.java", ["+        String reply = chatLanguageModel.generate(ticket.getDescription());"], "ai_use"],
      ["rust async-openai", "src/ai.rs", ["+use async_openai::types::CreateChatCompletionRequestArgs;", "+    let response = client.chat().create(request).await?;"], "ai_use"],
      ["swift MacPaw OpenAI", "App/Ai.swift", ["+        let result = try await openAI.chats(query: ChatQuery(messages: [.user(.init(content: .string(note.text)))], model: .gpt4_o))"], "ai_use"],
      ["cohere named by the path", "src/backend/model_deployments/cohere_platform.py", ["+        response = self.client.rerank(", "+            query=query, documents=documents, model=DEFAULT_RERANK_MODEL", "+        )"], "ai_use"],
    ]);
  });

  it("stays quiet on fixed prompts built from message classes and on Twilio messages", async () => {
    await check([
      ["mistral fixed question", "app/chat.py", ['+    client = Mistral(api_key=api_key)', "+    res = client.chat.complete(", '+        model="mistral-tiny",', '+        messages=[UserMessage(content="What is the best French cheese?")],', "+    )"], null],
      ["twilio sms beside a comment naming openai", "app/notify.py", ["+# Unlike OpenAI, Twilio sends SMS", "+client.messages.create(to=number, from_=sender, body=text)"], null],
      ["langchain4j fixed prompt", "src/main/java/acme/Ai.java", ['+        String reply = chatLanguageModel.generate("Say hello");'], null],
      ["twilio sms", "app/notify.py", ["+    client.messages.create(to=number, from_=sender, body=text)"], null],
    ]);
  });
});

describe("new services: clients constructed beside their import, tag scripts, more storage providers", () => {
  it("finds a service client built in the same change as its import, a gtag script and an Aliyun OSS dependency", async () => {
    await check([
      ["stripe client", "apps/web/lib/stripe/index.ts", ['+import Stripe from "stripe";', "+export const stripe = new Stripe(`${process.env.STRIPE_SECRET_KEY}`, {});"], "subprocessors"],
      ["resend client", "packages/email/src/client.ts", ['+import { Resend } from "resend";', "+export const resend = new Resend(process.env.RESEND_API_KEY);"], "subprocessors"],
      ["gtag config", "app/components/Analytics.tsx", ['+      window.gtag("config", measurementId, params);'], "subprocessors"],
      ["firebase by gradle group", "app/build.gradle", ["+    implementation 'com.google.firebase:firebase-analytics:21.5.0'"], "subprocessors"],
      ["zendesk API host", "app/support.py", ["+    requests.post('https://acme.zendesk.com/api/v2/tickets.json', json=ticket)"], "subprocessors"],
      ["aliyun oss in pom.xml", "pom.xml", ["+            <dependency>", "+                <groupId>com.aliyun.oss</groupId>", "+                <artifactId>aliyun-sdk-oss</artifactId>", "+            </dependency>"], "subprocessors"],
    ]);
  });

  it("stays quiet on an import alone and on a client constructed from a module already imported", async () => {
    await check([
      ["import only", "apps/web/lib/pay.ts", ['+import Stripe from "stripe";', "+export type Customer = Stripe.Customer;"], null],
      ["gradle version bump", "app/build.gradle", ["-    implementation 'com.google.firebase:firebase-analytics:21.4.0'", "+    implementation 'com.google.firebase:firebase-analytics:21.5.0'"], null],
      ["import moved", "apps/web/lib/pay.ts", ['-import Stripe from "stripe";', '+import Stripe from "stripe";', "+const s = new Stripe(key);"], null],
    ]);
  });
});

describe("transport and password hashing in more languages", () => {
  it("finds reqwest's danger flags, hostname verifiers that accept every host, MD5-named helpers on passwords and NoOpPasswordEncoder", async () => {
    await check([
      ["rust reqwest accept invalid certs", "src/net.rs", ["+        let client = reqwest::Client::builder()", "+            .danger_accept_invalid_certs(true)", "+            .build();"], "encryption"],
      ["kotlin HostnameVerifier lambda", "app/src/main/java/acme/Net.kt", ["+            connection.hostnameVerifier = HostnameVerifier { hostname, _ ->", '+                Log.w("NET", "allowing $hostname")', "+                true", "+            }"], "encryption"],
      ["java verify override", "src/main/java/acme/Trust.java", ["+    public boolean verify(String hostname, SSLSession session) {", "+        return true;", "+    }"], "encryption"],
      ["kotlin hashPasswordMD5", "network/src/main/java/acme/Auth.kt", ["+                    passwordHashed = hashPasswordMD5(userProvider.getPassword())"], "encryption"],
      ["spring NoOpPasswordEncoder", "src/main/java/acme/WebSecurityConfig.java", ["+  @Bean", "+  public NoOpPasswordEncoder passwordEncoder() {", "+    return (NoOpPasswordEncoder) NoOpPasswordEncoder.getInstance();", "+  }"], "encryption"],
    ]);
  });

  it("stays quiet on a verifier that checks the host and on certificate checks left on", async () => {
    await check([
      ["verifier compares the host", "src/main/java/acme/Trust.java", ["+    public boolean verify(String hostname, SSLSession session) {", '+        return hostname.equals("api.acme.com");', "+    }"], null],
      ["reqwest certs checked", "src/net.rs", ["+            .danger_accept_invalid_certs(false)"], null],
    ]);
  });
});

describe("token verification switched off and API dependencies removed", () => {
  it("finds JWT signature or expiry checks off in several languages and a FastAPI auth dependency removed", async () => {
    await check([
      ["pyjwt verify_signature False", "app/auth.py", ['+    payload = jwt.decode(token, options={"verify_signature": False})'], "access_mfa"],
      ["jsonwebtoken ignoreExpiration", "src/auth.js", ["+  const payload = jwt.verify(token, key, { ignoreExpiration: true });"], "access_mfa"],
      ["golang-jwt ParseUnverified", "internal/auth.go", ["+\ttoken, _, err := new(jwt.Parser).ParseUnverified(tokenString, claims)"], "access_mfa"],
      ["none algorithm", "src/auth.ts", ["+  jwt.verify(token, key, { algorithms: ['none'] })"], "access_mfa"],
      ["aspnet no signing key validation", "Startup.cs", ["+            ValidateIssuerSigningKey = false,"], "access_mfa"],
      ["fastapi Depends removed", "app/api/users.py", ["-async def list_users(current_user: User = Depends(get_current_user)):", "+async def list_users():"], "access_mfa"],
    ]);
  });

  it("stays quiet on verified tokens and on a dependency kept", async () => {
    await check([
      ["pyjwt verified", "app/auth.py", ['+    payload = jwt.decode(token, key, algorithms=["HS256"])'], null],
      ["aspnet validation on", "Startup.cs", ["+            ValidateIssuerSigningKey = true,"], null],
      ["fastapi dependency kept", "app/api/users.py", ["-async def list_users(current_user: User = Depends(get_current_user)):", "+async def list_users(limit: int, current_user: User = Depends(get_current_user)):"], null],
    ]);
  });
});

describe("trust-all certificates, cleartext traffic, short keys, fixed IVs and predictable secrets", () => {
  it("finds them across Java, Kotlin, Swift, Android and iOS configuration, Python, Go and JavaScript", async () => {
    await check([
      ["java empty checkServerTrusted", "src/main/java/acme/Http.java", ["+    public void checkServerTrusted(X509Certificate[] chain, String authType) {}"], "encryption"],
      ["kotlin empty checkServerTrusted", "app/src/main/java/acme/Http.kt", ["+    override fun checkServerTrusted(chain: Array<X509Certificate>, authType: String) {", "+    }"], "encryption"],
      ["android cleartext config", "app/src/main/res/xml/network_security_config.xml", ['+    <base-config cleartextTrafficPermitted="true" />'], "encryption"],
      ["iOS arbitrary loads", "App/Info.plist", ["+\t\t<key>NSAllowsArbitraryLoads</key>", "+\t\t<true/>"], "encryption"],
      ["python RSA 1024", "app/keys.py", ["+    key = rsa.generate_private_key(public_exponent=65537, key_size=1024)"], "encryption"],
      ["go RSA 1024", "internal/keys.go", ["+\tkey, err := rsa.GenerateKey(rand.Reader, 1024)"], "encryption"],
      ["java zero IV", "src/main/java/acme/Crypto.java", ["+        IvParameterSpec iv = new IvParameterSpec(new byte[16]);"], "encryption"],
      ["js fixed IV", "src/crypto.js", ["+  const iv = Buffer.from('0000000000000000');"], "encryption"],
      ["java Random token", "src/main/java/acme/Tokens.java", ["+        String token = Long.toHexString(new Random().nextLong());"], "encryption"],
      ["python random password", "app/users.py", ["+    password = ''.join(random.choice(string.ascii_letters) for _ in range(12))"], "encryption"],
      ["swift CryptoKit SHA256 of a password", "App/Auth.swift", ["+        let hashed = SHA256.hash(data: Data(password.utf8))"], "encryption"],
      ["java PBEWithMD5AndDES", "src/main/java/acme/Crypto.java", ['+    SecretKeyFactory f = SecretKeyFactory.getInstance("PBEWithMD5AndDES");'], "encryption"],
      ["python pbkdf2 with one iteration", "app/auth.py", ["+    dk = hashlib.pbkdf2_hmac('sha256', password, salt, 1)"], "encryption"],
      ["go bcrypt.MinCost", "internal/auth.go", ["+\thash, _ := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.MinCost)"], "encryption"],
      ["java SSLContext TLSv1", "src/main/java/acme/Tls.java", ['+    SSLContext ctx = SSLContext.getInstance("TLSv1");'], "encryption"],
      ["csharp SecurityProtocolType.Tls11", "Http.cs", ["+    ServicePointManager.SecurityProtocol = SecurityProtocolType.Tls11;"], "encryption"],
      ["okhttp cleartext", "app/src/main/java/acme/Net.kt", ["+        .connectionSpecs(listOf(ConnectionSpec.CLEARTEXT))"], "encryption"],
      ["js Math.random reset code", "src/reset.js", ["+  const resetCode = Math.floor(Math.random() * 1000000);"], "encryption"],
    ]);
  });

  it("stays quiet on real checks, strong keys, random IVs and secure generators", async () => {
    await check([
      ["checkServerTrusted delegates", "src/main/java/acme/Http.java", ["+    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {", "+        delegate.checkServerTrusted(chain, authType);", "+    }"], null],
      ["cleartext off", "app/src/main/res/xml/network_security_config.xml", ['+    <base-config cleartextTrafficPermitted="false" />'], null],
      ["RSA 2048", "app/keys.py", ["+    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)"], null],
      ["random IV", "src/crypto.js", ["+  const iv = crypto.randomBytes(16);", "+  const cipher = crypto.createCipheriv('aes-256-cbc', key, iv);"], null],
      ["node pbkdf2 with 100000 iterations and a 512-byte key", "src/data/profile.js", ['+        return crypto.pbkdf2Sync(config.cryptoKey, salt, 100000, 512, "sha512");'], null],
      ["node pbkdf2 with 1000 iterations", "src/auth.js", ["+  const dk = crypto.pbkdf2Sync(password, salt, 1000, 64, 'sha1');"], "encryption"],
      ["pbkdf2 with 600000 iterations", "app/auth.py", ["+    dk = hashlib.pbkdf2_hmac('sha256', password, salt, 600000)"], null],
      ["SSLContext TLS", "src/main/java/acme/Tls.java", ['+    SSLContext ctx = SSLContext.getInstance("TLSv1.3");'], null],
      ["SHA256 of a file", "App/Files.swift", ["+        let digest = SHA256.hash(data: fileData)"], null],
      ["secrets token", "app/users.py", ["+    token = secrets.token_urlsafe(32)"], null],
      ["Math.random jitter", "src/retry.js", ["+  const delay = base * Math.random(); // token bucket refill jitter"], null],
    ]);
  });
});

describe("audit trails taken out in more frameworks", () => {
  it("finds model history and activity logs removed, flow logs removed, nginx access logs and pgaudit turned off", async () => {
    await check([
      ["rails paper_trail removed", "app/models/account.rb", ["-  has_paper_trail", "   belongs_to :owner"], "logging"],
      ["django simple history removed", "app/models.py", ["-    history = HistoricalRecords()", "     name = models.CharField(max_length=80)"], "logging"],
      ["laravel activity log removed", "app/Http/Controllers/UserController.php", ["-        activity()->performedOn($user)->log('deleted');", "         $user->delete();"], "logging"],
      ["aws flow log removed", "network.tf", ['-resource "aws_flow_log" "vpc" {', "-  vpc_id = aws_vpc.main.id", "-}"], "logging"],
      ["nginx access_log off", "deploy/nginx.conf", ["+    access_log off;"], "logging"],
      ["pgaudit none", "deploy/postgresql.conf", ["+pgaudit.log = 'none'"], "logging"],
    ]);
  });

  it("stays quiet when the history moves and when access logs go to a file", async () => {
    await check([
      ["paper_trail reformatted", "app/models/account.rb", ["-  has_paper_trail", "+  has_paper_trail only: [:balance]"], null],
      ["nginx access_log to a file", "deploy/nginx.conf", ["+    access_log /var/log/nginx/access.log main;"], null],
    ]);
  });
});

describe("resources and services opened to everyone", () => {
  it("finds Principal * policies, endpoints with authorization NONE, open Firebase rules, data stores without authentication and framework auth blocks removed", async () => {
    await check([
      ["s3 policy principal *", "policy.json", ['+      "Effect": "Allow",', '+      "Principal": "*",', '+      "Action": "s3:GetObject",', '+      "Resource": "arn:aws:s3:::acme-exports/*"'], "access_mfa"],
      ["terraform principals *", "bucket.tf", ['+    effect = "Allow"', "+    principals {", '+      type        = "*"', '+      identifiers = ["*"]', "+    }"], "access_mfa"],
      ["lambda url without auth", "fn.tf", ['+  authorization_type = "NONE"'], "access_mfa"],
      ["firestore open", "firestore.rules", ["+      allow read, write: if true;"], "access_mfa"],
      ["mongod --noauth", "docker-compose.yml", ["+    command: mongod --noauth"], "access_mfa"],
      ["redis protected-mode off", "redis.conf", ["+protected-mode no"], "access_mfa"],
      ["elasticsearch security off", "config/elasticsearch.yml", ["+xpack.security.enabled: false"], "access_mfa"],
      ["postgres trust", "docker-compose.yml", ["+      POSTGRES_HOST_AUTH_METHOD: trust"], "access_mfa"],
      ["ktor authenticate block removed", "src/main/kotlin/acme/Routing.kt", ['-        authenticate("auth-jwt") {', '             get("/admin") { call.respond(stats()) }'], "access_mfa"],
      ["actix auth wrap removed", "src/main.rs", ["-            .wrap(HttpAuthentication::bearer(validator))", "             .service(admin_routes)"], "access_mfa"],
      ["echo jwt middleware removed", "internal/server.go", ["-\tadmin.Use(echojwt.WithConfig(cfg))", '\tadmin.GET("/users", listUsers)'.replace(/^/, " ")], "access_mfa"],
    ]);
  });

  it("stays quiet on conditioned policies, service principals, CORS preflight, authenticated rules and settings left on", async () => {
    await check([
      ["principal * with a VPC endpoint condition", "policy.json", ['+      "Effect": "Allow",', '+      "Principal": "*",', '+      "Action": "s3:GetObject",', '+      "Condition": { "StringEquals": { "aws:SourceVpce": "vpce-1" } }'], null],
      ["service principal", "policy.json", ['+      "Effect": "Allow",', '+      "Principal": { "Service": "lambda.amazonaws.com" },'], null],
      ["OPTIONS preflight", "api.tf", ['+  http_method   = "OPTIONS"', '+  authorization_type = "NONE"'], null],
      ["firestore signed-in users", "firestore.rules", ["+      allow read, write: if request.auth != null;"], null],
      ["redis protected-mode on", "redis.conf", ["+protected-mode yes"], null],
      ["ktor authenticate widened", "src/main/kotlin/acme/Routing.kt", ['-        authenticate("auth-jwt") {', '+        authenticate("auth-jwt", "auth-session") {'], null],
      ["logger middleware removed", "internal/router.go", ["-\tr.Use(middleware.Logger)", '\tr.Get("/", h)'.replace(/^/, " ")], null],
    ]);
  });
});

describe("whole requests and query values logged", () => {
  it("finds OkHttp and Ktor body logging, Hibernate bind tracing and log_statement = all, with its own message", async () => {
    await check([
      ["okhttp body", "app/src/main/java/acme/Net.kt", ["+        val logging = HttpLoggingInterceptor().apply { level = HttpLoggingInterceptor.Level.BODY }"], "logging"],
      ["ktor client LogLevel.ALL", "src/main/kotlin/acme/Client.kt", ["+    install(Logging) {", "+        level = LogLevel.ALL", "+    }"], "logging"],
      ["hibernate bind values", "src/main/resources/application.properties", ["+logging.level.org.hibernate.type.descriptor.sql=TRACE"], "logging"],
      ["postgres log_statement all", "deploy/postgresql.conf", ["+log_statement = 'all'"], "logging"],
    ]);
    const result = await review(input([{ path: "deploy/postgresql.conf", status: "modified", patch: "@@ -1,0 +1,1 @@\n+log_statement = 'all'" }]), configuration());
    expect(result.findings[0].message).toContain("Whole requests or query values written to logs");
  });

  it("stays quiet on debug-only body logging and basic levels", async () => {
    await check([
      ["okhttp body in debug builds", "app/src/main/java/acme/Net.kt", ["+        if (BuildConfig.DEBUG) {", "+            logging.level = HttpLoggingInterceptor.Level.BODY", "+        }"], null],
      ["okhttp basic", "app/src/main/java/acme/Net.kt", ["+        logging.level = HttpLoggingInterceptor.Level.BASIC"], null],
    ]);
  });
});

describe("automatic expiry taken away and entity properties", () => {
  it("finds TTL indexes and lifecycle expirations removed, DynamoDB TTL off, a purge CronJob suspended and Doctrine entity fields", async () => {
    await check([
      ["mongo TTL index removed", "src/models/event.js", ["-eventSchema.index({ createdAt: 1 }, { expireAfterSeconds: 2592000 });", " module.exports = mongoose.model('Event', eventSchema);"], "pii_retention"],
      ["s3 lifecycle expiration removed", "storage.tf", ["-    expiration {", "-      days = 30", "-    }"], "pii_retention"],
      ["dynamodb ttl off", "table.tf", ["+  ttl {", '+    attribute_name = "expires_at"', "+    enabled        = false", "+  }"], "pii_retention"],
      ["purge cronjob suspended", "k8s/purge-inactive-users.yaml", ["-  suspend: false", "+  suspend: true"], "pii_retention"],
      ["doctrine entity ssn", "src/Entity/Patient.php", ["+    #[ORM\\Column(length: 11)]", "+    private ?string $ssn = null;"], "pii_retention"],
    ]);
  });

  it("stays quiet on cache expiry, feature flags and other CronJobs", async () => {
    await check([
      ["cache TTL removed", "src/cache.js", ["-cacheSchema.index({ createdAt: 1 }, { expireAfterSeconds: 60 }); // cache", " module.exports = cacheSchema;"], null],
      ["feature flag off", "config/flags.yaml", ["+  new_checkout:", "+    enabled: false"], null],
      ["report CronJob suspended", "k8s/report.yaml", ["+kind: CronJob", "+spec:", "+  suspend: true"], null],
    ]);
  });
});

describe("actuator endpoints exposed", () => {
  it("finds every actuator endpoint exposed in properties, YAML and the environment", async () => {
    await check([
      ["properties include *", "src/main/resources/application.properties", ["+management.endpoints.web.exposure.include=*"], "access_mfa"],
      ["yaml include *", "src/main/resources/application.yml", ["+management:", "+  endpoints:", "+    web:", "+      exposure:", '+        include: "*"'], "access_mfa"],
      ["env variable", "docker-compose.yml", ["+      MANAGEMENT_ENDPOINTS_WEB_EXPOSURE_INCLUDE: '*'"], "access_mfa"],
    ]);
  });

  it("stays quiet on a short list of endpoints and on other include: * keys", async () => {
    await check([
      ["health and info only", "src/main/resources/application.properties", ["+management.endpoints.web.exposure.include=health,info"], null],
      ["files include *", "config/build.yml", ["+files:", '+  include: "*"'], null],
    ]);
  });
});
