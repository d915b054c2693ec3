// Kinds, not spellings, for the sensitive-data-in-logs detector: logging calls recognised by their shape in any language,
// identifiers split into words and matched on a vocabulary (RemoteIpAddress, customer_phone, resetLink), keys of
// structured logs (zap.String("email", v), email: x, 'email' => $x) and values that flow from a sensitive source into a
// variable logged a few lines later.

/** Words of an identifier: "RemoteIpAddress" -> remote ip address, "user_email" -> user email, "userID" -> user id. */
export function splitWords(identifier: string): string[] {
  const words: string[] = [];
  // Letters with diacritics are the same word without them (contraseña -> contrasena, şifre -> sifre, hasło -> haslo).
  const ascii = /[^\x00-\x7f]/.test(identifier) ? foldDiacritics(identifier) : identifier;
  for (const part of ascii.split(/[^A-Za-z0-9]+/)) {
    for (const word of part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []) words.push(word.toLowerCase());
  }
  return words;
}

/** Latin letters with diacritics folded to ASCII (NFD drops the marks; ł, ı, đ, ø and ß do not decompose). */
export function foldDiacritics(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[łŁ]/g, (c) => (c === "ł" ? "l" : "L")).replace(/ı/g, "i").replace(/[đĐ]/g, (c) => (c === "đ" ? "d" : "D")).replace(/[øØ]/g, (c) => (c === "ø" ? "o" : "O")).replace(/ß/g, "ss");
}

// ------------------------------------------------------------------ logging calls by shape

const LEVEL =
  "(?:info|warn|warning|error|debug|trace|fatal|critical|crit|notice|verbose|silly|alert|emerg|emergency|severe|exception|log" +
  "|Info|Warn|Warning|Error|Debug|Trace|Fatal|Critical|Notice|Verbose|Information|Log|LogInformation|LogWarning|LogError|LogDebug|LogTrace|LogCritical" +
  "|Print|Printf|Println|(?:Info|Warn|Warning|Error|Debug|Trace|Fatal|Panic)(?:f|w|ln|Context)|[dievw]|wtf|With|WithField|WithFields)";
/**
 * A level-named method on a receiver whose name is a logger's: log, logger, klog, glog, authLogger, request_log,
 * AUDIT_LOGGER; through ".", "?.", "&.", "::" or "->". The receiver may be a field (c.log, self.app.logger).
 */
const RECEIVER_LEVEL = new RegExp(
  String.raw`(?<![\w$])(?:[a-z]?log(?:ger|ging)?|[A-Za-z_$][\w$]*?(?:_log|_logger|Log|Logger|LOG|LOGGER)|Log|Logger|LOG|LOGGER|Logging)\s*(?:\?\.|&\.|\.|::|->)\s*${LEVEL}(?![\w$])\s*(?:\(|(?=\s*\{)|(?=\s+["'\x60]))`,
);
/**
 * A function whose name has the word "log" and that is not a login, an analytics event or a math log:
 * nlog($x), logInfo(x), log_error(x), writeLog(x), saveLog(x), debugLog(x), self.log(x), $this->log(x).
 */
