// The context-aware rule families: each kind of change the analyzer must see in real code (several languages and
// formats), and the look-alike beside it that must stay quiet.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("weak cryptography over several lines", () => {
  it("finds ECB through a constant concatenated into the transformation, and MD5/SHA-1 password hashing in many languages", async () => {
    await check([
      ["java ALGORITHM + /ECB/", "src/main/java/acme/Crypto.java", [
        ' private static final String ALGORITHM = "AES";',
        "+    Cipher cipher = Cipher.getInstance(ALGORITHM + \"/ECB/PKCS5Padding\");",
      ], "encryption"],
      ["java DES through a constant", "src/main/java/acme/Legacy.java", [
        ' private static final String TRANSFORMATION = "DESede";',
        "+        Cipher c = Cipher.getInstance(TRANSFORMATION);",
      ], "encryption"],
      ["kotlin MessageDigest MD5 then password", "app/src/main/kotlin/acme/Hasher.kt", [
        "+    fun hash(password: String): String {",
        '+        val md = MessageDigest.getInstance("MD5")',
        "+        return md.digest(password.toByteArray()).toHex()",
        "+    }",
      ], "encryption"],
      ["scala SHA-1 digest of a password via constant", "src/main/scala/acme/Auth.scala", [
        '   val HASH_ALGO = "SHA-1"',
        "+  def hashPw(pw: String) = {",
        "+    val d = MessageDigest.getInstance(HASH_ALGO)",
        "+    d.digest(pw.getBytes)",
      ], "encryption"],
      ["python hashlib md5 of a password", "app/auth/passwords.py", [
        "+def hash_password(raw_password):",
        "+    return hashlib.md5(raw_password.encode()).hexdigest()",
      ], "encryption"],
      ["go sha1 of a password", "internal/auth/hash.go", [
        "+func HashPassword(password string) string {",
        "+\th := sha1.New()",
        "+\th.Write([]byte(password))",
      ], "encryption"],
      ["php md5($password)", "src/User.php", ["+        $this->password = md5($password);"], "encryption"],
      ["c# MD5.Create for a password", "src/Auth/PasswordHasher.cs", [
        "+        using var md5 = MD5.Create();",
        "+        var hash = md5.ComputeHash(Encoding.UTF8.GetBytes(password));",
      ], "encryption"],
      ["ruby Digest::SHA1 password", "app/models/user.rb", ["+    self.crypted_password = Digest::SHA1.hexdigest(\"--#{salt}--#{password}--\")"], "encryption"],
      ["js createHash md5 then password on the next line", "src/auth/hash.js", [
        "+  return crypto.createHash('md5')",
        "+    .update(password)",
        "+    .digest('hex');",
      ], "encryption"],
    ]);
  });

  it("leaves checksums, cache keys, GCM and bcrypt alone", async () => {
    await check([
      ["python md5 of file contents", "app/storage/etag.py", ["+    etag = hashlib.md5(chunk).hexdigest()"], null],
      ["java AES/GCM", "src/main/java/acme/Crypto.java", ['+    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");'], null],
      ["js md5 cache key", "src/cache/key.ts", ["+  const key = createHash('md5').update(JSON.stringify(query)).digest('hex');"], null],
      ["python bcrypt", "app/auth/passwords.py", ["+    return bcrypt.hashpw(password.encode(), bcrypt.gensalt(12))"], null],
      ["legacy md5 check upgraded to bcrypt", "app/auth/login.py", [
        "+    if user.legacy_hash == hashlib.md5(password.encode()).hexdigest():",
        "+        user.password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
      ], null],
    ]);
  });
});

