// From the round-18 blind data batch (data-round18-untuned.yaml), read after it was scored: a HashiCorp agent's audit
// stanza removed, a no-op checkServerIdentity written over lines, database client options with TLS left off, removed
// retention jobs named remove_expired/delete_user_data, Exposed table columns of other types, Plug's conn.params logged
// whole, and a request's whole environment logged. Each kind has a look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("round-18 blind data fixes", () => {
  it("a HashiCorp agent's audit stanza removed", async () => {
    await check([
      ["Nomad agent audit block taken out", "deploy/nomad/server.hcl", [
        " datacenter = \"dc1\"",
        "-audit {",
        "-  enabled = true",
        "-  sink \"audit\" {",
        "-    type = \"file\"",
        "-    path = \"/var/log/nomad/audit.json\"",
        "-  }",
        "-}",
      ], "logging"],
      ["look-alike: the stanza rewritten with another path", "deploy/nomad/server.hcl", [
        " datacenter = \"dc1\"",
        "-audit {",
        "+audit {",
        "   enabled = true",
        "   sink \"audit\" {",
        "     type = \"file\"",
        "-    path = \"/var/log/nomad/audit.json\"",
        "+    path = \"/srv/logs/nomad-audit.json\"",
      ], null],
    ]);
  });

  it("checkServerIdentity replaced by a function that returns nothing, over lines", async () => {
    await check([
      ["https agent with a no-op identity check", "src/clients/ledger.ts", [
        "+export const agent = new https.Agent({",
        "+  ca: fs.readFileSync(caPath),",
        "+  checkServerIdentity: (host, cert) => {",
        "+    return undefined;",
        "+  },",
        "+});",
      ], "encryption"],
      ["look-alike: identity check pinned to a fingerprint", "src/clients/ledger.ts", [
        "+export const agent = new https.Agent({",
        "+  checkServerIdentity: (host, cert) => {",
        "+    const err = tls.checkServerIdentity(host, cert);",
        "+    if (err) return err;",
        "+    if (cert.fingerprint256 !== PINNED) return new Error('pin mismatch');",
        "+  },",
        "+});",
      ], null],
    ]);
  });

  it("database client options with TLS left off", async () => {
    await check([
      ["knex production connection with ssl false", "src/db/knexfile.js", [
        "+module.exports = {",
        "+  client: 'pg',",
        "+  connection: {",
        "+    connectionString: process.env.DATABASE_URL,",
        "+    ssl: false,",
        "+  },",
        "+};",
      ], "encryption"],
      ["Strapi certificate check off by default", "config/database.js", [
        "+module.exports = ({ env }) => ({",
        "+  connection: {",
        "+    client: 'postgres',",
        "+    connection: {",
        "+      host: env('DATABASE_HOST'),",
        "+      ssl: { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', false) },",
        "+    },",
        "+  },",
        "+});",
      ], "encryption"],
      ["look-alike: a local database in a container", "src/db/knexfile.js", [
        "+module.exports = {",
        "+  client: 'pg',",
        "+  connection: {",
        "+    host: 'localhost',",
        "+    ssl: false,",
        "+  },",
        "+};",
      ], null],
      ["look-alike: ssl on by default", "config/database.js", [
        "+module.exports = ({ env }) => ({",
        "+  connection: {",
        "+    client: 'postgres',",
        "+    connection: {",
        "+      ssl: env.bool('DATABASE_SSL', true),",
        "+    },",
        "+  },",
        "+});",
      ], null],
    ]);
  });

  it("removed retention jobs named remove_expired / delete_user_data", async () => {
    await check([
      ["Celery task removing stale profiles removed", "accounts/tasks.py", [
        " from celery import shared_task",
        " ",
        "-@shared_task",
        "-def remove_stale_profiles():",
        "-    ProfileCleaner().run()",
      ], "pii_retention"],
      ["rq job deleting customer data removed", "ops/maintenance.py", [
        "-q = Queue('default', connection=Redis())",
        "-q.enqueue_call(func=jobs.delete_customer_data, args=(30,), job_id='nightly')",
      ], "pii_retention"],
      ["look-alike: the task renamed in the same change", "accounts/tasks.py", [
        " from celery import shared_task",
        " ",
        " @shared_task",
        "-def remove_stale_profiles():",
        "+def remove_stale_profiles(days=30):",
        "     ProfileCleaner().run()",
      ], null],
    ]);
  });

  it("Exposed table columns of any column type", async () => {
    await check([
      ["Exposed patients table with sex and date of birth", "server/src/main/kotlin/db/Patients.kt", [
        "+object Patients : LongIdTable() {",
        "+    val displayName = varchar(\"display_name\", 120)",
        "+    val sex = short(\"sex\")",
        "+    val hivPositive = bool(\"hiv_status\")",
        "+}",
      ], "pii_retention"],
      ["look-alike: a product table with a gender and a price", "server/src/main/kotlin/db/Products.kt", [
        "+object Products : IntIdTable() {",
        "+    val title = varchar(\"title\", 200)",
        "+    val gender = short(\"gender\")",
        "+    val price = decimal(\"price\", 10, 2)",
        "+    val sku = varchar(\"sku\", 40)",
        "+}",
      ], null],
    ]);
  });

  it("Plug's whole request params logged in Elixir", async () => {
    await expectArea("logging", [
      ["body params inspected into the log", "lib/shop_web/controllers/signup_controller.ex", [
        "+  def create(conn, _args) do",
        "+    Logger.debug(\"signup body: #{inspect(conn.body_params)}\")",
        "+    conn",
        "+  end",
      ]],
    ], true);
    await expectArea("logging", [
      ["look-alike: the request path and one id", "lib/shop_web/plugs/trace.ex", [
        "+  def call(conn, _opts) do",
        "+    Logger.info(\"#{conn.method} #{conn.request_path} order=#{conn.params[\"order_id\"]}\")",
        "+    conn",
        "+  end",
      ]],
    ], false);
  });

  it("a request's whole environment logged", async () => {
    await expectArea("logging", [
      ["Django request.META logged", "app/views/debug.py", [
        "+def callback(request):",
        "+    logger.info(\"callback meta %s\", request.META)",
        "+    return HttpResponse(status=204)",
      ]],
      ["Rack env logged", "app/controllers/sessions_controller.rb", [
        "+  def create",
        "+    Rails.logger.debug \"env: #{request.env.inspect}\"",
        "+  end",
      ]],
    ], true);
    await expectArea("logging", [
      ["look-alike: one header read off the env", "app/controllers/sessions_controller.rb", [
        "+  def create",
        "+    Rails.logger.info \"agent: #{request.env['HTTP_USER_AGENT']}\"",
        "+  end",
      ]],
    ], false);
  });
});