const LOG_FUNCTION = /(?<![\w$])(?:(?:this|self|\$this|@)\s*(?:\.|->)?\s*)?([A-Za-z_$][\w$]*)\s*\(/g;
const NOT_A_LOG = new Set(["in", "out", "on", "off", "event", "events", "metric", "metrics", "screen", "page", "view", "purchase", "analytics", "level", "levels", "file", "files", "dir", "path", "format", "formatter", "handler", "config", "setup", "init", "name", "line", "lines", "entries", "rotate", "rotation", "size", "base", "sum", "softmax", "prob", "probs", "likelihood", "det", "gamma", "space", "scale", "normal", "uniform",
  // Set-up objects of a logging pipeline (LoggerProvider, LogExporter, log_processor): their options configure, not log.
  "provider", "providers", "processor", "processors", "exporter", "exporters", "factory", "sink", "sinks", "transport", "transports", "appender", "appenders", "builder", "options"]);
// "save" and "append" write to a log as "write" does (saveLog($str), appendLog(line)).
const LOG_VERB = new Set(["write", "save", "append", "debug", "info", "warn", "warning", "error", "err", "trace", "verbose", "console", "print", "app", "dev", "sys", "do", "my", "custom"]);
const MATH_RECEIVER = /(?:\bMath|\bmath|\bnp|\bnumpy|\btorch|\btf|\bjnp|\bcmath|\bscipy|\bDecimal|\bBigDecimal|\bsympy|\bF)\s*\.\s*$/;
const DEFINITION = /\b(?:def|defp|defmacro|defmacrop|function|func|fun|fn|sub|void|static|private|public|protected|internal|override|async function|val|var|let|const)\s+$/;

function isLogFunctionName(name: string): boolean {
  const words = splitWords(name);
  if (words.length === 0) return false;
  const logWord = (w: string) => w === "log" || w === "logger" || /^[a-z]log$/.test(w) && w !== "blog";
  if (words.some((w) => NOT_A_LOG.has(w))) return false;
  if (logWord(words[0])) return true;
  // writeLog, debugLog, console_log, writeToLog, append_to_log; not register_security_log or create_activity_log (audit
  // events), nor a bare toLog (a conversion).
  const verbs = words.slice(0, -1).filter((w, i) => !(w === "to" && i > 0));
  return logWord(words[words.length - 1]) && verbs.length > 0 && verbs.every((w) => LOG_VERB.has(w));
}

export interface LogCall { index: number; end: number; }

/** The first logging call on the line by shape, with the offset just after its name (at its "(" when it has one). */
export function findLogCall(text: string): LogCall | null {
  const receiver = RECEIVER_LEVEL.exec(text);
  let best: LogCall | null = receiver ? { index: receiver.index, end: receiver.index + receiver[0].length } : null;
  LOG_FUNCTION.lastIndex = 0;
  for (let m = LOG_FUNCTION.exec(text); m; m = LOG_FUNCTION.exec(text)) {
    if (best && m.index >= best.index) break;
    if (!isLogFunctionName(m[1])) continue;
    const before = text.slice(0, m.index);
    // A constructed object (`new Logger({...})`) is set up, not written to.
    if (MATH_RECEIVER.test(before) || DEFINITION.test(before) || /\.\s*$|\bnew\s+$/.test(before)) continue;
    best = { index: m.index, end: m.index + m[0].length };
    break;
  }
  return best;
}

// ------------------------------------------------------------------ vocabulary on words

// A prescription, like a diagnosis, is health data (GDPR art. 9).
/** "dn" alone is an LDAP entry's distinguished name (uid=jdoe,ou=people): logged in a login or lookup, a person's. */
const PII_WORD = new Set(["email", "emails", "emailaddress", "phone", "phonenumber", "msisdn", "ssn", "dob", "birthdate", "birthday", "passport", "iban", "surname", "diagnosis", "diagnoses", "prescription", "prescriptions", "userinfo", "dn"]);
/** Pairs of words (the one before, the last one) naming personal data. */
const PII_PAIR: Record<string, string[]> = {
  name: ["first", "last", "full", "given", "family", "middle", "maiden", "legal", "patient", "customer", "cardholder", "holder", "distinguished"],
  address: ["email", "ip", "mail", "home", "street", "billing", "shipping", "postal", "mailing", "delivery", "residential", "remote", "client", "customer", "patient"],
  number: ["phone", "mobile", "cell", "card", "passport", "account", "insurance", "license", "licence", "ssn", "security", "whatsapp", "wa"],
  card: ["credit", "debit"],
  ip: ["remote", "client", "real", "user", "visitor", "customer", "caller", "req", "request"],
  addr: ["email", "mail", "remote", "client"],
  date: ["birth", "birthdate"],
  birth: ["of"],
  // A WhatsApp id (wa_id, whatsappId) is the user's phone number in the Cloud API's contacts and messages.
  id: ["national", "tax", "wa", "whatsapp"],
  record: ["medical", "health"],
  // A decoded JSON Web Token's payload or claims (jwt_payload, token_claims): the user's identity (sub, email, roles).
  payload: ["jwt", "token"],
  claims: ["jwt", "token"],
  // An LDAP distinguished name of a person or of the account a login binds as: uid=jdoe,ou=people / cn=Jane Doe,...
  dn: ["user", "bind", "ldap", "member", "person", "login", "auth", "principal", "account"],
};
// "pass" and "pwd" as the last word of a name (userPass, db_pwd, Pass=%s) are the password; passCount ends in "count".
// A value named "jwt" or "bearer" is the token itself (a JSON Web Token, RFC 7519; a bearer token, RFC 6750).
const SECRET_WORD = new Set(["password", "passwd", "passphrase", "secret", "token", "jwt", "bearer", "credential", "credentials", "authorization", "otp", "apikey", "privatekey", "pass", "pwd"]);
/** A token that is not a credential: pagination cursors, CSRF tokens, counts of language-model tokens. */
const NOT_SECRET_BEFORE_TOKEN = new Set(["page", "next", "continuation", "cursor", "csrf", "xsrf", "max", "num", "input", "output", "prompt", "completion", "total", "pagination", "start", "end", "eos", "bos", "pad", "unk", "special", "cls", "sep", "mask", "stop", "sync", "device", "push", "fcm", "apns", "cancellation", "cancel", "lexer", "parser", "current", "previous", "prev", "last", "first", "expected", "unexpected"]);
const SECRET_PAIR: Record<string, string[]> = {
  key: ["api", "private", "secret", "signing", "encryption", "master", "access", "client"],
  header: ["auth", "authorization", "cookie"],
  code: ["verification", "reset", "confirmation", "mfa", "sms", "otp", "authorization", "recovery", "backup", "totp", "twofa", "2fa"],
};
/** Links that carry a token: password-reset, confirmation, invitation and magic links. */
const LINK_WORD = new Set(["link", "url", "uri", "href"]);
const LINK_PURPOSE = new Set(["reset", "confirm", "confirmation", "verification", "verify", "activation", "activate", "invite", "invitation", "magic", "recovery", "email", "password"]);
/** Words after the sensitive noun that still name its value (passwordText, token_str, emailValue). */
const VALUE_SUFFIX = new Set(["value", "val", "str", "string", "text", "raw", "plain", "plaintext", "bytes", "hex", "b64", "base64", "field", "input", "edit", "box", "param", "arg"]);
/** Methods that return the same value in another form. */
// A value serialised whole (jwt_payload.model_dump(), claims.to_dict(), payload.toJSON()) is still that value.
const TRANSPARENT = /^(?:model_dump|model_dump_json|to_dict|dict|toJSON|to_json|as_json|to_h|lower|upper|strip|trim|toLowerCase|toUpperCase|toString|ToString|to_s|to_string|unwrap|clone|as_str|as_ref|expose_secret|get|Value|value|data|String|trimmed|lowercased|capitalize|title|downcase|upcase|squish|ToLower|ToUpper|Trim|ToLowerInvariant|ToUpperInvariant)$/;

/**
 * The same concepts as other languages name them in code (Portuguese, Spanish, French, German, Italian, Dutch, Polish,
 * Turkish, Indonesian, Vietnamese and Chinese pinyin), each word read as the English word of the vocabulary above.
 * Words that are also common English or code words are left out ("data", "pass", "nom", "parola" = an Italian word,
 * "rg" = a resource group, "hasta" = Spanish "until", "primer", "diagnose", "rfc" = a standards document); those concepts
 * are matched through their other spellings.
 */
const CONCEPTS: Record<string, string[]> = {
  password: ["senha", "contrasena", "contrasenia", "contrasinal", "passwort", "kennwort", "wachtwoord", "haslo", "sifre", "sifresi", "mima", "matkhau", "motdepasse", "katasandi", "parolasi", "lozinka", "heslo", "salasana", "adgangskode", "losenord"],
  secret: ["secreto", "secreta", "segredo", "geheim", "geheimnis", "segreto", "segreta", "sekret", "gizli", "rahasia", "miyao"],
  key: ["clave", "chave", "llave", "cle", "schluessel", "schlussel", "sleutel", "chiave", "klucz", "anahtar", "kunci"],
  private: ["privada", "privado", "privee", "privat", "privata", "privato", "prywatny", "ozel", "pribadi"],
  access: ["acceso", "acesso", "acces", "zugang", "zugriff", "accesso", "dostep", "erisim", "akses"],
  token: ["jeton"],
  email: ["correo", "courriel", "eposta", "surel", "youxiang"],
  phone: ["telefono", "telefone", "telefon", "telephone", "telefoon", "celular", "movil", "cellulare", "handynummer", "telefonnummer", "nohp", "shouji", "shoujihao", "dianhua", "sodienthoai"],
  address: ["direccion", "endereco", "adresse", "indirizzo", "adres", "alamat", "anschrift", "dizhi", "diachi", "domicilio"],
  birthdate: ["nascimento", "nacimiento", "naissance", "geburtsdatum", "geburtstag", "geboortedatum", "nascita", "urodzenia", "urodzin", "dogum", "lahir", "chusheng", "ngaysinh"],
  surname: ["apellido", "apellidos", "sobrenome", "nachname", "cognome", "achternaam", "nazwisko", "soyad", "soyadi", "xingshi"],
  name: ["nome", "nombre", "vorname", "nama", "imie", "isim", "xingming"],
  full: ["completo", "completa", "complet", "vollstaendiger", "lengkap"],
  first: ["primeiro"],
  number: ["numero", "nummer", "numer", "numara", "numarasi", "nomor", "haoma"],
  date: ["fecha", "tarihi", "tarih", "tanggal", "datum", "riqi"],
  card: ["tarjeta", "cartao", "karte", "kartu"],
  credit: ["credito", "kredit"],
  debit: ["debito"],
  customer: ["cliente", "clientes", "kunde", "klant", "klient", "musteri", "pelanggan", "kehu"],
  patient: ["paciente", "pacientes", "paziente", "pacjent", "pasien", "bingren"],
  user: ["usuario", "usuarios", "utilisateur", "benutzer", "utente", "gebruiker", "uzytkownik", "kullanici", "pengguna", "yonghu"],
  diagnosis: ["diagnostico", "diagnostica", "diagnosa"],
  message: ["mensaje", "mensagem", "nachricht", "messaggio", "bericht", "wiadomosc", "mesaj", "pesan"],
  error: ["erro", "fehler", "errore", "fout", "blad", "hata", "kesalahan"],
  field: ["campo", "feld", "veld"],
  label: ["etiqueta", "etiquette", "beschriftung", "etichetta"],
  validate: ["validar", "valider", "validieren", "validare", "valideren", "dogrula"],
  template: ["plantilla", "vorlage", "sjabloon", "sablon"],
  security: ["seguridad", "seguranca", "securite", "sicherheit", "sicurezza", "beveiliging", "bezpieczenstwa", "guvenlik", "keamanan"],
};
/** National identity, tax and social-security numbers of persons as their countries name them (CNPJ and CUIT, a company's, are left out). */
const NATIONAL_ID = ["cpf", "dni", "nif", "curp", "pesel", "bsn", "nik", "ktp", "cedula", "rut", "cuil", "tckn", "tckimlik", "shenfenzheng", "sfzh", "cccd", "cmnd", "codicefiscale", "steueridentifikationsnummer", "sozialversicherungsnummer", "personnummer", "aadhaar", "nric"];
const FOREIGN = new Map<string, string>([...Object.entries(CONCEPTS).flatMap(([concept, words]) => words.map((w): [string, string] => [w, concept])), ...NATIONAL_ID.map((w): [string, string] => [w, "nationalid"])]);
/** Pairs of words that name a national id only together: tc kimlik, kimlik no, codice fiscale, seguridad social, kata sandi. */
const FOREIGN_PAIR: Record<string, string[]> = {
  kimlik: ["tc"],
  no: ["kimlik", "tc", "ktp", "rg"],
  fiscale: ["codice"],
  social: ["security"],
  sandi: ["kata"],
  passe: ["de"],
  khau: ["mat"],
};

/** Whether the text holds one of the other languages' words at all (a cheap test before reading it word by word). */
const FOREIGN_STEM = new RegExp([...FOREIGN.keys(), ...Object.keys(FOREIGN_PAIR)].sort((a, b) => b.length - a.length).join("|"), "i");
export function mayNameForeignWord(text: string): boolean {
  return FOREIGN_STEM.test(/[^\x00-\x7f]/.test(text) ? foldDiacritics(text) : text);
}

export type Sensitive = { kind: "pii" | "secret"; value: string };

/** Words before the noun that make the name a template, a setting or a flag, not the value: TplForgotPassword, isEmail. */
const NOT_A_VALUE = new Set(["tpl", "template", "templates", "route", "routes", "label", "hint", "placeholder", "policy", "prompt", "dialog", "modal", "button", "screen", "view", "page", "regex", "pattern", "validator", "min", "max", "strength", "error", "errors", "msg", "message", "subject", "is", "has", "should", "can", "needs", "require", "requires", "show", "use", "allow", "enable", "enabled", "validate", "check", "send", "sent", "missing", "invalid", "default", "env", "setting", "settings", "config", "option", "options", "param", "header", "column", "field", "key", "attr", "attribute", "const", "constant", "type", "format", "mode", "i18n", "translation", "trans", "lang", "include", "includes", "exclude", "excludes", "omit", "hide", "strip", "with", "without"]);

/** First words of a name that make it a count of what it names: numberOfEmails, num_phones, totalEmails. */
const COUNT_LEAD = new Set(["number", "num", "nb", "count", "total", "n"]);

/** Words before a personal-data noun that make it a thing's: PACKAGE_FAMILY_NAME, service_account_email, app_name. */
const THING = new Set(["package", "app", "application", "product", "font", "class", "module", "service", "host", "server", "file", "project", "device", "model", "bot", "system", "company", "org", "organization", "organisation", "team", "tenant", "workspace", "domain", "channel", "group", "repo", "repository", "bucket", "queue", "topic", "table", "schema", "database", "db", "cluster", "node", "pod", "container", "image", "noreply", "support", "admin", "smtp", "from", "base", "root", "suffix"]);

/**
 * Connection strings, DSNs and database or broker URLs carry the credentials they connect with
 * (postgres://user:pass@host/db): connectionString, connStr, DATABASE_URL, mongoUri, REDIS_URL, dsn. A Sentry DSN is a
 * project's public ingest address, and a "sql string" is a query, not a connection.
 */
const CONNECTION_NOUN = new Set(["connection", "conn"]);
const CONNECTION_FORM = new Set(["string", "str", "url", "uri"]);
const DATASTORE_WORD = new Set(["database", "db", "mongo", "mongodb", "postgres", "postgresql", "pg", "mysql", "mariadb", "mssql", "redis", "amqp", "rabbitmq", "rabbit", "broker", "jdbc", "sqlalchemy", "datasource"]);
function namesConnectionString(words: string[]): boolean {
  const last = words[words.length - 1];
  const before = words.length > 1 ? words[words.length - 2] : "";
  if (last === "dsn") return before !== "sentry";
  if (!CONNECTION_FORM.has(last)) return false;
  return CONNECTION_NOUN.has(before) || (last !== "string" && last !== "str" && DATASTORE_WORD.has(before));
}

/** Whether words (of one identifier path, transparent methods dropped) name personal data or a secret by their last words. */
export function classifyWords(original: string[]): "pii" | "secret" | null {
  // Words of other languages read as the vocabulary's; their noun-first pairs (numero_tarjeta, clave_privada) read both ways.
  let foreign = false;
  const words = original.map((w) => {
    const english = FOREIGN.get(w);
    if (english) foreign = true;
    return english ?? w;
  });
  let end = words.length;
  // A value suffix (passwordValue) or a copy's number (password1, email_2, phone2) does not change what the name holds.
  while (end > 1 && (VALUE_SUFFIX.has(words[end - 1]) || /^\d{1,2}$/.test(words[end - 1]))) end--;
  const last = words[end - 1];
  const before = end > 1 ? words[end - 2] : "";
  if (!last) return null;
  // A foreign "key" first is the noun of its pair (clave_api, chave_privada, clave_secreta), not a template key.
  if (foreign && before === "key" && FOREIGN.has(original[end - 2]) && (SECRET_PAIR.key.includes(last) || last === "secret")) return "secret";
  for (let i = 0; i < end - 1; i++) if (NOT_A_VALUE.has(words[i])) return null;
  if (namesConnectionString(words)) return "secret";
  if (SECRET_WORD.has(last)) return last === "token" && NOT_SECRET_BEFORE_TOKEN.has(before) ? null : "secret";
  if (SECRET_PAIR[last]?.includes(before)) return "secret";
  if (LINK_WORD.has(last) && LINK_PURPOSE.has(before)) return "secret";
  const thing = words.slice(0, end - 1).some((w) => THING.has(w));
  // A count of the data, named count first (numberOfReturnedEmails, num_emails, totalEmails, countPhones), is a number,
  // as emailCount is; the lead is read in the name's own words (numero_telefono is Spanish for a phone number).
  if (end >= 2 && COUNT_LEAD.has(original[0]) && (words[1] === "of" || /s$/.test(last))) return null;
  if (PII_WORD.has(last) || last === "nationalid" || FOREIGN_PAIR[last]?.includes(before)) {
    // "social" and "passe" end a foreign pair: the first names a security number, the second a password.
    if (last === "passe" || last === "sandi" || last === "khau") return "secret";
    return thing ? null : "pii";
  }
  if (PII_PAIR[last]?.includes(before)) return thing ? null : "pii";
  if (!foreign) return null;
  // Noun first, as Romance languages and Indonesian write them: clave_privada, token_acceso, numero_tarjeta, nome_completo.
  if (SECRET_PAIR[before]?.includes(last)) return "secret";
  if (before && PII_PAIR[before]?.includes(last)) return thing ? null : "pii";
  // The noun read before a value suffix of its own language: senha_usuario, correo_cliente, telefone_paciente.
  if (end >= 2 && (SECRET_WORD.has(before) || PII_WORD.has(before)) && /^(?:user|customer|patient|access|private|api)$/.test(last)) return SECRET_WORD.has(before) ? "secret" : thing ? null : "pii";
  return null;
}

/** Identifier paths in code (string literals already replaced): user.email, $request->ip, RemoteIpAddress?.ToString(). */
const PATH = /(?<![\w$])[A-Za-z_$@][\w$]*(?:\s*(?:\?\.|!\.|&\.|\.|->|::)\s*[A-Za-z_$][\w$]*)*/g;
const CALLS_THAT_READ = /^(?:get|fetch|read|load|find|lookup|extract|decrypt|reveal)/i;
/** A path followed by ":" or "=" is a key or a keyword argument: a label, not a value. */
const LABEL_AFTER = /^\s*(?::(?!:)|=(?![=>~]))/;

/** Calls that pass a value on as text (so a value inside them is still logged): str(x), Sprintf(.., x), strtolower($x). */
// zerolog's event writes its message with Msg / Msgf at the end of the chain (`log.Warn().Msgf("skipping %s", email)`).
const PASSES_VALUE = /^(?:|Msg|Msgf|str|String|string|loads|parse|json_decode|parse_json|fromJson|readValue|repr|format|Sprintf|Sprint|Sprintln|sprintf|printf|Format|f|strtolower|strtoupper|lower|upper|trim|strip|dumps|stringify|json_encode|inspect|to_s|toString|valueOf|quote|escape|encodeURIComponent|urlencode|concat|join|Join|print_r|var_export|dict|vars|asdict|Some|Ok|normalize_log_value|formatted|format!|write!|html_escape|h|u|e|dump|debug|Debug|pp|tostring|unicode|bytes|encode|decode|new|of|listOf|mapOf|arrayOf|hashMapOf|json|Json|serialize|Serialize|SerializeObject)$/;

/** Characters walked to map calls' parentheses (read by the adversarial test: it must grow linearly with the code). */
export const parenthesesWalked = { characters: 0 };

/** The code last mapped, and for each of its positions the index of the "(" whose call encloses it (-1 at the top). */
let mappedCode: string | null = null;
let enclosingOpen = new Int32Array(0);

/**
 * Maps every position of `code` to its enclosing call's "(" in one pass, once per code (the callers ask about many
 * identifiers of the same arguments; reading back from each one was quadratic). Any closer closes the innermost
 * bracket of any kind; "[" and "{" are looked through, so a value inside a list is still the call's.
 */
function enclosingOpenings(code: string): Int32Array {
  if (code === mappedCode) return enclosingOpen;
  const map = new Int32Array(code.length + 1);
  // For each open bracket, innermost first: the "(" nearest at or below it (-1 if none).
  const open: number[] = [];
  for (let i = 0; i < code.length; i++) {
    map[i] = open.length ? open[open.length - 1] : -1;
    const ch = code[i];
    if (ch === "(") open.push(i);
    else if (ch === "[" || ch === "{") open.push(open.length ? open[open.length - 1] : -1);
    else if (ch === ")" || ch === "]" || ch === "}") open.pop();
  }
  map[code.length] = open.length ? open[open.length - 1] : -1;
  parenthesesWalked.characters += code.length;
  mappedCode = code;
  enclosingOpen = map;
  return map;
}

/** The name of the call whose parentheses enclose `index` in `code` ("" for bare parentheses, null at the top). */
export function enclosingCall(code: string, index: number): string | null {
  const at = enclosingOpenings(code)[index];
  if (at < 0) return null;
  return /([A-Za-z_$][\w$]*!?)\s*$/.exec(code.slice(Math.max(0, at - 60), at))?.[1] ?? "";
}

/** A value compared or tested is not logged, only the answer: $authorization !== '', token == null, email in list. */
const TESTED_AFTER = /^\s*(?:[!=]==?|<>|\bis\b|\bin\b|\?\?=)/;
const TESTED_BEFORE = /(?:[!=]==?|<>|\bnot|!)\s*$/;

/** Whether the identifier at `index` is passed to the log as a value (not inside another call, not only tested). */
export function passedAsValue(code: string, index: number, length: number): boolean {
  if (TESTED_AFTER.test(code.slice(index + length, index + length + 6)) || TESTED_BEFORE.test(code.slice(Math.max(0, index - 6), index))) return false;
  const call = enclosingCall(code, index);
  return call === null || PASSES_VALUE.test(call.replace(/^.*\./, ""));
}

/** First words of a method name that make it a noun read (ip(), email(), remoteAddr()), not a verb (resetPassword()). */
const NOUN_FIRST = new Set([...PII_WORD, ...SECRET_WORD, ...Object.keys(PII_PAIR), ...Object.keys(SECRET_PAIR), "remote", "client", "real", "full", "first", "last", "home", "billing", "shipping", "mobile", "national", "tax"]);
/** Receivers that are an HTTP request: r (Go's handlers), req, request, $request, ctx.Request, HttpContext. */
const isRequest = (segments: string[]) => segments[0] === "r" || segments.slice(0, -1).some((s) => /^(?:\$?req|\$?request|Request|httpRequest|HttpContext|ctx|c)$/i.test(s));

/** The first identifier in `code` (string literals dropped) that names personal data or a secret. */
export function sensitiveIdentifier(code: string): Sensitive | null {
  PATH.lastIndex = 0;
  for (let m = PATH.exec(code); m; m = PATH.exec(code)) {
    const after = code.slice(m.index + m[0].length, m.index + m[0].length + 3);
    if (LABEL_AFTER.test(after)) continue;
    const segments = m[0].split(/\s*(?:\?\.|!\.|&\.|\.|->|::)\s*/);
    const count = segments.length;
    while (segments.length > 1 && TRANSPARENT.test(segments[segments.length - 1])) segments.pop();
    // A call's result is the value only for getters: getEmail(), or a noun read with empty parentheses
    // ($request->ip(), user.email()); sendEmail(x), isEmail(x), resetPassword() are not values.
    const last = segments[count - 1];
    if (/^\s*\(/.test(after) && segments.length === count && !CALLS_THAT_READ.test(last) && !(/^\s*\(\s*\)/.test(code.slice(m.index + m[0].length)) && NOUN_FIRST.has(splitWords(last)[0]))) continue;
    // getName() reads the name: customer.getName() is the customer's name.
    const words = segments.flatMap((s) => splitWords(s.replace(/^get(?=[A-Z_])/, "")));
    const kind = classifyWords(words);
    // A remote or client address is a person's only on a request (request.remote_addr, r.RemoteAddr), not a connection's.
    if (kind && /^(?:remote|client)$/.test(words[words.length - 2] ?? "") && /^(?:addr|address)$/.test(words[words.length - 1]) && !isRequest(segments)) continue;
    // Asked last: it reads back through the arguments, so only for an identifier that names something sensitive.
    // One field read off the claims a getter returns (jwt.getClaims().pat_name) is that field, not the claims.
    if (kind && /^(?:payload|claims)$/.test(words[words.length - 1]) && /^\s*\(\s*\)\s*(?:\??\.|->|\[)/.test(code.slice(m.index + m[0].length, m.index + m[0].length + 20))) continue;
    if (kind && passedAsValue(code, m.index, m[0].length)) return { kind, value: m[0] };
  }
  return null;
}

/** Keys of structured logs followed by a value that is not a literal: "email", v / 'email' => $v / Str("email", v). */
const VALUE = String.raw`\s*(?!(?:true|false|nil|null|None|True|False|undefined)\b)([A-Za-z_$@][\w$@]*(?:\s*(?:\?\.|\.|->|::)\s*[A-Za-z_$][\w$]*)*)`;
const QUOTED_KEY = new RegExp(String.raw`["']([A-Za-z][\w.-]{0,40})["']\s*(?:,|:(?!:)|=>)` + VALUE, "g");
/** Keyword arguments and map keys in code (string literals dropped): email: x, email=x, :email => x. */
const BARE_KEY = new RegExp(String.raw`(?<![\w$.]):?([A-Za-z_]\w{0,40})\s*(?::(?!:)|=>|=(?![=>]))` + VALUE, "g");
/** Words of a value that make it safe to log: a hash, a mask, a count. */
const SAFE_VALUE_WORD = new Set(["hash", "hashed", "digest", "masked", "mask", "redacted", "redact", "count", "len", "length", "size", "encrypted", "sha256", "sha1", "md5", "present", "exists", "verified", "valid", "domain", "id", "ids", "type", "enabled"]);

function keyed(pattern: RegExp, text: string): Sensitive | null {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (splitWords(m[2]).some((w) => SAFE_VALUE_WORD.has(w))) continue;
    const kind = classifyWords(splitWords(m[1]));
    if (kind) return { kind, value: m[1] };
  }
  return null;
}

/** A structured-log key naming personal data or a secret with a variable as its value (raw: the call's text; code: its literals dropped). */
export function sensitiveKey(raw: string, code: string): Sensitive | null {
  return keyed(QUOTED_KEY, raw) ?? keyed(BARE_KEY, code);
}

/** A message that names a value right before its placeholder: "email: {}", "reset link %s", "{Email}", "phone={phone}". */
const NAMED_PLACEHOLDER = /([A-Za-z][A-Za-z_ -]{0,30}?)\s*[:=]?\s*(?:\{\}|%[sqvr]|%\([A-Za-z_]\w*\)s|\{([A-Za-z@][\w.]*)(?::[^}]*)?\}|\$\{[^}]*\}|#\{[^}]*\})/g;
const STRING_BODY = /(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;

const ID_OR_COUNT_WORD = new Set(["id", "ids", "uuid", "guid", "pk", "count", "total", "len", "length", "size"]);
/** The personal data or secret a log message names at one of its placeholders. */
export function namedPlaceholder(raw: string): Sensitive | null {
  STRING_BODY.lastIndex = 0;
  for (let s = STRING_BODY.exec(raw); s; s = STRING_BODY.exec(raw)) {
    NAMED_PLACEHOLDER.lastIndex = 0;
    for (let m = NAMED_PLACEHOLDER.exec(s[2]); m; m = NAMED_PLACEHOLDER.exec(s[2])) {
      const named = m[2] ? splitWords(m[2].replace(/^@/, "")) : [];
      // A placeholder whose own name is an id or a count ("Email {email_id} sent") is filled with that, not the data named before it.
      if (named.length > 0 && ID_OR_COUNT_WORD.has(named[named.length - 1])) continue;
      const before = splitWords(m[1]).slice(-2);
      const kind = (named.length ? classifyWords(named) : null) ?? (before.length ? classifyWords(before) : null);
      if (kind) return { kind, value: m[0].trim() };
    }
  }
  return null;
}

/** Subscript keys read as fields, so their words count: params[:username], user["email"], $data['phone'], and Laravel's
 * named reads of request input: $request->input('email'), $request->get('phone'), request('password'), Go's
 * r.FormValue("email") and Gin's c.PostForm("phone"). */
export function subscriptsAsFields(raw: string): string {
  if (!raw.includes("[") && !raw.includes(".get(") && !raw.includes("->") && !raw.includes("request(") && !/(?:Form\w*|Query|GetString)\s*\(/.test(raw)) return raw;
  return raw
    .replace(/\[\s*(?::|["'])?([A-Za-z_]\w*)["']?\s*\]/g, ".$1")
    .replace(/\.get\(\s*["']([A-Za-z_]\w*)["']\s*\)/g, ".$1")
    // Go and Gin form reads: r.FormValue("email"), req.PostFormValue(`password`), c.PostForm("phone"), c.Query("email").
    .replace(/\.(?:FormValue|PostFormValue|PostForm|DefaultPostForm|Query|DefaultQuery|GetString)\s*\(\s*["'\x60]([A-Za-z_]\w*)["'\x60]\s*(?:,[^()]{0,40})?\)/g, ".$1")
    .replace(/->\s*(?:input|get|post|query|string|json|old)\s*\(\s*["']([A-Za-z_]\w*)["']\s*(?:,[^()]{0,40})?\)/g, "->$1")
    .replace(/(?<![\w$>:])request\s*\(\s*["']([A-Za-z_]\w*)["']\s*\)/g, "request->$1");
}

// ------------------------------------------------------------------ whole records and data flow

/** Whole requests, forms or records serialised or passed to a log. */
const WHOLE_RECORD = new RegExp(
  String.raw`(?<![\w$.])(?:JSON\.stringify|json\.dumps|json_encode|print_r|var_export|inspect|repr|vars|asdict|jsonable_encoder|Jason\.encode!?)\s*\(\s*\$?(?:[a-z]\w*_)?(?:user|customer|patient|person|member|contact|profile|applicant|subscriber|account)s?\b(?!\s*(?:\.|->|\[))` +
    String.raw`|(?<![\w$])\$?(?:[a-z]\w*[_.])?(?:user|customer|patient|person|member|contact|profile|applicant|subscriber)s?\s*(?:\.|->)\s*(?:to_dict|model_dump|dict|to_json|toJSON|toJson|toArray|to_h|attributes|__dict__|as_json|serialize)\b` +
    String.raw`|(?<![\w$.])(?:patient|customer|cardholder|applicant)s?(?![\w$]|\s*(?:\.|->|\[|\(|:|=))`,
);

export function wholeRecord(code: string): string | null {
  return WHOLE_RECORD.exec(code)?.[0] ?? null;
}

/** Sources that hold a person's input or a request's credentials as a whole (the whole right-hand side of an assignment). */
const REQUEST_SOURCE = /^(?:await\s+)?(?:file_get_contents\s*\(\s*["']php:\/\/input["']\s*\)|(?:req|request|ctx\.request|c\.Request|r)\s*\.\s*(?:body|json|form|values|data|POST|params|query|headers|cookies|Body|Form|PostForm|Header|get_json\s*\([^)]*\)|json\s*\(\s*\)|formData\s*\(\s*\))|\$request\s*->\s*(?:all|input|post|json)\s*\(\s*\)|\$_(?:POST|REQUEST|GET|COOKIE)|params)(?:\s*\.\s*(?:to_unsafe_h|to_h|dict|copy|permit!)(?:\s*\(\s*\))?)?\s*;?\s*$/;
/**
 * Reads of a request's whole body by the frameworks' own calls (their documented APIs), at the start of a right-hand
 * side: Ktor's call.receive<T>() / receiveText() / receiveParameters(), Go's io.ReadAll(r.Body), Starlette and Fetch
 * request.body() / .text() / .json(), Flask's request.get_data(), servlet readers; ASP.NET Core's body stream read
 * through a StreamReader (`new StreamReader(context.Request.Body).ReadToEndAsync()`), Go's httputil.DumpRequest(r, ...)
 * (the request line and every header, Authorization and Cookie among them, with the body when asked), and the servlet stream copied whole by Spring's StreamUtils or
 * Commons IO (`StreamUtils.copyToByteArray(request.getInputStream())`, `IOUtils.toString(request.getReader())`).
 */
const REQUEST_READ = /^(?:await\s+)?(?:call\s*\.\s*receive(?:OrNull|Nullable)?\s*(?:<[^<>]{1,80}>)?\s*\(|(?:[A-Za-z_]\w*\s*\.\s*)?receive(?:Text|Parameters|Multipart)\s*\(|(?:io|ioutil)\s*\.\s*ReadAll\s*\(\s*(?:r|req|request|c\.Request)\s*\.\s*Body\s*\)|(?:req|request)\s*\.\s*(?:body|text|json|get_data|getReader|getInputStream|formData|form)\s*\(|json_decode\s*\(\s*file_get_contents\s*\(\s*["']php:\/\/input["'])|new\s+(?:System\.IO\.)?StreamReader\s*\(\s*(?:[A-Za-z_]\w*\s*\.\s*)?Request\s*\.\s*Body\b|httputil\s*\.\s*DumpRequest\s*\(\s*(?:r|req|request|c\.Request)\s*,|(?:StreamUtils\s*\.\s*copyTo(?:ByteArray|String)|IOUtils\s*\.\s*(?:toString|toByteArray))\s*\(\s*(?:request|req|httpRequest|servletRequest)\s*\.\s*(?:getInputStream|getReader)\s*\(/;
/** One field of a request's body or form taken into a variable: `const payload = req.body.data`, `text = request.form["message"]`. */
const REQUEST_FIELD = /^(?:await\s+)?(?:req|request|ctx\.request)\s*\.\s*(?:body|json|form|data|POST)\s*(?:\??\.\s*|\[\s*["'])([A-Za-z_]\w*)["']?\s*\]?\s*;?\s*$/;
/** Declarations, typed or not, and appends: `const x =`, `val x =`, `String x =`, `Map<String, Object> x =`, `x :=`, `$x =`, `body += chunk`, C#'s `using var reader =`, Java's `byte[] body =`. */
const ASSIGNMENT = /^\s*(?:using\s+)?(?:(?:const|let|var|val|my|local|final|auto|String|string|(?:byte|char)\s*\[\s*\])\s+|[A-Z][\w.]{0,60}(?:<[^<>=;]{0,80}>)?(?:\[\])?\??\s+)?\$?([A-Za-z_]\w*)\s*(?::\s*[\w<>\[\]?|. ]+)?\s*(?::=|[+.]?=(?![=>~]))\s*(.+?)\s*;?\s*$/;
/** Go's two results, the value first: `body, err := io.ReadAll(r.Body)`. */
const GO_PAIR = /^\s*([A-Za-z_]\w*)\s*,\s*[A-Za-z_]\w*\s*:?=\s*(.+?)\s*$/;
/** Destructuring: `const { email, to: phone, ...rest } = req.body`, `let {a, b} = payload`. */
const DESTRUCTURE = /^\s*(?:const|let|var|val)?\s*\{([^{}]{1,200})\}\s*(?::\s*[^=]{1,80})?=(?![=>])\s*(.+?)\s*;?\s*$/;
/** Destructured fields that say what they are and are not personal: ids, counts, paging, flags, kinds, times. */
const PLAIN_FIELD = new Set(["id", "ids", "uuid", "count", "total", "page", "limit", "offset", "size", "per", "sort", "order", "status", "state", "type", "kind", "mode", "action", "lang", "locale", "format", "version", "enabled", "active", "flag", "date", "time", "timestamp", "from", "start", "end", "since", "until", "before", "after", "cursor", "skip", "take", "filter", "search", "q", "query", "category", "tag", "tags", "level", "priority", "amount", "quantity", "qty", "price", "currency", "title", "slug", "url", "path", "method", "source", "target", "event", "events", "is", "has", "should", "max", "min", "timeout", "retry", "retries", "debug", "verbose", "dry", "run", "force", "channel", "room", "group", "role", "roles", "scope", "scopes", "permission", "permissions", "model", "temperature", "stream", "options", "config", "settings"]);

/** Names bound by a destructuring pattern's fields (the alias when one is given), defaults and rest markers dropped. */
function destructuredNames(fields: string): string[] {
  const out: string[] = [];
  for (const part of fields.split(",")) {
    const field = part.replace(/=.*$/s, "").replace(/^\s*\.\.\./, "").trim();
    const name = (field.includes(":") ? field.slice(field.indexOf(":") + 1) : field).trim();
    if (/^[A-Za-z_$][\w$]*$/.test(name)) out.push(name);
  }
  return out;
}

/**
 * Variables given a sensitive value in the lines before a log call (same hunk, new side): `data = request.json`,
 * `link = base + "?token=" + token`, `addr = user.email`. Their name alone does not say so. A light linear data flow:
 * the lines are read once, in order, and a name given a tainted name's value (`payload = body`, `s = JSON.stringify(dto)`,
 * `const { to, text } = req.body`) is tainted in turn. `seed` holds names tainted by where they come from (a handler's
 * request-body parameter, a loop over a request's headers); `sourceValue` finds whole request values inside a
 * right-hand side (`$msg = '...' . var_export($_POST, 1)`).
 */
export function taintedNames(lines: string[], keepCodeOnly: (text: string) => string, seed?: Map<string, "pii" | "secret">, sourceValue?: (code: string) => Sensitive | null): Map<string, "pii" | "secret"> {
  const names = new Map<string, "pii" | "secret">(seed ?? []);
  // A literal (object, dict, hash, list) assigned over several lines: its entries' values taint the name it is given.
  let open: { name: string; depth: number; lines: number } | null = null;
  for (const text of lines) {
    if (text.length > 300) { open = null; continue; }
    if (open) {
      const code = keepCodeOnly(subscriptsAsFields(text));
      if (!names.has(open.name)) {
        const found = sensitiveIdentifier(code) ?? (names.size ? taintedValue(code, names) : null);
        if (found) names.set(open.name, found.kind);
      }
      open.depth += bracketBalance(code);
      if (open.depth <= 0 || ++open.lines > 40) open = null;
      continue;
    }
    if (!text.includes("=")) continue;
    const destructured = text.includes("{") ? DESTRUCTURE.exec(text) : null;
    if (destructured) {
      const source = destructured[2].replace(/;\s*$/, "");
      const from = REQUEST_SOURCE.test(source) || REQUEST_READ.test(source) ? "pii" : names.get(/^(?:await\s+)?([A-Za-z_$][\w$]*)$/.exec(source)?.[1] ?? "");
      if (from) for (const name of destructuredNames(destructured[1])) if (!splitWords(name).some((w) => PLAIN_FIELD.has(w))) names.set(name, from);
      continue;
    }
    const m = ASSIGNMENT.exec(text) ?? GO_PAIR.exec(text);
    if (!m) continue;
    const [, name, rhs] = m;
    if (/\b(?:redact\w*|mask\w*|hash\w*|sha\d+|digest|len|length|size|count|encrypt\w*)\b/i.test(rhs)) continue;
    // Only a literal or a constructor call left open (`{`, `[`, `dict(`, `mapOf(`, `new Payload(`), not a function's body.
    if (/^(?:new\s+)?[\w.$:]{0,60}\s*[{[(]$/.test(rhs.trim())) {
      const depth = bracketBalance(keepCodeOnly(rhs));
      if (depth > 0) { open = { name, depth, lines: 0 }; continue; }
    }
    if (REQUEST_SOURCE.test(rhs) || REQUEST_READ.test(rhs)) { names.set(name, "pii"); continue; }
    // A field of the submitted body, unless the field or the variable says it is an id, a count, a page or a flag.
    const field = REQUEST_FIELD.exec(rhs);
    if (field && ![...splitWords(field[1]), ...splitWords(name)].some((w) => PLAIN_FIELD.has(w))) { names.set(name, "pii"); continue; }
    const code = keepCodeOnly(subscriptsAsFields(rhs)).trim();
    // Only a value taken as it is (or put into a string): user.email, params[:email] || "", f"{base}?token={token}".
    const only = /^(?:await\s+)?([A-Za-z_$@][\w$]*(?:\s*(?:\?\.|\.|->|::)\s*[A-Za-z_$][\w$]*(?:\(\s*\))?)*)\s*(?:(?:\?\?|\|\||\bor\b|\?:).*)?$/.exec(code);
    const found = only ? sensitiveIdentifier(only[1]) : /["'`]/.test(rhs) ? sensitiveIdentifier(code) : null;
    if (found) { names.set(name, found.kind); continue; }
    // A tainted name's value passed on whole (`body = payload`, `text = JSON.stringify(data)`, `msg = "got " + body`),
    // or a whole request value inside the right-hand side.
    const flowed = (names.size ? taintedValue(code, names) : null) ?? sourceValue?.(code);
    if (flowed) { names.set(name, flowed.kind); continue; }
    // What a call named for fetching a secret or personal data returns is that: get_github_access_token(code),
    // fetchUserEmail(id), generateApiKey().
    const call = RETURNS_NAMED.exec(code);
    const kind = call ? classifyWords(splitWords(call[2])) : null;
    if (kind) names.set(name, kind);
  }
  return names;
}
/** Opening minus closing brackets of a line's code (string literals already dropped). */
function bracketBalance(code: string): number {
  let depth = 0;
  for (let i = 0; i < code.length; i++) {
    const ch = code.charCodeAt(i);
    if (ch === 40 || ch === 91 || ch === 123) depth++;
    else if (ch === 41 || ch === 93 || ch === 125) depth--;
  }
  return depth;
}

const RETURNS_NAMED = /^(?:await\s+)?(?:[A-Za-z_$][\w$]*\s*(?:\.|->|::)\s*)*(get|fetch|obtain|exchange|request|generate|create|issue|refresh|read|load)_?([A-Za-z][\w$]*)\s*\(/i;

/** Methods that give a value whole in another form: request.inspect, payload.to_json, dto.toJSON(), data.to_h. */
// A reader's ReadToEnd()/ReadToEndAsync() (.NET's StreamReader) returns everything it wraps.
const WHOLE_FORM = /^(?:inspect|to_json|toJSON|toJson|to_h|to_hash|to_dict|model_dump|dict|as_json|__dict__|ReadToEnd|ReadToEndAsync)$/;

/** The first tainted name passed as a whole value in `code`. */
export function taintedValue(code: string, names: Map<string, "pii" | "secret">): Sensitive | null {
  if (names.size === 0) return null;
  PATH.lastIndex = 0;
  for (let m = PATH.exec(code); m; m = PATH.exec(code)) {
    const segments = m[0].split(/\s*(?:\?\.|!\.|&\.|\.|->|::)\s*/);
    while (segments.length > 1 && (TRANSPARENT.test(segments[segments.length - 1]) || WHOLE_FORM.test(segments[segments.length - 1]))) segments.pop();
    if (segments.length !== 1) continue;
    const name = segments[0].replace(/^[$@]/, "");
    const kind = names.get(name);
    if (kind && !LABEL_AFTER.test(code.slice(m.index + m[0].length, m.index + m[0].length + 3)) && passedAsValue(code, m.index, m[0].length)) return { kind, value: name };
  }
  return null;
}