describe("cloud IAM granting everything", () => {
  it("finds Action * on Resource * in jsonencode, heredoc, JSON, CloudFormation and CDK, and owner roles on GCP, Azure and AWS", async () => {
    await check([
      ["terraform jsonencode", "infra/iam.tf", [
        "+  policy = jsonencode({",
        '+    Version = "2012-10-17"',
        "+    Statement = [{",
        '+      Effect   = "Allow"',
        '+      Action   = "*"',
        '+      Resource = "*"',
        "+    }]",
        "+  })",
      ], "access_mfa"],
      ["terraform heredoc with service wildcards", "infra/iam.tf", [
        "+  policy = <<EOF",
        '+  "Statement": [{ "Action": [',
        '+        "ec2:*",',
        '+        "s3:*"',
        "+      ],",
        '+      "Effect": "Allow",',
        '+      "Resource": "*"',
      ], "access_mfa"],
      ["cloudformation YAML lists", "cfn/roles.yaml", [
        "+          - Effect: Allow",
        "+            Action:",
        "+              - '*'",
        "+            Resource:",
        "+              - '*'",
      ], "access_mfa"],
      ["CDK PolicyStatement", "lib/stack.ts", [
        "+    role.addToPolicy(new iam.PolicyStatement({",
        "+      actions: ['*'],",
        "+      resources: ['*'],",
        "+    }));",
      ], "access_mfa"],
      ["GCP owner binding", "infra/gcp/iam.tf", [
        '+resource "google_project_iam_member" "ci" {',
        '+  role   = "roles/owner"',
        '+  member = "serviceAccount:${google_service_account.ci.email}"',
      ], "access_mfa"],
      ["Azure Owner role assignment", "infra/azure/rbac.tf", [
        '+resource "azurerm_role_assignment" "app" {',
        '+  role_definition_name = "Owner"',
        "+  principal_id         = azurerm_user_assigned_identity.app.principal_id",
      ], "access_mfa"],
      ["gcloud in a shell script", "scripts/bootstrap.sh", ["+gcloud projects add-iam-policy-binding $PROJECT --member=serviceAccount:$SA --role=roles/owner"], "access_mfa"],
      ["AWS AdministratorAccess attached", "infra/ci.tf", [
        '+resource "aws_iam_role_policy_attachment" "ci" {',
        '+  policy_arn = "arn:aws:iam::aws:policy/AdministratorAccess"',
      ], "access_mfa"],
    ]);
  });

  it("leaves read-only wildcards, scoped resources and Deny guard rails alone", async () => {
    await check([
      ["describe-only actions on *", "infra/readonly.tf", [
        '+      actions = ["ec2:Describe*", "s3:List*"]',
        '+      resources = ["*"]',
      ], null],
      ["Deny everything without MFA", "infra/guardrail.json", [
        '+    { "Effect": "Deny",',
        '+      "Action": "*",',
        '+      "Resource": "*",',
        '+      "Condition": { "BoolIfExists": { "aws:MultiFactorAuthPresent": "false" } } }',
      ], null],
      ["s3:* on one bucket", "infra/bucket.tf", [
        '+      Action   = ["s3:GetObject"]',
        '+      Resource = "arn:aws:s3:::acme-assets/*"',
      ], null],
    ]);
  });
});

