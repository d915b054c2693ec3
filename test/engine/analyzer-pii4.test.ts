// Personal-data and encryption rule families generalised by kind (round 4): TLS verification turned off through any
// client option, hostname verifiers installed through setters, trust managers split over lines, storage encryption
// switched off inside its block, scheduled deletions of people's records unregistered, identity-document vocabulary,
// GraphQL types inside code and schema-builder objects. Every family has a positive and a harmless look-alike.
import { describe, expect, it } from "@jest/globals";
import { areasOf, check } from "./support/check-rule-cases.js";

describe("TLS verification turned off through a client option, whatever the library", () => {
  it("finds verify/validate/check/reject options set false and insecure/skip/ignore options set true", async () => {
    await check([
      ["Elasticsearch verify_certs", "utilities/elastic_config.py", ["+es = Elasticsearch([url], http_auth=(user, pw),", "+                   verify_certs=False, timeout=100)"], "encryption"],
      ["OpenSearch host name", "search/client.py", ["+    use_ssl=True,", "+    ssl_assert_hostname=False,"], "encryption"],
      ["Node agent option assigned", "src/lib/https-agent.js", ["+if (CA === '') {", "+    agentOptions.rejectUnauthorized = false;", "+}"], "encryption"],
      ["Ansible validate_certs", "roles/deploy/tasks/main.yml", ["+- name: fetch artefact", "+  get_url:", "+    url: https://repo.internal/app.tgz", "+    validate_certs: no"], "encryption"],
      ["PHP stream context", "src/Mail/Transport.php", ["+        'ssl' => [", "+            'verify_peer_name' => false,", "+        ],"], "encryption"],
      ["ignore SSL errors", "scraper/fetch.py", ["+client = Fetcher(ignore_ssl_errors=True)"], "encryption"],
      ["Terraform provider", "infra/k8s.tf", ["+provider \"helm\" {", "+  insecure_skip_tls_verify = true", "+}"], "encryption"],
      ["Node checkServerIdentity", "src/db/connect.ts", ["+  tls: { checkServerIdentity: () => undefined },"], "encryption"],
      ["aiohttp connector", "bot/http.py", ["+    conn = aiohttp.TCPConnector(limit=10, ssl=False)"], "encryption"],
      ["Faraday hash option", "lib/client.rb", ["+    conn = Faraday.new(url: base_url, ssl: { verify: false })"], "encryption"],
      ["Faraday setter", "lib/platform.rb", ["+      f.ssl[:verify] = false"], "encryption"],
      [".NET delegate", "src/Http/Client.cs", ["+            ServicePointManager.ServerCertificateValidationCallback = delegate { return true; };"], "encryption"],
      ["git in an image", "Dockerfile", ["+RUN git config --global http.sslVerify false"], "encryption"],
    ]);
  });

  it("stays quiet on verification left on, unrelated checks, browser automation and development-only switches", async () => {
    await check([
      ["verify_certs on", "utilities/elastic_config.py", ["+es = Elasticsearch([url], verify_certs=True, ca_certs=CA)"], null],
      ["Faraday verify on in production", "lib/platform.rb", ["+      f.ssl[:verify] = Rails.env.production?"], null],
      ["rejectUnauthorized true", "src/lib/https-agent.js", ["+    agentOptions.rejectUnauthorized = true;"], null],
      ["from configuration", "search/client.py", ["+    verify_certs=settings.ES_VERIFY_CERTS,"], null],
      ["a check interval", "config/monitor.yml", ["+tls_check_interval: 0"], null],
      ["revocation list", "src/Http/Handler.cs", ["+    handler.CheckCertificateRevocationList = false;"], null],
      ["client certificates optional", "config/server.yml", ["+  verify_client_cert: false"], null],
      ["Puppeteer", "scripts/screenshot.js", ["+const browser = await puppeteer.launch({ ignoreHTTPSErrors: true });"], null],
      ["skip set false", "infra/k8s.tf", ["+  insecure_skip_tls_verify = false"], null],
      ["development only", "src/lib/https-agent.js", ["+if (process.env.NODE_ENV === 'development') {", "+    agentOptions.rejectUnauthorized = false;", "+}"], null],
    ]);
  });
});

describe("verify=False in a token decode call", () => {
  it("is a skipped signature check (access), not TLS verification turned off", async () => {
    const { areas } = await areasOf("backend/core/helpers.py", ["+    return TokenBackend(algorithm='HS256').decode(token, verify=False)['user_id']"]);
    expect(areas).toEqual(["access_mfa"]);
  });
});

