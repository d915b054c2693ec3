// Round 13: personal data in schemas and purge jobs taken out, from a batch of real code (pii-round13.yaml). A health
// condition stored under its own name (`hiv`, `diabetes`); the plain fields of a table named after an identity document
// or a card (a passport_data table's `number` and `series`); an institution's own contact details (a bank's phone) are
// not a person's; find's other age tests (`-mmin +$MAX_AGE`, -atime, -ctime, -execdir rm); and the documented purges of
// stored sessions (Django's clearsessions, activerecord-session_store's db:sessions:trim) taken out.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("health conditions named bare", () => {
  it("finds a condition stored as its own column", async () => {
    await check([
      ["Rails boolean", "db/migrate/20170519163512_add_profile_to_users.rb", ["   def change", "+    add_column :users, :hiv, :boolean"], "pii_retention"],
      ["Django field", "patients/models.py", [" class Patient(models.Model):", "+    diabetes = models.BooleanField(default=False)"], "pii_retention"],
      ["SQL column", "db/migrations/004_add_conditions.sql", ["+ALTER TABLE members ADD COLUMN hepatitis_b BOOLEAN;"], "pii_retention"],
      ["Prisma field", "prisma/schema.prisma", [" model Profile {", "+  epilepsy Boolean?"], "pii_retention"],
    ]);
  });

  it("leaves other words alone", async () => {
    await check([
      ["a boolean that is not a condition", "db/migrate/20170519163512_add_flags_to_users.rb", ["   def change", "+    add_column :users, :veteran_discount, :boolean"], null],
      ["a health check table", "db/migrations/018_health_check.sql", ["+CREATE TABLE health_check (", "+    status VARCHAR(32) NOT NULL", "+);"], null],
    ]);
  });
});

describe("identity documents and cards stored under plain field names", () => {
  it("reads number, series and expiry in a table or class named after the document", async () => {
    await check([
      ["Rails passport_data", "db/migrate/20220404163952_create_passport_data.rb", [
        "+    create_table :passport_data do |t|", "+      t.integer :series", "+      t.integer :number", "+      t.references :user, null: false, foreign_key: true",
      ], "pii_retention"],
      ["TypeORM Passport entity", "src/passports/passport.entity.ts", [
        "+@Entity({ name: 'passports' })", "+export class Passport {", "+  @Column({ type: 'int', nullable: false })", "+  number: number;",
      ], "pii_retention"],
      ["column added to an existing id_cards table", "db/migrations/012_id_card_expiry.sql", ["+ALTER TABLE id_cards ADD COLUMN expiry_date DATE;"], "pii_retention"],
      ["Django CreditCard model", "payments/models.py", [" class CreditCard(models.Model):", "+    number = models.CharField(max_length=19)"], "pii_retention"],
    ]);
  });

  it("leaves plain fields of other tables alone", async () => {
    await check([
      ["an invoice number", "db/migrate/20220404163952_create_invoices.rb", ["+    create_table :invoices do |t|", "+      t.integer :number", "+      t.string :series"], null],
      ["a software licence key table", "db/migrations/003_licenses.sql", ["+CREATE TABLE licenses (", "+  number VARCHAR(40) NOT NULL,", "+  expiry_date DATE", "+);"], null],
      ["a passport table's derived status", "db/migrate/20220404163952_create_passport_checks.rb", ["+    create_table :passport_checks do |t|", "+      t.integer :number"], null],
    ]);
  });
});

describe("institutions' own contact details", () => {
  it("skips a bank's or a hospital's phone and e-mail but keeps an IBAN", async () => {
    await check([
      ["Doctrine bank institution", "src/Entity/Bank.php", [" class Bank", " {", "+    private $phone;", "+", "+    private $site;"], null],
      ["hospital table", "db/migrations/007_hospitals.sql", ["+CREATE TABLE hospitals (", "+  name TEXT,", "+  phone_number TEXT,", "+  address TEXT", "+);"], null],
    ]);
    await check([
      ["IBAN on a Bank entity", "src/Entity/Bank.php", [" class Bank", " {", "+    /** @ORM\\Column(name=\"iban\", type=\"string\") */", "+    private $iban;"], "pii_retention"],
      ["a customer's phone", "db/migrations/007_customers.sql", ["+CREATE TABLE customers (", "+  phone_number TEXT", "+);"], "pii_retention"],
    ]);
  });
});