describe("authorisation opened in framework configuration", () => {
  it("finds Spring permitAll on every request, DRF AllowAny, ASP.NET AllowAnonymous on data endpoints and unprotected dashboards", async () => {
    await check([
      ["spring anyRequest().permitAll()", "src/main/java/acme/SecurityConfig.java", ["+        http.authorizeHttpRequests(auth -> auth.anyRequest().permitAll());"], "access_mfa"],
      ["spring split over lines", "src/main/java/acme/SecurityConfig.java", [
        "+            .authorizeRequests()",
        "+            .anyRequest()",
        "+            .permitAll();",
      ], "access_mfa"],
      ["spring /** permitted", "src/main/java/acme/SecurityConfig.java", ['+                .antMatchers("/**").permitAll()'], "access_mfa"],
      ["DRF default AllowAny", "project/settings.py", [
        " REST_FRAMEWORK = {",
        "+    'DEFAULT_PERMISSION_CLASSES': ['rest_framework.permissions.AllowAny'],",
      ], "access_mfa"],
      ["DRF AllowAny on a records view", "patients/views.py", [
        " class PatientRecordViewSet(viewsets.ModelViewSet):",
        "+    permission_classes = [permissions.AllowAny]",
      ], "access_mfa"],
      ["ASP.NET AllowAnonymous on an export", "Controllers/ReportsController.cs", [
        "+        [AllowAnonymous]",
        "         [HttpGet(\"export\")]",
        "         public async Task<IActionResult> ExportAll()",
      ], "access_mfa"],
      ["Rails mount Sidekiq::Web", "config/routes.rb", [
        " Rails.application.routes.draw do",
        "+  mount Sidekiq::Web => '/sidekiq'",
      ], "access_mfa"],
      ["Rails mount PgHero", "config/routes.rb", ['+  mount PgHero::Engine, at: "pghero"'], "access_mfa"],
      ["Bull Board on express", "src/server.ts", ["+app.use('/admin/queues', serverAdapter.getRouter());"], "access_mfa"],
      ["Flower without auth", "docker-compose.yml", [
        "   flower:",
        "+    command: celery -A proj flower --port=5555",
      ], "access_mfa"],
    ]);
  });

  it("leaves public paths, sign-in views and dashboards behind authentication alone", async () => {
    await check([
      ["spring public paths then authenticated", "src/main/java/acme/SecurityConfig.java", [
        '+                .requestMatchers("/public/**", "/health").permitAll()',
        "+                .anyRequest().authenticated()",
      ], null],
      ["spring login page permitAll after authenticated", "src/main/java/acme/SecurityConfig.java", [
        "+                .anyRequest().authenticated()",
        "+                .and().formLogin().loginPage(\"/login\")",
        "+                .permitAll();",
      ], null],
      ["DRF AllowAny on the registration view", "accounts/views.py", [
        " class RegisterView(generics.CreateAPIView):",
        "+    permission_classes = [AllowAny]",
      ], null],
      ["ASP.NET AllowAnonymous on Login", "Controllers/AccountController.cs", [
        "+        [AllowAnonymous]",
        "         public IActionResult Login(string returnUrl = null)",
      ], null],
      ["Sidekiq inside authenticate", "config/routes.rb", [
        "   authenticate :user, ->(u) { u.admin? } do",
        "+    mount Sidekiq::Web => '/sidekiq'",
        "   end",
      ], null],
      ["GraphiQL in development only", "config/routes.rb", [
        "   if Rails.env.development?",
        '+    mount GraphiQL::Rails::Engine, at: "/graphiql", graphql_path: "/graphql"',
        "   end",
      ], null],
      ["Flower with basic auth", "docker-compose.yml", ["+    command: celery -A proj flower --basic_auth=${FLOWER_USER}:${FLOWER_PASSWORD}"], null],
      ["Bull Board behind a guard", "src/server.ts", ["+app.use('/admin/queues', ensureLoggedIn(), serverAdapter.getRouter());"], null],
    ]);
  });

  it("does not call a skipped login replaced by a stricter admin check in the same hunk a removal", async () => {
    await check([
      ["rails authenticate_user! replaced by authenticate_admin!", "app/controllers/reports_controller.rb", [
        " class ReportsController < ApplicationController",
        "-  before_action :authenticate_user!",
        "+  before_action :authenticate_admin!",
      ], null],
      ["django login_required replaced by staff_member_required", "reports/views.py", [
        "-@login_required",
        "+@staff_member_required",
        " def export(request):",
      ], null],
      ["express requireAuth replaced by requireAdmin", "src/routes/admin.ts", [
        "-router.get('/users', requireAuth, listUsers);",
        "+router.get('/users', requireAuth, requireAdmin, listUsers);",
      ], null],
    ]);
    // The plain removal is still found.
    await check([["rails authenticate_user! removed", "app/controllers/reports_controller.rb", [
      " class ReportsController < ApplicationController",
      "-  before_action :authenticate_user!",
      "   def index",
    ], "access_mfa"]]);
  });
});

