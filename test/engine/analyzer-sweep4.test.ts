// False-positive kinds found by reading every finding on the last commits of public repositories
// (fixtures/eval/real/dev/precision-round4.yaml): each with a look-alike the analyzer must leave alone and a change it
// must still find.
import { describe, it } from "@jest/globals";
import { expect } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { check } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

async function rulesFor(path: string, status: "removed" | "modified", lines: string[]): Promise<string[]> {
  const patch = `@@ -1,${lines.length} +${status === "removed" ? "0,0" : `1,${lines.filter((l) => !l.startsWith("-")).length}`} @@\n${lines.join("\n")}`;
  const result = await review(input([{ path, status, patch }]), configuration());
  return result.findings.map((f) => f.ruleId);
}

describe("encryption: look-alikes from real commits", () => {
  it("reads a storage-encryption switch already off among the removed lines as moved, not turned off", async () => {
    await check([
      ["realigned in a reformatted block", "examples/complete-mysql/main.tf", ["-  storage_encrypted = false", "+  storage_encrypted     = false", "+  multi_az              = true"], null],
    ]);
    await check([
      ["newly switched off", "examples/complete-mysql/main.tf", ["   allocated_storage = 20", "+  storage_encrypted = false"], "encryption"],
      ["switched from on to off", "modules/db/main.tf", ["-  storage_encrypted = true", "+  storage_encrypted = false"], "encryption"],
    ]);
  });

  it("does not read a deleted file's encryption settings as encryption removed from what remains", async () => {
    const example = ['-provider "aws" {', '-  region = local.region', "-}", '-resource "aws_ebs_volume" "this" {', "-  encrypted = true", "-  size      = 10", "-}"];
    expect(await rulesFor("examples/outposts/main.tf", "removed", example)).toEqual([]);
    expect(await rulesFor("examples/outposts/main.tf", "modified", example)).toContain("storage-encryption-removed");
  });

  it("leaves a command's --verify=false (a signature check) and a loopback database URL without TLS alone", async () => {
    await check([
      ["helm plugin signature check", ".github/workflows/ci.yaml", ['+        run: helm plugin install https://github.com/databus23/helm-diff --version "${VERSION}" --verify=false'], null],
      ["test container on 127.0.0.1", "oryx/sqlcon/dockertest/test_helper.go", ['+	return fmt.Sprintf("postgres://postgres:secret@127.0.0.1:%s/postgres?sslmode=disable", r.GetPort("5432/tcp"))'], null],
      ["CI service on localhost", ".github/workflows/ci.yaml", ['+      TEST_DATABASE_POSTGRESQL: "postgres://postgres:secret@localhost:5432/postgres?sslmode=disable"'], null],
    ]);
    await check([
      ["requests verify=False", "app/client.py", ['+    response = requests.get(url, verify=False)'], "encryption"],
      ["remote database without TLS", "internal/db/connect.go", ['+	dsn := fmt.Sprintf("postgres://%s:%s@db.internal.example.com:5432/app?sslmode=disable", user, pass)'], "encryption"],
    ]);
  });

  it("leaves a commented-out KMS key and a quoted VERIFY_NONE label alone", async () => {
    await check([
      ["commented-out placeholder removed", "examples/complete-mysql/main.tf", ["-  # kms_key_id        = \"arm:aws:kms:<region>:<account id>:key/<kms key id>\"", "+  multi_az = true"], null],
      ["diagnostics report label", "lib/lago/diagnostics.rb", ['+        fact("SSL verify mode", "VERIFY_NONE")', '+        fact("Connection timeout", "1s")'], null],
    ]);
    await check([
      ["KMS key removed", "modules/db/main.tf", ["-  kms_key_id        = var.kms_key_id", "   engine            = var.engine"], "encryption"],
      ["Ruby VERIFY_NONE constant", "lib/client.rb", ["+    http.verify_mode = OpenSSL::SSL::VERIFY_NONE"], "encryption"],
    ]);
  });

  it("knows Go's crypto/rand.Int(reader, max) from math/rand", async () => {
    await check([
      ["crypto/rand.Int with a reader", "internal/crypto/crypto.go", ["+func generateOtp(r io.Reader, digits int) string {", "+	val := must(rand.Int(r, big.NewInt(int64(upper))))", "+	otp := fmt.Sprintf(expr, val.String())"], null],
    ]);
    await check([
      ["math/rand.Intn making an OTP", "internal/otp/otp.go", ["+func GenerateOtp() string {", "+	otp := fmt.Sprintf(\"%06d\", rand.Intn(1000000))", "+	return otp"], "encryption"],
    ]);
  });
});