describe("purge jobs taken out: find's age tests and session purges", () => {
  it("finds the removal", async () => {
    await check([
      ["find -mmin with a variable", "scripts/clean_uploads.sh", ["-find $UPLOADS_DIR* -maxdepth 0 -mmin +$MAX_OLDEST_DIR_MIN -exec rm -rf {} \\;"], "pii_retention"],
      ["find -ctime -execdir rm", "bin/prune-exports", ["-find /srv/exports -type f -ctime +30 -execdir rm -- {} \\;"], "pii_retention"],
      ["Celery task calling clearsessions", "backend/users/tasks.py", ["-@celery_app.task", "-def clearsessions():", '-    management.call_command("clearsessions")'], "pii_retention"],
      ["crontab line", "deploy/crontab", ["-0 3 * * * cd /app && python manage.py clearsessions"], "pii_retention"],
      ["activerecord-session_store trim", "config/schedule.rb", ["-every 1.day do", "-  rake 'db:sessions:trim'", "-end"], "pii_retention"],
    ]);
  });

  it("leaves additions, temporary files and commented lines alone", async () => {
    await check([
      ["clearsessions task added", "backend/users/tasks.py", ["+@celery_app.task", "+def clearsessions():", "+    management.call_command('clearsessions')"], null],
      ["find on /tmp", "scripts/clean.sh", ["-find /tmp -type f -mmin +60 -delete"], null],
      ["commented crontab line", "deploy/crontab", ["-# 0 3 * * * cd /app && python manage.py clearsessions"], null],
      ["find with a younger-than test", "scripts/list.sh", ["-find $DIR -mmin -5 -print"], null],
    ]);
  });
});

describe("more schema languages", () => {
  it("reads Knex builders of any name, Mongoose arrays and $jsonSchema, Doctrine XML/YAML, Salesforce, BigQuery, CQL and JSON Schema", async () => {
    await check([
      ["Knex builder named t", "migrations/20200101_users.js", ["   return knex.schema.createTable('users', (t) => {", "+    t.string('ssn');", "+    t.date('date_of_birth');"], "pii_retention"],
      ["Knex builder named tbl", "db/migrations/20200101_patients.ts", ["   await knex.schema.alterTable('patients', (tbl) => {", "+    tbl.string('national_id').nullable();"], "pii_retention"],
      ["Mongoose array of strings", "models/user.js", [" const userSchema = new mongoose.Schema({", "+  medicalHistory: [String],"], "pii_retention"],
      ["MongoDB $jsonSchema validator", "db/validators/patients.js", ["   validator: { $jsonSchema: {", "     properties: {", "+        ssn: { bsonType: 'string' },"], "pii_retention"],
      ["Doctrine XML mapping", "config/doctrine/Customer.orm.xml", ['     <entity name="App\\Entity\\Customer">', '+        <field name="dateOfBirth" type="date" nullable="true"/>'], "pii_retention"],
      ["Doctrine YAML mapping", "config/doctrine/Customer.orm.yml", ["     fields:", "+        dateOfBirth:", "+            type: date"], "pii_retention"],
      ["Salesforce custom field", "force-app/main/default/objects/Contact/fields/SSN__c.field-meta.xml", ['+<CustomField xmlns="http://soap.sforce.com/2006/04/metadata">', "+    <fullName>SSN__c</fullName>", "+    <type>Text</type>"], "pii_retention"],
      ["BigQuery schema file", "schemas/customers.json", ['+  {"name": "date_of_birth", "type": "DATE", "mode": "NULLABLE"},'], "pii_retention"],
      ["BigQuery schema in Terraform", "bigquery.tf", ["   schema = <<EOF", '+  {"name": "ssn", "type": "STRING"},'], "pii_retention"],
      ["Cassandra table", "schema/patients.cql", [" CREATE TABLE patients (", "+  ssn text,"], "pii_retention"],
      ["JSON Schema document", "schemas/patient.schema.json", ['   "properties": {', '+    "dateOfBirth": {', '+      "type": "string",', '+      "format": "date"', "+    },"], "pii_retention"],
    ]);
  });

  it("leaves their look-alikes alone", async () => {
    await check([
      ["Knex call outside a migration", "src/forms/signup.js", ["+  form.string('ssn');"], null],
      ["Knex column of a product", "migrations/20200101_products.js", ["   return knex.schema.createTable('products', (t) => {", "+    t.string('gender');"], null],
      ["BigQuery type words in lower case (a form definition)", "forms/signup.json", ['+  {"name": "gender", "type": "select"},'], null],
      ["plain JSON data file", "data/people.json", ['+  "dateOfBirth": {', '+    "type": "string"', "+  },"], null],
      ["Doctrine XML id", "config/doctrine/Customer.orm.xml", ['+        <id name="id" type="integer"/>'], null],
      ["Salesforce field of an object's own status", "force-app/main/default/objects/Case/fields/Priority__c.field-meta.xml", ["+    <fullName>Priority__c</fullName>"], null],
    ]);
  });
});

