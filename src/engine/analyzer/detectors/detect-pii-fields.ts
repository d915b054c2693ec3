// New personal-data fields in schemas, migrations and data models, in the usual schema languages (SQL including
// SQL Server's [brackets], Rails, Django models and migrations, SQLAlchemy/Alembic, Prisma, TypeORM, Sequelize,
// Knex, Laravel, JPA/Exposed, EF Core, GORM, Liquibase), grouped into one finding per file.
import type { RawFinding } from "../raw-finding.js";
import { candidateLines, type FileDiff } from "../file-diff.js";

const PII_NAME = /^(?:[a-z]+_)*?(?:email|email_address|phone|phone_number|mobile|mobile_number|telephone|date_of_birth|dob|birth_date|birthdate|birthday|home_address|street_address|postal_address|address|address_line_?\d|postcode|post_code|zip_?code|first_name|last_name|full_name|given_name|family_name|maiden_name|ip_address|last_login_ip|geolocation|salary|income|nationality|citizenship|place_of_birth|telefono|telefone|celular|direccion|endereco|indirizzo|domicilio|telefon|telefoon|telefonnummer|handynummer|movil|cellulare|nomor_hp|no_hp|adresse|adres|alamat|anschrift|dizhi)$/;
/**
 * Special categories and identifiers whose exposure does most harm, matched as words of the snake_case name:
 * national ids, dates of birth, health data (also as Spanish, Portuguese, Italian, French and German schemas name them), biometrics, genetic data, beliefs and orientation, card and bank numbers.
 * Health data includes a condition stored under its own name (`hiv`, `diabetes`, `hepatitis_b`, `epilepsy`): a flag or
 * note about one person's illness is health data in GDPR Art. 9 and HIPAA's sense.
 */
// National identity numbers also go by "personal (identity) number" (Sweden's personnummer, Norway's fodselsnummer,
// Denmark's CPR number, Finland's henkilotunnus, Estonia's isikukood, the Czech rodne cislo), as the Wikipedia article
// "National identification number" and Assently's format notes ("the Personal Number") name them.
const SENSITIVE_NAME = /(?:^|_)(?:ssn|social_security(?:_number)?|sin_number|national_(?:id|insurance|identity|identification|code)(?:_number|_no)?|nino|nin|nhs_(?:number|no)|abha\w*|mrn|social_?(?:security_?)?(?:number|num|no|id)|medicare_(?:number|id)|medicaid_(?:number|id)|aadhaar\w*|aadhar\w*|ni_(?:number|no)|emirates_id\w*|civil_id\w*|hkid|tax_file_number|tfn|ird_number|caste|sub_caste|cpf|bsn|pesel|nric|personnummer|personal_(?:identity_|identification_|id_)?number(?!_of(?:_|$))|personal_identity_code|henkilotunnus|isikukood|fodselsnummer|rodne_cislo|cpr_(?:number|nr|no)|curp|passport(?:_number|_no)?|passport_?(?:number|no|num)|dateofbirth|bloodgroup|bloodtype|medicalhistory|id_card(?:_number|_no)?|identity_card\w*|identification_(?:card|number|no|document)\w*|identity_(?:number|document)\w*|national_card\w*|voter_id\w*|residence_permit\w*|iqama\w*|igama\w*|visa_number|criminal_(?:record|history|conviction|offen[cs]e)s?|convictions?|card_?holder(?:_name)?|tax_(?:id|number|identifier)|taxpayer_id|tin|iban|bank_account(?:_number)?|account_number|routing_number|sort_code|credit_card(?:_number)?|card_number|card_no|cc_number|cvv|cvc|cvv2|card_security_code|drivers?_licen[cs]e(?:_number)?|driving_licen[cs]e(?:_number)?|licen[cs]e_number|date_of_birth|dob|birth_?date|date_?birth|birthday|born_on|gender|sex|sexual_orientation|ethnicity|ethnic_origin|race|religion|religious_\w+|political_\w+|health\w*|medical(?:_(?:record|history|condition|note|notes|data|info|information|detail|details|file|report|exam\w*|conditions|id|number)\w*)?|diagnos[ie]s\w*|diagnosis_code|icd_?10\w*|medications?|prescriptions?|allerg(?:y|ies)|blood_type|blood_group|disabilit(?:y|ies)|symptoms?|treatment_\w+|mental_health\w*|pregnan\w+|hiv|hiv_\w+|hepatitis\w*|diabet\w*|asthma\w*|epilep\w*|tuberculosis|hypertension|dementia|alzheimer\w*|psychiatric\w*|substance_abuse\w*|addictions?|vaccin\w*|illness\w*|diseases?(?:_\w+)?|insurance_(?:number|id|member_id|no|policy\w*|card\w*)|patient_(?!(?:id|uuid|pk|fk|key|ref|ids)(?:_|$))\w+|nrc|nic|biometric\w*|fingerprint\w*|face_(?:encoding|embedding|template|id|print|scan|image|vector)|facial_\w+|faceprint|voice_?print|iris_\w+|retina_\w+|genetic\w*|genome\w*|dna_\w+|trade_union\w*|nationality|citizenship|place_of_birth|rut|dni|nif|nie|cuil|cuit|codice_fiscale|seguro_social|numero_seguro_social|fecha_(?:de_)?nacimiento|lugar_(?:de_)?nacimiento|data_(?:de_)?nascimento|nascimento|sexo|genero|geburtsdatum|date_(?:de_)?naissance|numero_securite_sociale|nacimiento|f_nacimiento|fec_nac\w*|fecha_nac|dt_?nasc\w*|dta_?nasc\w*|data_nasc|geburtstag|geboortedatum|data_(?:di_)?nascita|nascita|data_urodzenia|urodzenia|dogum_tarih\w*|dogum_gunu|(?:tanggal|tgl|tlg|tempat)_lahir|ngay_sinh|chusheng_riqi|tc_?kimlik\w*|kimlik_(?:no|numarasi|numara)\w*|tckn|nik|no_ktp|ktp|(?:numero_)?seguridad_social|(?:numero_)?seguranca_social|identidade|(?:numero_|num_|nro_)?rg|cedula\w*|shenfenzheng\w*|sfzh|cccd|cmnd|rfc|steuer_?id\w*|sozialversicherungs\w*|codice_fiscale)(?:_|$)/;

const SQL_TYPE = String.raw`(?:VARCHAR2?|NVARCHAR2?|N?CHAR|CHARACTER(?:\s+VARYING)?|N?TEXT|CITEXT|CLOB|DATE|DATETIME\w*|TIMESTAMP\w*|TIME|INT\w*|BIGINT|SMALLINT|TINYINT|NUMERIC|NUMBER|DECIMAL|MONEY|FLOAT|REAL|DOUBLE|BYTEA|BLOB|VARBINARY|BINARY|IMAGE|JSONB?|UUID|INET|BOOL\w*|BIT|STRING|MEDIUMTEXT|LONGTEXT)\b`;
const CODE = ["js", "python", "go", "java", "ruby", "csharp", "php", "rust", "swift", "cpp"];

interface Definition {
  kinds: Set<string>;
  modelOnly: boolean;
  migrationOnly?: boolean;
  path?: RegExp;
  pattern: RegExp;
  /** Annotation-only attributes are fields only in a schema class; a plain class or a TypedDict holds values in memory. */
  schemaClassOnly?: boolean;
  /** `Type name,` lines are fields only between a Java record's parentheses; elsewhere they are method parameters. */
  recordComponent?: boolean;
  /** Bare `DateField(...)` is also a form or serializer field (WTForms, Django forms, DRF): those collect nothing into storage. */
  notInForm?: boolean;
  /** SQL column lines in code count only inside a CREATE TABLE statement (DDL held in a string literal). */
  inCreateTable?: boolean;
  /** A field object written over several lines counts only when its next line gives the field a data type. */
  typedNext?: boolean;
}