describe("new sensitive columns", () => {
  it("finds national ids, dates of birth, health data, biometrics and card numbers in many schema languages", async () => {
    await check([
      ["SQL Server brackets", "db/migrations/V12__patients.sql", ["+ALTER TABLE [dbo].[Patients] ADD [SSN] NVARCHAR(11) NULL;"], "pii_retention"],
      ["Rails add_column", "db/migrate/20240101_add_dob.rb", ["+    add_column :patients, :date_of_birth, :date"], "pii_retention"],
      ["Django AddField over lines", "clinic/migrations/0007_patient_diagnosis.py", [
        "+        migrations.AddField(",
        "+            model_name='patient',",
        "+            name='diagnosis_code',",
        "+            field=models.CharField(max_length=16),",
      ], "pii_retention"],
      ["Prisma", "prisma/schema.prisma", ["+  nationalId  String?"], "pii_retention"],
      ["TypeORM migration with raw SQL", "src/migrations/1700000000000-AddCard.ts", ['+    await queryRunner.query(`ALTER TABLE "customer" ADD "card_number" character varying`);'], "pii_retention"],
      ["Alembic", "alembic/versions/3f2a_add_biometrics.py", ["+    op.add_column('users', sa.Column('fingerprint_template', sa.LargeBinary()))"], "pii_retention"],
      ["Liquibase YAML", "src/main/resources/db/changelog/changes/003-add-passport.yaml", [
        "+        - column:",
        "+            name: passport_number",
        "+            type: varchar(20)",
      ], "pii_retention"],
      ["EF Core migration", "Migrations/20240101_AddBloodType.cs", [
        "+            migrationBuilder.AddColumn<string>(",
        '+                name: "BloodType",',
        '+                table: "Patients",',
      ], "pii_retention"],
    ]);
  });

  it("leaves ordinary columns and renamed fields alone", async () => {
    await check([
      ["status column", "db/migrate/20240101_add_status.rb", ["+    add_column :orders, :status, :string"], null],
      ["renamed ssn column", "db/migrations/V13__rename.sql", [
        "-  ssn VARCHAR(11),",
        "+  ssn VARCHAR(11) NOT NULL,",
      ], null],
      ["Django AddField of a non-personal field", "shop/migrations/0008_order_note.py", [
        "+            model_name='order',",
        "+            name='shipping_method',",
      ], null],
    ]);
  });
});

describe("purge and retention jobs removed from schedulers", () => {
  it("finds the removal in cron, Celery beat, sidekiq-cron, whenever, Kubernetes CronJob and APScheduler", async () => {
    await check([
      ["crontab line", "deploy/crontab", ["-0 3 * * * /app/bin/purge_expired_accounts.sh", " 0 4 * * * /app/bin/backup.sh"], "pii_retention"],
      ["celery beat", "proj/celery.py", [
        " app.conf.beat_schedule = {",
        "-    'purge-deleted-users': {",
        "-        'task': 'accounts.tasks.purge_deleted_users',",
        "-        'schedule': crontab(hour=3, minute=0),",
        "-    },",
        " }",
      ], "pii_retention"],
      ["sidekiq-cron", "config/schedule.yml", [
        "-anonymize_inactive_customers:",
        '-  cron: "0 2 * * *"',
        '-  class: "AnonymizeInactiveCustomersJob"',
      ], "pii_retention"],
      ["whenever", "config/schedule.rb", [
        "-every 1.day, at: '4:30 am' do",
        "-  runner 'DataRetention.purge_expired_records'",
        "-end",
      ], "pii_retention"],
      ["kubernetes CronJob", "k8s/jobs.yaml", [
        "-apiVersion: batch/v1",
        "-kind: CronJob",
        "-metadata:",
        "-  name: gdpr-erasure",
        "-spec:",
        '-  schedule: "0 1 * * *"',
      ], "pii_retention"],
      ["APScheduler", "app/scheduler.py", [
        "-scheduler.add_job(delete_expired_user_data, 'cron', hour=2)",
        " scheduler.add_job(send_digest, 'cron', hour=8)",
      ], "pii_retention"],
    ]);
  });

  it("leaves cache purges and jobs that moved alone", async () => {
    await check([
      ["cache purge removed", "config/schedule.yml", ["-purge_cdn_cache:", '-  cron: "*/10 * * * *"', '-  class: "PurgeCdnCacheJob"'], null],
      ["job rescheduled", "deploy/crontab", ["-0 3 * * * /app/bin/purge_expired_accounts.sh", "+0 5 * * * /app/bin/purge_expired_accounts.sh"], null],
    ]);
  });
});