describe("example applications", () => {
  it("reads an example or sample application's model, not a test's", async () => {
    await check([
      ["GORM model in an Example folder", "Example/backend/entity/Patient.go", [" type Patient struct {", " \tgorm.Model", "+\tBloodType \t\tstring", "+\tDrugAllergy \tstring"], "pii_retention"],
      ["model in samples/", "samples/clinic/models.py", [" class Patient(models.Model):", "+    diagnosis = models.TextField()"], "pii_retention"],
    ]);
    await check([
      ["model in a test folder", "tests/fixtures/models.py", [" class Patient(models.Model):", "+    diagnosis = models.TextField()"], null],
      ["spec file", "spec/models/patient_spec.rb", ["+      t.string :ssn"], null],
    ]);
  });
});

describe("spellings of identifiers and health fields", () => {
  it("reads variants of national ids, caste and run-together names", async () => {
    for (const name of ["aadharNumber", "ni_number", "emiratesId", "civilId", "taxFileNumber", "caste", "passportNo", "dateofbirth", "bloodgroup", "medicalhistory", "insurancePolicy"]) {
      await check([[name, "models/person.js", [" const PersonSchema = new mongoose.Schema({", `+  ${name}: String,`], "pii_retention"]]);
    }
  });

  it("leaves near words alone", async () => {
    for (const name of ["castle", "insuranceQuote", "castingRole", "bloodMoonEvent", "niche_number"]) {
      await check([[name, "models/person.js", [" const PersonSchema = new mongoose.Schema({", `+  ${name}: String,`], null]]);
    }
  });
});

describe("data objects by folder and file name", () => {
  it("reads a field added to a pojo, PO, persistence record or DTO without its class line in view", async () => {
    await check([
      ["pojo package", "src/main/java/com/x/pojo/Staff.java", ["     private String name;", "+    private String idCard;", "     private Integer age;"], "pii_retention"],
      ["UserPO class", "src/main/java/com/x/model2/StaffPO.java", ["     private String name;", "+    private String idCard;"], "pii_retention"],
      ["persistence record", "src/main/java/com/x/persistence/StaffRecord.java", ["     private String name;", "+    private LocalDate dateOfBirth;"], "pii_retention"],
      ["DTO folder", "src/Dto/StaffDto.php", ["     public string $name;", "+    public string $nationalId;"], "pii_retention"],
    ]);
  });

  it("leaves services and ordinary fields alone", async () => {
    await check([
      ["service class field", "src/main/java/com/x/service/StaffService.java", ["     private String name;", "+    private String idCard;"], null],
      ["pojo with a plain field", "src/main/java/com/x/pojo/Staff.java", ["     private String name;", "+    private Integer shift;"], null],
      ["repository file ending in po", "src/main/java/com/x/StaffRepo.java", ["     private String name;", "+    private String idCard;"], null],
    ]);
  });
});

describe("more classes named after people", () => {
  it("reads a KYC record, a staff member, a policyholder or a claimant declared anywhere", async () => {
    await check([
      ["TS KYC interface", "src/features/onboarding/kyc.ts", ["+export interface KycDetails {", "+  panNumber: string;", "+  aadhaarNumber: string;", "+}"], "pii_retention"],
      ["Kotlin policyholder", "app/src/main/java/x/insurance/Policyholder.kt", ["+data class Policyholder(", "+    val dateOfBirth: LocalDate,", "+)"], "pii_retention"],
      ["C# claimant", "src/Claims/Claimant.cs", ["+public class Claimant", "+{", "+    public string NationalInsuranceNumber { get; set; }"], "pii_retention"],
    ]);
  });

  it("leaves components and workers alone", async () => {
    await check([
      ["React component props", "src/components/StaffCard.tsx", ["+interface StaffCardProps {", "+  dateOfBirth: string;", "+}"], null],
      ["background worker", "src/workers/owner-sync.ts", ["+class OwnerSyncWorker {", "+  gender: string;", "+}"], null],
    ]);
  });
});