// Field definitions; the first defined group is the field name.
const DEFINITIONS: Definition[] = [
  { kinds: new Set(["sql"]), modelOnly: false, pattern: new RegExp(String.raw`^\s*(?:ALTER\s+TABLE\s+\S+\s+)?(?:ADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?)?[\x60"[]?([A-Za-z_]\w*)[\x60"\]]?\s+${SQL_TYPE}`, "i") },
  // A second column in the same ADD: `ADD [SSN] nvarchar(11), [DateOfBirth] date`.
  { kinds: new Set(["sql"]), modelOnly: false, pattern: new RegExp(String.raw`,\s*[\x60"[]?([A-Za-z_]\w*)[\x60"\]]?\s+${SQL_TYPE}`, "i") },
  // SQL inside code (TypeORM, Knex, Go and EF raw migrations): ADD [COLUMN] name TYPE.
  { kinds: new Set(CODE), modelOnly: false, pattern: new RegExp(String.raw`\bADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?\\?[\x60"[]?([A-Za-z_]\w*)\\?[\x60"\]]?\s+${SQL_TYPE}`, "i") },
  // DDL in a host-language string (a Python triple-quoted CREATE TABLE, a Go or JS template literal): its column lines.
  { kinds: new Set(CODE), modelOnly: false, inCreateTable: true, pattern: new RegExp(String.raw`^\s*[\x60"[]?([A-Za-z_]\w*)[\x60"\]]?\s+${SQL_TYPE}|,\s*[\x60"[]?([A-Za-z_]\w*)[\x60"\]]?\s+${SQL_TYPE}`, "i") },
  // Migrations that name the column in an argument: Django AddField(name='ssn'), EF AddColumn(name: "SSN"),
  // TypeORM new TableColumn({ name: "ssn" }), Liquibase YAML, JSON and XML changelogs.
  { kinds: new Set([...CODE, "yaml", "config"]), modelOnly: false, migrationOnly: true, pattern: /(?:^|[\s,({])["']?name["']?\s*[:=]\s*["']([A-Za-z_]\w*)["']|^\s*(?:-\s*)?name:\s*([A-Za-z_]\w*)\s*$|<column\b[^>]*\bname="([A-Za-z_]\w*)"/ },
  // graphql-ruby types and inputs: `field :birth_date, String, null: false`, `argument :ssn, String`.
  { kinds: new Set(["ruby"]), modelOnly: false, pattern: /^\s*(?:field|argument)\s+:(\w+)\s*,\s*(?:\[\s*)?(?:String|Int|Integer|Float|Boolean|ID|GraphQL::Types::\w+|Types::\w+)\b/ },
  { kinds: new Set(["ruby"]), modelOnly: false, pattern: /\bt\.(?:string|text|date|datetime|integer|bigint|binary|inet|jsonb?|citext|column|decimal|float|boolean|timestamp|uuid|blob)\s+[:"'](\w+)|\badd_column\s+[:"']\w+["']?,\s*[:"'](\w+)/ },
  { kinds: new Set(["python"]), modelOnly: false, pattern: /^\s*(\w+)\s*=\s*models\.\w+Field\b|^\s*(\w+)\s*(?::\s*Mapped\[[^\]]*\]\s*)?=\s*(?:db\.|sa\.|sqlalchemy\.)?(?:Column|mapped_column)\s*\(|\b(?:sa\.|sqlalchemy\.|db\.)?Column\(\s*["'](\w+)["']|\(\s*["'](\w+)["']\s*,\s*models\.\w+Field\b/ },
  // Fields imported by name or from other packages (Peewee `TextField()`, Tortoise `fields.DateField()`, MongoEngine,
  // django-localflavor `IBANField(...)`) on a model; form and serializer fields collect nothing into storage.
  { kinds: new Set(["python"]), modelOnly: true, notInForm: true, pattern: /^\s*(\w+)\s*=\s*(?!(?:forms|serializers|wtforms|filters)\.)(?:\w+\.)?[A-Z]\w*Field\s*\(/ },
  { kinds: new Set(["python"]), modelOnly: true, schemaClassOnly: true, pattern: /^\s+(\w+)\s*:\s*(?:Optional\[)?(?:EmailStr|str|date|datetime|constr\([^)]*\)|PhoneNumber)\b/ },
  // Prisma models, with every scalar type of the Prisma schema reference (a condition is often a Boolean flag).
  { kinds: new Set(["config"]), modelOnly: false, pattern: /^\s*(\w+)\s+(?:String|DateTime|Int|BigInt|Json|Bytes|Decimal|Boolean|Float)\??(?:\s|$)/ },
  { kinds: new Set(["js"]), modelOnly: false, pattern: /\btable\.(?:string|text|date|datetime|integer|specificType)\s*\(\s*["'](\w+)["']|\baddColumn\s*\(\s*["']\w+["']\s*,\s*["'](\w+)["']/ },
  // Knex migrations name the table builder as they like (`(t) =>`, `(tbl) =>`): its column methods, in a migration file.
  { kinds: new Set(["js"]), modelOnly: false, migrationOnly: true, pattern: /\b\w+\.(?:string|text|date|datetime|dateTime|timestamp|integer|bigInteger|boolean|decimal|float|double|uuid|jsonb?|enu|enum|specificType|binary)\s*\(\s*["'](\w+)["']/ },
  // Kysely and other query-builder schemas name the column first and its SQL type second: .addColumn('birth_date', 'date').
  { kinds: new Set(["js"]), modelOnly: false, pattern: /\.addColumn\s*\(\s*["'](\w+)["']\s*,\s*(?:["'](?:varchar|text|char|date|datetime|timestamp|timestamptz|time|integer|int[248]?|bigint|smallint|uuid|jsonb?|boolean|bool|numeric|decimal|real|double precision|bytea|blob|serial|bigserial)\b|sql\s*`)/ },
  { kinds: new Set(["js"]), modelOnly: true, pattern: /^\s*(?:@Column\([^)]*\)\s*)?(?:public\s+|private\s+|readonly\s+|declare\s+)*(\w+)[?!]?\s*:\s*(?:string|Date|number|String|Number|\{\s*type\s*:|\{\s*bsonType\s*:|\[\s*(?:String|Number|Date)\s*\]|DataTypes\.\w+|Sequelize\.\w+|(?:z|Joi|yup|v)\.(?:string|date|number|email)|Type\.(?:String|Number|Integer|Date|Optional)\s*\(|varchar\(|text\(|timestamp\(|date\()|^\s*(\w+)\s*:\s*\{\s*$/ },
  // Ecto migrations and schemas (Elixir): `add :phone, :string`, `field :date_of_birth, :date`.
  { kinds: new Set(["other"]), modelOnly: false, path: /\.exs?$/i, pattern: /^\s*(?:add|field)\s*\(?\s*:(\w+)\s*,/ },
  // Laravel's Blueprint column methods, also written with spaces around the arrow (`$table -> string('nik')`).
  { kinds: new Set(["php"]), modelOnly: false, pattern: /\$table\s{0,4}->\s{0,4}\w+\s{0,4}\(\s*["'](\w+)["']/ },
  // Doctrine and Eloquent-style typed properties on entities.
  { kinds: new Set(["php"]), modelOnly: true, pattern: /^\s*(?:public|private|protected)\s+(?:readonly\s+)?(?:\?\s*[\w\\]+\s+|[\w\\]+\s+)?\$(\w+)\s*[;=]/ },
  // Yii migrations (`$this->addColumn('{{%user}}', 'date_of_birth', $this->date())`, `'ssn' => $this->string()` in
  // createTable) and CodeIgniter's dbforge (`'ssn' => ['type' => 'VARCHAR']`).
  { kinds: new Set(["php"]), modelOnly: false, migrationOnly: true, pattern: /->addColumn\s*\(\s*["'][^"']*["']\s*,\s*["'](\w+)["']\s*,|^\s*["'](\w+)["']\s*=>\s*(?:\$this->\w+\s*\(|(?:\[|array\s*\()\s*["']type["']\s*=>)/ },
  // Kotlin properties also delegate to a table's column (Exposed DAO entities: `var birthDate by Customers.birthDate`).
  { kinds: new Set(["java"]), modelOnly: true, pattern: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:private|protected|public)\s+(?:final\s+)?[\w<>[\],]+\s+(\w+)\s*[;=]|^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:private|public|internal|protected|override|open|lateinit)\s+)*va[lr]\s+(\w+)\s*:\s*\w+|^\s*(?:(?:private|public|internal|protected|override|open)\s+)*va[lr]\s+(\w+)\s+by\s+[A-Z]\w*\s*\.\s*\w+\s*(?:\/\/.*)?$|\b(?:varchar|text|date|datetime|timestamp|integer|long|short|byte|bool|decimal|double|float|uuid|char|binary|blob|enumeration|enumerationByName)\s*\(\s*["'](\w+)["']|\bcolumn\[[^\]]+\]\s*\(\s*["'](\w+)["']|@Column\s*\(\s*name\s*=\s*["'](\w+)["']/ },
  // Groovy properties carry no access modifier: `String curp`, `Date fechaNacimiento` in a domain or persistence class.
  { kinds: new Set(["java"]), modelOnly: true, path: /\.groovy$/i, pattern: /^\s*(?:(?:final|static)\s+)?(?:String|Date|LocalDate|LocalDateTime|Integer|Long|int|long|BigDecimal|Boolean|boolean|Double|double|UUID)\s+(\w+)\s*(?:=(?!=).*)?$/ },
  // Java record components, one per line: `public record Patient(\n    String gender,\n    LocalDate birthDate\n) {`.
  { kinds: new Set(["java"]), modelOnly: true, recordComponent: true, pattern: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:final\s+)?[A-Z][\w.]*(?:<[\w<>, ?.]*>)?(?:\[\])?\s+(\w+)\s*(?:,|\)\s*(?:implements\b[^{]*)?\{?\s*\}?)?\s*$/ },
  { kinds: new Set(["go"]), modelOnly: false, pattern: /^\s*([A-Z]\w*)\s+[\w.*[\]]+\s+`[^`]*\b(?:json|gorm|db|bson):"/ },
  // GORM models declare fields without tags: `BloodType string` in a struct that embeds gorm.Model.
  { kinds: new Set(["go"]), modelOnly: true, pattern: /^\s*([A-Z]\w*)\s+\*?(?:string|time\.Time|int\d*|uint\d*|float\d*|\[\]byte|sql\.Null\w+|datatypes\.\w+)\s*(?:\/\/.*)?$/ },
  // C# properties, with C# 11's `required` and other modifiers, nullable and array types, and init-only setters.
  { kinds: new Set(["csharp"]), modelOnly: true, pattern: /^\s*public\s+(?:(?:required|virtual|override|new)\s+)*[\w<>?\[\].]+\s+(\w+)\s*\{\s*(?:get|init)\b/ },
  // Entity Framework migrations: EF6 `AddColumn("dbo.Users", "BirthDate", c => c.DateTime())` and `Ssn = c.String()` in
  // CreateTable, EF Core `Ssn = table.Column<string>(...)` in CreateTable.
  { kinds: new Set(["csharp"]), modelOnly: false, pattern: /\bAddColumn\s*\(\s*"[\w.]*"\s*,\s*"(\w+)"|^\s*(\w+)\s*=\s*(?:c\.(?:String|DateTime|DateTimeOffset|Int|Long|Short|Byte|Decimal|Double|Single|Boolean|Binary|Guid|Time)|table\.Column<[\w?]+>)\s*\(/ },
  // ent schemas (Go): `field.Time("date_of_birth")`.
  { kinds: new Set(["go"]), modelOnly: false, pattern: /\bfield\.(?:String|Text|Time|Int\d*|Uint\d*|Float\d*|Bool|Bytes|JSON|UUID|Enum|Other)\s*\(\s*"(\w+)"/ },
  // Diesel's table! macro (Rust): `date_of_birth -> Nullable<Date>,`.
  { kinds: new Set(["rust"]), modelOnly: false, pattern: /^\s*(\w+)\s*->\s*(?:Nullable<\s*)?(?:Varchar|Text|Date|Timestamp\w*|Time|Int[248]|BigInt|Integer|SmallInt|Bool|Bytea|Binary|Blob|Uuid|Numeric|Jsonb?|Citext|Inet)\b/ },
  // GRDB table definitions (Swift): `t.column("dateOfBirth", .date)`.
  { kinds: new Set(["swift"]), modelOnly: false, pattern: /\bt\.column\s*\(\s*"(\w+)"/ },
  // Hibernate mapping files and Core Data models: `<property name="ssn" .../>`, `<attribute name="dateOfBirth" ...>`.
  { kinds: new Set(["config"]), modelOnly: false, path: /\.hbm\.xml$/i, pattern: /<property\b[^>]*\bname="(\w+)"/ },
  { kinds: new Set(["other", "config"]), modelOnly: false, path: /\.xcdatamodel\/contents$/i, pattern: /<attribute\b[^>]*\bname="(\w+)"/ },
  // Dart: drift tables (`DateTimeColumn get dateOfBirth => dateTime()();`) and model classes (`final DateTime dateOfBirth;`,
  // freezed's `required DateTime dateOfBirth,`).
  { kinds: new Set(["other"]), modelOnly: false, path: /\.dart$/i, pattern: /^\s*\w+Column\s+get\s+(\w+)\s*=>/ },
  { kinds: new Set(["other"]), modelOnly: true, path: /\.dart$/i, pattern: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:required\s+|final\s+|late\s+)+(?:String|DateTime|int|double|num|bool|Uint8List)\??\s+(\w+)\s*[,;]/ },
  // Rust structs (serde, Diesel, SeaORM) and Swift models.
  { kinds: new Set(["rust"]), modelOnly: true, pattern: /^\s*(?:pub(?:\([\w:]+\))?\s+)?(\w+)\s*:\s*(?:Option<\s*)?(?:String|NaiveDate(?:Time)?|DateTime<\w+>|Date|i\d+|u\d+|Vec<u8>|Decimal|Uuid)\b/ },
  { kinds: new Set(["swift"]), modelOnly: true, pattern: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public\s+|private\s+)?(?:var|let)\s+(\w+)\s*:\s*(?:String|Date|Int|Data)\??\s*(?:$|=)/ },
  // Doctrine XML mapping files (`<field name="dateOfBirth" type="date"/>` in Customer.orm.xml).
  { kinds: new Set(["config"]), modelOnly: false, path: /\.(?:orm|dcm)\.xml$/i, pattern: /<field\b[^>]*\bname="(\w+)"/ },
  // Salesforce DX custom fields: objects/Contact/fields/SSN__c.field-meta.xml names the field `<fullName>SSN__c</fullName>`.
  { kinds: new Set(["config", "other"]), modelOnly: false, path: /\.field-meta\.xml$|\.object(?:-meta\.xml)?$/i, pattern: /<fullName>([A-Za-z]\w*?)(?:__c)?<\/fullName>/ },
  // BigQuery table schemas (JSON files, Terraform `schema = jsonencode(...)`, client code): a field object names its
  // column and one of BigQuery's upper-case types, `{"name": "date_of_birth", "type": "DATE", "mode": "NULLABLE"}`.
  { kinds: new Set([...CODE, "config", "yaml", "terraform", "other"]), modelOnly: false, path: /./, pattern: /"name"\s*:\s*"([A-Za-z_]\w*)"\s*,\s*"type"\s*:\s*"(?:STRING|BYTES|INTEGER|INT64|FLOAT|FLOAT64|NUMERIC|BIGNUMERIC|BOOLEAN|BOOL|TIMESTAMP|DATE|TIME|DATETIME|GEOGRAPHY|JSON|RECORD|STRUCT)"/ },
  // Cassandra CQL tables use SQL's column syntax (`ssn text,`).
  { kinds: new Set(["other"]), modelOnly: false, path: /\.cql$/i, pattern: new RegExp(String.raw`^\s*(?:ALTER\s+TABLE\s+\S+\s+)?(?:ADD\s+)?"?([A-Za-z_]\w*)"?\s+${SQL_TYPE}`, "i") },
  // GraphQL types and Protocol Buffers messages are schemas wherever they live.
  { kinds: new Set(["other"]), modelOnly: false, path: /\.(?:graphqls?|gql)$/i, pattern: /^\s*(\w+)\s*(?:\([^)]*\))?\s*:\s*\[?\s*\w+!?\s*\]?!?\s*(?:@\w+.*)?$/ },
  // Avro record schemas (and BigQuery field lists) written one key a line, in a .avsc file or a schema held in code
  // (a Kafka producer's schema string): `"name" : "birthdate",` then `"type" : "string"`.
  { kinds: new Set([...CODE, "config", "other"]), modelOnly: false, typedNext: true, path: /./, pattern: /^\s*"name"\s*:\s*"([A-Za-z_]\w*)"\s*,?\s*$/ },
  // Avro record schemas: `{"name": "date_of_birth", "type": ["null", "string"]}`.
  { kinds: new Set(["other"]), modelOnly: false, path: /\.avsc$/i, pattern: /"name"\s*:\s*"([A-Za-z_]\w*)"\s*,\s*"type"/ },
  { kinds: new Set(["other"]), modelOnly: false, path: /\.proto$/i, pattern: /^\s*(?:optional\s+|repeated\s+)?(?:string|bytes|int32|int64|uint32|uint64|google\.protobuf\.\w+)\s+(\w+)\s*=\s*\d+/ },
  // Perl Moose / Moo / Mouse object attributes: `has ssn => (is => 'rw', isa => 'Str');` (a class's stored field).
  { kinds: new Set(["other", "code"]), modelOnly: false, path: /\.p[ml]$/i, pattern: /^\s*has\s+["'+]?(\w+)["']?\s*=>\s*\(/ },
];

const COMMENT = /^\s*(?:\/\/|#|\*|\/\*|--)/;
/**
 * The name of an index or constraint (`add_index ..., name: "index_onchain_wallet_accounts_on_item_and_address"`,
 * `idx_users_email`, `chk_...`, `fk_...`), by the prefixes Rails, Django and SQL conventions give them: it names a lookup
 * over columns, not a column.
 */
const INDEX_NAME = /^(?:index|idx|ix|uniq|unique|uq|chk|ck|fk|pk)_/;
const ACCOUNT_BASICS = /^(?:[a-z]+_)*?(?:email|email_address|first_name|last_name|full_name|given_name|family_name|maiden_name)$/;
/** The table, model, schema or class a field belongs to, and the entities that are not people (a pet's birth date, a product's gender).
 * Schema objects are named where they are declared (`const productSchema = new Schema(`, mongoose.model("Product"),
 * Sequelize and Drizzle tables, GraphQL types). */
const ENTITY = /\bmodel_name\s*=\s*["'](\w+)|\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:\w+\.)?[\x60"[]?(\w+)|^\s*model\s+(\w+)\s*\{|\bclass\s+(\w+)|\bcreate_table\s+[:"'](\w+)|\bcreateTable\s*\(\s*["'](\w+)|\bALTER\s+TABLE\s+(?:\w+\.)?[\x60"[]?(\w+)|\b(?:const|let|var)\s+(\w+?)(?:_?schema)?\s*=\s*(?:new\s+)?(?:mongoose\.)?Schema\s*[<(]|\b(?:mongoose\.model|model|sequelize\.define|pgTable|mysqlTable|sqliteTable)\s*(?:<[^>]*>)?\s*\(\s*["'](\w+)|\b(?:const|let|var)\s+(\w+)\s*=\s*(?:pgTable|mysqlTable|sqliteTable)\s*\(\s*$|^\s*type\s+(\w+)\s*\{|^\s*type\s+(\w+)\s+struct\b/i;
/**
 * Tables and classes of things a business owns or runs (vehicle_licenses, fleet_trucks, equipment, properties): their
 * licence, insurance, registration and permit numbers are the asset's papers, as an institution's contact details are
 * its own. A person's word in the name (vehicle_drivers, employee_vehicles) keeps them a person's.
 */
const ASSET_WORD = /^(?:vehicles?|cars?|trucks?|vans?|buses|fleets?|equipments?|machines?|machinery|assets?|buildings?|propert(?:y|ies)|premises|business(?:es)?|compan(?:y|ies)|vessels?|boats?|ships?|aircrafts?|planes?|trailers?|motorcycles?|bikes?)$/;
const PERSON_WORD = /^(?:drivers?|employees?|users?|persons?|people|owners?|members?|customers?|clients?|patients?|staff|operators?|pilots?|students?|applicants?|contacts?|profiles?|accounts?)$/;
const ASSET_PAPER_FIELD = /(?:^|_)(?:licen[cs]e|insurance|registration|policy|permit|plate|vin|title|inspection)(?:_|$)/;
function assetPaper(entity: string, name: string): boolean {
  if (!ASSET_PAPER_FIELD.test(name)) return false;
  const words = toSnakeCase(entity).split("_");
  return words.some((w) => ASSET_WORD.test(w)) && !words.some((w) => PERSON_WORD.test(w));
}
const NON_PERSON = /^(?:pets?|animals?|dogs?|cats?|horses?|livestock|plants?|trees?|products?|items?|vehicles?|cars?|books?|films?|movies?|compan(?:y|ies)|organi[sz]ations?|breeds?|species|medications?|drugs?|medicines?|assets?\w*|locations?|devices?|servers?|hosts?|nodes?|networks?|beds?|rooms?|buildings?|facilit(?:y|ies)|sites?|warehouses?|stores?|shops?|channels?|pel[ií]culas?|filmes?|libros?|livros?|productos?|produtos?|canciones?|m[uú]sicas?|juegos?|jogos?|categor[ií]as?)$/i;
/**
 * A setting or a check about the data (`bsn_enabled`, `ssn_verified`, `phone_required`), not the data itself; or a switch
 * named by its verb or event (`onHealthIssue`, `includeHealthWarnings`, `supportsOnHealthIssue`, `show_phone`: Sonarr's notification flags).
 */
const SETTING_FLAG = /^(?:on|include|send|notify|show|hide|enable|disable|allow|supports?)_|_(?:enabled|disabled|enable|required|optional|visible|hidden|allowed|lookup|verified|confirmed|mandatory|editable)$/;
const DERIVED_VALUE = /^(?:hashed|digest)_|_(?:hash|hashed|digest|hmac|token|tokeni[sz]ed|masked|mask|last_?4|last_?four|suffix)$/;
/** Addresses of machines, networks and contracts, not of people. */
const MACHINE_ADDRESS = /(?:^|_)(?:middleware|server|host|network|mac|wallet|contract|smtp|callback|webhook|proxy|gateway|bind|listen|node|device|asset|base|remote|multicast|broadcast|bluetooth|hardware|pool|token|api|service|endpoint)_address$/;
/** Files that declare a data model whatever their path: Mongoose and TypeORM schemas, Sequelize models, SQLAlchemy/Django/Pydantic classes, Ecto schemas. */
const SCHEMA_MARKER = /\bnew\s+(?:mongoose\.)?Schema\s*[<(]|\bmongoose\.model\s*\(|@Entity\b|@ORM\\(?:Entity|Column)\b|#\[ORM\\(?:Entity|Column)\b|\bobject\s+\w+\s*:\s*(?:Int|Long|UUID)?(?:Id)?Table\s*\(|@(?:JsonSerializable|freezed|Collection|HiveType)\b|@Table\s*\(|@Document\b|@Schema\s*\(|^\s*gorm\.Model\s*$|\bsequelize\.define\s*\(|\$jsonSchema\b|\bDataTypes\.\w+|\bclass\s+\w+\s*\(\s*(?:BaseModel|models\.Model|db\.Model|SQLModel|Base|DeclarativeBase|Model|Document|DynamicDocument|EmbeddedDocument)\s*\)|^\s*schema\s+"\w+"\s+do\b|\buse\s+Ecto\.Schema\b|^\s*type\s+[A-Z]\w*\s*\{\s*$|\bType\.Object\s*\(|\b(?:z|Joi|yup|v)\.object\s*\(/m;

/**
 * Folders and file names that hold persistence and transfer objects beyond classify-file's model paths: Java's pojo/po/
 * vo/do/bean packages and their UserPO/UserVO/UserDO classes (the Alibaba Java guidelines' naming), persistence and orm
 * packages, records, DTOs. A field added there without its class line in view is still a field of a data object.
 */
/** A .NET (or Java/Gradle) project named for its models by the dotted convention: Chef.HRMS.Models/, Shop.Domain/, App.Data.Entities/. */
const MODEL_PROJECT_FOLDER = /(?:^|\/)[A-Za-z]\w*(?:\.\w+)*\.(?:Models?|Entities|Entity|Domain)\//;
const DATA_OBJECT_FOLDER = /(?:^|\/)(?:pojos?|po|vo|do|beans?|persistence|orm|records|dtos?|dataobjects?|jpa)\//i;
/** The role a data object's class name ends with (UserEntity, UserPO, StaffDto): the name before it is the entity's. */
const DATA_OBJECT_ROLE = "Entity|Model|Record|Pojo|POJO|PO|DO|VO|Bean|Dto|DTO";
const DATA_OBJECT_FILE = new RegExp(`[a-z](?:${DATA_OBJECT_ROLE})\\.(?:java|kt|cs|php|[cm]?[jt]s|go|py|rb|swift|dart|scala)$`);
const DATA_OBJECT_ROLE_SUFFIX = new RegExp(`(?<=[a-z])(?:${DATA_OBJECT_ROLE}|Schema)$`);
/** A class, data class, struct, record, interface or type named after a person (a Patient, a CustomerDto, an EmployeeEntity)
 * declares a data model or DTO in any language, whatever folder it sits in. */
const PERSON_DECLARATION = /^\s*(?:export\s+)?(?:(?:public|internal|private|abstract|sealed|final|open|partial|data|case)\s+)*(?:class|struct|record|interface|type)\s+\w*?(?:Patient|Customer|Employee|User|Member|Client|Applicant|Student|Person|Tenant|Guest|Candidate|Beneficiary|Subscriber|Citizen|Resident|Passenger|Traveller|Traveler|Driver|Donor|Kyc|KYC|Staff|Doctor|Nurse|Teacher|Parent|Borrower|Policyholder|PolicyHolder|Claimant|Volunteer|Athlete|Voter|Buyer|Seller|Owner|Contact)(?:Dto|DTO|Entity|Model|Data|Info|Record|Request|Response|Input|Profile|Details)?\b/m;
/**
 * JavaScript/TypeScript transfer objects (NestJS `dtos/` folders, `*.dto.ts`): the body an endpoint takes or returns, checked
 * by class-validator or documented by @ApiProperty, not a table. As in an API description, only the special categories count
 * there; the contact fields every customer or branch resource carries are reviewed where a model or migration stores them.
 */
const TRANSFER_OBJECT_PATH = /(?:^|\/)dtos?\/|[.-]dto\.[cm]?[jt]s$|[a-z](?:Dto|DTO)\.[cm]?[jt]s$/;
/** A class named for its role around an entity (UpdateOrganizationDto, OrganizationMetadataResponseDto, WarehouseResponse):
 * the word before the role names the entity. */
const ROLE_SUFFIXES = /(?:Metadata|Meta|Details|Info)?(?:Dto|DTO|Entity|Model|Request|Response|Input|Output|Payload|Schema)+$/;
function entityWord(entity: string): string {
  const stripped = entity.replace(ROLE_SUFFIXES, "");
  // Only a name with a role suffix, and with no person in it (PatientItem is a patient's record; CustomerProductDto a customer's).
  const words = toSnakeCase(stripped).split("_");
  if (stripped === entity || words.some((w) => PERSON_WORD.test(w) || PATIENT.test(w))) return "";
  return words[words.length - 1];
}
/** A TypeScript interface or type alias: a shape checked at compile time, not a class, table or schema. */
const TYPE_SHAPE = /^\s*(?:export\s+)?(?:declare\s+)?(?:interface|type)\s/;
const MODEL_DECLARATION = new RegExp(`${SCHEMA_MARKER.source}|${PERSON_DECLARATION.source}`, "m");
/** A gender or age group beside prices, SKUs and stock describes goods for sale (a frame for men), not a person. */
const PRODUCT_ATTRIBUTE = /^(?:gender|sex|age_group|target_gender)$/;
const PRODUCT_FIELD = /\b(?:price|m_?price|sku|product_?(?:id|type|ref\w*)|stock|discount_?price|productRefLink)\b["']?\s*[:=]/i;
/** OpenAPI and Swagger schemas (YAML, JSON, or @swagger/@openapi JSDoc blocks): a property is a name on its own line
 * followed by its `type:`, `format:` or `$ref`. */
const OPENAPI_MARKER = /\b(?:openapi|swagger)["']?\s*:\s*["']?\d|@(?:swagger|openapi)\b/;
const OPENAPI_PATH = /(?:swagger|openapi)[^/]*(?:\/|$)|(?:swagger|openapi)[\w.-]*\.(?:ya?ml|json|[cm]?[jt]s)$/i;
/** JSON Schema documents (`"$schema": "https://json-schema.org/..."`, *.schema.json) and Doctrine YAML mappings
 * (Customer.orm.yml: `dateOfBirth:` then `type: date`) declare properties the same way. */
const JSON_SCHEMA_PATH = /\.schema\.json$|\.(?:orm|dcm)\.ya?ml$/i;
const JSON_SCHEMA_MARKER = /"\$schema"\s*:\s*"https?:\/\/json-schema\.org\//;
const OPENAPI_PROPERTY = /^\s*(?:\*\s*)?["']?([A-Za-z_]\w*)["']?\s*:\s*\{?\s*$/;
const OPENAPI_DESCRIPTOR = /^\s*(?:\*\s*)?["']?(?:type|format|\$ref|allOf|oneOf)["']?\s*:/;

/**
 * A table or class named after an identity document or a payment instrument (passports, passport_data, IdCard,
 * driver_licenses, credit_cards, bank_accounts) holds that document's data under plain names: its `number`, `series`,
 * `serial`, `expiry_date` are the passport's number, series and expiry. Read only when such an entity is named in view.
 */
const DOCUMENT_ENTITY = /(?:^|_)(passports?|id_?cards?|identity_(?:cards?|documents?)|national_ids?|drivers?_licen[cs]es?|driving_licen[cs]es?|residence_permits?|visas?|credit_cards?|debit_cards?|payment_cards?|bank_accounts?|bank_cards?)(?:_(?:data|details|info|information|records?))?$/;
const DOCUMENT_WORD = /passport|id_?card|identity_?(?:card|document)|national_?id|licen[cs]e|permit|visa|credit_?card|debit_?card|payment_?card|bank_?account|bank_?card/i;
const DOCUMENT_FIELD = /^(?:number|num|no|nr|series|serial|serial_number|code|issue_date|issued_on|issued_at|date_of_issue|expiry|expiry_date|expiration_date|expires_on|valid_until|issued_by|issuing_authority|issuing_country|cvv|cvc|holder|holder_name)$/;
const DOCUMENT_FIELD_PREFILTER = /\b(?:number|num|no|nr|series|serial\w*|code|issue\w*|issued\w*|date_?of_?issue|dateOfIssue|expir\w*|expires\w*|valid_?until|validUntil|cvv|cvc|holder\w*)\b/gi;
/**
 * Tables and classes that are health records by their name (prescriptions, diagnoses, allergies, lab results,
 * vaccinations, medical histories, clinical notes): every field of them is health data, `dosage` and `notes` as much as
 * `diagnosis`. Keys and timestamps are not. Read only where such an entity is named in view.
 */
const HEALTH_ENTITY = /(?:^|_)(medical_records?|health_records?|medical_histor(?:y|ies)|patient_histor(?:y|ies)|diagnos[ie]s|prescriptions?|allerg(?:y|ies)|lab_results?|laboratory_results?|vaccinations?|immuni[sz]ations?|clinical_notes?|medical_notes?|progress_notes?|symptoms?|vital_signs?|vitals)$/;
const HEALTH_WORD = /medical_?records?|MedicalRecord|health_?records?|HealthRecord|medical_?histor|MedicalHistor|patient_?histor|PatientHistor|diagnos[ie]s|Diagnos[ie]s|prescription|Prescription|allerg|Allerg|lab_?results?|LabResult|laboratory_?results?|vaccination|Vaccination|immuni[sz]ation|Immuni[sz]ation|clinical_?notes?|ClinicalNote|medical_?notes?|MedicalNote|progress_?notes?|ProgressNote|symptoms?|Symptom|vital_?signs?|VitalSign|vitals|Vitals/;
const KEY_OR_TIMESTAMP = /^(?:id|uuid|pk|created_at|updated_at|deleted_at|created|updated|modified|created_on|updated_on|timestamps?|version|\w+_id|\w+_uuid|\w+_ids)$/;
/**
 * Institutions a table describes (a bank, a hospital, a school, an insurer): their phone, e-mail and address are the
 * institution's contact details, not a person's. Their sensitive fields (an IBAN, a patient's number) still count.
 */
const INSTITUTION = /^(?:banks?|hospitals?|clinics?|pharmac(?:y|ies)|schools?|universit(?:y|ies)|colleges?|insurers?|insurance_compan(?:y|ies)|agenc(?:y|ies)|branch(?:es)?|offices?|hotels?|restaurants?|suppliers?|vendors?|manufacturers?|brands?|institutions?|embass(?:y|ies)|consulates?|laborator(?:y|ies)|labs?)$/i;
const PATIENT = /patient|medical|health|clinical/i;
/** A patient's condition, history or complaint is health data under any name a clinic's schema gives it. */
const PATIENT_ENTITY = /patient/i;
/** An "ID number" column (id_number, id_no, idNumber): a person's national identity number where its table holds persons
 * or its neighbours name kinds of identity document (individual, passport); elsewhere an id of anything. */
const IDENTITY_NUMBER = /^id_?(?:number|no|num|nr)$/;
const PERSON_HOLDER = /client|customer|user|person|people|member|employee|patient|student|legal_entit|individual|contact|applicant|tenant|guest|driver|taxpayer|citizen/i;
const IDENTITY_CONTEXT = /passport|individual|national|citizen|identity|natural_person/i;
const PATIENT_HEALTH_FIELD = /^(?:conditions?|current_condition|history|past_history|complaints?|chief_complaint|illness(?:es)?|current_illness|ailments?)$/;
/**
 * Sensitive words in a sense that is not about a person: a service's health check (healthcheck_endpoint, health_probe),
 * a digest of non-personal data (connection_headers_fingerprint, ssh_key_fingerprint), a business's own contact
 * details (company_phone_number, store_email).
 */
const NOT_PERSONAL_SENSE = /(?:^|_)health_?(?:check|checks|z|probe|endpoint|url|uri|port|path|interval|timeout|monitor|monitoring|server)(?:_|$)|(?:^|_)healthcheck|(?:^|_)(?:key|keys|cert|certificate|header|headers|information|info|config|configuration|schema|file|content|request|response|client|connection|server|host|ssh|pgp|gpg|tls|ssl|token|session|build|asset|cache|device|browser|visitor|canvas|audio|projection|query|event|error|exception|issue|job|task|payload|message|commit|source|url|etag|document|record|row|span|trace|log|bundle|package|image|code)_fingerprint(?:_|$)|^(?:company|business|organi[sz]ation|org|store|shop|office|branch|support|merchant)_(?:phone|phone_number|telephone|mobile|email|email_address|address|fax|website)$/;
/** A bare `address` next to words of machines and networks (a wallet's, a peer's, a server's), or typed as a network
 * address (Go's net.IPNet, netip.Addr, Java's InetAddress, Python's IPv4Address), is not where someone lives. */
const MACHINE_CONTEXT = /\b(?:wallets?|chain|blockchain|ethereum|web3|network|contract|ip|ipv[46]|host(?:name)?|port|peer|socket|mac|smtp|server|endpoint|node|bind|listen)\b|\b(?:net\.IP\w*|netip\.\w+|IPNet|IPAddr|IPAddress|InetAddress|IPv[46]Address|IPNetwork|IPv[46]Interface)\b/i;
/** The class line of a Python class, and the bases that make it a schema (Pydantic, SQLModel, ORM bases, serializers, forms). */
const PY_CLASS = /^\s*class\s+\w+\s*(?:\(([^)]*)\))?\s*:/;
const PY_SCHEMA_BASE = /Model|Schema|Base\b|Document|Serializer|Form|Struct|Entity|Input|Request|Payload|Record/;
/** Classes and imports of forms and serializers, whose fields are inputs and outputs, not stored columns. */
const PY_FORM_BASE = /Form\b|Serializer\b|FilterSet\b|\bSchema\b|Admin\b|\bforms\.|\bserializers\./;
const PY_FORM_IMPORT = /^\s*(?:from\s+(?:wtforms|flask_wtf|django\.forms|django\s+import\s+forms|rest_framework|marshmallow)\b|import\s+(?:wtforms|marshmallow)\b)/m;
const PY_DECORATED_SCHEMA = /^\s*@(?:dataclass|dataclasses\.dataclass|attr\.s|attrs\.define|define|strawberry\.\w+|pydantic\.\w+)\b/;
/** Schema dumps regenerated from the migrations (Rails schema.rb and structure.sql, Laravel's schema:dump, pg_dump and
 * mysqldump output): the migration that adds a column is where it is reviewed. */
const SCHEMA_DUMP_PATH = /(?:^|\/)db\/(?:schema\.rb|structure\.sql)$|(?:^|\/)database\/schema\/[\w-]+-schema\.(?:sql|dump)$/;
/** Code generated from a .proto file (protoc, protobuf-elixir, protoc-gen-go, grpc-tools): the .proto is where a field
 * is added and reviewed; its generated copies in each language repeat it. */
const GENERATED_PROTOBUF_PATH = /\.pb\.(?:ex|go|dart|ts|js|swift|cc|h|rb)$|_pb2(?:_grpc)?\.pyi?$|_pb\.(?:rb|js|d\.ts)$|\.pb\.gw\.go$/;
/** Client SDKs generated from the API's own schema (sdk/python/..., sdks/typescript/...): the server's model is where a field is added. */
const GENERATED_SDK_PATH = /(?:^|\/)sdks?\/(?:python|typescript|ts|js|javascript|node|go|golang|java|kotlin|ruby|php|csharp|dotnet|rust|swift)\//i;
/**
 * A key pointing at another table's row (`credit_card_id INT`, `bank_account_id` with a foreign key): the sensitive
 * data sits in that table, where it is reviewed. Identifiers that are the value itself (tax_id, national_id) are not keys.
 */
// A JSON-schema property typed as a number (Objection's jsonSchema `bankAccountId: { type: 'number' }`) holds a row's id.
const REFERENCE_TYPE = /\b(?:INT\w*|BIGINT|SMALLINT|UUID|ForeignKey|references|REFERENCES|foreignId|foreignIdFor|belongs_to|ManyToOne|OneToOne|JoinColumn)\b|\btype["']?\s*:\s*["']number["']/i;
const VALUE_IDENTIFIER = /(?:^|_)(?:tax|national|voter|insurance|medicare|medicaid|patient|identity|visa|social_security|social|passport|id_card|nhs|abha|aadhaar)_id$/;
/** The table's own key (`allergy_id` auto-incremented in the allergy table) makes a table of that data: not a reference. */
const OWN_KEY = /\bautoIncrement\b|\bAUTO_INCREMENT\b|\bprimaryKey\b|\bPRIMARY\s+KEY\b|\b(?:BIG)?SERIAL\b|\bIDENTITY\b/i;
function referenceKey(name: string, text: string): boolean {
  return /_id$/.test(name) && !VALUE_IDENTIFIER.test(name) && SENSITIVE_NAME.test(name.slice(0, -3)) && REFERENCE_TYPE.test(text) && !OWN_KEY.test(text);
}
/** TypeScript declaration files (`types/db.d.ts` written by kysely-codegen or supabase gen types) repeat the schema the
 * migration defines; the migration is where a column is reviewed. */
const DECLARATION_FILE = /\.d\.ts$/;
/** Tables of security telemetry (sessions, audit trails, login attempts, access logs): an IP address or user agent there
 * records where a sign-in came from, kept for security; the finding is for tables of people's data. */
const TELEMETRY_TABLE = /(?:^|_)(?:sessions?|audits?|audit_logs?|audit_trails?|login_attempts?|logins|access_logs?|auth_logs?|activity_logs?|events?|requests?|visits?|devices?)$/i;
const TELEMETRY_FIELD = /^(?:ip|ip_address|ip_addr|last_login_ip|user_agent|remote_addr|remote_ip|client_ip)$/;
const SCHEMA_DUMP_MARKER = /^-- Dumped from database version|^-- MySQL dump \d|^\/\*!40101 SET\b|^-- (?:Table structure|Dumping data) for table\b|\bActiveRecord::Schema(?:\[[\d.]+\])?\.define\b/m;
/** Migration operations that remove, rename or alter a column: the name they carry is not newly collected data. */
const NOT_AN_ADDITION = /\b(?:RemoveField|AlterField|RenameField|RemoveIndex|AddIndex|RemoveConstraint|DeleteModel|DropColumn|dropColumn|removeColumn|RenameColumn|renameColumn|AlterColumn|alterColumn|drop_column|remove_column|rename_column|alter_column|dropIndex|createIndex)\b/;

function insideRemoval(diff: FileDiff, index: number): boolean {
  for (let i = index, seen = 0; i >= 0 && seen < 4; i--) {
    const line = diff.lines[i];
    if (line.kind === "-") continue;
    if (NOT_AN_ADDITION.test(line.text)) return true;
    if (i < index && /\b(?:AddField|CreateModel|AddColumn|addColumn|add_column|create_table|createTable)\b/.test(line.text)) return false;
    seen++;
  }
  return false;
}

function entityOf(diff: FileDiff, index: number): string | undefined {
  for (let i = index; i >= 0 && i > index - 60; i--) {
    const line = diff.lines[i];
    if (line.kind === "-") continue;
    const m = ENTITY.exec(line.text);
    if (m) return m.slice(1).find((g) => g !== undefined);
  }
  return undefined;
}
/** The last word of a file's name without its extensions and role suffixes: parent-pet.schema.ts -> pet, DogEntity.java -> dog,
 * GetCurrentOrganizationResponse.dto.ts -> organization. */
function fileEntityWord(path: string): string {
  const stem = toSnakeCase((path.slice(path.lastIndexOf("/") + 1).split(".")[0] ?? "").replace(DATA_OBJECT_ROLE_SUFFIX, "").replace(ROLE_SUFFIXES, ""));
  return stem.slice(Math.max(stem.lastIndexOf("_"), stem.lastIndexOf("-")) + 1);
}
/** Whether an annotation-only attribute sits in a schema class: false for a plain class, a TypedDict, a Protocol, an Enum. */
function inSchemaClass(diff: FileDiff, index: number): boolean {
  for (let i = index - 1; i >= 0 && i > index - 60; i--) {
    const line = diff.lines[i];
    if (line.kind === "-") continue;
    const m = PY_CLASS.exec(line.text);
    if (!m) continue;
    if (m[1] && !/\b(?:TypedDict|Protocol|NamedTuple|Enum|StrEnum|IntEnum|Exception|Error)\b/.test(m[1]) && PY_SCHEMA_BASE.test(m[1])) return true;
    const above = i > 0 ? diff.lines[i - 1] : undefined;
    return above !== undefined && above.kind !== "-" && PY_DECORATED_SCHEMA.test(above.text) && !/\bTypedDict\b/.test(m[1] ?? "");
  }
  return true; // no class line in view: keep the model-file judgement
}

/** Whether the line sits in a form or serializer class, or, with no class line in view, in a file that imports forms. */
function inFormClass(diff: FileDiff, index: number): boolean {
  for (let i = index - 1; i >= 0 && i > index - 60; i--) {
    const line = diff.lines[i];
    if (line.kind === "-") continue;
    const m = PY_CLASS.exec(line.text);
    if (m) return PY_FORM_BASE.test(m[1] ?? "");
  }
  return PY_FORM_IMPORT.test(diff.added.text);
}

const OPENAPI_DEFINITION: Definition = { kinds: new Set(), modelOnly: false, pattern: OPENAPI_PROPERTY };

/** An Avro or BigQuery field's type on its own line: a union, a nested type, or a data type (not a form input's "text" or "email"). */
const DATA_TYPE_LINE = /^\s*"type"\s*:\s*(?:\[|\{|"(?:string|int|long|float|double|boolean|bytes|null|record|enum|array|map|fixed|STRING|BYTES|INTEGER|INT64|FLOAT|FLOAT64|NUMERIC|BOOLEAN|BOOL|TIMESTAMP|DATE|DATETIME|TIME|RECORD|STRUCT|JSON)")/;
function typedNext(diff: FileDiff, index: number): boolean {
  for (let i = index + 1; i < diff.lines.length && i <= index + 3; i++) {
    if (diff.lines[i].kind === "-") continue;
    return DATA_TYPE_LINE.test(diff.lines[i].text);
  }
  return false;
}

/** Whether the next line describes the property (`type:`, `format:`, `$ref`): a schema property, not a plain key. */
function describedNext(diff: FileDiff, index: number): boolean {
  for (let i = index + 1; i < diff.lines.length && i <= index + 3; i++) {
    if (diff.lines[i].kind === "-") continue;
    return OPENAPI_DESCRIPTOR.test(diff.lines[i].text);
  }
  return false;
}

const CREATE_TABLE = /\bCREATE\s+(?:(?:GLOBAL\s+|LOCAL\s+)?TEMP(?:ORARY)?\s+)?TABLE\b/i;
/** Whether the line sits in a CREATE TABLE statement: one opens at or above it, and no statement or string ends between. */
function insideCreateTable(diff: FileDiff, index: number): boolean {
  for (let i = index; i >= 0 && i > index - 60; i--) {
    const line = diff.lines[i];
    if (line.kind === "-") continue;
    if (line.text.length > 2000) return false;
    if (CREATE_TABLE.test(line.text)) return true;
    if (i < index && /;|"""|'''|`/.test(line.text)) return false;
  }
  return false;
}

const RECORD_HEADER = /\brecord\s+\w+\s*(?:<[^>]*>)?\s*\(/;
/** Whether the line sits between `record Name(` and the parenthesis that closes its components. */
function insideRecordHeader(diff: FileDiff, index: number): boolean {
  for (let i = index - 1; i >= 0 && i > index - 40; i--) {
    const line = diff.lines[i];
    if (line.kind === "-") continue;
    if (RECORD_HEADER.test(line.text)) return true;
    if (/[);{}]/.test(line.text)) return false;
  }
  return false;
}

function nearProductFields(diff: FileDiff, index: number): boolean {
  for (let i = Math.max(0, index - 15); i <= Math.min(diff.lines.length - 1, index + 15); i++) {
    if (diff.lines[i].kind !== "-" && diff.lines[i].hunk === diff.lines[index].hunk && PRODUCT_FIELD.test(diff.lines[i].text)) return true;
  }
  return false;
}

function nearMachineWords(diff: FileDiff, index: number): boolean {
  for (let i = Math.max(0, index - 2); i <= Math.min(diff.lines.length - 1, index + 2); i++) {
    if (i !== index && diff.lines[i].kind !== "-" && MACHINE_CONTEXT.test(diff.lines[i].text)) return true;
  }
  return false;
}
/** Whether a non-removed line of the hunk within 15 lines of `index` (the line itself aside) matches `words`. */
function wordsNear(diff: FileDiff, index: number, words: RegExp): boolean {
  for (let i = Math.max(0, index - 15); i <= Math.min(diff.lines.length - 1, index + 15); i++) {
    if (i !== index && diff.lines[i].kind !== "-" && diff.lines[i].hunk === diff.lines[index].hunk && diff.lines[i].text.length <= 2000 && words.test(diff.lines[i].text)) return true;
  }
  return false;
}
/**
 * Whether the file's fingerprints are of browsers, devices or data: its lines (any hunk) speak of user agents, IPs,
 * sessions, headers or digests, and none of biometrics. Read once per file.
 */
const deviceFingerprints = new WeakMap<FileDiff, boolean>();
function fingerprintOfDevice(diff: FileDiff): boolean {
  let device = deviceFingerprints.get(diff);
  if (device === undefined) {
    let deviceWords = false;
    let biometricWords = false;
    for (const line of diff.lines) {
      if (line.kind === "-" || line.text.length > 2000) continue;
      deviceWords ||= DEVICE_CONTEXT.test(line.text);
      biometricWords ||= BIOMETRIC_CONTEXT.test(line.text);
    }
    device = deviceWords && !biometricWords;
    deviceFingerprints.set(diff, device);
  }
  return device;
}
const FINGERPRINT_NAME = /(?:^|_)fingerprint(?:_|$)/;
const BIOMETRIC_NAME = /biometric|finger_?print_(?:template|image|scan|minutiae|data)|(?:^|_)(?:left|right|thumb|index|finger)_/;
/** Words of a browser, device or request fingerprint: the session's user agent and IP, headers, a digest of them. */
const DEVICE_CONTEXT = /user_?agent|userAgent|ip_?address|ipAddress|device|browser|session|headers?|visitor|canvas|hash|digest|sha\d|md5|etag|cookie|token/i;
const BIOMETRIC_CONTEXT = /biometric|minutiae|thumb|palm|iris|retina|enrol|finger_?print_?(?:template|image|scan)|fingerprintTemplate|fingerprintImage/i;
/** Words of bank details near an account number: bank, IBAN, routing, sort code, SWIFT/BIC, branch, holder. */
const BANK_CONTEXT = /bank|iban|routing|sort_?code|sortCode|swift|bic|branch|ifsc|clabe|bsb|account_?holder|accountHolder|account_?type|accountType|payout|beneficiar/i;

const CHANGELOG_PATH = /(?:^|\/)(?:changelogs?|liquibase|db\/changelog)(?:\/|$)|changelog[\w.-]*\.(?:ya?ml|xml|json)$/i;
/** Every name either list matches has one of these fragments; lines without one are skipped in one scan. */
const PREFILTER = /kimlik|id_?num|id_?no|id_?nr|tckn|dogum|nik|ktp|lahir|nac|nasc|urodz|geboorte|nascita|ngay|chusheng|cccd|cmnd|identidade|rg|cedula|shenfenzheng|sfzh|rfc|steuer|sozialvers|movil|cellulare|hp|adres|alamat|anschrift|dizhi|seguridad|seguranca|identif|id_?card|iqama|igama|voter|residen|visa|criminal|convict|holder|rut|dni|nif|nie|cuil|cuit|fiscal|seguro|nacimiento|nascimento|sexo|genero|geburt|naissance|securite|telef|celular|direcc|endere|indirizz|domicil|citizen|national|identity|personal|nin|mail|phone|mobile|tele|birth|dob|born|addr|post|zip|name|_ip|ip_|geo|salary|income|ssn|social|sin_|nino|nhs|medic|aadhaar|aadhar|ni_n|emirates|civil_?id|hkid|tfn|ird_?n|caste|cpf|bsn|pesel|nric|personnummer|henkilo|isikukood|fodsels|rodne|cpr_|curp|passport|tax|tin|iban|bank|account|routing|sort_code|card|cc_|cvv|cvc|licen[cs]e|gender|sex|ethnic|race|relig|politic|health|diagnos|icd|prescri|allerg|blood|disab|symptom|treatment|mental|pregnan|hiv|hepat|diabet|asthma|epilep|tubercul|hypertens|dementia|alzheimer|psychiatr|substance|addict|vaccin|insurance|patient|biometric|fingerprint|face|facial|voice|condition|histor|complaint|illness|ailment|iris|retina|genetic|genome|dna|union/gi;

/** Whether an added or context line (of a file small enough to read whole) declares an entity of the given kind
 * (an identity document or card, a health record): a line with one of its words whose table or class is such an entity. */
function entityInView(diff: FileDiff, words: RegExp, entity: RegExp): boolean {
  if (!words.test(diff.added.text) && (diff.lines.length >= 400 || !diff.lines.some((l) => l.kind === " " && words.test(l.text)))) return false;
  return diff.lines.some((l, i) => l.kind !== "-" && l.text.length <= 2000 && words.test(l.text) && entity.test(toSnakeCase(entityOf(diff, i) ?? "")));
}

export function toSnakeCase(name: string): string {
  // Every replacement below needs an upper-case ASCII letter; without one only the lower-casing is left.
  if (!/[A-Z]/.test(name)) return name.toLowerCase();
  // One lower-case letter before an acronym (`iBAN`, `iBANNumber`) is a lower-cased first letter, not a word of its own.
  return name.replace(/^([a-z])([A-Z]+)(?=[A-Z][a-z]|\d|$)/, (_, first: string, rest: string) => first + rest.toLowerCase()).replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2").toLowerCase();
}

export function detectPiiFields(diff: FileDiff): RawFinding[] {
  const { kind, isTestOnly, isMigration } = diff.fileClass;
  // Tests, fixtures and mocks hold sample people; an example or sample application's model is still a schema someone
  // runs (Example/backend/entity/Patient.go), as the file classes say.
  if (isTestOnly || GENERATED_PROTOBUF_PATH.test(diff.path) || GENERATED_SDK_PATH.test(diff.path) || DECLARATION_FILE.test(diff.path)) return [];
  // Whether the file declares a data model, read only when a model-only field definition matches.
  let model: boolean | undefined;
  const isModel = () => (model ??= diff.fileClass.isModel || DATA_OBJECT_FOLDER.test(diff.path) || MODEL_PROJECT_FOLDER.test(diff.path) || DATA_OBJECT_FILE.test(diff.path) || MODEL_DECLARATION.test(diff.added.text) || (diff.lines.length < 400 && diff.lines.some((l) => l.kind === " " && MODEL_DECLARATION.test(l.text))));
  // A TypeScript interface or type named for a person, with nothing else making the file a model (a Vue composable's
  // `interface ExistingContact { first_name?: string; phone?: string }`): the shape of data the client received, held in
  // memory; there only the special categories count, as in an API description.
  let typeShape: boolean | undefined;
  const typeShapeOnly = () => (typeShape ??= kind === "js" && !diff.fileClass.isModel && !isMigration && !DATA_OBJECT_FOLDER.test(diff.path) && !DATA_OBJECT_FILE.test(diff.path)
    && !SCHEMA_MARKER.test(diff.added.text) && !(diff.lines.length < 400 && diff.lines.some((l) => l.kind === " " && SCHEMA_MARKER.test(l.text)))
    && !diff.lines.some((l) => l.kind !== "-" && l.text.length <= 2000 && PERSON_DECLARATION.test(l.text) && !TYPE_SHAPE.test(l.text)));
  let transfer: boolean | undefined;
  const transferObjectOnly = () => (transfer ??= kind === "js" && !isMigration && TRANSFER_OBJECT_PATH.test(diff.path)
    && !SCHEMA_MARKER.test(diff.added.text) && !(diff.lines.length < 400 && diff.lines.some((l) => l.kind === " " && SCHEMA_MARKER.test(l.text))));
  const openApi = OPENAPI_PATH.test(diff.path) || OPENAPI_MARKER.test(diff.added.text) || JSON_SCHEMA_PATH.test(diff.path)
    || (kind === "config" && diff.path.endsWith(".json") && (JSON_SCHEMA_MARKER.test(diff.added.text) || (diff.lines.length < 400 && diff.lines.some((l) => l.kind === " " && JSON_SCHEMA_MARKER.test(l.text)))));
  const isChangelog = isMigration || CHANGELOG_PATH.test(diff.path);
  let definitions = DEFINITIONS.filter((d) => d.kinds.has(kind) && (!d.migrationOnly || isChangelog) && (!d.path || d.path.test(diff.path)));
  if ((kind === "config" && !diff.path.endsWith(".prisma") && !isChangelog) || (kind === "yaml" && !isChangelog)) definitions = definitions.filter((d) => d.path);
  if (openApi) definitions = [...definitions, OPENAPI_DEFINITION];
  if (definitions.length === 0) return [];
  const fields: string[] = [];
  let first: { line: number; text: string } | undefined;
  let sensitive = false;
  let patientEntity = false;
  let telemetryTable = false;
  // Plain field names of an identity document or card are read only where such an entity is named in the hunks.
  const documentLines = entityInView(diff, DOCUMENT_WORD, DOCUMENT_ENTITY) ? new Set(candidateLines(diff.added, DOCUMENT_FIELD_PREFILTER)) : undefined;
  const healthLines = entityInView(diff, HEALTH_WORD, HEALTH_ENTITY) ? new Set(diff.added.indexes) : undefined;
  let candidates = candidateLines(diff.added, PREFILTER);
  if (documentLines || healthLines) candidates = [...new Set([...candidates, ...(documentLines ?? []), ...(healthLines ?? [])])].sort((a, b) => a - b);
  for (const index of candidates) {
    const line = diff.lines[index];
    const comment = COMMENT.test(line.text);
    if (comment && !openApi) continue;
    for (const definition of definitions) {
      // JSDoc @swagger blocks are comments; only the OpenAPI property shape is read there.
      if (comment && definition !== OPENAPI_DEFINITION) continue;
      const m = definition.pattern.exec(line.text);
      if (m && definition === OPENAPI_DEFINITION && !describedNext(diff, index)) continue;
      if (m && definition.typedNext && !typedNext(diff, index)) continue;
      if (m && definition.modelOnly && !isMigration && !isModel()) continue;
      const raw = m?.slice(1).find((g) => g !== undefined);
      if (!raw) continue;
      let name = toSnakeCase(raw);
      let isSensitive = SENSITIVE_NAME.test(name);
      if (!isSensitive && !PII_NAME.test(name)) {
        // `number` in a passports table is the passport number; `dosage` in a prescriptions table is health data.
        const entityName = documentLines?.has(index) || healthLines?.has(index) ? toSnakeCase(entityOf(diff, index) ?? "") : "";
        const document = documentLines?.has(index) && DOCUMENT_FIELD.test(name) ? DOCUMENT_ENTITY.exec(entityName) : null;
        const health = !document && healthLines?.has(index) && !KEY_OR_TIMESTAMP.test(name) ? HEALTH_ENTITY.exec(entityName) : null;
        const patient = !document && !health && PATIENT_HEALTH_FIELD.test(name) && PATIENT_ENTITY.test(entityOf(diff, index) ?? "");
        // A bare "ID number" column of persons (or beside the kinds of identity document) is their national id number.
        const identity = !document && !health && !patient && IDENTITY_NUMBER.test(name) && (PERSON_HOLDER.test(entityOf(diff, index) ?? "") || wordsNear(diff, index, IDENTITY_CONTEXT));
        if (!document && !health && !patient && !identity) continue;
        name = document ? `${document[1]}_${name}` : health ? `${health[1]}.${name}` : identity ? name : `patient.${name}`;
        isSensitive = true;
      }
      // An API description (an OpenAPI or Swagger schema, often a JSDoc @swagger block over a controller) says what the
      // API takes and returns, not what is newly stored: there only the special categories and identifiers count, not
      // the contact details (phone, address) every user resource carries.
      if (definition === OPENAPI_DEFINITION && !isSensitive) continue;
      if (definition.modelOnly && !isSensitive && (typeShapeOnly() || transferObjectOnly())) continue;
      if (MACHINE_ADDRESS.test(name) || NOT_PERSONAL_SENSE.test(name) || INDEX_NAME.test(name)) continue;
      // A hash, token or masked tail of the value (`ssn_hash`, `card_token`, `card_last4`) is not the value itself.
      if (DERIVED_VALUE.test(name) || SETTING_FLAG.test(name) || (referenceKey(name, line.text) && !(entityOf(diff, index) ?? "").toLowerCase().includes(name.slice(0, -3)))) continue;
      if (definition.migrationOnly && insideRemoval(diff, index)) continue;
      if (definition.schemaClassOnly && !inSchemaClass(diff, index)) continue;
      if (definition.recordComponent && !insideRecordHeader(diff, index)) continue;
      if (definition.inCreateTable && !insideCreateTable(diff, index)) continue;
      if (definition.notInForm && inFormClass(diff, index)) continue;
      if (name === "address" && (MACHINE_CONTEXT.test(line.text.replace(/\baddress\b/gi, "")) || nearMachineWords(diff, index))) continue;
      // A fingerprint beside a session's or a request's details (user agent, IP, headers, a hash) identifies a browser or
      // a device, not a finger; an account number beside a company name and a discount is a customer's number with the
      // business, not a bank account.
      if (FINGERPRINT_NAME.test(name) && !BIOMETRIC_NAME.test(name) && fingerprintOfDevice(diff)) continue;
      if (name === "account_number" && !wordsNear(diff, index, BANK_CONTEXT)) continue;
      const entity = entityOf(diff, index) ?? "";
      // A prefixed table name (sylius_channel, wp_products) is read by its last word; with no declaration in view, a
      // schema or model file is named for its entity (parent-pet.schema.ts, models/Dog.java); a migration is named for its change.
      if (NON_PERSON.test(entity) || NON_PERSON.test(entity.slice(entity.lastIndexOf("_") + 1)) || NON_PERSON.test(entityWord(entity))) continue;
      if (entity === "" && !isMigration && NON_PERSON.test(fileEntityWord(diff.path))) continue;
      if (!isSensitive && INSTITUTION.test(toSnakeCase(entity).slice(toSnakeCase(entity).lastIndexOf("_") + 1))) continue;
      if (assetPaper(entity || (isMigration ? "" : fileEntityWord(diff.path)), name)) continue;
      if (PRODUCT_ATTRIBUTE.test(name) && nearProductFields(diff, index)) continue;
      patientEntity ||= PATIENT.test(entity);
      telemetryTable ||= TELEMETRY_TABLE.test(entity);
      // A field that also appears among removed lines was changed or renamed, not newly collected.
      if (diff.removedCompact.includes(raw.toLowerCase())) continue;
      if (!fields.includes(name)) fields.push(name);
      sensitive ||= isSensitive;
      first ??= { line: line.newLine, text: line.text };
      break;
    }
  }
  // A name and an e-mail address alone are everyday account data (a doctor's work e-mail, a sign-up table); the
  // finding is for phone numbers, addresses, locations, income and the special categories.
  // A patient's e-mail is health-linked data.
  if (!first || !(sensitive || fields.some((f) => !ACCOUNT_BASICS.test(f)) || patientEntity)) return [];
  if (fields.every((f) => TELEMETRY_FIELD.test(f)) && telemetryTable) return [];
  if (SCHEMA_DUMP_PATH.test(diff.path) || SCHEMA_DUMP_MARKER.test(diff.added.text)) return [];
  return [{
    ruleId: "pii-field-added",
    path: diff.path,
    line: first.line,
    side: "RIGHT",
    evidence: fields.join(","),
    detail: { fields: fields.map((f) => `\`${f}\``).join(", ") },
    severity: sensitive ? "high" : "low",
  }];
}