describe("personal data sent to error tracking and analytics", () => {
  it("finds sendDefaultPii, unmasked replays, and identity traits in identify/people.set calls", async () => {
    await check([
      ["sentry js sendDefaultPii", "src/instrument.ts", ["   Sentry.init({", "+    sendDefaultPii: true,"], "subprocessors"],
      ["sentry python send_default_pii", "app/settings.py", ["   sentry_sdk.init(", "+    send_default_pii=True,"], "subprocessors"],
      ["sentry setUser with email", "src/auth/session.ts", ["+  Sentry.setUser({ id: user.id, email: user.email });"], "subprocessors"],
      ["mixpanel people.set", "src/analytics.js", ["+  mixpanel.people.set({ $email: user.email, $name: user.fullName });"], "subprocessors"],
      ["segment identify over lines (ruby)", "app/services/tracking.rb", [
        "+    Analytics.identify(",
        "+      user_id: user.id,",
        "+      traits: { email: user.email, name: user.name }",
        "+    )",
      ], "subprocessors"],
      ["posthog identify python", "app/tracking.py", ["+    posthog.identify(user.id, {'email': user.email})"], "subprocessors"],
    ]);
  });

  it("leaves PII turned off and pseudonymous identify calls alone", async () => {
    await check([
      ["sendDefaultPii false", "src/instrument.ts", ["   Sentry.init({", "+    sendDefaultPii: false,"], null],
      ["identify with id and plan only", "src/analytics.ts", ["+  analytics.identify(user.id, { plan: account.plan });"], null],
      ["Sentry.setUser with id only", "src/auth/session.ts", ["+  Sentry.setUser({ id: user.id });"], null],
    ]);
  });
});

describe("customer data sent to an AI provider", () => {
  it("finds prompts built from customer or patient data where the client was created elsewhere", async () => {
    await check([
      ["anthropic python, client above the hunk", "app/support/summarise.py", [
        "     ticket = Ticket.objects.get(pk=ticket_id)",
        "+    response = client.messages.create(",
        '+        model="claude-sonnet-4-20250514",',
        "+        max_tokens=1024,",
        '+        messages=[{"role": "user", "content": f"Summarise this ticket: {ticket.body}"}],',
        "+    )",
      ], "ai_use"],
      ["openai node with patient notes", "src/clinical/triage.ts", [
        "+  const completion = await openai.chat.completions.create({",
        '+    model: "gpt-4o",',
        "+    messages: [{ role: \"user\", content: patient.notes }],",
        "+  });",
      ], "ai_use"],
      ["bedrock invoke_model with a customer message", "app/ai/bedrock.py", [
        "+    body = json.dumps({\"prompt\": customer_message, \"max_tokens\": 300})",
        "+    result = bedrock.invoke_model(modelId=\"anthropic.claude-v2\", body=body)",
      ], "ai_use"],
      ["gemini generateContent with user input", "src/chat.ts", ["+  const result = await model.generateContent(req.body.question);"], "ai_use"],
      ["go openai with a support thread", "internal/assist/reply.go", [
        "+\tresp, err := c.client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{",
        "+\t\tModel: openai.GPT4o,",
        "+\t\tMessages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: thread.Text}},",
      ], "ai_use"],
    ]);
  });

  it("leaves a demo with a fixed prompt and Twilio's messages.create alone", async () => {
    await check([
      ["fixed prompt demo", "examples/haiku.py", [
        "+    response = client.messages.create(",
        '+        model="claude-sonnet-4-20250514",',
        "+        max_tokens=200,",
        '+        messages=[{"role": "user", "content": "Write a haiku about the sea"}],',
        "+    )",
        "+    print(response.content[0].text)",
      ], null],
      ["fixed prompt in a constant", "scripts/smoke.ts", [
        ' const PROMPT = "Reply with the word pong";',
        "+  const r = await openai.chat.completions.create({ model: \"gpt-4o-mini\", messages: [{ role: \"user\", content: PROMPT }] });",
      ], null],
      ["twilio sms", "app/notify/sms.py", ["+    client.messages.create(to=user.phone, from_=settings.TWILIO_FROM, body=text)"], null],
    ]);
  });
});