describe("default TTLs taken away", () => {
  it("finds a Cosmos DB or Cassandra default TTL removed", async () => {
    await check([
      ["Terraform Cosmos container", "infra/cosmos.tf", ['   partition_key_path = "/userId"', "-  default_ttl        = 2592000", " }"], "pii_retention"],
      ["Bicep/ARM defaultTtl", "infra/cosmos.bicep", ["       indexingPolicy: {", "-      defaultTtl: 86400", "     }"], "pii_retention"],
      ["Cosmos SDK", "src/Data/CosmosSetup.cs", ['         var props = new ContainerProperties("messages", "/userId");', "-        props.DefaultTimeToLive = 86400;"], "pii_retention"],
      ["Cassandra table option", "schema/messages.cql", ["   PRIMARY KEY (user_id, sent_at)", "-) WITH default_time_to_live = 2592000;", "+);"], "pii_retention"],
    ]);
  });

  it("leaves a TTL added or kept alone", async () => {
    await check([
      ["TTL added", "infra/cosmos.tf", ['   partition_key_path = "/userId"', "+  default_ttl        = 2592000"], null],
      ["TTL changed in place", "infra/cosmos.tf", ["-  default_ttl        = 2592000", "+  default_ttl        = 1296000"], null],
      ["Cassandra TTL of zero removed", "schema/messages.cql", ["-) WITH default_time_to_live = 0;", "+);"], null],
    ]);
  });
});

describe("tables that are health records by their name", () => {
  it("reads every field of a prescriptions, medical records or allergies table", async () => {
    await check([
      ["Rails prescriptions", "db/migrate/20240101_create_prescriptions.rb", ["+    create_table :prescriptions do |t|", "+      t.references :patient", "+      t.string :drug_name", "+      t.string :dosage"], "pii_retention"],
      ["Rails medical_records", "backend/db/migrate/20240318050828_medical_records.rb", ["+\t  create_table :medical_records do |t|", "+\t\tt.bigint :patient_id", "+\t\tt.text :description"], "pii_retention"],
      ["Django Allergy", "clinic/models.py", ["+class Allergy(models.Model):", "+    patient = models.ForeignKey(Patient, on_delete=models.CASCADE)", "+    reaction = models.TextField()"], "pii_retention"],
      ["field added to an existing lab results table", "db/migrations/014_lab_results_unit.sql", ["+ALTER TABLE lab_results ADD COLUMN reference_range TEXT;"], "pii_retention"],
    ]);
  });

  it("leaves keys, timestamps and user interfaces alone", async () => {
    await check([
      ["only keys and timestamps", "db/migrate/20240101_create_vaccinations.rb", ["+    create_table :vaccinations do |t|", "+      t.references :user", "+      t.timestamps"], null],
      ["a component listing symptoms", "src/components/SymptomList.tsx", ["+export function SymptomList({ items }) {", "+  const title = 'Symptoms';", "+}"], null],
      ["a drug catalogue", "db/migrate/20240101_create_medications.rb", ["+    create_table :medications do |t|", "+      t.string :brand_name", "+      t.decimal :price"], null],
    ]);
  });
});

// Tuned after the validation batch (pii-round13-validation.yaml) was scored and its misses read.
describe("after the validation batch: acronyms, a patient's condition, scheduled prune workers", () => {
  it("finds them", async () => {
    await check([
      ["Doctrine $iBAN", "src/ShopBundle/Entity/Bank.php", [" class Bank", " {", '+     * @ORM\\Column(name="IBAN", type="string", length=255)', "+     */", "+    private $iBAN;"], "pii_retention"],
      ["GORM patient condition", "models/patient.go", [" type Patient struct {", "+\tCondition string"], "pii_retention"],
      ["Django patient history", "clinic/models.py", [" class PatientRecord(models.Model):", "+    history = models.TextField(blank=True)"], "pii_retention"],
      ["sidekiq-scheduler prune worker removed", "app/workers/prune_diaries_worker.rb", ["-require 'sidekiq-scheduler'", "-", "-class PruneDiariesWorker", "-  include Sidekiq::Worker"], "pii_retention"],
    ]);
  });

  it("leaves look-alikes alone", async () => {
    await check([
      ["a product's condition", "models/listing.go", [" type Listing struct {", "+\tCondition string"], null],
      ["an order's history", "app/models.py", [" class Order(models.Model):", "+    history = models.TextField(blank=True)"], null],
      ["git prune in a cron script removed", "scripts/maintenance.sh", ["-0 4 * * * cd /srv/repo && git remote prune origin"], null],
      ["prune worker kept, its base class changed", "app/workers/prune_diaries_worker.rb", ["-class PruneDiariesWorker", "+class PruneDiariesWorker < ApplicationJob"], null],
    ]);
  });
});