describe("hostname verifiers installed through a setter, trust managers split over lines", () => {
  it("finds a setter lambda that returns true and an empty checkServerTrusted declared over several lines", async () => {
    await check([
      ["Kotlin default verifier", "app/src/main/java/net/SSLUtil.kt", ["+            HttpsURLConnection.setDefaultHostnameVerifier { _, _ -> true }"], "encryption"],
      ["split trust manager", "app/src/main/java/net/UnsafeClient.kt", ["+                override fun checkServerTrusted(", "+                    chain: Array<X509Certificate>,", "+                    authType: String,", "+                ) { }"], "encryption"],
    ]);
  });

  it("stays quiet on a verifier that compares the host and a split trust manager that delegates", async () => {
    await check([
      ["pinned host", "app/src/main/java/net/SSLUtil.kt", ["+            builder.setHostnameVerifier { hostname, _ -> hostname == \"api.example.com\" }"], null],
      ["delegating trust manager", "app/src/main/java/net/PinningTrustManager.kt", ["+    override fun checkServerTrusted(", "+        chain: Array<X509Certificate>,", "+        authType: String", "+    ) {", "+        defaultTrustManager.checkServerTrusted(chain, authType)", "+    }"], null],
    ]);
  });
});

describe("storage encryption switched off inside its own block", () => {
  it("finds encrypt_at_rest and server_side_encryption blocks disabled, SQS SSE off and a Kinesis stream without encryption", async () => {
    await check([
      ["OpenSearch domain", "infra/search.tf", [" resource \"aws_elasticsearch_domain\" \"logs\" {", "+  encrypt_at_rest {", "+    enabled = false", "+  }"], "encryption"],
      ["DynamoDB table", "infra/table.tf", ["   server_side_encryption {", "-    enabled = true", "+    enabled = false", "   }"], "encryption"],
      ["SQS queue", "infra/queue.tf", [" resource \"aws_sqs_queue\" \"events\" {", "+  sqs_managed_sse_enabled = false"], "encryption"],
      ["Kinesis stream", "infra/stream.tf", [" resource \"aws_kinesis_stream\" \"clicks\" {", "+  encryption_type = \"NONE\""], "encryption"],
    ]);
  });

  it("stays quiet on encryption kept on and other blocks turned off", async () => {
    await check([
      ["kept on", "infra/search.tf", ["+  encrypt_at_rest {", "+    enabled = true", "+  }"], null],
      ["versioning off", "infra/bucket.tf", ["+  versioning {", "+    enabled = false", "+  }"], null],
      ["SQS SSE on", "infra/queue.tf", ["+  sqs_managed_sse_enabled = true"], null],
      ["Kinesis with KMS", "infra/stream.tf", ["+  encryption_type = \"KMS\""], null],
    ]);
  });
});

describe("scheduled deletion of people's records unregistered, in any scheduler", () => {
  it("finds node-cron, Laravel, Hangfire and Spring schedules whose removed body deletes users or customers", async () => {
    await check([
      ["node-cron body", "src/cron/deleteUnVerifiedUsers.js", [
        "-cron.schedule('0 0 * * *', async () => {", "-    const sixHoursAgo = new Date();", "-    sixHoursAgo.setHours(sixHoursAgo.getHours() - 6);", "-", "-    try {",
        "-        const deletedUsers = await User.destroy({ where: { isVerifiedEmail: false } })", "-    } catch (error) {}", "-})"], "pii_retention"],
      ["robfig/cron", "crons/DeleteExpiredUsers.go", ["-\t_, err := c.AddFunc(\"0 2 * * *\", func() { store.DeleteExpiredUsers() })"], "pii_retention"],
      ["Laravel command", "app/Console/Kernel.php", ["     {", "-        $schedule->command('users:delete-expired')->daily();", "     }"], "pii_retention"],
      ["Hangfire", "src/Startup.cs", ["-            RecurringJob.AddOrUpdate(\"purge\", () => service.PurgeInactiveCustomers(), Cron.Daily);"], "pii_retention"],
      ["Spring repository call", "src/main/java/app/CleanupService.java", ["-    @Scheduled(cron = \"0 0 */4 * * ?\")", "-    @Transactional", "-    public void purgeOldData() {", "-        userRepository.deleteByEnableFalse();", "-    }"], "pii_retention"],
    ]);
  });

  it("stays quiet on cache entries, deactivation, a moved schedule and a cleanup job added", async () => {
    await check([
      ["Redis keys", "server/cron/cron_jobs.go", ["     c := cron.New()", "-    c.AddFunc(\"0 30 * * * *\", model.CleanAllExpireRedisKey())", "     c.Start()"], null],
      ["cache entries", "src/cron/cache.js", ["-cron.schedule('0 * * * *', async () => {", "-  await UserCacheEntry.destroy({ where: { expired: true } })", "-})"], null],
      ["deactivation", "src/cron/inactive.js", ["-cron.schedule('0 0 * * *', async () => {", "-  await User.update({ active: false }, { where: { lastLogin: old } })", "-})"], null],
      ["schedule moved", "src/cron/users.js", ["-cron.schedule('0 0 * * *', async () => {", "-  await User.destroy({ where: { verified: false } })", "-})", "+cron.schedule('0 3 * * *', async () => {", "+  await User.destroy({ where: { verified: false } })", "+})"], null],
      ["added", "src/cron/users.js", ["+cron.schedule('0 0 * * *', async () => {", "+  await User.destroy({ where: { verified: false } })", "+})"], null],
    ]);
  });
});

