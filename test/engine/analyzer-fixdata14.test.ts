// From the round-14 blind batch (mixed-round14-untuned.yaml), read after it was scored: a one-time code named in a log
// message, an e-mail's recipient read off the mail, a request's whole headers under any request variable name, Laravel's
// APP_KEY in a committed .env, Laravel columns written with spaces around the arrow (Indonesian NIK and birth date), a
// vehicle's licence and insurance numbers, and a managed database's host in a connection setting. Each has a look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("round-14 blind batch kinds (fixdata14)", () => {
  it("finds them", async () => {
    await check([
      ["a one-time code named in a NestJS log message", "src/identity/otp.service.ts", ["+    this.logger.log(`OTP for ${identifier} (${channel}): ${code}`);"], "logging"],
      ["a verification code concatenated into a Java log", "src/main/java/com/acme/VerifyService.java", ['+        log.debug("Verification code generated: " + verificationCode);'], "logging"],
      ["a 2FA code in a Python f-string", "app/auth/two_factor.py", ['+    logger.info(f"2FA code for user {user_id} is {code}")'], "logging"],
      ["an e-mail's recipient logged in a mail client", "src/main/java/com/crm/common/client/SqsEmailClient.java", ['+            log.info("Email queued to SQS for: {}", request.getTo());'], "logging"],
      ["a mail's recipients logged off the mail object", "app/services/notifier.py", ['+    logger.info("sent %s", mail.recipients)'], "logging"],
      ["every request header logged under another variable name", "foundation_service/api/v1/users.py", ['+        logger.warning(f"[reset_password] missing user id, headers: {dict(request_obj.headers)}")'], "logging"],
      ["every request header logged from an incomingRequest", "src/gateway.ts", ["+  console.log('headers', incomingRequest.headers);"], "logging"],
      ["Laravel's generated APP_KEY in a committed .env", ".env", ["+APP_NAME=Laravel", "+APP_ENV=local", "+APP_KEY=base64:m5p2YWtiGM2ySfc0c1gw0xp1uxhEObUT08XSO3QncYk=", "+APP_DEBUG=true"], "secrets"],
      ["a patient's NIK and birth date in a Laravel migration with spaced arrows", "database/migrations/2021_05_04_134655_create_pasien_table.php", [
        "+        Schema::create('pasien', function (Blueprint $table) {",
        "+            $table -> bigIncrements('id');",
        "+            $table -> string('nik');",
        "+            $table -> string('tempat_lahir');",
        "+            $table -> date('tgl_lahir');",
        "+        });",
      ], "pii_retention"],
      ["a driver's licence number in a drivers table", "src/db/schema.ts", [
        "+export const vehicleDrivers = pgTable(",
        "+  'vehicle_drivers',",
        "+  {",
        "+    licenseNumber: varchar('license_number', { length: 255 }).notNull(),",
        "+  },",
      ], "pii_retention"],
    ]);
  });

  it("leaves the look-alikes alone", async () => {
    await check([
      ["logging that an OTP was sent, with the user's id", "src/identity/otp.service.ts", ["+    this.logger.log(`OTP sent to user ${userId}`);"], null],
      ["an OTP failure with the error's code", "src/identity/otp.service.ts", ["+    this.logger.warn(`OTP delivery failed: ${err.code}`);"], null],
      ["a mail's message id logged in a mail client", "src/main/java/com/crm/common/client/SqsEmailClient.java", ['+            log.info("Email queued, message id {}", response.messageId());'], null],
      ["a count of recipients logged", "src/main/java/com/crm/common/client/SqsEmailClient.java", ['+            log.info("Sending to {} recipients", recipients.size());'], null],
      ["a range's end outside mail code", "src/report/range.ts", ["+  console.log('range end', range.to);"], null],
      ["one named harmless header", "app/api/users.py", ['+    logger.info(f"request id {request_obj.headers.get(\'X-Request-Id\')}")'], null],
      ["an empty APP_KEY", ".env", ["+APP_ENV=local", "+APP_KEY=", "+APP_DEBUG=true"], null],
      ["a generated APP_KEY in .env.example", ".env.example", ["+APP_KEY=base64:m5p2YWtiGM2ySfc0c1gw0xp1uxhEObUT08XSO3QncYk="], null],
      ["a placeholder APP_KEY", ".env", ["+APP_KEY=base64:YOUR_APP_KEY_HERE_GENERATED_BY_ARTISAN"], null],
      ["a medical-record number and names with spaced arrows", "database/migrations/2021_05_04_134655_create_kunjungan_table.php", [
        "+        Schema::create('kunjungan', function (Blueprint $table) {",
        "+            $table -> string('no_rm')->nullable();",
        "+            $table -> string('teknik');",
        "+        });",
      ], null],
      ["a vehicle's licence and insurance numbers", "src/common/drizzle/schema.ts", [
        "+export const vehicleLicenses = pgTable(",
        "+  'vehicle_licenses',",
        "+  {",
        "+    id: uuid().primaryKey().notNull(),",
        "+    vehicleId: uuid('vehicle_id').notNull(),",
        "+    licenseNumber: varchar('license_number', { length: 255 }).notNull(),",
        "+    insurancePolicyNumber: varchar('insurance_policy_number', { length: 255 }),",
        "+  },",
      ], null],
      ["a truck's registration in a fleet migration", "db/migrate/20240101_create_fleet_trucks.rb", [
        "+    create_table :fleet_trucks do |t|",
        "+      t.string :license_number",
        "+      t.string :insurance_policy_number",
        "+    end",
      ], null],
    ]);
  });

  it("keeps a managed database's host in a connection setting out of subprocessors, its password still a secret", async () => {
    const env = [
      "+PGHOST='ep-floral-resonance-a5ne96lj-pooler.us-east-2.aws.neon.tech'",
      "+PGDATABASE='telemed'",
      "+PGPASSWORD='8lo2xPrbJHBt'",
    ];
    await expectArea("subprocessors", [
      ["Neon's host as PGHOST", ".env", env],
      ["Upstash's host as REDIS_HOST in YAML", "config/app.yaml", ["+redis:", '+  host: "eu1-sharp-fox-31337.upstash.io"']],
    ], false);
    await expectArea("secrets", [["Neon's password beside its host", ".env", env]], true);
    await expectArea("subprocessors", [
      ["Neon's HTTP endpoint called from code", "src/db.ts", ["+const res = await fetch('https://console.neon.tech/api/v2/projects', { method: 'POST', body });"]],
    ], true);
  });
});