describe("credentials, logs and new services read in context", () => {
  it("finds weak literal credentials in configuration and code, and keeps placeholders out", async () => {
    await check([
      ["terraform admin password", "infra/sql.tf", ['+  administrator_login_password = "AdminPassword123!"'], "secrets"],
      ["spring yaml password", "src/main/resources/application-prod.yml", ["+    password: 123456"], "secrets"],
      ["express session secret", "server.js", ["+  secret: 'keyboard cat',"], "secrets"],
      ["compose JWT secret", "deploy/docker-compose.yml", ["+      - JWT_SECRET=crapi"], "secrets"],
      ["HMAC key literal", "lib/sign.ts", ["+export const sign = (d: string) => crypto.createHmac('sha256', 'pa4qacea4VK9t9nGv7yZtwmj').update(d).digest('hex')"], "secrets"],
      ["kubernetes Secret data", "k8s/secret.yaml", ["+kind: Secret", "+data:", "+  azurestorageaccountkey: eElGMXpKYm5ub2pGTE1Ta0JwNTBteDAyckhz"], "secrets"],
    ]);
    await check([
      ["env reference", "deploy/values.yaml", ["+    password: ${DB_PASSWORD}"], null],
      ["placeholder", "config/mail.yaml", ["+    password: YourPass"], null],
      ["autocomplete field", "src/forms/signup.ts", ['+  password: "new-password",'], null],
      ["base64 of a change-me text", "config/application.yml", ["+        base64-secret: bXktc2VjcmV0LWtleS13aGljaC1zaG91bGQtYmUtY2hhbmdlZC1pbi1wcm9kdWN0aW9u"], null],
      ["password read from a form in code", "app/auth.py", ["+    password = request.form.get(\"password\")"], null],
    ]);
  });

  it("reads logging calls across lines; a logged password or token is a logging finding (the log now holds the credential)", async () => {
    await check([
      ["structured logger over lines", "src/auth/log.ts", ["+    logger({", "+      level: 'info',", "+      data: { email: request.email },", "+    })"], "logging"],
      ["laravel logger()->alert", "app/Observers/UserObserver.php", ["+        logger()->alert('user created',", "+        [", "+            'email' => $user->email,", "+        ]);"], "logging"],
      ["android Log.i of a password field", "app/src/main/java/acme/Login.java", ['+        Log.i("Password", passwordEditText.getText().toString());'], "logging"],
      ["token logged", "src/auth/refresh.ts", ["+  console.log(`refreshed ${accessToken}`);"], "logging"],
    ]);
    await check([
      ["last four digits only", "src/payment/charge.js", ["+  logger.info(`charged card ending ${cardNumber.substr(-4)}`);"], null],
    ]);
  });

  it("finds an error tracker or analytics SDK initialised in code, and the purge job dropped from a scheduler file", async () => {
    await check([
      ["sentry ruby initializer", "config/initializers/sentry.rb", ["+Sentry.init do |config|", '+  config.dsn = ENV["SENTRY_DSN"]', "+end"], "subprocessors"],
      ["posthog in the browser", "app/entry.client.tsx", ["+      posthog.init(config.key, { api_host: config.host });"], "subprocessors"],
      ["rust scheduled task", "crates/routes/src/utils/scheduled_tasks.rs", ["-      delete_old_denied_users(&mut context.pool())", "-        .await", "       .ok();"], "pii_retention"],
    ]);
    await check([
      ["sentry init only moved", "src/instrument.ts", ["-Sentry.init({ dsn })", "+Sentry.init({ dsn, tracesSampleRate: 0.1 })"], null],
    ]);
  });
});
