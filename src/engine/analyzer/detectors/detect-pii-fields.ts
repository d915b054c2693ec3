// New personal-data fields in schemas, migrations and data models, grouped into one finding per file.
import type { RawFinding } from "../raw-finding.js";
import type { FileDiff } from "../file-diff.js";

const PII_NAME = /^(?:[a-z]+_)*?(?:email|email_address|phone|phone_number|mobile|mobile_number|telephone|date_of_birth|dob|birth_date|birthdate|birthday|home_address|street_address|postal_address|address|address_line_?\d|postcode|post_code|zip_?code|first_name|last_name|full_name|given_name|family_name|maiden_name|ip_address|last_login_ip|geolocation|salary|income)$/;
/** Special categories and identifiers whose exposure does most harm. */
const SENSITIVE_NAME = /^(?:[a-z]+_)*?(?:ssn|social_security(?:_number)?|national_(?:id|insurance)(?:_number)?|passport(?:_number|_no)?|tax_(?:id|number)|iban|bank_account(?:_number)?|routing_number|credit_card(?:_number)?|card_number|drivers?_licen[cs]e(?:_number)?|gender|sex|sexual_orientation|ethnicity|race|religion|political_\w+|health_\w+|medical_\w+|diagnosis|diagnoses|medication|medications|blood_type|disability|biometric_\w*|fingerprint_template|genetic_\w+|trade_union\w*)$/;

// Field definitions in the usual schema languages; group 1 (or the first defined group) is the field name.
const DEFINITIONS: Array<{ kinds: Set<string>; modelOnly: boolean; pattern: RegExp }> = [
  { kinds: new Set(["sql"]), modelOnly: false, pattern: /^\s*(?:ALTER\s+TABLE\s+\S+\s+)?(?:ADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?)?[`"[]?([A-Za-z_]\w*)[`"\]]?\s+(?:VARCHAR|NVARCHAR|CHAR|CHARACTER|TEXT|CITEXT|DATE|DATETIME\w*|TIMESTAMP\w*|INT\w*|BIGINT|SMALLINT|NUMERIC|DECIMAL|BYTEA|BLOB|JSONB?|UUID|INET|BOOL\w*|VARBINARY|STRING)\b/i },
  { kinds: new Set(["ruby"]), modelOnly: false, pattern: /\bt\.(?:string|text|date|datetime|integer|bigint|binary|inet|jsonb?|citext)\s+[:"'](\w+)|\badd_column\s+:\w+,\s*:(\w+)/ },
  { kinds: new Set(["python"]), modelOnly: false, pattern: /^\s*(\w+)\s*=\s*models\.\w+Field\b|^\s*(\w+)\s*(?::\s*Mapped\[[^\]]*\]\s*)?=\s*(?:db\.|sa\.|sqlalchemy\.)?(?:Column|mapped_column)\s*\(|\bsa\.Column\(\s*["'](\w+)["']/ },
  { kinds: new Set(["python"]), modelOnly: true, pattern: /^\s+(\w+)\s*:\s*(?:Optional\[)?(?:EmailStr|str|date|datetime|constr\([^)]*\)|PhoneNumber)\b/ },
  { kinds: new Set(["config"]), modelOnly: false, pattern: /^\s*(\w+)\s+(?:String|DateTime|Int|BigInt|Json|Bytes|Decimal)\??(?:\s|$)/ },
  { kinds: new Set(["js"]), modelOnly: false, pattern: /\btable\.(?:string|text|date|datetime|integer|specificType)\s*\(\s*["'](\w+)["']|\baddColumn\s*\(\s*["']\w+["']\s*,\s*["'](\w+)["']/ },
  { kinds: new Set(["js"]), modelOnly: true, pattern: /^\s*(?:@Column\([^)]*\)\s*)?(?:public\s+|private\s+|readonly\s+|declare\s+)*(\w+)[?!]?\s*:\s*(?:string|Date|number|String|Number|\{\s*type\s*:|DataTypes\.\w+|Sequelize\.\w+|z\.(?:string|date|number|email)|varchar\(|text\(|timestamp\(|date\()/ },
  { kinds: new Set(["php"]), modelOnly: false, pattern: /\$table->(?:string|text|date|dateTime|integer|char|ipAddress)\(\s*["'](\w+)["']/ },
  { kinds: new Set(["java"]), modelOnly: true, pattern: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:private|protected|public)\s+(?:final\s+)?[\w<>]+\s+(\w+)\s*[;=]|^\s*va[lr]\s+(\w+)\s*:\s*\w+/ },
  { kinds: new Set(["go"]), modelOnly: false, pattern: /^\s*([A-Z]\w*)\s+[\w.*[\]]+\s+`[^`]*\b(?:json|gorm|db|bson):"/ },
  { kinds: new Set(["csharp"]), modelOnly: true, pattern: /^\s*public\s+[\w<>?]+\s+(\w+)\s*\{\s*get;/ },
];

const COMMENT = /^\s*(?:\/\/|#|\*|\/\*|--)/;

export function toSnakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2").toLowerCase();
}

export function detectPiiFields(diff: FileDiff): RawFinding[] {
  const { kind, isTest, isModel, isMigration } = diff.fileClass;
  if (isTest) return [];
  const definitions = DEFINITIONS.filter((d) => d.kinds.has(kind) && (!d.modelOnly || isModel || isMigration));
  if (definitions.length === 0 || (kind === "config" && !diff.path.endsWith(".prisma"))) return [];
  const fields: string[] = [];
  let first: { line: number; text: string } | undefined;
  let sensitive = false;
  for (const line of diff.lines) {
    if (line.kind !== "+" || COMMENT.test(line.text)) continue;
    for (const definition of definitions) {
      const m = definition.pattern.exec(line.text);
      const raw = m?.slice(1).find((g) => g !== undefined);
      if (!raw) continue;
      const name = toSnakeCase(raw);
      const isSensitive = SENSITIVE_NAME.test(name);
      if (!isSensitive && !PII_NAME.test(name)) continue;
      // A field that also appears among removed lines was changed or renamed, not newly collected.
      if (diff.removedCompact.includes(raw.toLowerCase())) continue;
      if (!fields.includes(name)) fields.push(name);
      sensitive ||= isSensitive;
      first ??= { line: line.newLine, text: line.text };
      break;
    }
  }
  if (!first) return [];
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