describe("identity documents, criminal records and card holders in any schema language", () => {
  it("finds identity-card, residence-permit, voter-id, criminal-record and card-holder columns", async () => {
    await check([
      ["Laravel id card", "database/migrations/2023_03_05_add_fields_to_passports_table.php", ["+            $table->text('identification_card')->nullable();"], "pii_retention"],
      ["EF iqama", "Migrations/20240101_AddIqama.cs", ["+            migrationBuilder.AddColumn<string>(", "+                name: \"IqamaNumber\",", "+                table: \"Employees\","], "pii_retention"],
      ["SQL voter id", "db/migrations/0007_voters.sql", ["+ALTER TABLE citizens ADD COLUMN voter_id VARCHAR(20);"], "pii_retention"],
      ["Rails criminal record", "db/migrate/20240101_add_background.rb", ["+    add_column :applicants, :criminal_record, :text"], "pii_retention"],
      ["Prisma card holder", "prisma/schema.prisma", ["+  cardholderName String"], "pii_retention"],
    ]);
  });

  it("stays quiet on identifiers, placeholders and card ids that hold no one's document", async () => {
    await check([
      ["identifier", "db/migrations/0008_items.sql", ["+ALTER TABLE items ADD COLUMN identifier VARCHAR(64);"], null],
      ["placeholder", "db/migrate/20240101_add_placeholder.rb", ["+    add_column :forms, :placeholder_text, :string"], null],
      ["card id of a board", "db/migrate/20240102_add_card.rb", ["+    add_column :moves, :card_id, :integer"], null],
    ]);
  });
});

describe("GraphQL types inside code and schema-builder objects are data models, named where they are declared", () => {
  it("finds a gql template type and TypeBox / zod objects with sensitive fields", async () => {
    await check([
      ["gql template", "src/typeDefs/patient_type_defs.js", ["+const typeDefs = gql`", "+    type Patient {", "+        id: Int!", "+        gender: String!", "+        dateOfBirth: String!", "+    }", "+`"], "pii_retention"],
      ["typeDefs string", "api/typeDefs/patient.type.js", ["+const Patient = `", "+\ttype Patient {", "+\t\tbirthdate: Date!", "+\t\taddress: String!", "+\t}", "+`"], "pii_retention"],
      ["TypeBox", "src/schemas/ssnCredential.ts", ["+export const ssnSchema = Type.Object({", "+  ssn: Type.String({ format: 'ssn' }),", "+})"], "pii_retention"],
      ["Mongoose patient", "models/patient.js", ["+const patientSchema = mongoose.Schema({", "+  gender: { type: String, require: true },", "+  bloodType: { type: String },"], "pii_retention"],
      ["zod", "src/schemas/applicant.ts", ["+export const applicant = z.object({", "+  nationalId: z.string(),", "+})"], "pii_retention"],
    ]);
  });

  it("stays quiet on product types and account basics", async () => {
    await check([
      ["product gql", "src/typeDefs/product.js", ["+const typeDefs = gql`", "+  type Product {", "+    sku: String!", "+    price: Float!", "+  }", "+`"], null],
      ["Mongoose product", "models/Products.js", ["+const Product = new mongoose.Schema({", "+  gender: {", "+    type: String,", "+    enum: ['men', 'women', 'unisex'],", "+  },"], null],
      ["Mongoose product schema variable", "src/schema/product.schema.ts", ["+const productSchema = new mongoose.Schema({", "+  gender: { type: String, required: true },"], null],
      ["zod sign-up", "src/schemas/signup.ts", ["+export const signup = z.object({", "+  email: z.string().email(),", "+  name: z.string(),", "+})"], null],
    ]);
  });
});