describe("personal data: look-alikes from real commits", () => {
  it("counts annotation-only attributes only in schema classes, not in a TypedDict or a plain class", async () => {
    await check([
      ["TypedDict of a serialized login", "allauth/account/models.py", ["+class _SerializedLogin(TypedDict):", "+    user_pk: str | None", "+    email: str | None", "+    phone: str | None", "+    redirect_url: str | None"], null],
      ["plain in-memory class", "allauth/socialaccount/models.py", [" class SocialLogin:", "     state: Dict", "+    phone: Optional[str]", "+    phone_verified: bool"], null],
    ]);
    await check([
      ["pydantic schema", "app/schemas.py", ["+class PatientCreate(BaseModel):", "+    full_name: str", "+    phone_number: str", "+    date_of_birth: date"], "pii_retention"],
      ["dataclass entity", "app/models.py", ["+@dataclass", "+class Customer:", "+    phone: str", "+    home_address: str"], "pii_retention"],
    ]);
  });

  it("does not read a wallet's or a peer's address as where someone lives", async () => {
    await check([
      ["web3 wallet address in a Go struct", "internal/metering/record.go", ["+type Web3Data struct {", "+	// Chain name (e.g., \"ethereum\", \"polygon\")", "+	Chain string `json:\"chain,omitempty\"`", "+	// Wallet address that signed the message", "+	Address string `json:\"address,omitempty\"`", "+	Domain string `json:\"domain,omitempty\"`", "+}"], null],
    ]);
    await check([
      ["customer's postal address", "internal/customers/customer.go", ["+type Customer struct {", "+	Name    string `json:\"name\"`", "+	Address string `json:\"address\"`", "+	Phone   string `json:\"phone\"`", "+}"], "pii_retention"],
    ]);
  });

  it("leaves schema dumps regenerated from migrations to the migrations", async () => {
    await check([
      ["Rails schema.rb", "db/schema.rb", ['+  create_table "diaper_drive_participants", id: :serial, force: :cascade do |t|', '+    t.string "contact_name"', '+    t.string "email"', '+    t.string "phone"', '+    t.string "address"'], null],
      ["Laravel schema dump", "database/schema/mysql-schema.sql", ["+CREATE TABLE `users` (", "+  `email` varchar(191) NOT NULL,", "+  `name_first` varchar(191) DEFAULT NULL,", "+  `phone` varchar(191) DEFAULT NULL,"], null],
    ]);
    await check([
      ["the migration itself", "db/migrate/20250913173217_create_diaper_drive_participants.rb", ["+    create_table :diaper_drive_participants do |t|", "+      t.string :contact_name", "+      t.string :email", "+      t.string :phone", "+      t.string :address"], "pii_retention"],
    ]);
  });
});

describe("retention: look-alikes from real commits", () => {
  it("does not read a stale-issue bot's days in CI configuration as data retention", async () => {
    await check([
      ["actions/stale in a workflow", ".github/workflows/issues.yml", ["-          days-before-stale: 90", "+          days-before-stale: 150"], null],
    ]);
    await check([
      ["application retention setting", "config/settings.yml", ["-  user_data_retention_days: 90", "+  user_data_retention_days: 365"], "pii_retention"],
    ]);
  });


  it("does not read a bundled library's SWIPE_THRESHOLD next to `interval:` as a deletion job", async () => {
    await check([
      ["bootstrap carousel in wwwroot/lib", "src/Web/wwwroot/lib/bootstrap/dist/js/bootstrap.js", ["-  const SWIPE_THRESHOLD = 40;", "-  const Default$a = {", "-    interval: 5000,", "-    keyboard: true,"], null],
      ["swipe outside a vendor folder", "src/carousel.js", ["-  const SWIPE_THRESHOLD = 40;", "-  const Default = {", "-    interval: 5000,"], null],
    ]);
    await check([
      ["a schedule entry that wipes old records", "config/schedule.yml", ["-wipe_old_records:", "-  cron: '0 3 * * *'", "-  class: WipeOldRecordsJob"], "pii_retention"],
    ]);
  });
});
