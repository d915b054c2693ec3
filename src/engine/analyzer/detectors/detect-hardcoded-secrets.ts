// Credentials written into the code or configuration: known token formats, private keys, and assignments of
// secret-looking literals to secret-named keys. Tests, fixtures, examples and placeholders are left alone,
// and the message never repeats the value.
import type { RawFinding } from "../raw-finding.js";
import { inSampleDeclaration } from "../sample-data.js";
import { candidateLines, compact, type FileDiff } from "../file-diff.js";
import { classifyFile, LOCK_FILE_PATH, TRANSLATION_PATH } from "../../diff/classify-file.js";
import { loadDataFile } from "../../load-data-file.js";

/**
 * Credential sinks (credential-sinks.yaml): APIs that take a secret at a known argument position (jwt.sign(payload,
 * secret), Algorithm.HMAC256(secret), cookieParser(secret), new PasswordAuthentication(user, password)). A literal in
 * that position is a hard-coded secret whatever the variables are called; so is a literal the argument names when the
 * change defines it in the same file (const secret = "..."; jwt.sign(payload, secret)). Placeholders, environment
 * lookups and the library's own documented samples are not.
 */
interface CredentialSinkCall {
  api: string;
  callees: string[];
  argument: number;
  keyword?: string;
  kind: "key" | "password";
  samples?: string[];
  source: string;
}
interface CredentialFallback {
  /** Text every line the pattern can match holds: the pattern is tried only there. */
  needs: string;
  form: string;
  pattern: string;
  source: string;
}
interface CredentialOption {
  api: string;
  key: string;
  kind: "key" | "password";
  source: string;
}
const CREDENTIAL_SINKS = loadDataFile<{ calls: CredentialSinkCall[]; options?: CredentialOption[]; fallbacks: CredentialFallback[]; samples?: string[] }>("analyzer/credential-sinks.yaml");
/** Values a library's documentation uses in its examples: copied into a project they are not its secret. */
const DOCUMENTED_SAMPLES = new Set([...(CREDENTIAL_SINKS.samples ?? []), ...CREDENTIAL_SINKS.calls.flatMap((c) => c.samples ?? [])]);
const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A callee of the table as a regex source: receiver.method and Class::method as whole names, ".method" on any receiver, "new Class". */
function calleePattern(callee: string): string {
  const dotted = (name: string) => name.split(".").map(escapeRegex).join(String.raw`\s*\.\s*`);
  if (callee.startsWith("new ")) return String.raw`\bnew\s+${dotted(callee.slice(4))}\s*\(`;
  if (callee.startsWith(".")) return String.raw`\.\s*${escapeRegex(callee.slice(1))}\s*\(`;
  // A single name (cookieParser, Fernet) may come off a module (express.cookieParser, fernet.Fernet); a dotted one is whole.
  const before = /[.:]/.test(callee) ? String.raw`(?<![\w$.\\])` : String.raw`(?<![\w$\\])`;
  return String.raw`${before}${callee.split("::").map(dotted).join("::")}\s*\(`;
}
/** The last name of a callee (jwt.sign -> sign, new SecretKeySpec -> SecretKeySpec): a line without it holds no such call. */
const calleeName = (callee: string): string => callee.split(/[.:\s]+/).pop()!;
const SINK_CALLS = CREDENTIAL_SINKS.calls.map((call) => ({ ...call, names: [...new Set(call.callees.map(calleeName))], keywordArgument: call.keyword ? new RegExp(String.raw`^\s*${escapeRegex(call.keyword)}\s*=(?!=)`) : undefined, pattern: new RegExp(call.callees.map(calleePattern).join("|"), "g"), samples: new Set(call.samples ?? []) }));
/** For the shared prefilter and a first test of a line: the names a sink call is written with (sign, verify, HMAC256, SignedString, ...). */
const SINK_CALL_NAMES = [...new Set(CREDENTIAL_SINKS.calls.flatMap((c) => c.callees).map(calleeName))].map(escapeRegex).join("|");
const ANY_SINK_NAME = new RegExp(String.raw`(?:${SINK_CALL_NAMES})\s*\(`);
const ENV_FALLBACKS = CREDENTIAL_SINKS.fallbacks.map((f) => ({ needs: f.needs, pattern: new RegExp(f.pattern, "g") }));
/** Option keys of a sink's options object (opts.secretOrKey = "...", { secretOrKey: "..." }); the literal follows the match. */
const SINK_OPTIONS = (CREDENTIAL_SINKS.options ?? []).map((o) => ({ ...o, pattern: new RegExp(String.raw`(?:^|[^\w$])(?:[\w$]+\.)?${escapeRegex(o.key)}["']?\s*(?::|=(?!=))\s*`) }));

/** A Slack incoming webhook's path without its host: /T<team>/B<channel>/<24-character token>. */
const SLACK_WEBHOOK_PATH = /(?:^|["'`\s=(])\/?T[A-Z0-9]{8,12}\/B[A-Z0-9]{8,12}\/[A-Za-z0-9]{24}(?![A-Za-z0-9])/;
const KNOWN_FORMATS: Array<[RegExp, string]> = [
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/, "AWS access key id"],
  [/-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/, "private key"],
  [/\bgh[pousr]_[A-Za-z0-9]{36,}\b|\bgithub_pat_[A-Za-z0-9_]{50,}/, "GitHub token"],
  [/\bxox[abposr]-[0-9A-Za-z-]{10,}/, "Slack token"],
  [/hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{12,}/, "Slack webhook URL"],
  // The same webhook's path kept apart from its host ("https://hooks.slack.com/services" + suffix): team, channel, 24-char token.
  [SLACK_WEBHOOK_PATH, "Slack webhook URL"],
  [/\b(?:sk|rk)_live_[0-9A-Za-z]{20,}/, "Stripe live key"],
  // Test-mode secret keys reach the account's sandbox (its customers and charges); 24 or more random characters with
  // upper case and digits, so sk_test_xxx, sk_test_mock_key and typed runs are not one.
  [/\b(?:sk|rk)_test_(?=[0-9A-Za-z]{0,99}[A-Z])(?=[0-9A-Za-z]{0,99}\d)[0-9A-Za-z]{24,}/, "Stripe test-mode secret key"],
  [/\bAIza[0-9A-Za-z_-]{35}\b/, "Google API key"],
  [/\bsk-ant-[A-Za-z0-9_-]{20,}/, "Anthropic API key"],
  [/\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{32,}/, "OpenAI API key"],
  [/\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/, "SendGrid API key"],
  [/\bSK[0-9a-f]{32}\b/, "Twilio API key"],
  [/\bglpat-[A-Za-z0-9_-]{20,}/, "GitLab token"],
  [/\bnpm_[A-Za-z0-9]{36}\b/, "npm token"],
  [/\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}/, "JSON Web Token"],
  [/\b\d{8,10}:AA[0-9A-Za-z_-]{33}(?![\w-])/, "Telegram bot token"],
  [/\b(?:AccountKey|SharedAccessKey)=[A-Za-z0-9+/]{30,}={0,2}/, "Azure storage or service bus key"],
  [/\bhf_[A-Za-z]{34}\b/, "Hugging Face token"],
  [/\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b/, "Shopify token"],
  [/\bdo[por]_v1_[a-f0-9]{64}\b/, "DigitalOcean token"],
  [/\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/, "PyPI token"],
  // base64 of the bot's numeric id (17-20 digits, so it opens "MT", "Nz", "OD", ...) . 6-character timestamp . 27-38 character HMAC
  // A Discord webhook: /api/webhooks/<snowflake id>/<68-character token>; whoever holds it posts to the channel.
  [/discord(?:app)?\.com\/api\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{60,}/, "Discord webhook URL"],
  // A PEM private key stored base64-encoded, as Kubernetes keeps files: a kubeconfig's client-key-data, a Secret's
  // tls.key, a Helm value (https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/). The
  // encoding of "-----BEGIN <type> PRIVATE KEY-----" is fixed; 40 more characters must follow (the key, not the header
  // alone). An encoded certificate or public key (LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0t...) is not one.
  [/\bLS0tLS1CRUdJTiB(?:SU0EgUFJJVkFURSBLRVkt|QUklWQVRFIEtFWS0t|FQyBQUklWQVRFIEtFWS0t|EU0EgUFJJVkFURSBLRVkt|PUEVOU1NIIFBSSVZBVEUgS0VZ|FTkNSWVBURUQgUFJJVkFURSBL|QR1AgUFJJVkFURSBLRVkgQkxP)[A-Za-z0-9+/]{40}/, "private key (base64-encoded PEM)"],
  // SonarQube tokens by type: user (squ_), project analysis (sqp_) and global analysis (sqa_), 40 hex characters
  // (https://docs.sonarsource.com/sonarqube-server/user-guide/managing-tokens: a user token carries all its user's rights).
  [/\bsq[upa]_[0-9a-f]{40}\b/, "SonarQube token"],
  // Neon database passwords: npg_ + 12 mixed-case letters and digits.
  [/\bnpg_(?=[A-Za-z0-9]{0,11}[A-Z])(?=[A-Za-z0-9]{0,11}\d)[A-Za-z0-9]{12}\b/, "Neon database password"],
  // Mailchimp Marketing API keys: 32 hex then the data centre the account lives in ("-us19"), which the key names
  // (https://mailchimp.com/developer/marketing/guides/quick-start/#make-your-first-api-call: "the part after the - in
  // your API key is your data center").
  [/\b[0-9a-f]{32}-us\d{1,2}\b/, "Mailchimp API key"],
  // Mailgun: private API keys (key-<32 hex>) and domain sending keys / SMTP passwords (<32 hex>-<8 hex>-<8 hex>).
  [/\bkey-[0-9a-f]{32}\b|\b[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}\b/, "Mailgun key"],
  [/\b(?:M[Tjz]|N[DTjz]|O[DT])[A-Za-z0-9_-]{22,26}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}(?![\w-])/, "Discord bot token"],
  // The base64 body of a private key without its PEM armour (Alipay, WeChat Pay and JWT samples paste it so): the DER
  // opening is fixed. PKCS#8 RSA (SEQUENCE, version 0, rsaEncryption) "MII.....ADANBgkqhkiG9w0BAQEFAASC", PKCS#1 RSA
  // (version 0 then the modulus INTEGER) "MII..IBAAK[BC]", PKCS#8 EC P-256 and SEC1 EC. At least 40 more key characters
  // must follow, and no "..." after the run (a truncated sample in documentation is not a key).
  [/\b(?:MII[A-Za-z0-9+/]{5}(?:ADANBgkqhkiG9w0BAQEFAASC|AAK[BC])|MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg|MHcCAQEEI[A-Za-z0-9+/]{3}|MC4CAQAwBQYDK2VwBCIEI)[A-Za-z0-9+/]{40}(?![A-Za-z0-9+/]*(?:\.\.|…))/, "private key (base64 body without PEM header)"],
];
/**
 * Keys issued to be shipped to browsers and apps, by their documented prefixes: Stripe publishable keys pk_live_ and
 * pk_test_ (https://docs.stripe.com/keys#obtain-api-keys: "Publishable keys ... can be publicly accessible in your web
 * or mobile app's client-side code"; Paystack and Clerk use the same pk_test_/pk_live_ form) and Mapbox public access
 * tokens, "pk." then a base64 JSON header (https://docs.mapbox.com/accounts/guides/tokens/: "Public tokens (pk) ...
 * can be used client-side"; secret tokens begin "sk."). A value of this shape is not a secret whatever its key says.
 */
const PUBLISHABLE_KEY = /^(?:pk_(?:live|test)_|pk\.eyJ)/;
/** Runs typed to fill a token's length: the digits or the alphabet in order, a keyboard row. */
const FAKE_RUN = /0123456789|1234567890|abcdefghij|ABCDEFGHIJ|qwertyuiop/;
/** Keys published on purpose: the Azure storage emulator's well-known account key, Stripe's sample test keys. */
const DOCUMENTED_KEY = /sk_test_4eC39HqLyjWDarjtT1zdp7dc|sk_test_BQokikJOvBiI2HlWgH4olfQ2|Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq\/K1SZFPTOtr\/KBHBeksoGMGw==|devstoreaccount1/;

// cookie_key: the key cookie-session and keygrip sign cookies with (keys.js's cookieKey), a session secret by another name.
const SECRET_KEY = String.raw`[\w.-]{0,60}?(?:senha|contrase(?:n|ñ)i?a|contrasinal|mot_?de_?passe|motdepasse|kennwort|wachtwoord|has(?:l|ł)o|(?:s|ş)ifre|kata_?sandi|mima|mat_?khau|secreto|secreta|segredo|geheimnis|segreto|sekret|rahasia|(?:clave|chave|llave|cle|chiave|schluessel|schlüssel|sleutel|klucz|anahtar|kunci)_?(?:api|privada|privado|privee|privat|secreta|secreto|segreta|geheim|jwt|acceso|acesso|firma|assinatura)|password|pass[_-]word|passwd|passwort|pwd|secret|secret[._-]?key(?:_base)?|api_?key|apikey|access_?key|access_?token|auth_?token|client_?secret|private_?key|signing_?key|encryption_?key|(?<![a-z0-9])(?:des|3des|aes|cipher)_?key|hash_?key|hmac_?key|jwt_?key|session_?key|cookie_?key|master_?key|account_?key|(?:auth|nonce|logged_?in)_?(?:key|salt)|token|credentials?|passphrase|pat|pass)`;
/** Keys that name a credential outright: any literal value is one (weak ones included), unless it is a placeholder. */
const STRONG_KEY = /(?:senha|contrase(?:n|ñ)i?a|contrasinal|mot_?de_?passe|motdepasse|kennwort|wachtwoord|has(?:l|ł)o|(?:s|ş)ifre|kata_?sandi|mima|mat_?khau|secreto|secreta|segredo|geheimnis|segreto|sekret|rahasia|(?:clave|chave|llave|cle|chiave|schluessel|schlüssel|sleutel|klucz|anahtar|kunci)_?(?:api|privada|privado|privee|privat|secreta|secreto|segreta|geheim|jwt|acceso|acesso|firma|assinatura)|password|pass[_-]word|passwd|passwort|pwd|secret|secret[._-]?key(?:_base)?|private_?key|api_?key|apikey|access_?key|signing_?key|encryption_?key|(?<![a-z0-9])(?:des|3des|aes|cipher)_?key|hash_?key|hmac_?key|jwt_?key|session_?key|cookie_?key|master_?key|account_?key|(?:auth|nonce|logged_?in)_?(?:key|salt)|passphrase)$/i;
/** The words of an identifier, lower-cased: MAIL_PASS, mailPass, mail-pass and MAILPass are all ["mail", "pass"]. */
function keyWords(key: string): string[] {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.toLowerCase());
}
/** "pass" names a credential only as a word of its own (MAIL_PASS, dbPass), not inside "bypass" or "compass". */
const endsInPassWord = (key: string): boolean => keyWords(key).pop() === "pass";
/** A key the vocabulary matched: "...pass" only when pass is a word of it; "...pat" (a personal access token: GITHUB_PAT,
 * clarifai_pat, AzureDevOpsPat) likewise, not the end of "compat" or "spat". */
const namesCredentialKey = (key: string): boolean => /pass$/i.test(key) ? endsInPassWord(key) : !/pat$/i.test(key) || keyWords(key).pop() === "pat";
/** (JavaScript's template literals, `value`, are quoted values too.) key = "value" / key: 'value' / key => "value" / key := "value" / "key": "value" / attr="value" / C# Key { get; set; } = "value" */
const QUOTED_ASSIGNMENT = new RegExp(String.raw`(?:^|[^\w])(${SECRET_KEY}(?:_(?:hmac|[0-9]+))*)["']?\]?(?:\s*\{\s*get;[^}]{0,40}\})?(?:\s*:\s*&?(?:'static\s+)?[A-Za-z_][\w<>\[\]]*\??(?=\s*=))?(?:\s+(?:string|String|str)(?=\s*=))?\s*(?:=|:|=>|:=)\s*(?:([A-Za-z]+)\s*\()?\s*["'\`]([^"'\`\n]{4,200})["'\`]`, "i");
/** Calls whose string argument names where the secret comes from, not the secret: env('MAIL_PASSWORD'); or a type
 * expression of a schema library (arktype's `apikey: type('string > 0')`). */
const REFERENCE_CALL = /^(?:type|env|getenv|getEnv|environ|config|setting|settings|secret|secrets|vault|lookup|fetch|get|getProperty|getString|Secret|SecretStr|t|tr|i18n|gettext|ngettext|trans|translate|lang|formatMessage|_+)$/i;
/**
 * KEY=value in env files, Dockerfiles, YAML, properties (not in code, where a bare value is an expression). A line may
 * go on to the next with a backslash (a Dockerfile's `ENV A=1 \` list of variables, a shell command or a .properties
 * value split over lines). An unquoted value has no spaces, except a Google app password written as Google shows it
 * (four groups of four letters: `spring.mail.password=abcd efgh ijkl mnop`, `MAIL_PASSWORD=abcd efgh ijkl mnop`).
 */
const BARE_ASSIGNMENT = new RegExp(String.raw`^\s*(?:ENV\s+|ARG\s+|export\s+|-\s+)?(${SECRET_KEY})\s*[=:]\s*([^\s"'#$\{<%][^\s"',;]{3,}|[a-z]{4}(?: [a-z]{4}){3})[,;]?\s*(?:#.*|\\)?$`, "i");
/** The key named in a string, the value in the next: define('DB_PASSWORD', '...'), props.setProperty("password", "..."), <property name="password" value="..."/>, <add key="ApiKey" value="..."/>. */
const KEYED_PAIR = new RegExp(String.raw`(?:\b(?:define|setProperty|put|set|setenv|putenv|add|Add|Set|setdefault)\s*\(\s*["'](${SECRET_KEY})["']\s*,\s*["']([^"'\n]{4,200})["']|\b(?:name|key)\s*=\s*["'](${SECRET_KEY})["']\s+value\s*=\s*["']([^"'\n]{4,200})["']|\bbuildConfigField\s*\(?\s*["']String["']\s*,\s*["'](${SECRET_KEY})["']\s*,\s*["'](?:\\?")?([^"\\\n]{4,200})(?:\\?")?["']|<string\s+name\s*=\s*["'](${SECRET_KEY})["'][^>]*>([^<\n]{4,200})</string>)`, "i");
/** A password in the query of a database or broker URL (jdbc:postgresql://host/db?user=app&password=...). */
const URL_QUERY_PASSWORD = /\b(?:jdbc:\w+|mongodb(?:\+srv)?|postgres(?:ql)?|mysql|redis|amqps?):[^\s"']*[?&;](?:password|pwd)=([^&\s"';]{6,})/i;
/** Password=...; inside a connection string (ADO.NET, JDBC, ODBC). */
const CONNECTION_STRING = /\b(?:Server|Data Source|Host|User ?Id|Uid|Database|Initial Catalog|Driver)\s*=[^;\n]*;/i;
const CONNECTION_STRING_PASSWORD = /(?:^|[;"'\s])(?:Password|Pwd)\s*=\s*([^;"'\s{}$%<]{6,})\s*(?:;|["'])/i;
const URL_CREDENTIALS = /\b[a-z][a-z0-9+.-]*:\/\/([^/\s:@"'$]+):([^@\s"'/$]{3,})@([^/\s:"'?]+)/i;
/** Go's MySQL DSN: user:password@tcp(host:port)/db. */
const GO_DSN = /\b([\w.-]+):([^@\s"'`/$]{3,})@(?:tcp|unix)\(([^)\s"'`]*)\)/;
/** A host with a dot in its name or a public address is a real server; a single label (db, rabbitmq) is a service of a local compose or cluster network. */
const NAMED_HOST = /^(?!(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|host\.docker\.internal)(?::\d+)?$)[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?$/i;
/** Hosts that stand for "your server here": example domains, template words. */
const PLACEHOLDER_HOST = /example\.|your|xxx|<|\{|\$|%|^(?:host|hostname|server|domain|cluster\d*|ip)(?::\d+)?$|\.(?:local|test|invalid)(?::\d+)?$/i;
/** A password inline in a URL or DSN: user:password@host. */
function urlPassword(user: string, password: string, host: string): boolean {
  if (isPlaceholder(password) || /^(?:pass|pwd|passwd|pw|user|username)$/i.test(password) || /^<|^\{|^(?:anonymous|ftp)$/i.test(user) || PLACEHOLDER_HOST.test(host)) return false;
  // On the developer's own machine only a chosen password counts, as in a connection string (see chosenPassword).
  if (LOCAL_HOST.test(host)) return LOCAL_ADDRESS.test(host) && password.length >= 8 && /\d/.test(password) && /[a-z]/i.test(password) && chosenPassword(password);
  // A factory default on a private network address (admin:admin@192.168.1.1) is a device's or lab's own account.
  if (DEFAULT_PASSWORD.test(password) && PRIVATE_ADDRESS.test(host)) return false;
  // On a named or public host any password counts, words too (mongodb://alex:alex@ds0.mlab.com); on a service name only a secret-looking one.
  return NAMED_HOST.test(host) || (password.length >= 6 && /[\d\W]/.test(password));
}
/** A key or token in a URL's query string (?appid=..., &api_key=...), as a request URL written into code. */
const URL_QUERY_KEY = /[?&](?:api[_-]?key|apikey|appid|app[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|secret|token|key)=([A-Za-z0-9_.~-]{16,200})(?=[&#"'`\s]|$)/i;
/**
 * A request URL kept in a comment ("// Working API request: https://api.themoviedb.org/3/search/movie?api_key=1b8b...")
 * still publishes the key in its query, and a connection URL kept there (a commented-out
 * "mongodb+srv://user:pass@cluster0.xxxx.mongodb.net/db") its password. Comments are documentation, so only a URL to a
 * real named host (not localhost, an example or a template host) counts, with a generated-looking key (key-shaped,
 * spread over many characters, not a typed run) or a password that is not a placeholder.
 */
const COMMENTED_URL = /\bhttps?:\/\/([^/\s"'`?#]+)[^\s"'`]*/;
function commentedRequestKey(text: string): string | undefined {
  const connection = text.includes("@") ? URL_CREDENTIALS.exec(text) : null;
  if (connection && NAMED_HOST.test(connection[3]) && urlPassword(connection[1], connection[2], connection[3])) return "password in a connection URL";
  const url = COMMENTED_URL.exec(text);
  if (!url || !NAMED_HOST.test(url[1]) || PLACEHOLDER_HOST.test(url[1])) return undefined;
  const key = URL_QUERY_KEY.exec(url[0])?.[1];
  if (key === undefined || !KEY_SHAPED(key) || PUBLISHABLE_KEY.test(key) || isPlaceholder(key) || FAKE_RUN.test(key) || shannonEntropy(key) < 3.2) return undefined;
  return "credential in a URL query";
}
/** Key-shaped: a long hex string, or a long run mixing letters and digits. */
const KEY_SHAPED = (value: string): boolean => /^[a-f0-9]{24,}$/i.test(value) || (value.length >= 20 && /[A-Za-z]/.test(value) && /\d/.test(value));
const PRIVATE_ADDRESS = /^(?:10\.\d+|192\.168|172\.(?:1[6-9]|2\d|3[01]))\.\d+\.\d+(?::\d+)?$/;
/** A setter or builder given a literal credential: setPassword("..."), set_api_key('...'), .withSecret("..."). */
const SETTER_CALL = /\b(?:set|with|put)_?((?:db|mail|smtp|admin|user|client|api|access|secret|auth|private|account)?_?(?:password|passwd|pwd|pass|secret|secret_?key|api_?key|access_?key|access_?token|auth_?token|client_?secret|private_?key|credentials?))\s*\(\s*["']([^"'\n]{3,200})["']\s*\)/i;
/**
 * A builder method named for the credential it sets, given a literal: Spring Boot's DataSourceBuilder.password(String)
 * (https://docs.spring.io/spring-boot/api/java/org/springframework/boot/jdbc/DataSourceBuilder.html), Jedis'
 * DefaultJedisClientConfig.builder().password(...), Lombok-generated @Builder setters (https://projectlombok.org/features/Builder),
 * the MinIO and AWS SDK builders' .credentials(...)/.secretKey(...). The method follows a dot, so a plain function of
 * the same name is not one.
 */
const BUILDER_CALL = /\.\s*(password|passwd|pwd|secret|secretKey|clientSecret|apiKey|accessKey|accessToken|authToken|privateKey|token)\s*\(\s*["']([^"'\n]{3,200})["']\s*\)/;
/** XML configuration: <property name="connection.password">value</property>, <password>value</password>. */
const XML_PROPERTY = /<(?:property|entry|param|parameter|setting|add)\b[^>]*?\b(?:name|key)\s*=\s*["']([\w.:-]*?(?:password|passwd|pwd|secret|token|api[._-]?key|private[._-]?key|access[._-]?key|credentials?))["'][^>]*>([^<\n]{3,200})<\/|<((?:[\w-]+[.:_-])?(?:password|passwd|secret|secretKey|apiKey|api-key|privateKey|private-key|accessKey|access-key|clientSecret|client-secret))>([^<\n]{3,200})<\/\3>/i;
/** A literal key handed to an HMAC or cipher constructor. */
const KEY_ARGUMENT = /\b(?:createHmac|createCipheriv|createDecipheriv|hmac\.new|HMAC\.new|Mac\.getInstance|SecretKeySpec|HmacSHA\d+)\s*\(\s*(?:["'][\w-]+["']\s*,\s*)?["']([^"'\n]{8,200})["']/;
/** Mac.getInstance("HmacSHA1") names an algorithm, not a key. */
const ALGORITHM_NAME = /^(?:Hmac\w+|AES\S*|DES\S*|RSA\S*|SHA[-\w]*|MD5|PBKDF2\w*|chacha20\S*|camellia\S*|blowfish\S*|bf-\w+|rc4\S*|sm4\S*|id-\w+)$/i;
/** A literal byte string handed over as a signing or encryption key (Go `Key: []byte("secret")`, or a typed declaration `var SecretKey []byte = []byte("...")`); weak words count. */
const SIGNING_LITERAL = /\b\w*(?:[Kk]ey|[Ss]ecret)\w*\s*(?:\[\]byte\s*)?(?::|=|:=)\s*\[\]byte\s*\(\s*"([^"\n]{4,200})"\s*\)/;
/** A value that only spells its key again (`secretAccessKey: secret-access-key`) names a key of a secret store. */
/**
 * A key whose first word says it names where a credential is carried (ATTRIBUTE_ACCESS_TOKEN, HEADER_API_KEY,
 * COOKIE_AUTH_TOKEN, FIELD_PASSWORD): given a lower-case identifier of several words ('_oauth2_access_token', 'x-api-key'),
 * it holds the attribute's, header's or field's name.
 */
const HOLDER_KEY = /^(?:attribute|attr|header|cookie|claim|field|param|parameter|property|column)$/;
const IDENTIFIER_VALUE = /^_{0,2}[a-z][a-z0-9]*(?:[-_.:][a-z0-9]+){1,6}_{0,2}$/;
function namesItsKey(key: string, value: string): boolean {
  if (HOLDER_KEY.test(keyWords(key)[0] ?? "") && IDENTIFIER_VALUE.test(value)) return true;
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  const last = key.split(/[.]/).pop() ?? key;
  if (norm(value).length > 0 && (norm(value) === norm(last) || norm(value) === norm(key))) return true;
  // Or the key's last words in one (TypeAPIKey = "APIKey", FieldPassword = "Password"): an enumeration's name for a kind.
  if (/^[A-Za-z]{3,}$/.test(value) && norm(last).endsWith(norm(value))) return true;
  // Or repeats some of its words (TplForgotPassword = "forgot-password"): the name of a template or a field.
  const words = /^[a-z]+(?:[-_][a-z]+)+$/.test(value) ? value.split(/[-_]/) : [];
  const ofKey = keyWords(key);
  if (words.length > 0 && words.every((w) => ofKey.includes(w))) return true;
  // Or spells the key's own words with a credential word in place of its last (`mysql_root_password` =>
  // 'mysql-root-secret', `mongo_initdb_root_password` => 'mongo-root-secret'): a stand-in named for its slot.
  if (words.length >= 3 && CREDENTIAL_WORD.test(words[words.length - 1]) && words.slice(0, -1).every((w) => ofKey.slice(0, -1).includes(w))) return true;
  // Or is a setting's dotted name ending in the key's own words (KEY_ACCESS_TOKEN = "sms-gateway.accessToken").
  const setting = DOTTED_NAME.test(value) ? keyWords(value.slice(value.lastIndexOf(".") + 1)) : [];
  return setting.length > 0 && setting.length <= ofKey.length && setting.every((w, i) => ofKey[ofKey.length - setting.length + i] === w);
}
const DOTTED_NAME = /^[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)+$/;
const CREDENTIAL_WORD = /^(?:secret|password|passwd|pass|pwd|key|token)$/;
/** An entry of a Kubernetes Secret's data: a base64 value. */
const SECRET_DATA_ENTRY = /^\s+[\w.-]+:\s*["']?([A-Za-z0-9+/]{12,}={0,2})["']?\s*$/;

// Values that are not credentials: placeholders, references to the environment or a template, empty-ish words.
// ("key-yourkeyhere": a "your ... here" slot written without separators is one too.)
const PLACEHOLDER = /^@[\w.-]+@$|your[a-z]{0,30}here|^(?:whatever|hashed|encrypted|hidden|text|varchar|json|array|datetime)$|(?:^|-)test(?:-|$)|^test[_.]|unique phrase|your[ _-]|^set_(?:the|your)_|^(.)\1{5,}$|\.\.\.|…|(?:^|[-_])e2e(?:[-_]|$)|(?:^|[-_])demo(?:[-_]|$)|example|changeme|change_me|change-me|chang(?:e|ed)[-_ ]?(?:it|this|in[-_ ]production)|[-_]here$|^(?:enter|insert|put|add)[-_]|^(?:string|int|integer|boolean|bool|id|float|number|str|bytes)!?$|should[-_ ]be[-_ ]changed|placeholder|your[_-]|dummy|fake|sample|redacted|xxx|\*\*\*|todo|replace|lorem|^your|^\$(?!2[aby]?\$\d\d\$)|^\{\{|^<|^%|\$\{|process\.env|os\.environ|getenv|ENV\[|env\(|localhost|^(?:password|secret|test|none|null|nil|true|false|undefined|string|value|token|key|required|optional|\*+|x+)$/i;
const NON_SECRET_KEY = /(?:_?(?:url|uri|path|file|name|header|field|param|type|id|endpoint|prefix|length|policy|expir\w*|ttl|label|placeholder|hint|regex|pattern|min|max|enabled|required|count|size|format|mode|version|store|provider|algorithm|manager))$/i;
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0|host\.docker\.internal|db|postgres|mysql|redis|example\.\w+)(?::\d+)?$/i;
const COMMENT = /^\s*(?:\/\/|#|\*|\/\*|--)/;
/** Every line classify() can report contains one of these; the rest of the file is skipped in one scan. */
const PREFILTER_WORDS = /AKIA|Pwd|ASIA|-----BEGIN|gh[pousr]_|github_pat_|xox[abposr]-|hooks\.slack|_live_|sk_test_|rk_test_|AIza|sk-|SG\.|SK[0-9a-f]{32}|glpat-|npm_|:\/\/|pass|pwd|secret|key|token|credential|masterauth|pat\b|LS0tLS1CRUdJTi|squ_|sqp_|sqa_|"auth"|senha|contrase|contrasinal|kennwort|wachtwoord|has[lł]o|[sş]ifre|sandi|mima|khau|segredo|geheim|segreto|sekret|rahasia|clave|chave|llave|cle_|chiave|schl|sleutel|klucz|anahtar|kunci|hmac|cipher|spec\s*\(|@tcp\(|@unix\(|kty|:AA|hf_|shp|_v1_|pypi-|webhooks\/|Basic\s|Bearer\s|:_auth|npg_|\b[0-9a-f]{32}-[0-9a-f]{8}-|\b[0-9a-f]{32}-us\d|getConnection|mysqli|mysql_connect|new PDO|\.run\("|\.run\('|\.login\(|ADANBgkqhkiG9w0BAQEFAASC|IBAAKCAQEA|IBAAKBgQ|MIGHAgEAMBMG|MHcCAQEEI|MC4CAQAwBQYDK2Vw|PlainAuth|PasswordAuthentication|NetworkCredential|^\s+[\w.-]+:\s*["']?[A-Za-z0-9+/]{12,}/gim;
/** With the names sink calls are written with (credential-sinks.yaml): sign(, HMAC256(, SignedString(, cookieParser(, ... */
const PREFILTER = new RegExp(String.raw`${PREFILTER_WORDS.source}|(?:${SINK_CALL_NAMES})\s*\(`, "gim");
const CONFIG_KINDS = new Set(["yaml", "env", "config", "dockerfile", "shell", "terraform", "other"]);

/** Lower-case words joined by - _ or . that include a credential word (db-password, smtp_password) name a setting. */
const SETTING_NAME_VALUE = /^(?=[a-z._-]*(?:pass(?:word)?|secret|token|key))[a-z]+(?:[-_.][a-z]+)+$/;
/** Lower-case words ending in credentials/creds/secrets name a stored secret object (a Kubernetes Secret, a vault entry). */
const STORED_SECRET_NAME = /^[a-z0-9]+(?:[-_.][a-z0-9]+)*[-_.](?:credentials?|creds|secrets)$/;
/** A value spelled like an environment variable's name (SET_THE_EMAIL_ADDRESS_PASSWORD) names what goes there. */
const VARIABLE_NAME_VALUE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** Template tokens: __YourClientToken__, yourApiKey, {{ secret }} (case matters: "Your" starts a word). */
const TEMPLATE_TOKEN = /^_{2,}[A-Za-z]\w*?_{2,}$|[Yy]our[A-Z]/;

/** Words that make a value a slot to fill in other languages: "your" (deine, votre, tu, sua, ваш, ...) and "here" (hier, ici, aqui, здесь). */
const FILL_IN_WORD = /^(?:dein|deine|deinen|deinem|ihr|ihre|ihren|hier|votre|vos|ton|ta|tes|ici|tu|tus|su|sus|aqui|aquí|sua|seu|suas|seus|vostro|vostra|tuo|tua|qui|uw|jouw|twoj|twój|twoja|wasz|ваш|ваша|ваше|ваш|твой|здесь|сюда|sizin|senin|buraya)$/i;
/**
 * A value made only of words (letters joined by spaces, _ or -, no digits) is a slot to fill in when it is written in
 * a non-Latin or accented script ("ключ", "DEIN_OPENAI_API_SCHLÜSSEL") or holds a "your"/"here" word of another
 * language ("deine API_Key hier", "tu_api_key", "Deine-OpenAI-API"): keys and passwords are not phrased that way.
 */
function localizedPlaceholder(value: string): boolean {
  if (!/^[\p{L}\p{M}]+(?:[ _-]+[\p{L}\p{M}]+)*$/u.test(value)) return false;
  if (/[^\x00-\x7f]/.test(value)) return true;
  return value.replace(/([a-z])([A-Z])/g, "$1 $2").split(/[ _-]+/).some((word) => FILL_IN_WORD.test(word));
}

/** Stand-ins that local OpenAI-compatible servers (Ollama, LM Studio, vLLM) accept because they check no key. */
const KEYLESS_SERVER_VALUE = /^(?:ollama|lm-?studio|vllm|empty|not[-_ ]?needed|no[-_ ]?key|sk-no-key-required|unused|ignored|anything)$/i;


/** A Razor expression as an attribute value (`asp-route-token="@Html.Encode(Context.Request.Query[...])"`, `@Model.Token`). */
const RAZOR_EXPRESSION = /^@(?:\(|[A-Za-z_][\w.]*\(|(?:Model|ViewBag|ViewData|Context|Request|Html|Url)\.)/;

/**
 * Decoded base64 that spells a name: lower-case words joined by -, _ or . with no credential word among them
 * ("gradle-java-buildconfig-plugin"). Encoding an identifier does not make it key material.
 */
const ENCODED_NAME = /^(?![\s\S]*(?:secret|pass|pwd|token|key|auth|jwt|api|cred|salt|sign))[a-z][a-z0-9]*(?:[-_.][a-z0-9]+){2,}$/;

/**
 * The name of a design token given as a value: a CSS custom property (`--color-customDashboards`, `var(--secret-bg)`),
 * or a Sass or Less variable named for what it styles (`$spacing-secret-lg`, `@token-border-strong`). A theme's or a
 * style guide's `token: "--color-token-primary"` names a colour, not a credential.
 */
const CSS_PROPERTY_VALUE = /^(?:var\(\s*)?--[a-z]+(?:-[A-Za-z0-9]+)+(?:\s*\))?$/;
const STYLE_VARIABLE_VALUE = /^[$@][a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;
const STYLE_WORDS = new Set(["color", "colour", "spacing", "space", "size", "font", "radius", "shadow", "border", "bg", "background", "foreground", "fg", "text", "primary", "secondary", "accent", "gap", "margin", "padding", "opacity", "breakpoint", "weight", "surface", "brand"]);
function designTokenValue(value: string): boolean {
  return CSS_PROPERTY_VALUE.test(value) || (STYLE_VARIABLE_VALUE.test(value) && value.slice(1).split("-").some((word) => STYLE_WORDS.has(word)));
}

/** Laravel and other validators' rule strings given for a field named for a secret (`'db_password' => 'nullable'`). */
const VALIDATION_RULES = /^(?:nullable|required|sometimes|present|filled|confirmed|string|bail|min:\d+|max:\d+|between:\d+,\d+|size:\d+|required_\w+(?::[\w,]+)?|same:\w+|different:\w+)(?:\|(?:nullable|required|sometimes|present|filled|confirmed|string|bail|min:\d+|max:\d+|between:\d+,\d+|size:\d+|required_\w+(?::[\w,]+)?|same:\w+|different:\w+|regex:[^|]{1,80}|current_password(?::\w+)?|password))*$/;
/**
 * The word "password" itself in the languages SECRET_KEY reads and their neighbours (senha, contraseña, Passwort,
 * wachtwoord, mot de passe, hasło, şifre, kata sandi, mima, mật khẩu, parola, heslo, lösenord, ...): written as the
 * value, it names the slot as "password" does in English (PASSWORD = "senha"). Words for "secret" (rahasia, segredo,
 * geheim) are not among them: programs use those as their (weak) signing secrets.
 */
const CREDENTIAL_WORD_VALUE = /^(?:senha|contrase(?:n|ñ)i?a|contrasinal|mot[_ ]?de[_ ]?passe|motdepasse|kennwort|passwort|wachtwoord|has(?:l|ł)o|(?:s|ş)ifre|kata[_ ]?sandi|mima|mat[_ ]?khau|parola|jelszo|jelszó|heslo|lozinka|salasana|adgangskode|passord|lösenord|losenord)$/i;
/**
 * Capitalised words joined by underscores that end in a credential word (Sender_Email_Password, Smtp_User_Password,
 * Your_Api_Key): the description of the slot to fill, as a sample configuration writes it.
 */
const SLOT_DESCRIPTION = /^[A-Z][a-z]+(?:_[A-Z][a-z]+){1,5}_(?:Password|Passwd|Pass|Secret|Key|Token)$/;
/** One upper-case word holding a credential word (MYSQLPASSWORD, DBSECRET, SMTPAPIKEY): a token a deploy script replaces. */
const UPPER_SLOT_TOKEN = /^[A-Z]{0,20}(?:PASSWORD|PASSWD|SECRET|APIKEY|TOKEN)[A-Z]{0,20}$/;
/** A query's named parameter (`->set('u.user_password', ':nullValue')` in Doctrine's query builder, PDO's `:password`,
 * SQLAlchemy's text() binds): the value is bound later, none is written. */
const BOUND_PARAMETER = /^:[A-Za-z_]\w{0,60}$/;
/** A slot's description in braces or brackets ("{WEATHER API KEY}", "[api_key]"): words only, the value to put there. */
const BRACKETED_SLOT = /^[{[]\s?[A-Za-z][A-Za-z _-]{0,60}[}\]]$/;
/** A masked value: one character repeated with a single other among it (AAAAAA0AAAA, 00000A0000), a token's shape only. */
function maskedValue(value: string): boolean {
  if (value.length < 8 || value.length > 64) return false;
  const first = value[0] === value[1] ? value[0] : value[2];
  let others = 0;
  for (const c of value) if (c !== first && ++others > 1) return false;
  return true;
}
function isPlaceholder(value: string): boolean {
  if (BRACKETED_SLOT.test(value) || maskedValue(value) || BOUND_PARAMETER.test(value) || designTokenValue(value) || VALIDATION_RULES.test(value) || CREDENTIAL_WORD_VALUE.test(value) || SLOT_DESCRIPTION.test(value) || UPPER_SLOT_TOKEN.test(value)) return true;
  // The sample values of a library's documentation (jsonwebtoken's 'shhhhh', golang-jwt's "AllYourBase"), copied.
  if (DOCUMENTED_SAMPLES.has(value)) return true;
  if (RAZOR_EXPRESSION.test(value) || KEYLESS_SERVER_VALUE.test(value) || PLACEHOLDER.test(value) || localizedPlaceholder(value) || VARIABLE_NAME_VALUE.test(value) || TEMPLATE_TOKEN.test(value) || /(.)\1{15,}/.test(value)) return true;
  // Base64 of a placeholder ("my-secret-key-which-should-be-changed-in-production") is a placeholder too.
  if (value.length >= 16 && /^[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    if (/^[\x20-\x7e\s]+$/.test(decoded) && (PLACEHOLDER.test(decoded) || ENCODED_NAME.test(decoded))) return true;
  }
  return false;
}

/** A JWT whose claims give it the anonymous role (Supabase's anon key) is the public client key, meant for browsers. */
function anonymousJwt(token: string): boolean {
  if (!token.startsWith("eyJ")) return false;
  const claims = Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8");
  return /"role"\s*:\s*"anon"/.test(claims);
}

/** Values that name or describe something rather than being a secret: labels, paths, rules, identifiers, route targets. */
function namesSomething(value: string, envFallback = false): boolean {
  // A camelCase name built on a credential word (passwordType, secretName) or a route target ("orders#show").
  if ((!envFallback && /^[a-z]+(?:[A-Z][a-z]*)+$/.test(value) && /pass|secret|token|key/i.test(value)) || /^[a-z_/]+#[a-z_]+$/.test(value)) return true;
  // Header and attribute names ("Cleartext-Password", "X-Api-Key"); expressions ("shown = true", ".$token_data[").
  if (/^(?:[A-Z][a-z]*|[A-Z]+)(?:-(?:[A-Z][a-z]*|[A-Z]+))+$/.test(value) || /\s(?:[=!]=?=?|=>)\s|^\s*[.+]\s*\$\w/.test(value)) return true;
  // Validation rules ('required|min:8'), and markers of how an account signs in ("LDAP", "OIDC").
  if (/^[a-z_]+(?::[\w,.]+)?(?:\|[a-z_]+(?::[\w,.]+)?)+$/.test(value) || /^[A-Z]{2,8}$/.test(value)) return true;
  // Lower-case words joined by - or _ with no credential word among them ("checkout_data") name an entry or an event;
  // not as an environment read's fallback, which is the secret itself when the variable is unset ('cannot-be-guessed').
  if (!envFallback && /^[a-z]{2,}(?:[-_][a-z]{2,})+$/.test(value) && !/(?:^|[-_])(?:secret|pass\w*|pwd|token|key|auth|jwt|api|credentials?)(?:$|[-_])/.test(value)) return true;
  // A path or route ("user/auth/reset_passwd") names a template or an endpoint, also with its parameters written as
  // Express's `:token`, `{token}` or `<token>` segments ("auth/reset_password/:token"). Every segment starts after a `/`.
  if (/^[\w.-]+(?:\/(?:[\w.-]+|:\w+|\{\w+\}|<\w+>))+\/?$/.test(value) && !/[A-Z].*\d|\d.*[A-Z]/.test(value)) return true;
  // A URN ("urn:uuid:181d4fae-...", a WebDAV lock token's name) or a namespaced XML name ("D:sync-token") identifies a
  // thing; an action slug ("forgot-password", "reset_token") names a page or a route.
  if (/^urn:[\w.:-]+$/i.test(value) || /^[A-Za-z]{1,10}:[a-z]+(?:-[a-z]+)*$/.test(value)) return true;
  if (/^(?:forgot|forget|reset|change|update|lost|recover|show|hide|toggle|edit)[-_]?(?:password|passwd|pwd|pin|secret|token)s?$/i.test(value)) return true;
  // A class constant named by its scope (PHP's defined('Config::GOOGLE_CLIENT_SECRET'), constant('App\Keys::API_KEY'),
  // Ruby's "Settings::SECRET"): the name of where the secret is kept, checked or read, not the secret.
  if (/^(?:[A-Za-z_]\w*(?:::|\\))+[A-Z][A-Z0-9_]*$/.test(value)) return true;
  // A sentence ("Forgot password?", "Enter the admin password here") is prose, not a credential.
  if (/^[\p{L}\p{M}\s'’.,?!:;()-]+$/u.test(value) && (/\s\S+\s/.test(value) || /\s.*[.?!:]$/.test(value))) return true;
  // A regular expression (a parser's `$token = '([.#][^\s"\'.#]+)|...'`): two of its constructs, which no key holds.
  if ((value.match(REGEX_CONSTRUCT) ?? []).length >= 2) return true;
  // A marker in double underscores ("__0x5c__", "__API_KEY__"), of one case, stands in for something in a path or a template.
  return /^__(?:[A-Z0-9]+(?:_[A-Z0-9]+)*|[a-z0-9]{1,8}(?:_[a-z0-9]{1,8})*)__$/.test(value);
}
const REGEX_CONSTRUCT = /\\[sdwSDWbB]|\[\^|\(\?[:=!<]|\][+*?]|\)\|\(/g;

/** A secret has letters and digits or symbols; identifiers like "password_confirmation" do not. */
function looksSecret(value: string): boolean {
  if (isPlaceholder(value) || namesSomething(value) || value.startsWith("/") || value.includes("://") || /\s/.test(value)) return false;
  const hasLetter = /[A-Za-z]/.test(value);
  const hasDigit = /\d/.test(value);
  const hasSymbol = /[^A-Za-z0-9_.\-]/.test(value);
  const mixedCase = /[a-z]/.test(value) && /[A-Z]/.test(value);
  return value.length >= 8 && hasLetter && (hasDigit || hasSymbol || (mixedCase && value.length >= 16));
}

/** "Bearer ", "Token ", "Bot " before a long token: the Authorization header's scheme word, not part of the judgement. */
const AUTH_SCHEME_PREFIX = /^(?:Bearer|Token|Bot)\s+(?=\S{16,}$)/i;

const PASSWORD_ABBREVIATION = /^(?:pass|pwd|passwd|pw|pword)$/i;

/** Password hashes (bcrypt, argon2, crypt(3), Django's pbkdf2): stored to check a password, not to present one. */
const PASSWORD_HASH = /^\$(?:2[aby]?\$\d\d|argon2(?:id|i|d)|[156]|scrypt|pbkdf2[\w-]*)\$|^pbkdf2_sha\d+\$\d+\$/;

const VERSION_RANGE = /^(?:[~^]|[<>]=?|==?)?v?\d+(?:\.(?:\d+|x|\*)){1,3}(?:-[\w.]+)?(?:\+[\w.]+)?$/;

/**
 * A value that is one interpolation and nothing else (Ruby's `'#{db_password}'` in a shell command, `${PASSWORD}`,
 * `$password`, PHP's `{$pass}`, a `{{ password }}` template): the quotes hold a variable's value, not a literal.
 */
const WHOLE_INTERPOLATION = /^(?:#\{[\w.@:\[\]'"]{1,100}\}|\$\{[\w.:\[\]'"-]{1,100}\}|\$[A-Za-z_]\w*|\{\$[\w.\->\[\]'"]{1,100}\}|\{\{\s*[\w.]{1,100}\s*\}\})$/;

/**
 * A value spelled as the owner's own secret ("my-secret-jwt-key", "my_session_secret") under a key naming the app's own
 * signing or session secret (JWT_SECRET_KEY, SESSION_SECRET, SIGNING_KEY): nobody names an option or a stored entry
 * "my-...", so it is the weak secret in use, as `[]byte("my_secret_key")` is. An API key or token issued by a provider
 * cannot be so spelled and work ("my_api_key" stays a stand-in).
 */
const OWN_SECRET_KEY_WORD = /^(?:secret|jwt|signing|hmac|session|cookie)$/;
function chosenSigningSecret(key: string, value: string): boolean {
  return /^my[-_.]/.test(value) && keyWords(key).some((w) => OWN_SECRET_KEY_WORD.test(w));
}
/** A literal for a key that names a credential: anything but a placeholder, a reference or an expression. */
function isLiteralCredential(key: string, rawValue: string, envFallback = false): boolean {
  // An auth scheme word before the token ("Token 3f9a...", "Bearer eyJ...") is how the header carries it.
  const value = rawValue.replace(AUTH_SCHEME_PREFIX, "");
  if (WHOLE_INTERPOLATION.test(value)) return false;
  // A password slot filled with the word's own short form (opt_password = "pass", DB_PWD = "pwd") names the slot, as
  // "host" and "user" beside it do: connection templates are written so.
  if (PASSWORD_ABBREVIATION.test(value) && /pass|pwd/i.test(key)) return false;
  // A hash under a password name is the stored digest; the same shape under a key or token name is the key itself.
  if (PASSWORD_HASH.test(value) && !/key|token|secret/i.test(key)) return false;
  // Publishable keys are meant for browsers and apps (Stripe pk_live_/pk_test_, Mapbox public pk. tokens).
  if (PUBLISHABLE_KEY.test(value)) return false;
  // A version or version range ("^8.0.35", ">=2.1", "1.4.0-beta.2") is a dependency's version: a package whose name holds a
  // credential word (capacitor-autofill-save-password) in a manifest or a lock file.
  if (VERSION_RANGE.test(value)) return false;
  // A constant that names where something is stored or which option carries it (PRIVATE_KEY_KEY = "encPrivateKey",
  // OPT_DB_PASSWORD = "db-password") holds an identifier.
  // Every hump of such a name is a word (encPrivateKey); a random mix like aenJX7VLJC is a password.
  // An environment read's fallback is the secret itself when the variable is unset, never the name of a setting ("secret_key").
  if (!envFallback && /^[A-Z][A-Z0-9_]*$/.test(key) && (/^[a-z]+(?:[A-Z][a-z]+)+\d*$/.test(value) || (SETTING_NAME_VALUE.test(value) && !chosenSigningSecret(key, value)))) return false;
  // Names of stored secrets: existingSecret: postgres-credentials, withSecret("db-creds").
  if (/^existing/i.test(key) || STORED_SECRET_NAME.test(value)) return false;
  // "pass" also means a pass/fail outcome or a ticket (STATUS_PASS = "passed"): a short word there is not a password.
  // A Google app password (four groups of four letters, as Google shows it) is one too (nodemailer's auth.pass).
  if (!STRONG_KEY.test(key) && endsInPassWord(key)) return !isPlaceholder(value) && (appPassword(value) || (!namesSomething(value) && (looksSecret(value) || /^[A-Za-z0-9]{12,}$/.test(value))));
  if (!STRONG_KEY.test(key)) return looksSecret(value);
  // An app password reads like four short words (PHPMailer's $mail->Password = 'hqxo jmga erqb kcfn'), not prose; the
  // alphabet in order ('abcd efgh ijkl mnop') or "your pass word here" is the shape of one, a stand-in.
  if (APP_PASSWORD.test(value)) return !isPlaceholder(value) && appPassword(value);
  if (namesSomething(value, envFallback)) return false;
  // Long values are prose or certificates, unless they are one run of key characters (a base64 or hex secret).
  if (isPlaceholder(value) || value.includes("://") || (value.length > 120 && !/^[A-Za-z0-9+/=_-]+$/.test(value)) || FIELD_NAME_VALUE.test(value)) return false;
  // Dotted or called references (`config.db.password`, `getPassword()`) are not literals.
  return !/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$|\(\)$/.test(value);
}

/** A key written out as a byte or number array (Go []byte{...}, Java byte[] {...}, Python bytes([...]), JS Uint8Array). */
const KEY_BYTES = /\b\w*(?:[Kk]ey|KEY|[Ss]ecret|SECRET)\s*(?::=|=)\s*(?:new\s+byte\s*\[\s*\]\s*|\[\]byte\s*|bytes\s*\(\s*|new\s+Uint8Array\s*\(\s*)?[[{]\s*(?:(?:0x[0-9a-fA-F]{1,2}|\d{1,3})\s*,\s*){15,}/;

/**
 * A "key" that is the last word of a quoted phrase (`revealed ? "Hide secret" : "Reveal secret"`, a ternary or a
 * label map): a space before it inside the quotes and the closing quote after it. Keys of JSON, dicts and YAML are not.
 */
function phraseTail(assignment: RegExpExecArray): boolean {
  const [whole, key] = assignment;
  return /^\s/.test(whole) && /^["']/.test(whole.slice(1 + key.length)) && !/^\s*(?::=|=)/.test(whole.slice(2 + key.length));
}

/**
 * A "key" that is the first branch of a conditional expression (`$hasPassword ? 'CheckPassword' : 'CheckPasswordNotBlank'`):
 * a quoted string right after the `?`, so the colon separates two alternatives, not a key and its value.
 */
function ternaryBranch(text: string, assignment: RegExpExecArray): boolean {
  const keyAt = assignment.index + assignment[0].indexOf(assignment[1]);
  return /\?\s*["']$/.test(text.slice(Math.max(0, keyAt - 8), keyAt));
}

/**
 * A password written on a command line, in a script, a Dockerfile's RUN, a CI step or a program that runs it: sshpass's
 * `-p password` (https://linux.die.net/man/1/sshpass: "-p password: The password is given on the command line"), an
 * account created with `echo "user:password" | chpasswd` (chpasswd(8)), and the MySQL clients' `-ppassword` and
 * `--password=password` (https://dev.mysql.com/doc/refman/8.0/en/connection-options.html). A variable (`-p "$PASS"`,
 * `-p${DB_PASSWORD}`), a placeholder, a factory default or the user name repeated is not a written secret.
 */
const SSHPASS_ARGUMENT = /\bsshpass\s+(?:-[a-oq-zA-Z]\s+)*-p\s*(["']?)([^\s"'`$]{4,200})\1(?=[\s"'`;)]|$)/;
const CHPASSWD_ECHO = /\becho\s+(?:-e\s+)?(["']?)([\w.-]{1,60}):([^\s"'`$:]{4,200})\1\s*\|\s*(?:sudo\s+)?chpasswd\b/;
const MYSQL_CLIENT_PASSWORD = /\b(?:mysql|mysqladmin|mysqldump|mariadb|mariadb-dump)\s(?:[^\n|;&]{0,200}?\s)?(?:-p|--password=)(["']?)([^\s"'`$]{4,200})\1(?=[\s"'`;)]|$)/;
function commandLinePassword(text: string): string | undefined {
  if (text.length > 2000) return undefined;
  let password: string | undefined;
  let user: string | undefined;
  if (text.includes("sshpass")) password = SSHPASS_ARGUMENT.exec(text)?.[2];
  else if (text.includes("chpasswd")) [user, password] = CHPASSWD_ECHO.exec(text)?.slice(2, 4) ?? [];
  else if (/mysql|mariadb/.test(text) && /\s(?:-p|--password=)/.test(text)) {
    password = MYSQL_CLIENT_PASSWORD.exec(text)?.[2];
    // Docker's -p3306:3306 beside a container named mysql publishes a port.
    if (password !== undefined && /^[\d.]+:[\d.:]+$/.test(password)) return undefined;
    user = /\s(?:-u\s*|--user=)(["']?)([\w.-]{1,60})\1/.exec(text)?.[2];
  }
  if (password === undefined || /\{\{|%\(|^<|^\[/.test(password) || !sinkPassword(password, user === undefined ? undefined : `"${user}"`)) return undefined;
  return "password on a command line";
}
/** `ENV KEY value`: one variable, its value after a space (no `=` right after the name). */
const DOCKER_ENV_SPACED = /^(\s*ENV\s+)([A-Za-z_][\w.-]{0,60})\s+(?=[^\s=])/;
/** A string literal whose whole content is another quoted string: "\"value\"". */
const ESCAPE_QUOTED_VALUE = /"\\"([^"\\\n]{1,200})\\""/g;
function classify(rawText: string, kind: string, isSecretManifest: boolean): string | undefined {
  // JSON written inside a string ("{\"password\":\"...\"}") reads like any other assignment. A value quoted twice for
  // code generation (a Kotlin or Groovy constant handed to buildConfigField: `const val apiKey = "\"710c...\""`) is
  // that value once its outer quotes go.
  const unescaped = rawText.includes('\\"') ? rawText.replace(ESCAPE_QUOTED_VALUE, '"$1"').replace(/\\"/g, '"') : rawText;
  // A Dockerfile's older `ENV KEY value` form (https://docs.docker.com/reference/dockerfile/#env) reads as ENV KEY=value.
  const text = kind === "dockerfile" ? unescaped.replace(DOCKER_ENV_SPACED, "$1$2=") : unescaped;
  // A real token is leaked even inside a comment; generic assignments in comments are usually documentation. A line
  // that calls its key a placeholder (`"-----BEGIN PRIVATE KEY-----\nMIIDemoTransferKeyPlaceholder\n..."`) holds none.
  for (const [pattern, kindName] of KNOWN_FORMATS) {
    const m = pattern.exec(text);
    if (m && !/EXAMPLE|example|dummy|fake|xxxx|(.)\1{15,}/i.test(m[0]) && !FAKE_RUN.test(m[0]) && !/EXAMPLE|dummy|fake|placeholder/i.test(text) && !anonymousJwt(m[0]) && !DOCUMENTED_KEY.test(text)) return kindName;
  }
  // .npmrc lines open with // (the registry), which reads like a comment elsewhere.
  const npmrc = NPMRC_AUTH.exec(text);
  if (npmrc && !isPlaceholder(npmrc[1]) && !/^\$|\$\{/.test(npmrc[1])) return "registry token in an .npmrc line";
  if (COMMENT.test(text)) return commentedRequestKey(text);
  const url = URL_CREDENTIALS.exec(text) ?? GO_DSN.exec(text);
  if (url && urlPassword(url[1], url[2], url[3])) return "password in a connection URL";
  const keyArgument = KEY_ARGUMENT.exec(text);
  if (keyArgument && !isPlaceholder(keyArgument[1]) && !ALGORITHM_NAME.test(keyArgument[1])) return "key passed to a cryptographic function as a literal";
  if (isSecretManifest) {
    const entry = SECRET_DATA_ENTRY.exec(text);
    if (entry && !isPlaceholder(entry[1])) return "credential in a Kubernetes Secret manifest";
  }
  const assignment = QUOTED_ASSIGNMENT.exec(text) ?? (CONFIG_KINDS.has(kind) ? BARE_ASSIGNMENT.exec(text) : null);
  // A bare value with a call in it (raw_token = random_token()) is an expression, not a literal.
  const bareCall = assignment !== null && assignment.length <= 3 && /[()]/.test(assignment[2]);
  const value = assignment && !bareCall ? (assignment.length > 3 ? assignment[3] : assignment[2]) : undefined;
  // A literal prefix joined to a generated part ("whsec_" + random) is not the secret. A method that only freezes,
  // copies or encodes the literal (Ruby's 'k3y'.freeze, Java's "k3y".getBytes(), Python's 'k3y'.encode()) joins nothing.
  const prefixOnly = assignment !== null && assignment.length > 3 && /^\s*(?:\+|\.(?!(?:freeze|dup|b|encode|force_encoding|getBytes|toByteArray|toCharArray|as_bytes|to_owned|strip|trim|chomp)\b)\.?\s*[$\w(]|\|\|)/.test(text.slice(assignment.index + assignment[0].length));
  const reference = prefixOnly || (assignment && assignment.length > 3 && assignment[2] !== undefined && REFERENCE_CALL.test(assignment[2])) || (assignment !== null && (phraseTail(assignment) || ternaryBranch(text, assignment)));
  // The text between two string literals (`"password:", r.Form["Senha"]`) is code, not a value.
  const between = value !== undefined && /^[,;)+\]]\s/.test(value);
  if (assignment && value !== undefined && !reference && !between && namesCredentialKey(assignment[1]) && !NON_SECRET_KEY.test(assignment[1]) && !namesItsKey(assignment[1], value) && isLiteralCredential(assignment[1], value.trim())) return "credential assigned to a literal";
  const pair = KEYED_PAIR.exec(text);
  if (pair) {
    const at = [1, 3, 5, 7].find((i) => pair[i] !== undefined)!;
    const [key, pairValue] = [pair[at], pair[at + 1]];
    if (namesCredentialKey(key) && !NON_SECRET_KEY.test(key) && !namesItsKey(key, pairValue) && isLiteralCredential(key, pairValue.trim())) return "credential assigned to a literal";
  }
  const builder = BUILDER_CALL.exec(text);
  if (builder && builder[2].trim().length >= 4 && !namesItsKey(builder[1], builder[2].trim()) && isLiteralCredential(builder[1], builder[2].trim())) return "credential assigned to a literal";
  const setter = SETTER_CALL.exec(text) ?? XML_PROPERTY.exec(text);
  if (setter) {
    const at = setter[1] !== undefined ? 1 : 3;
    const [key, setValue] = [setter[at], setter[at + 1].trim()];
    if (namesCredentialKey(key) && !namesItsKey(key, setValue) && isLiteralCredential(key, setValue)) return "credential assigned to a literal";
  }
  // Firebase Storage download links (?alt=media&token=<uuid>) are file URLs meant to be shared, not API credentials.
  const queryKey = text.includes("://") && !text.includes("alt=media") ? URL_QUERY_KEY.exec(text) : null;
  // Public tokens (Mapbox pk.…, publishable pk_…) are meant for the browser.
  if (queryKey && KEY_SHAPED(queryKey[1]) && !PUBLISHABLE_KEY.test(queryKey[1]) && !isPlaceholder(queryKey[1])) return "credential in a URL query";
  const queryPassword = URL_QUERY_PASSWORD.exec(text);
  if (queryPassword && !isPlaceholder(queryPassword[1])) return "password in a connection URL";
  const connection = CONNECTION_STRING_PASSWORD.exec(text);
  const localServer = /\b(?:Server|Data Source|Host)\s*=\s*(?:tcp:)?(?:localhost|127\.0\.0\.1|\(localdb\)|\.)(?=[;,\\\s])/i.test(text);
  if (connection && CONNECTION_STRING.test(text) && (!localServer || chosenPassword(connection[1])) && !isPlaceholder(connection[1]) && (looksSecret(connection[1]) || (!localServer && chosenDigitPassword(connection[1])))) return "password in a connection string";
  const signing = SIGNING_LITERAL.exec(text);
  if (signing && !/example|change_?me|changethis|your[-_]|placeholder|xxx/i.test(signing[1]) && !DOCUMENTED_SAMPLES.has(signing[1])) return "key passed to a cryptographic function as a literal";
  if (KEY_BYTES.test(text)) return "key written as a byte array";
  const header = AUTHORIZATION_LITERAL.exec(text) ?? (text.includes("forHTTPHeaderField") ? AUTHORIZATION_VALUE_FIRST.exec(text) : null);
  if (header && authorizationCredential(header[1], header[2])) return "credential in an Authorization header literal";
  const commandLine = commandLinePassword(text);
  if (commandLine) return commandLine;
  const netrc = NETRC_LINE.exec(text);
  if (netrc && netrcPassword(netrc[1])) return "password in a .netrc entry";
  const keyNamed = KEY_NAMED_ASSIGNMENT.exec(text);
  // A JSX or HTML key attribute (<Row key="...">) identifies a list element.
  if (keyNamed && keyShapedSecret(keyNamed[1], keyNamed[2]) && !(keyNamed[1] === "key" && /<[A-Za-z][\w.]*\s[^>]*\bkey\s*=/.test(text))) return "credential assigned to a literal";
  // KEY=value lines of a .env written inside another file (a template, a heredoc, a view that writes the .env).
  const envLine = ENV_LINE.exec(text);
  // In a .env or other configuration file, BARE_ASSIGNMENT reads the credential-named keys; a key named only "...KEY"
  // (Laravel's APP_KEY=base64:..., the encryption key `php artisan key:generate` writes) counts when its value is
  // shaped like a generated key.
  if (envLine && (CONFIG_KINDS.has(kind) ? keyWords(envLine[1]).pop() === "key" && !PUBLIC_APP_KEY_NAME.test(envLine[1]) && keyShapedSecret(envLine[1], envLine[2]) : envLineCredential(envLine[1], envLine[2]))) return "credential assigned to a literal";
  if (CONFIG_KINDS.has(kind) && inlinePairCredential(text)) return "credential assigned to a literal";
  return envFallbackCredential(text);
}

/**
 * Several key=value variables on one line: an Ansible INI inventory's host line (`web1 ansible_host=203.0.113.5
 * ansible_password=...`, the connection variables of https://docs.ansible.com/ansible/latest/inventory_guide/intro_inventory.html)
 * or a systemd unit's `Environment="DB_PASSWORD=..." "LOG_LEVEL=info"` (systemd.exec(5)), or a Dockerfile's
 * `ENV MYSQL_USER=app MYSQL_PASSWORD=...` (several variables in one instruction,
 * https://docs.docker.com/reference/dockerfile/#env), or a variable a Dockerfile's RUN sets for its command. Each pair
 * is read like a KEY=value line; a Jinja or shell reference, a placeholder or a bare default is not a written secret.
 */
const INLINE_PAIR = /(?:^|[\s"'])([A-Za-z_][\w.-]{0,60})=(?:"([^"\n]{1,200})"|'([^'\n]{1,200})'|([^\s"']{1,200}))/g;
function inlinePairCredential(rawText: string): boolean {
  const dockerEnv = /^\s*ENV\s+[A-Za-z_][\w.-]{0,60}=/.test(rawText);
  // A RUN instruction's command given a variable (`RUN MYSQL_PWD=... mysql ...`, `RUN export DB_PASSWORD=... && ...`).
  const dockerRun = !dockerEnv && /^\s*RUN\s/.test(rawText);
  const text = dockerEnv || dockerRun ? rawText.replace(/^\s*(?:ENV|RUN)\s+/, " ") : rawText.replace(/^\s*Environment\s*=\s*/, " ");
  if (text === rawText && !/\bansible_\w*=/.test(text)) return false;
  const pairs = [...text.matchAll(INLINE_PAIR)];
  if (pairs.length < (dockerRun ? 1 : 2) && (text === rawText || dockerEnv || dockerRun)) return false;
  return pairs.some((m) => {
    const key = m[1];
    const value = (m[2] ?? m[3] ?? m[4]).trim();
    return namesCredential(key) && !/\{\{|\$\{|^\$|%\(/.test(value)
      && !DEFAULT_PASSWORD.test(value) && isLiteralCredential(key, value);
  });
}

/**
 * An identifier whose last word is "key" (_key, APP_KEY, signingKey) given a quoted value. "key" alone also names map
 * keys, cache keys and translation keys, so only a value shaped like a generated key counts: one run of key
 * characters, 20+ long, letters with digits, not a UUID, not a placeholder.
 */
const KEY_NAMED_ASSIGNMENT = /(?:^|[^\w.])((?:[A-Za-z_]\w{0,60}?)?(?:key|Key|KEY))["']?(?:\s*:\s*[A-Za-z_][\w<>[\]]*\??(?=\s*=))?\s*(?:=|:|=>|:=)\s*["']([A-Za-z0-9+/=_:-]{20,200})["']/;
/** Key names for values that are public or are not credentials: public and site keys, cache, storage, sort and database keys. */
const NOT_CREDENTIAL_KEY_WORD = /^(?:public|pub|publishable|site|cache|storage|sort|partition|primary|foreign|idempotency|dedup|unique|lookup|instrumentation|routing|row|index|i18n|translation|lang|message|label|column|field|map|dict|hash|object|query|react|list|item|local|session|state|redux|event|data|form|route|path|file|s3|bucket|blob|prefix|upload|image|asset|template)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function keyShapedSecret(key: string, value: string): boolean {
  const words = keyWords(key);
  if (words.length === 0 || words[words.length - 1] !== "key" || words.some((w) => NOT_CREDENTIAL_KEY_WORD.test(w))) return false;
  const bare = value.replace(/^base64:/, "");
  if (isPlaceholder(value) || UUID.test(value) || PUBLISHABLE_KEY.test(value) || !KEY_SHAPED(bare)) return false;
  // Generated keys spread over many characters; a name (my_app_signing_key_2) or a counter (key_000001) does not.
  return shannonEntropy(bare) >= 3.2 && !/^[a-z]+(?:_[a-z0-9]+)+$/.test(bare) && !spelledInWords(bare);
}

/**
 * A value spelled in words, camelCase or joined by _ or - (MailAndroidV7RegisterDeviceTokenWorker,
 * firstSeenSummerCampaign26Wave2): the name of a feature flag or a stored preference, not a generated key. Nearly all
 * its letters sit in runs of three or more that hold a vowel; a generated key breaks into short random runs. Hex is a key.
 */
function spelledInWords(value: string): boolean {
  if (/^[0-9a-f]+$/i.test(value) || !/^[A-Za-z0-9_-]+$/.test(value)) return false;
  const runs = value.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g) ?? [];
  let letters = 0, inWords = 0, words = 0;
  for (const run of runs) {
    letters += run.length;
    if (run.length >= 3 && /[aeiouy]/i.test(run) && !/[bcdfghjklmnpqrstvwxz]{5}/i.test(run)) { inWords += run.length; words++; }
  }
  // Capitalised words mark the humps of a name; a random lower-case run with digits has none.
  return words >= 3 && inWords >= 0.85 * letters && (value.match(/[A-Z][a-z]{2,}/g) ?? []).length >= 2;
}

const SECRET_KEY_WHOLE = new RegExp(String.raw`^${SECRET_KEY}$`, "i");
/** A whole key or name that names a credential (DB_PASSWORD, api_token), not one of its settings (PASSWORD_MIN_LENGTH, TOKEN_URL). */
const namesCredential = (name: string): boolean => SECRET_KEY_WHOLE.test(name) && namesCredentialKey(name) && !NON_SECRET_KEY.test(name);
/** An .npmrc credential: //registry.example.com/:_authToken=..., :_auth=<base64>, :_password=<base64>. */
const NPMRC_AUTH = /(?:^|[\s"'])\/\/[^\s:"']+\/:_(?:authToken|auth|password)\s*=\s*["']?([^\s"']{8,200})/;
/**
 * An Authorization header written with its credential: "Authorization": "Basic <base64 user:password>", or
 * setRequestHeader("Authorization", "Bearer <token>").
 */
// Vendors' own schemes carry the key too ("apikey <id>:<secret>" at CollectAPI, Elastic's "ApiKey", Okta's "SSWS", fal's "Key").
const AUTHORIZATION_LITERAL = /\bAuthorization(?:Header)?["']?\s*(?::|=>|=|,)\s*[@$]?["'](Basic|Bearer|Token|Bot|Api-?Key|Key|SSWS)\s+([A-Za-z0-9._~+/=-]{12,400}(?::[A-Za-z0-9._~+/=-]{12,200})?)["']/i;
/**
 * The same header set with the value first: Foundation's URLRequest.setValue(_:forHTTPHeaderField:) and
 * addValue(_:forHTTPHeaderField:) (https://developer.apple.com/documentation/foundation/urlrequest/setvalue(_:forhttpheaderfield:)),
 * `request.setValue("Bearer <token>", forHTTPHeaderField: "Authorization")`. Dart's dart:io names the header
 * HttpHeaders.authorizationHeader (https://api.dart.dev/dart-io/HttpHeaders/authorizationHeader-constant.html), which
 * AUTHORIZATION_LITERAL reads with its optional "Header".
 */
const AUTHORIZATION_VALUE_FIRST = /\.(?:setValue|addValue)\s*\(\s*["'](Basic|Bearer|Token|Bot)\s+([A-Za-z0-9._~+/=-]{12,400})["']\s*,\s*forHTTPHeaderField\s*:\s*["']Authorization["']/i;
/**
 * A hex token spreads over 16 characters at most (4 bits each), a base64 one over 64: the same randomness reads as
 * less entropy per character in hex. A 24+ character hex token needs 3.0 bits, others 3.2; a typed run or one
 * repeated character is a placeholder either way.
 */
function tokenSpread(credential: string): boolean {
  if (FAKE_RUN.test(credential)) return false;
  return shannonEntropy(credential) >= (/^[0-9a-f]{24,}$/i.test(credential) ? 3.0 : 3.2);
}
function authorizationCredential(scheme: string, credential: string): boolean {
  if (isPlaceholder(credential)) return false;
  if (!/^basic$/i.test(scheme)) return KEY_SHAPED(credential) && tokenSpread(credential);
  const decoded = Buffer.from(credential, "base64").toString("utf8");
  const pair = /^([^:\s]{1,64}):(\S{4,})$/.exec(decoded);
  // The pair must decode cleanly; a template ({{client_id}}:{{client_secret}}) or a placeholder password is not a credential.
  return pair !== null && /^[\x21-\x7e]+$/.test(decoded) && !isPlaceholder(pair[2]) && !isPlaceholder(pair[1]) && !/[{}<>]/.test(decoded) && !DEFAULT_PASSWORD.test(pair[2]);
}
/** A one-line .netrc entry (machine host login user password secret), as written by setup scripts. */
const NETRC_LINE = /\bmachine\s+\S+\s+login\s+\S+\s+password\s+([^\s"'`]{4,200})/;
function netrcPassword(value: string): boolean {
  return !isPlaceholder(value) && !/^\$|\$\{|^%/.test(value) && value.length >= 6;
}

/** A dotenv line: UPPER_SNAKE=value at the start of the line, nothing around the = sign. */
const ENV_LINE = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=([^\s"'#$\{<%`(][^\s"'`]{3,200})$/;
/**
 * Keys that are public by design, shipped to browsers next to a secret of their own: Pusher's and Laravel Reverb's app key
 * (the front end subscribes with it, `VITE_PUSHER_APP_KEY="${PUSHER_APP_KEY}"`; the app secret signs), and Algolia's
 * search-only API key ("safe to use in your frontend code"). Their secrets still count.
 */
const PUBLIC_APP_KEY_NAME = /(?:^|_)(?:PUSHER|REVERB|SOKETI)_APP_KEY$|(?:^|_)SEARCH(?:_ONLY)?(?:_API)?_KEY$/;
function envLineCredential(key: string, value: string): boolean {
  if (keyWords(key).pop() === "key") return keyShapedSecret(key, value);
  if (!namesCredential(key)) return false;
  // In code the same text could assign a variable or a dotted name (PASSWORD=config.password): only a literal-looking value counts.
  if (/^[A-Za-z_]+$|^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$|^[A-Za-z_][\w.]*\(.*\)$/.test(value)) return false;
  return isLiteralCredential(key, value) && (looksSecret(value) || KEY_SHAPED(value));
}

/** Bits per character of a string: generated keys and passwords score high, words and repeated characters low. */
function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / value.length) * Math.log2(n / value.length);
  return bits;
}

/**
 * A value that looks generated rather than chosen: long, spread over many characters, and switching between
 * character classes often. Example passwords in documentation (SuperSecretPassword123!) are words with a number.
 */
function randomLooking(value: string): boolean {
  if (value.length < 20 || isPlaceholder(value) || shannonEntropy(value) < 4.3) return false;
  const cls = (ch: string) => (/[a-z]/.test(ch) ? 0 : /[A-Z]/.test(ch) ? 1 : /\d/.test(ch) ? 2 : 3);
  let switches = 0;
  for (let i = 1; i < value.length; i++) if (cls(value[i]) !== cls(value[i - 1])) switches++;
  return switches / (value.length - 1) >= 0.4;
}

/** In documentation only a known token format, or a strong credential key given a generated-looking value, is a leak. */
function docsSecret(text: string, secretKind: string): boolean {
  if (KNOWN_FORMAT_KINDS.has(secretKind)) return true;
  if (secretKind !== "credential assigned to a literal") return false;
  const assignment = QUOTED_ASSIGNMENT.exec(text);
  return assignment !== null && assignment.length > 3 && STRONG_KEY.test(assignment[1]) && randomLooking(assignment[3]);
}

/** Form-field and autocomplete names that look like credentials ("new-password"). */
const FIELD_NAME_VALUE = /^(?:new|current|confirm|old|repeat)[-_]?(?:password|passwd|pwd)$|^password[-_](?:confirmation|confirm|repeat|reset|field|input)$/i;

/** Sample or template configuration files (application-secret-samples.yml, config.example.json, .env.exemple). */
/** A capitalised source file of a language that names files for their classes (Example.java, Sample.kt, Example.cs). */
const CLASS_FILE = /(?:^|\/)[A-Z]\w*\.(?:java|kt|cs|swift|scala|groovy)$/;
const SAMPLE_FILE = /(?:^|\/)(?:samples?|examples?|exemples?|ejemplos?|beispiele?|templates?|defaults?\.example)[._-][^/]*$|\.(?:samples?|examples?|exemples?|ejemplos?|beispiele?|templates?)\.[^/]*$|[._-](?:samples?|examples?|exemples?|ejemplos?|beispiele?|template)\.\w+$|\.(?:exemples?|ejemplos?|beispiele?)$|(?:^|\/)stubs?\//i;

/**
 * CI pipelines and development-only configuration hold throwaway service passwords and generated dev secrets; so do
 * Compose files named for development, testing or CI (Docker's override convention: docker-compose.dev.yml,
 * compose.local.yaml, docker-compose.dev-multi.yml, docker-compose.test.yml), which start a developer's own stack.
 */
const THROWAWAY_CONFIG = /(?:^|\/)(?:docker-)?compose[.-](?:dev|development|local|test|testing|ci|e2e)(?:[.-][\w.-]*)?\.ya?ml$|(?:^|\/)\.github\/(?:workflows|helpers?|scripts?|ci)\/|(?:^|\/)\.gitlab-ci\.ya?ml$|(?:^|\/)\.circleci\/|(?:^|\/)(?:azure-pipelines|bitbucket-pipelines|\.travis)\.ya?ml$|(?:^|\/)config\/(?:dev|test)\.exs$|(?:^|\/)settings[/_](?:dev|local|test|development)\w*\.py$|(?:^|\/)application-(?:dev|test|local)\.(?:ya?ml|properties)$|(?:^|\/)appsettings\.Development\.json$|(?:^|\/)config\/environments\/(?:development|test)\.rb$|(?:^|\/)(?:dev|devenv|regtest|testnet|signet|localnet)\/(?:[\w.-]+\/)*[\w.-]+\.(?:ya?ml|toml|conf|cfg|ini|env|json)$/i;
const KNOWN_FORMAT_KINDS = new Set(KNOWN_FORMATS.map(([, name]) => name));
/** The server a connection string names (Server=, Data Source=, Host=), up to its port or instance. */
const CONNECTION_SERVER = /\b(?:Server|Data Source|Host|Address|Addr)\s*=\s*(?:tcp:)?([^;,\\\s"']{1,253})/i;
/** A server outside the developer's machine and network: a public address or a named host, not a placeholder. */
const remoteHost = (host: string): boolean => NAMED_HOST.test(host) && !PLACEHOLDER_HOST.test(host) && !PRIVATE_ADDRESS.test(host) && !LOCAL_HOST.test(host);
/**
 * A password for a server outside the developer's machine and network (a public address or a named host), in a
 * connection string or URL: development configuration does not make it a throwaway, the server is real.
 */
function remoteServerPassword(secretKind: string, text: string): boolean {
  const host = secretKind === "password in a connection string" ? CONNECTION_SERVER.exec(text)?.[1]
    : secretKind === "password in a connection URL" ? URL_CREDENTIALS.exec(text)?.[3]
    : undefined;
  return host !== undefined && remoteHost(host);
}
/** A host setting (host:, smtp_host=, server:) naming a lower-case domain, a few lines above in the same hunk. */
const HOST_SETTING = /^\s*(?:[\w.-]{0,40}[._-])?(?:[Hh]ost(?:[Nn]ame)?|HOST(?:NAME)?|[Ss]erver|SERVER)["']?\s*[:=]\s*["']?([a-z0-9][a-z0-9.-]{0,200}\.[a-z]{2,24})["']?\s*,?\s*$/;
/**
 * A credential under a public server's host in development configuration (spring.mail host: smtp.gmail.com then
 * password: ...): the account is a real one on someone else's server, not a throwaway of the developer's stack.
 */
function publicHostAbove(diff: FileDiff, index: number): boolean {
  for (let i = index - 1; i >= Math.max(0, index - 6) && diff.lines[i].hunk === diff.lines[index].hunk; i--) {
    const line = diff.lines[i];
    const host = line.kind === "-" || line.text.length > 300 ? undefined : HOST_SETTING.exec(line.text)?.[1];
    if (host !== undefined && remoteHost(host)) return true;
  }
  return false;
}
/** Keys meant for browsers: search-only DocSearch/Algolia keys and Firebase web configuration. */
const PUBLIC_CLIENT_KEY = /\b(?:apiKey|api_key|searchKey|search_api_key|searchApiKey)\b/i;
const ECHO_SERVICE = /httpbin\.org|postman-echo\.com|reqres\.in|jsonplaceholder\.typicode\.com/;
function echoServiceNearby(diff: FileDiff, index: number): boolean {
  for (let i = Math.max(0, index - 12); i <= Math.min(diff.lines.length - 1, index + 12); i++) {
    if (diff.lines[i].hunk === diff.lines[index].hunk && diff.lines[i].kind !== "-" && ECHO_SERVICE.test(diff.lines[i].text)) return true;
  }
  return false;
}
const MAPS_JS_LOADER = /maps\.googleapis\.com\/maps\/api\/js\?/;
const PUBLIC_CLIENT_CONTEXT = /docsearch|algolia|indexName|authDomain|messagingSenderId|storageBucket|measurementId/i;

/** A comment just above saying the value is a placeholder or unused ("set to a placeholder string to bypass validation"). */
function placeholderComment(diff: FileDiff, index: number): boolean {
  for (let i = index - 1; i >= Math.max(0, index - 3) && diff.lines[i].hunk === diff.lines[index].hunk; i--) {
    const text = diff.lines[i].text;
    if (COMMENT.test(text) && /placeh\w*|dummy|fake|not (?:required|used|a real|checked|validated|verified)|example value|ignor(?:es|ed|e) (?:this|the|any) (?:key|value|token|secret|password)|without (?:\w+ )?auth\w*/i.test(text)) return true;
  }
  return false;
}

/**
 * API specifications (OpenAPI, Swagger) document each call with sample requests and code samples in every SDK
 * language (`"source": "svix.endpoint.create(..., secret: \"whsec_...\")"`): documentation, not configuration.
 */
const API_SPEC_FILE = /(?:^|\/)[\w.-]*(?:openapi|swagger)[\w.-]*\.(?:json|ya?ml)$|(?:^|\/)(?:[\w.-]*(?:openapi|swagger)[\w.-]*|api[-_]?(?:reference|docs?|specs?))\/(?:[\w.-]+\/)*[\w.-]+\.(?:json|ya?ml)$/i;
/**
 * The keys only an API description has (`openapi: 3.0.1`, `operationId:`, `requestBody:`, `$ref: '#/components/...'`):
 * a YAML or JSON file whose diff shows one documents calls with sample payloads, whatever its name (rswag's
 * docs/api-reference/store.yaml regenerated with each run's sample tokens).
 */
const API_DESCRIPTION_KEY = /^\s*["']?(?:openapi|swagger)["']?\s*:\s*["']?\d|^\s*["']?(?:operationId|requestBody|x-codeSamples|x-code-samples)["']?\s*:|["']?\$ref["']?\s*:\s*["']#\/(?:components|definitions)\//;
const apiDescriptions = new WeakMap<FileDiff, boolean>();
function apiDescription(diff: FileDiff): boolean {
  let known = apiDescriptions.get(diff);
  if (known === undefined) {
    const { kind } = diff.fileClass;
    known = (kind === "yaml" || kind === "config") && diff.lines.some((l) => l.kind !== "-" && l.text.length <= 400 && API_DESCRIPTION_KEY.test(l.text));
    apiDescriptions.set(diff, known);
  }
  return known;
}
/** A label a few lines above introducing a sample ("Example response:", "Sample request:"): what follows is documentation. */
const SAMPLE_LABEL = /(?:example|sample)s?\s+(?:response|request|output|payload|body|reply|result|config(?:uration)?)s?\s*:|(?:^|["'\s])(?:example|sample)s?\s*:\s*$/i;
function sampleLabelAbove(diff: FileDiff, index: number): boolean {
  for (let i = index - 1; i >= Math.max(0, index - 8) && diff.lines[i].hunk === diff.lines[index].hunk; i--) {
    if (diff.lines[i].kind !== "-" && SAMPLE_LABEL.test(diff.lines[i].text)) return true;
  }
  return false;
}

/** A comment above saying the keys are public on purpose (jwt.io's sample keys: "supposed to be exposed, you can commit them"). */
const NOT_SECRET_COMMENT = /supposed to be (?:exposed|public)|safe(?:ly)? to (?:commit|share|publish)|commit (?:them|it|this) safely|(?:is|are) not (?:a )?secrets?\b|(?:demo|example|sample)[- ](?:only )?(?:keys?|key pair|tokens?)\b/i;
function notSecretComment(diff: FileDiff, index: number): boolean {
  for (let i = index - 1; i >= Math.max(0, index - 6) && diff.lines[i].hunk === diff.lines[index].hunk; i--) {
    if (COMMENT.test(diff.lines[i].text) && NOT_SECRET_COMMENT.test(diff.lines[i].text)) return true;
  }
  return false;
}

/** A private member of a JSON Web Key (RSA d, p, q, dp, dq, qi; EC d; symmetric k): the key itself. */
const JWK_PRIVATE_MEMBER = /^\s*["']?(?:d|p|q|dp|dq|qi|k)["']?\s*:\s*["']([A-Za-z0-9_-]{40,})["']/;
/** Around a "kty" line, the first added line holding a private JWK member, if any. */
function jwkPrivateMember(diff: FileDiff, index: number): number | undefined {
  if (!diff.lines[index].text.includes("kty") || !/["']?kty["']?\s*:/.test(diff.lines[index].text)) return undefined;
  for (let i = Math.max(0, index - 10); i <= Math.min(diff.lines.length - 1, index + 10); i++) {
    if (diff.lines[i].hunk === diff.lines[index].hunk && diff.lines[i].kind === "+" && JWK_PRIVATE_MEMBER.test(diff.lines[i].text)) return i;
  }
  return undefined;
}

/**
 * On the developer's own server (localhost, (localdb), ".") a connection string's password is a throwaway default unless
 * it is a chosen one: not a factory default, not numbered from one (admin123), and not spelled from the words every
 * sample uses for it (Password1!, P@ssw0rd, yourStrong(!)Password, sa, root) or from the server's own name
 * (SqlServer2026!?, Postgres123, DockerDev1). Someone's own password written there
 * ("G@brielp10") is theirs, wherever the server runs.
 */
function chosenPassword(value: string): boolean {
  if (DEFAULT_PASSWORD.test(value) || NUMBERED_DEFAULT_PASSWORD.test(value)) return false;
  return !/p[a@4]s{1,2}w[o0]r?d|pass|pwd|secret|admin|root|test|guest|changeme|strong|qwerty|12345|abc123|sql|postgres|maria|mongo|redis|oracle|docker|local|dev|demo/i.test(value);
}
/**
 * A password of digits only that someone chose (pwd=123581321 in an ADO.NET connection string to a server on the
 * network): the key says it is the password, so letters are not needed. Factory defaults, runs typed in order
 * (123456789, 654321) and one digit repeated (000000) are not chosen; on the developer's own server (localhost) digits
 * are the developer's throwaway, as a connection string's other weak passwords there are.
 */
function chosenDigitPassword(value: string): boolean {
  return /^\d{6,20}$/.test(value) && !DEFAULT_PASSWORD.test(value) && !FAKE_RUN.test(value) && !/^(\d)\1+$/.test(value)
    && !"01234567890".includes(value) && !"98765432109876543210".includes(value);
}
/** Default passwords of a freshly installed database or broker. */
// youshallnotpass: the password Lavalink's shipped application.yml gives its local audio node.
const DEFAULT_PASSWORD = /^(?:1234|12345|123456|1234567|12345678|123456789|111111|root|admin|postgres|mysql|password|pass|secret|guest|test|sa|changeit|qwerty|toor|abc123|youshallnotpass)$/i;
const LOCAL_ADDRESS = /\b(?:localhost|127\.0\.0\.1)\b/;
const COMPOSE_FILE = /(?:^|\/)(?:docker-)?compose[\w.-]*\.ya?ml$/;
/**
 * Helm values files (values.yaml, values-dev.yaml, postgres-values.yaml: https://helm.sh/docs/chart_template_guide/values_files/)
 * configure the services a chart installs into the cluster; the database charts take the bundled server's account
 * there (Bitnami postgresql: auth.username / auth.password / auth.existingSecret,
 * https://github.com/bitnami/charts/blob/main/bitnami/postgresql/values.yaml). As in a Compose file, a factory default
 * or the user name repeated configures a throwaway in-cluster account.
 */
const HELM_VALUES_FILE = /(?:^|\/)(?:values(?:[-_.][\w-]+)?|[\w-]+[-_.]values)\.ya?ml$/;
/**
 * A default password beside a localhost address (url: jdbc:mysql://localhost/... then password: 123456), or in a
 * Compose file (POSTGRES_PASSWORD: postgres), configures a developer's own database.
 */
/** A password equal to the user name beside it (username: app / password: app, or apppassword): a throwaway account. */
function userNamedLike(diff: FileDiff, index: number, value: string): boolean {
  for (let i = Math.max(0, index - 3); i <= Math.min(diff.lines.length - 1, index + 3); i++) {
    const user = /\b(?:user(?:name)?|uid|\w*_USER)["']?\s*[=:]\s*["']?([^"'\s,;]+)/i.exec(diff.lines[i].text);
    // The user name itself, or the name with a password word after it (fief / fiefpassword).
    const named = user ? value === user[1] || new RegExp(`^${user[1].replace(/\W/g, "")}[-_]?(?:password|passwd|pass|pwd|secret)$`, "i").test(value) : false;
    if (i !== index && diff.lines[i].hunk === diff.lines[index].hunk && diff.lines[i].kind !== "-" && named) return true;
  }
  return false;
}
/**
 * Compose content under another name (a docker-compose file saved as Dockerfile or compose.txt): services: with image:
 * entries, or, in a hunk below the services: line, a service's keys only Compose has (build: or depends_on:) beside
 * its environment:, ports: or image: (https://docs.docker.com/reference/compose-file/services/).
 */
const composeFiles = new WeakMap<FileDiff, boolean>();
function composeContent(diff: FileDiff): boolean {
  let compose = composeFiles.get(diff);
  if (compose === undefined) {
    let services = false, image = false, composeKey = false, serviceKey = false;
    for (const line of diff.lines) {
      if (line.kind === "-") continue;
      if (/^services:\s*$/.test(line.text)) services = true;
      else if (/^\s+image:\s*\S/.test(line.text)) image = true;
      if (/^\s+(?:build:\s*\S|depends_on:\s*$)/.test(line.text)) composeKey = true;
      else if (/^\s+(?:environment|ports):\s*$/.test(line.text)) serviceKey = true;
    }
    compose = (services && image) || (composeKey && (serviceKey || image));
    composeFiles.set(diff, compose);
  }
  return compose;
}
/** A factory default with a short number after it (admin5, root123, password1): the same throwaway account, numbered. */
const NUMBERED_DEFAULT_PASSWORD = /^(?:root|admin|postgres|mysql|password|pass|secret|guest|test|sa|changeit|qwerty|toor)\d{1,4}$/i;
const WEAK_DIGIT_PASSWORD = /^\d{4,9}$/;
/** A configuration file for one profile or environment (Spring's application-prod.yml, appsettings.Production.json, config/production.php). */
const PROFILE_CONFIG = /(?:^|\/)(?:application|bootstrap|appsettings)[-.][\w-]+\.(?:ya?ml|properties|json)$|(?:^|\/)(?:config\/)?(?:prod|production|staging|dev|development|test|local)\.[\w]+$/i;
/** A comment up to eight lines above in the hunk saying the settings are to be replaced (English or Chinese). */
const REPLACE_COMMENT = /\btodo\b|\breplace\b|\bchange (?:it|this|these|them|me)\b|替换|修改|更换/i;
function replaceCommentAbove(diff: FileDiff, index: number): boolean {
  for (let i = index - 1; i >= Math.max(0, index - 8) && diff.lines[i].hunk === diff.lines[index].hunk; i--) {
    if (diff.lines[i].kind !== "-" && COMMENT.test(diff.lines[i].text) && REPLACE_COMMENT.test(diff.lines[i].text)) return true;
  }
  return false;
}
function localDefaultPassword(diff: FileDiff, index: number): boolean {
  // key = value / key: value, or a builder's .password("value") (DataSourceBuilder beside a localhost JDBC URL).
  const value = /[=:]\s*["']?([^"'\s,;]+)["']?\s*[,;]?\s*$/.exec(diff.lines[index].text)?.[1] ?? /\.\s*\w+\s*\(\s*["']([^"'\s,;]+)["']\s*\)\s*[,;]?\s*$/.exec(diff.lines[index].text)?.[1];
  if (!value) return false;
  // Beside a localhost address a numbered default is a developer's own account too; in a Compose file only the bare defaults.
  const numbered = NUMBERED_DEFAULT_PASSWORD.test(value);
  if (!(numbered || DEFAULT_PASSWORD.test(value) || userNamedLike(diff, index, value))) return false;
  if (!numbered && (COMPOSE_FILE.test(diff.path) || HELM_VALUES_FILE.test(diff.path) || composeContent(diff))) return true;
  // A run of digits (123456, 111111) is no server's factory default: someone chose it, and in the application's base
  // configuration (application.properties, config.php) the same account and password go with it wherever it runs.
  // Beside localhost it stays a stand-in in a profile's own file (application-prod.yml pointing at localhost is a
  // template for that environment) or under a comment saying the values are to be replaced ("todo replace", "需替换配置").
  if (WEAK_DIGIT_PASSWORD.test(value) && !PROFILE_CONFIG.test(diff.path) && !replaceCommentAbove(diff, index)) return false;
  for (let i = Math.max(0, index - 6); i <= Math.min(diff.lines.length - 1, index + 6); i++) {
    if (diff.lines[i].hunk === diff.lines[index].hunk && diff.lines[i].kind !== "-" && LOCAL_ADDRESS.test(diff.lines[i].text)) return true;
  }
  return false;
}

/**
 * A Kubernetes Secret's entry (a manifest's stringData, a Terraform kubernetes_secret resource's data) is the credential
 * the cluster hands to the workload: a default word there ("PASSWORD" = "password", MYSQL_ROOT_PASSWORD: root) is the
 * password in use, where in a template or a sample it would be a stand-in. Returns the entry's finding kind.
 */
const SECRET_OBJECT_ENTRY = /^\s*["']?([A-Za-z_][\w.-]{0,60})["']?\s*[=:]\s*["']?([^\s"'#,]{1,60})["']?\s*,?\s*$/;
const TF_RESOURCE = /^\s*resource\s+"([\w-]+)"/;
function secretObjectDefault(diff: FileDiff, index: number, kind: string, isSecretManifest: boolean): string | undefined {
  const text = diff.lines[index].text;
  if (text.length > 300 || (!isSecretManifest && kind !== "terraform")) return undefined;
  const m = SECRET_OBJECT_ENTRY.exec(text);
  if (!m || !namesCredential(m[1])) return undefined;
  // A manifest's data: holds the same word base64-encoded (cGFzc3dvcmQ= is "password").
  const decoded = /^[A-Za-z0-9+/]{4,56}={0,2}$/.test(m[2]) && m[2].length % 4 === 0 ? Buffer.from(m[2], "base64").toString("utf8") : "";
  if (![m[2], decoded].some((v) => DEFAULT_PASSWORD.test(v) || NUMBERED_DEFAULT_PASSWORD.test(v))) return undefined;
  if (isSecretManifest) return "credential in a Kubernetes Secret manifest";
  // The resource block the line sits in: the nearest resource header above it in the hunk.
  for (let i = index - 1; i >= Math.max(0, index - 40) && diff.lines[i].hunk === diff.lines[index].hunk; i--) {
    const type = TF_RESOURCE.exec(diff.lines[i].text)?.[1];
    if (type !== undefined) return /^kubernetes_secret(?:_v1)?$/.test(type) && diff.lines[i].kind !== "-" ? "credential in a Kubernetes Secret manifest" : undefined;
  }
  return undefined;
}

/**
 * A bare default password (postgres, guest, root) in a file whose header comment declares its values examples to
 * replace ("# Example values only - replace before any real deployment"): the comment covers the document, not only
 * the lines next to it. A generated-looking value there still counts.
 */
const EXAMPLE_HEADER = /\b(?:example|sample|dummy|demo) values?\b|\bvalues? (?:are|is) (?:examples?|placeholders?)\b|\breplace (?:them|these|the values?|before)\b|\bchange (?:them|these) before\b/i;
function exampleHeaderDefault(diff: FileDiff, index: number): boolean {
  const value = /[=:]\s*["']?([^"'\s,;]+)["']?\s*[,;]?\s*$/.exec(diff.lines[index].text)?.[1];
  if (!value || !(DEFAULT_PASSWORD.test(value) || NUMBERED_DEFAULT_PASSWORD.test(value))) return false;
  // The comment lines that open the hunk's document, before its first setting.
  for (let i = 0; i < index && i < 12; i++) {
    const line = diff.lines[i];
    if (line.hunk !== diff.lines[index].hunk || line.kind === "-") continue;
    if (!COMMENT.test(line.text)) { if (line.text.trim()) return false; continue; }
    if (EXAMPLE_HEADER.test(line.text)) return true;
  }
  return false;
}

function publicClientKey(diff: FileDiff, index: number): boolean {
  if (!PUBLIC_CLIENT_KEY.test(diff.lines[index].text)) return false;
  for (let i = Math.max(0, index - 6); i <= Math.min(diff.lines.length - 1, index + 6); i++) {
    if (diff.lines[i].hunk === diff.lines[index].hunk && diff.lines[i].kind !== "-" && PUBLIC_CLIENT_CONTEXT.test(diff.lines[i].text)) return true;
  }
  return false;
}

/**
 * Terraform: a variable named for a credential (variable "db_password" { ... default = "..." }) whose default is a
 * literal. Returns the index of an added default line within the block, if any.
 */
const TF_VARIABLE = /^\s*variable\s+"([\w-]+)"\s*\{?\s*$/;
const TF_DEFAULT = /^\s*default\s*=\s*"([^"\n]{4,200})"\s*(?:#.*)?$/;
function terraformVariableDefault(diff: FileDiff, index: number): number | undefined {
  const name = TF_VARIABLE.exec(diff.lines[index].text)?.[1];
  if (!name) return undefined;
  const lastWord = keyWords(name).pop();
  if (lastWord !== "key" && !namesCredential(name)) return undefined;
  for (let i = index + 1; i <= Math.min(diff.lines.length - 1, index + 12) && diff.lines[i].hunk === diff.lines[index].hunk; i++) {
    const text = diff.lines[i].text;
    if (/^\s*(?:variable|resource|module|output|locals)\b/.test(text) || /^\}/.test(text)) return undefined;
    const value = TF_DEFAULT.exec(text)?.[1];
    if (value === undefined || diff.lines[i].kind !== "+") continue;
    return (lastWord === "key" ? keyShapedSecret(name, value) : isLiteralCredential(name, value) && !/\$\{/.test(value)) ? i : undefined;
  }
  return undefined;
}

/**
 * An environment variable given as a name/value pair, the form container and cloud manifests use: a Kubernetes
 * container's `env` (`- name: DB_PASSWORD` then `value: "..."`, https://kubernetes.io/docs/tasks/inject-data-application/define-environment-variable-container/),
 * an ECS task definition's `environment` ({"name": ..., "value": ...}), Terraform's `env { name = ... value = ... }`, Azure
 * App Service `appSettings`. The name says what the value is; the value line carries no key word of its own. A value
 * taken from elsewhere (`valueFrom: secretKeyRef`, `${VAR}`, `{{ .Values.x }}`), a path (`DB_PASSWORD_FILE`) or a
 * bare default (postgres, root, admin) is not a written secret. Returns the index of the value line.
 */
const PAIR_NAME = /^\s*(?:-\s+)?(?:\{\s*)?["']?[Nn]ame["']?\s*[:=]\s*["']?([A-Za-z_][\w.-]{0,80})["']?\s*(?:,\s*)?(?:(["']?)[Vv]alue\2\s*[:=]\s*(["'])([^"'\n]{1,200})\3\s*(?:\}\s*)?(?:,\s*)?)?$/;
const PAIR_VALUE = /^\s*["']?[Vv]alue["']?\s*[:=]\s*(["']?)([^"'\n#]{1,200}?)\1\s*(?:,\s*)?(?:#.*)?$/;
function namedEnvValue(diff: FileDiff, index: number): number | undefined {
  const m = PAIR_NAME.exec(diff.lines[index].text);
  if (!m) return undefined;
  const name = m[1];
  const lastWord = keyWords(name).pop();
  if (lastWord !== "key" && !namesCredential(name)) return undefined;
  const written = (value: string): boolean => !/\$\{|\{\{|\$\(|^\$[A-Za-z_]|^!|^\[\w+\(/.test(value) && !DEFAULT_PASSWORD.test(value)
    && (lastWord === "key" ? keyShapedSecret(name, value) : isLiteralCredential(name, value));
  // {"name": "DB_PASSWORD", "value": "..."} on one line.
  if (m[4] !== undefined) return diff.lines[index].kind === "+" && written(m[4].trim()) ? index : undefined;
  for (let i = index + 1; i <= Math.min(diff.lines.length - 1, index + 3) && diff.lines[i].hunk === diff.lines[index].hunk; i++) {
    const text = diff.lines[i].text;
    // The next item of the list, or a value taken from a Secret or ConfigMap: this name has no literal value.
    if (/^\s*-\s|["']?(?:[Nn]ame|[Vv]alueFrom|value_from)["']?\s*[:=]/.test(text)) return undefined;
    const value = PAIR_VALUE.exec(text)?.[2];
    if (value === undefined) continue;
    return diff.lines[i].kind === "+" && written(value.trim()) ? i : undefined;
  }
  return undefined;
}

/**
 * CloudFormation (and SAM): a template parameter named for a credential (`DBPassword:` with `Type: String`) whose
 * `Default:` is a literal. NoEcho masks the value in the console but the template keeps it; AWS's parameter
 * documentation advises against putting passwords in templates
 * (https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/parameters-section-structure.html). Returns the
 * index of an added Default line within the parameter, if any.
 */
const CFN_PARAMETER = /^(\s{1,8})([A-Za-z][A-Za-z0-9]{0,80}):\s*$/;
const CFN_DEFAULT = /^\s+Default:\s*(["']?)([^"'\n#]{4,200}?)\1\s*(?:#.*)?$/;
function cloudFormationParameterDefault(diff: FileDiff, index: number): number | undefined {
  const m = CFN_PARAMETER.exec(diff.lines[index].text);
  if (!m) return undefined;
  const [, indent, name] = m;
  const lastWord = keyWords(name).pop();
  if (lastWord !== "key" && !namesCredential(name)) return undefined;
  let typed = false;
  let defaultAt: number | undefined;
  for (let i = index + 1; i <= Math.min(diff.lines.length - 1, index + 10) && diff.lines[i].hunk === diff.lines[index].hunk; i++) {
    const text = diff.lines[i].text;
    if (diff.lines[i].kind === "-" || !text.trim()) continue;
    if ((/^\s*/.exec(text)?.[0].length ?? 0) <= indent.length) break;
    if (/^\s+Type:\s*(?:String|"String"|'String')\s*$/.test(text)) typed = true;
    if (CFN_DEFAULT.test(text) && diff.lines[i].kind === "+") defaultAt = i;
  }
  if (!typed || defaultAt === undefined) return undefined;
  const value = CFN_DEFAULT.exec(diff.lines[defaultAt].text)![2].trim();
  // An SSM parameter type's default is the parameter's name (/prod/db/password), not its value.
  if (/\$\{|\{\{|^\//.test(value) || DEFAULT_PASSWORD.test(value)) return undefined;
  return (lastWord === "key" ? keyShapedSecret(name, value) : isLiteralCredential(name, value)) ? defaultAt : undefined;
}

/**
 * Passwords in a server's own configuration syntax, where no "key = value" is written: redis.conf's `requirepass` and
 * `masterauth` directives (https://redis.io/docs/latest/operate/oss_and_stack/management/security/#authentication;
 * "foobared" is the sample redis.conf ships commented out) and a PostgreSQL password file's
 * hostname:port:database:username:password lines (https://www.postgresql.org/docs/current/libpq-pgpass.html).
 */
const REDIS_CONF_PATH = /(?:^|\/)(?:redis|sentinel|valkey)[\w.-]*\.conf$/i;
const REDIS_PASSWORD_DIRECTIVE = /^\s*(?:requirepass|masterauth)\s+(["']?)([^\s"'#]{4,200})\1\s*$/;
const PGPASS_PATH = /(?:^|\/)\.?pgpass(?:\.conf)?$/;
const PGPASS_LINE = /^[^:#\s]+:(?:\d+|\*):[^:\s]+:[^:\s]+:(\S{4,200})$/;
function serverConfigPassword(diff: FileDiff, index: number): string | undefined {
  const text = diff.lines[index].text;
  const value = REDIS_CONF_PATH.test(diff.path) ? REDIS_PASSWORD_DIRECTIVE.exec(text)?.[2] : PGPASS_PATH.test(diff.path) ? PGPASS_LINE.exec(text)?.[1] : undefined;
  if (value === undefined || /^\$|\$\{|\{\{/.test(value) || value === "foobared" || DEFAULT_PASSWORD.test(value) || isPlaceholder(value)) return undefined;
  return "password in a server configuration file";
}

/** A password line of a .netrc file (machine / login / password on lines of their own). */
function netrcFilePassword(diff: FileDiff, index: number): string | undefined {
  if (!/(?:^|\/)[._]netrc$/.test(diff.path)) return undefined;
  const value = /^\s*password\s+(\S+)\s*$/.exec(diff.lines[index].text)?.[1];
  return value !== undefined && netrcPassword(value) ? "password in a .netrc entry" : undefined;
}

/**
 * A container registry login saved in Docker's config.json (or Podman's auth.json, a .dockercfg): under "auths", each
 * registry's "auth" is base64 of "username:password" (containers-auth.json(5); docker login stores it so without a
 * credential store). A value that decodes to no user:password pair (an empty or placeholder string) is not one.
 */
const REGISTRY_AUTH = /^\s*"auth"\s*:\s*"([A-Za-z0-9+/]{8,400}={0,2})"\s*(?:,\s*)?$/;
const REGISTRY_CONFIG_PATH = /(?:^|\/)(?:\.docker\/config\.json|config\.json|auth\.json|\.dockercfg|\.?dockerconfigjson(?:\.json)?)$/;
function registryAuth(diff: FileDiff, index: number): string | undefined {
  const value = REGISTRY_AUTH.exec(diff.lines[index].text)?.[1];
  if (value === undefined) return undefined;
  let auths = REGISTRY_CONFIG_PATH.test(diff.path);
  for (let i = index - 1; !auths && i >= 0 && i >= index - 6; i--) auths = /"auths"\s*:/.test(diff.lines[i].text);
  if (!auths) return undefined;
  const decoded = Buffer.from(value, "base64").toString("latin1");
  const pair = /^([^:\s]{1,100}):([\x21-\x7e]{4,200})$/.exec(decoded);
  return pair && !isPlaceholder(pair[2]) ? "container registry login (base64 user:password)" : undefined;
}

/** In YAML, the top-level section a line sits in (Rails secrets.yml and database.yml: development, test, production). */
const developmentLines = new WeakMap<FileDiff, Uint8Array>();
function inDevelopmentSection(diff: FileDiff, index: number): boolean {
  if (diff.fileClass.kind !== "yaml") return false;
  // The nearest top-level key at or above each line in its hunk, read in one pass for the file.
  let inside = developmentLines.get(diff);
  if (!inside) {
    inside = new Uint8Array(diff.lines.length);
    let development = false;
    for (let i = 0; i < diff.lines.length; i++) {
      const line = diff.lines[i];
      if (i > 0 && line.hunk !== diff.lines[i - 1].hunk) development = false;
      const top = line.kind === "-" ? null : /^([A-Za-z_][\w-]*):\s*(?:#.*)?$/.exec(line.text);
      if (top) development = /^(?:development|dev|test|testing|local)$/i.test(top[1]);
      inside[i] = development ? 1 : 0;
    }
    developmentLines.set(diff, inside);
  }
  return inside[index] === 1;
}

/**
 * Database connection calls whose third argument is the password, in any language: JDBC
 * DriverManager.getConnection(url, "user", "pass"), PHP mysqli_connect/new mysqli("host", "user", "pass", ...) and
 * new PDO("dsn", "user", "pass"). Groups: host or URL (when a literal), user, password.
 */
const POSITIONAL_CONNECT = [
  /\bgetConnection\s*\(\s*(?:"([^"\n]*)"|[\w.]+)\s*,\s*"([^"\n]*)"\s*,\s*"([^"\n]+)"\s*\)/,
  /\b(?:mysqli_connect|mysql_connect|new\s+mysqli)\s*\(\s*(?:["']([^"'\n]*)["']|\$?[\w.]+)\s*,\s*["']([^"'\n]*)["']\s*,\s*["']([^"'\n]+)["']/,
  /\bnew\s+PDO\s*\(\s*(?:["']([^"'\n]*)["']|\$?[\w.]+)\s*,\s*["']([^"'\n]*)["']\s*,\s*["']([^"'\n]+)["']/,
];
/** A password handed positionally to a connection call; the call may run over the next lines of the hunk. */
function connectCallPassword(diff: FileDiff, index: number): string | undefined {
  const first = diff.lines[index].text;
  if (!/getConnection|mysql_connect|mysqli|new\s+PDO/.test(first) || COMMENT.test(first)) return undefined;
  let text = first;
  for (let i = index + 1; i <= Math.min(diff.lines.length - 1, index + 3) && diff.lines[i].hunk === diff.lines[index].hunk && diff.lines[i].kind !== "-"; i++) text += " " + diff.lines[i].text.trim();
  for (const pattern of POSITIONAL_CONNECT) {
    const call = pattern.exec(text);
    if (!call) continue;
    const [, where = "", user, password] = call;
    const host = /(?:\/\/|host=)([^/:;?\s"']+)/i.exec(where)?.[1] ?? where;
    if (isPlaceholder(password) || password === user || (host !== "" && PLACEHOLDER_HOST.test(host))) return undefined;
    // A factory default on the developer's own machine (root/root on localhost) is not a leaked credential.
    if (LOCAL_HOST.test(host) && (DEFAULT_PASSWORD.test(password) || password.length < 6)) return undefined;
    return password.length >= 4 ? "password passed to a database connection call" : undefined;
  }
  return undefined;
}

/**
 * Login and authentication calls that take the password as a positional argument, in any language: Go
 * smtp.PlainAuth(identity, user, password, host), Python smtplib/imaplib/ftplib .login(user, password), Java
 * new PasswordAuthentication(user, password), .NET new NetworkCredential(user, password). Groups: user, password.
 */
const POSITIONAL_AUTH = [
  /\bsmtp\.PlainAuth\s*\(\s*"[^"\n]*"\s*,\s*(?:"([^"\n]*)"|[A-Za-z_][\w.]*)\s*,\s*"([^"\n]+)"/,
  /\.login\s*\(\s*(?:["']([^"'\n]*)["']|[A-Za-z_][\w.]*)\s*,\s*["']([^"'\n]+)["']\s*\)/,
  /\bnew\s+(?:javax\.mail\.|System\.Net\.)?(?:PasswordAuthentication|NetworkCredential)\s*\(\s*(?:"([^"\n]*)"|[A-Za-z_][\w.]*)\s*,\s*"([^"\n]+)"/,
];
/** A Google app password: four groups of four lower-case letters, with or without the spaces Google shows them with. */
const APP_PASSWORD = /^[a-z]{4}( ?)[a-z]{4}\1[a-z]{4}\1[a-z]{4}$/;
/** An app password, not the alphabet typed in order ('abcd efgh ijkl mnop', the shape documentation shows). */
const appPassword = (value: string): boolean => APP_PASSWORD.test(value) && !FAKE_RUN.test(value.replace(/ /g, ""));
function positionalAuthPassword(text: string): string | undefined {
  if (!/PlainAuth|\.login\s*\(|PasswordAuthentication|NetworkCredential/.test(text)) return undefined;
  for (const pattern of POSITIONAL_AUTH) {
    const call = pattern.exec(text);
    if (!call) continue;
    // The user may be a variable (PasswordAuthentication(from, "..."), server.login(EMAIL, "...")): the literal password is the secret.
    const [, user, password] = call;
    if (isPlaceholder(password) || (user !== undefined && (isPlaceholder(user) || password === user)) || DEFAULT_PASSWORD.test(password) || password.length < 6) return undefined;
    // A generated app password is a credential even though it reads like four short words.
    if (appPassword(password)) return "password passed to a login call";
    return !namesSomething(password) && !/\s/.test(password) && (looksSecret(password) || /^[A-Za-z0-9]{12,}$/.test(password)) ? "password passed to a login call" : undefined;
  }
  return undefined;
}

/**
 * "clave", "chave", "chiave", "llave" alone: the Spanish, Portuguese and Italian word for "key", which names an
 * account's password where a sign-in is set up ("usuario y clave", "usuário e chave": Spanish and Portuguese banking
 * and government sites ask for the "clave"). It also names map keys and product codes ("clave del producto"), so a
 * value counts only when it looks like a password and an account word (usuario, user, login, e-mail, a connection)
 * sits within three lines of the hunk.
 */
const LOCAL_KEY_WORD_ASSIGNMENT = /(?:^|[^\w.])\$?(clave|chave|chiave|llave)["']?\s*(?:=|:|=>|:=)\s*["']([^"'\n]{6,200})["']/i;
const ACCOUNT_WORD = /\b(?:usuari[oa]s?|usu[aá]rio|utente|user(?:name)?|login|correo|e-?mail|jdbc|getConnection|conexi[oó]n|conex[aã]o|connessione)\b/i;
function localKeyWordPassword(diff: FileDiff, index: number): string | undefined {
  const text = diff.lines[index].text;
  if (!/clave|chave|chiave|llave/i.test(text)) return undefined;
  const m = LOCAL_KEY_WORD_ASSIGNMENT.exec(text);
  if (!m || isPlaceholder(m[2]) || namesSomething(m[2]) || !looksSecret(m[2])) return undefined;
  const hunk = diff.lines[index].hunk;
  for (let i = Math.max(0, index - 3); i <= Math.min(diff.lines.length - 1, index + 3); i++) {
    if (i !== index && diff.lines[i].hunk === hunk && diff.lines[i].kind !== "-" && ACCOUNT_WORD.test(diff.lines[i].text)) return "credential assigned to a literal";
  }
  return undefined;
}

/**
 * A client secret kept under a name ending in "secret id" (`secretID = "d389..."`, `secret_id = "907e..."`), as
 * Spotify app samples do with the 32-hex client secret. "Id" usually marks an identifier, so only a generated hex key
 * counts: Tencent Cloud's SecretId opens with AKID and AWS Secrets Manager's SecretId is a name or an ARN, never hex.
 */
const SECRET_ID_ASSIGNMENT = /(?:^|[^\w])(\w{0,40}?secret_?id)["']?(?:\s*:\s*[A-Za-z_][\w<>[\]]*\??(?=\s*=))?\s*(?:=|:|=>|:=)\s*["']([0-9a-f]{24,64})["']/i;
function hexSecretId(text: string): string | undefined {
  if (!/secret_?id/i.test(text)) return undefined;
  const m = SECRET_ID_ASSIGNMENT.exec(text);
  return m && !isPlaceholder(m[2]) && tokenSpread(m[2]) ? "credential assigned to a literal" : undefined;
}

/**
 * Vendors that call their API key an "app id": OpenWeatherMap's key is its `appid` parameter (the key is requested at
 * https://openweathermap.org/appid; client libraries document it as "appid: Your unique API key" and "API key (a.k.a
 * appid)"; 32 hex characters). An app-id-named constant holding 32 hex characters
 * is that key when the file calls the vendor's API. Other vendors' app ids (Facebook's number, Algolia's ten capitals,
 * Firebase's "1:...:web:...") are public identifiers and stay out.
 */
const APP_ID_KEY_VENDORS = /openweathermap\.org|api\.openweathermap/i;
const APP_ID_ASSIGNMENT = /(?:^|[^\w])(\w{0,40}?app_?id)["']?(?:\s*:\s*[A-Za-z_][\w<>[\]]*\??(?=\s*=))?\s*(?:=|:|=>|:=)\s*["']([0-9a-f]{32})["']/i;
function appIdKeyLines(diff: FileDiff): number[] {
  if (!/app_?id/i.test(diff.added.text) || !diff.lines.some((l) => l.kind !== "-" && APP_ID_KEY_VENDORS.test(l.text))) return [];
  return diff.added.indexes.filter((_, i) => APP_ID_ASSIGNMENT.test(diff.added.texts[i]));
}
function vendorAppIdKey(text: string, vendorLines: Set<number>, index: number): string | undefined {
  if (!vendorLines.has(index)) return undefined;
  const m = APP_ID_ASSIGNMENT.exec(text);
  return m && !isPlaceholder(m[2]) && tokenSpread(m[2]) ? "credential assigned to a literal" : undefined;
}

/**
 * A module named for a credential (apiKey.js, secret.ts, token.mjs) whose export is a bare literal: the file name is
 * the key's name. Only a generated-looking value counts.
 */
const CREDENTIAL_MODULE = /(?:^|\/)(?:api[-_]?keys?|secrets?|tokens?|credentials?|passwords?|access[-_]?keys?|private[-_]?keys?)\.[cm]?[jt]sx?$/i;
const BARE_EXPORT = /^\s*(?:export\s+default|module\.exports\s*=)\s*["'`]([A-Za-z0-9+/=_:.-]{16,200})["'`]\s*;?\s*$/;
/**
 * A literal in a member with a generic name (value, key, raw) inside a type named for the credential (Swift's
 * `struct APIKey { static var value: String = "..." }`, Kotlin's `object ApiKey { const val value = "..." }`): the
 * type's name is the key word. Only a key-shaped, spread value counts.
 */
const GENERIC_MEMBER = /^\s*(?:(?:public|private|internal|fileprivate|static|const|final|let|var|val)\s+){1,4}(?:value|key|raw|rawValue)\s*(?::\s*String\??\s*)?=\s*["']([A-Za-z0-9_:.-]{16,200})["']\s*;?\s*$/;
const TYPE_OPENER = /^\s*(?:(?:public|private|internal|fileprivate|static|final|data)\s+)*(?:struct|class|enum|object)\s+(\w+)/;
function typeNamedCredential(diff: FileDiff, index: number): string | undefined {
  const value = GENERIC_MEMBER.exec(diff.lines[index].text)?.[1];
  if (value === undefined || !KEY_SHAPED(value) || shannonEntropy(value) < 3.2 || isPlaceholder(value) || FAKE_RUN.test(value)) return undefined;
  for (let i = index - 1; i >= 0 && i >= index - 8; i--) {
    const name = TYPE_OPENER.exec(diff.lines[i].text)?.[1];
    if (name) return STRONG_KEY.test(name) ? "credential assigned to a literal" : undefined;
  }
  return undefined;
}
function credentialModuleExport(path: string, text: string): string | undefined {
  const value = BARE_EXPORT.exec(text)?.[1];
  if (value === undefined || !CREDENTIAL_MODULE.test(path)) return undefined;
  return KEY_SHAPED(value) && shannonEntropy(value) >= 3.2 && !value.includes("://") && !isPlaceholder(value) && !UUID.test(value) ? "credential exported by a module named for it" : undefined;
}

/**
 * A comment beside or just above the value telling the reader to put their own in ("update this to reflect your
 * value", "replace with your actual key"): the literal is a stand-in. A generated-looking value still counts.
 */
const FILL_IN_COMMENT = /(?:\/\/|#|\/\*|--)\s*[^\n]{0,40}\b(?:update|replace|change|fill\s+in|put|insert|enter|set)\b[^\n]{0,30}\b(?:your|own|actual|real)\b/i;
function fillInComment(diff: FileDiff, index: number): boolean {
  const text = diff.lines[index].text;
  const value = /["'`]([^"'`\n]{4,200})["'`]/.exec(text)?.[1];
  if (value !== undefined && randomLooking(value)) return false;
  if (FILL_IN_COMMENT.test(text)) return true;
  const above = index - 1;
  return above >= 0 && diff.lines[above].hunk === diff.lines[index].hunk && COMMENT.test(diff.lines[above].text) && FILL_IN_COMMENT.test(diff.lines[above].text);
}

/** Managed-database and cloud endpoints: a credential beside one points at a real server. */
const CLOUD_ENDPOINT = /\.(?:rds\.amazonaws\.com|compute(?:-\d+)?\.amazonaws\.com|amazonaws\.com|database\.windows\.net|documents\.azure\.com|mongodb\.net|herokuapp\.com|elephantsql\.com|remotemysql\.com|ondigitalocean\.com|supabase\.co|neon\.tech|psdb\.cloud|render\.com|railway\.app|aivencloud\.com)\b/i;
/**
 * Sample files (sample.py, config.sample.yml) are judged by content: a known key format is a leak there too, and so is
 * a credential next to a real cloud database endpoint; the rest are templates.
 */
function realInSampleFile(diff: FileDiff, index: number, secretKind: string): boolean {
  if (KNOWN_FORMAT_KINDS.has(secretKind)) return true;
  for (let i = Math.max(0, index - 6); i <= Math.min(diff.lines.length - 1, index + 6); i++) {
    if (diff.lines[i].hunk === diff.lines[index].hunk && diff.lines[i].kind !== "-" && CLOUD_ENDPOINT.test(diff.lines[i].text)) return true;
  }
  return false;
}

/**
 * A demo program that hashes a literal (`password := "abcde"` then `GetMD5Hash(password)` in `func main`): the literal
 * is sample input to the hash, not a credential of any system.
 */
const HASH_CALL_NAME = String.raw`\b\w*(?:md5|MD5|Md5|sha\d*|SHA\d*|Sha\d*|[Hh]ash|HASH|[Dd]igest|bcrypt|BCrypt|argon2?|pbkdf2?|scrypt)\w*`;
const PROGRAM_ENTRY = /\bfunc\s+main\s*\(|__name__\s*==\s*["']__main__["']|\bstatic\s+void\s+main\s*\(|\bfun\s+main\s*\(|\bfn\s+main\s*\(/;
function hashDemoInput(diff: FileDiff, index: number): boolean {
  const variable = /^\s*(?:var\s+|const\s+|let\s+)?(\w+)\s*(?::=|=)\s*["'][^"']*["']\s*;?\s*$/.exec(diff.lines[index].text)?.[1];
  if (!variable) return false;
  const hashed = new RegExp(`${HASH_CALL_NAME}\\s*\\(\\s*(?:\\[\\]byte\\s*\\(\\s*)?${variable}\\b`);
  let hashedNearby = false;
  for (let i = index + 1; i <= Math.min(diff.lines.length - 1, index + 4) && diff.lines[i].hunk === diff.lines[index].hunk; i++) {
    if (diff.lines[i].kind !== "-" && hashed.test(diff.lines[i].text)) hashedNearby = true;
  }
  return hashedNearby && hunksWithProgramEntry(diff).has(diff.lines[index].hunk);
}

// Facts of a file read once, when a candidate first needs them (not once per candidate: that is quadratic).
const programEntryHunks = new WeakMap<FileDiff, Set<number>>();
function hunksWithProgramEntry(diff: FileDiff): Set<number> {
  let hunks = programEntryHunks.get(diff);
  if (!hunks) {
    hunks = new Set();
    for (const line of diff.lines) if (line.kind !== "-" && PROGRAM_ENTRY.test(line.text)) hunks.add(line.hunk);
    programEntryHunks.set(diff, hunks);
  }
  return hunks;
}

/** A PEM header followed by an interpolation, a concatenated variable or the end of its string literal. */
const PEM_WITHOUT_BODY = /-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----(?:\\r)?(?:\\n)?(?:\$\{|["'`]\s*\+\s*[A-Za-z_$]|%s|\{\w*\}|["'`]\s*[,;)\]]|["'`]\s*$)/;
/** A PEM header whose footer follows a short run on the same line: a placeholder ("\nreplace-me\n"), not a key body. */
const PEM_PLACEHOLDER_BODY = /-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----(?:\\r)?(?:\\n)?(?:(?!-----)[^\n"'`\\]){0,39}(?:\\r)?(?:\\n)?-----END /;
/** A PEM header in a comment is a key only with its body after it; named in a Javadoc `{@code -----BEGIN ...-----}` it is not. */
const KEY_BODY = /[A-Za-z0-9+/]{40,}/;
function pemBodyFollows(diff: FileDiff, index: number): boolean {
  const header = diff.lines[index].text;
  if (KEY_BODY.test(header.slice(header.indexOf("-----BEGIN") + 10))) return true;
  for (let i = index + 1; i < diff.lines.length && i <= index + 2; i++) {
    if (diff.lines[i].kind !== "-" && KEY_BODY.test(diff.lines[i].text)) return true;
  }
  return false;
}

/** Whether the line sits inside a Python docstring (a triple-quoted string standing as a statement): documentation. */
const DOCSTRING_OPEN = /^\s*[rRuU]?("""|\'\'\')/;
const docstringLines = new WeakMap<FileDiff, Uint8Array>();
function inPythonDocstring(diff: FileDiff, index: number): boolean {
  if (!/\.py$/.test(diff.path)) return false;
  let inside = docstringLines.get(diff);
  if (!inside) {
    inside = new Uint8Array(diff.lines.length);
    let open = false;
    for (let i = 0; i < diff.lines.length; i++) {
      const line = diff.lines[i];
      if (i > 0 && line.hunk !== diff.lines[i - 1].hunk) open = false;
      inside[i] = open ? 1 : 0;
      if (line.kind === "-" || ((line.text.match(/"""|\'\'\'/g) ?? []).length % 2 === 0)) continue;
      // An opening quote counts only where the string is a statement (a docstring), not a value (x = """...).
      open = open ? false : DOCSTRING_OPEN.test(line.text);
    }
    docstringLines.set(diff, inside);
  }
  return inside[index] === 1;
}

/**
 * A configuration file saved under a SQL or text extension (config/database.yml.sql, application.properties.txt,
 * settings.ini.txt): its lines are still configuration, so bare key: value pairs are read as such.
 */
const CONFIG_COPY = /\.(?:ya?ml|properties|ini|cfg|conf|toml|env)\.(?:sql|txt|text)$/i;


/**
 * The top-level arguments of a call whose "(" is at `open`, as written (up to `max` of them). Quotes and nested
 * brackets are skipped; one pass over at most 600 characters.
 */
function callArguments(text: string, open: number, max: number): string[] {
  const args: string[] = [];
  let depth = 0, start = open + 1, quote = "";
  const end = Math.min(text.length, open + 600);
  for (let i = open + 1; i < end; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = "";
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ")" || ch === "]" || ch === "}") {
      if (depth === 0) { args.push(text.slice(start, i)); return args; }
      depth--;
    } else if (ch === "," && depth === 0) {
      args.push(text.slice(start, i));
      if (args.length >= max) return args;
      start = i + 1;
    }
  }
  return args;
}

/** Wrappers that only turn a literal into bytes ([]byte("..."), Buffer.from("..."), "...".getBytes(), "...".as_ref(), b"..."). */
const BYTES_WRAPPER = /^(?:\[\]byte|Buffer\s*\.\s*from|String::from|bytes|new\s+TextEncoder\s*\(\s*\)\s*\.\s*encode|Encoding\s*\.\s*(?:UTF8|ASCII|Default|Unicode)\s*\.\s*GetBytes|Convert\s*\.\s*FromBase64String|Base64\s*\.\s*getDecoder\s*\(\s*\)\s*\.\s*decode|Decoders\s*\.\s*BASE64(?:URL)?\s*\.\s*decode|base64\s*\.\s*(?:b64decode|urlsafe_b64decode)|utf8\s*\.\s*encode)\s*\(/;
const BYTES_SUFFIX = /(?:\s*\.\s*(?:getBytes|as_ref|as_bytes|encode|toByteArray|to_string|to_owned|into|toString)\s*\([^()]{0,60}\))+$/;
const STRING_LITERAL = /^[bBrRuU]?(["'`])([^"'`\\\n]*)\1$/;
/** The literal an argument is, if it is one (through a byte-conversion wrapper, or before `||` as the value used first). */
function literalArgument(raw: string): string | undefined {
  let arg = raw.trim();
  const wrapper = BYTES_WRAPPER.exec(arg);
  if (wrapper && arg.endsWith(")")) arg = (callArguments(arg, wrapper[0].length - 1, 1)[0] ?? "").trim();
  arg = arg.replace(BYTES_SUFFIX, "").trim();
  // "literal" || process.env.SECRET: the literal is truthy, so it is the key in use.
  const first = /^([bB]?(["'`])[^"'`\\\n]*\2)\s*\|\|/.exec(arg);
  if (first) arg = first[1];
  const literal = STRING_LITERAL.exec(arg);
  if (!literal || (literal[1] === "`" && literal[2].includes("${"))) return undefined;
  return literal[2];
}

/** Literals the file's added lines give a name (const secret = "...", $key = '...', Secret = "...", a Ruby method returning one). */
// The literal must be the whole value (const secret = "..."; not prefix = "user:" + id).
const DEFINITION = /(?:^|[^\w$.])\$?([A-Za-z_]\w{0,60})\s*(?::\s*[\w.<>[\]?]{1,40}\s*)?(?::=|=)(?![=>~])\s*(?:(?:\[\]byte|new\s+TextEncoder\s*\(\s*\)\s*\.\s*encode|Buffer\s*\.\s*from|Encoding\s*\.\s*UTF8\s*\.\s*GetBytes)\s*\(\s*)?[bB]?(["'`])([^"'`\\\n]{1,200})\2(?:\s*\))?(?=\s*(?:[;,]|$|\/\/|#))/g;
const literalDefinitions = new WeakMap<FileDiff, Map<string, { value: string; index: number }>>();
function definedLiterals(diff: FileDiff): Map<string, { value: string; index: number }> {
  let map = literalDefinitions.get(diff);
  if (map) return map;
  map = new Map();
  const seen = new Set<string>();
  const define = (name: string, value: string, index: number) => {
    // A name given two different values in view is ambiguous: resolve neither.
    if (seen.has(name)) { if (map!.get(name)?.value !== value) map!.delete(name); return; }
    seen.add(name);
    if (diff.lines[index].kind === "+") map!.set(name, { value, index });
  };
  for (let i = 0; i < diff.lines.length; i++) {
    const line = diff.lines[i];
    if (line.kind === "-" || line.text.length > 400 || COMMENT.test(line.text)) continue;
    for (const m of line.text.matchAll(DEFINITION)) if (!m[3].includes("${")) define(m[1], m[3], i);
    // Ruby: def secret_key / 'literal' / end.
    const method = /^\s*def\s+(?:self\.)?(\w+)\s*$/.exec(line.text)?.[1];
    const body = method && i + 2 < diff.lines.length ? /^\s*(["'])([^"'\\\n]{1,200})\1\s*$/.exec(diff.lines[i + 1].text) : null;
    if (method && body && /^\s*end\s*$/.test(diff.lines[i + 2].text) && diff.lines[i + 1].kind !== "-") define(method, body[2], i + 1);
  }
  literalDefinitions.set(diff, map);
  return map;
}
/** The name an argument refers to (secret, this.secret, self.secret_key, $this->key, @secret, secret_key()), if it is a plain reference. */
function referencedName(raw: string): string | undefined {
  return /^(?:this\.|self\.|\$this->|@|\$)?([A-Za-z_]\w{0,60})(?:\(\))?$/.exec(raw.trim())?.[1];
}

/** Whether a literal in a key position is a secret: not a placeholder, a documented sample, a key file's path or a URL. */
function sinkKeyLiteral(value: string, samples: Set<string>): boolean {
  if (value.trim().length < 4 || samples.has(value) || DOCUMENTED_SAMPLES.has(value) || isPlaceholder(value)) return false;
  return !value.includes("://") && !/^[.~]?\/|\.(?:pem|key|crt|cer|der|p12|pfx|jks)$/i.test(value);
}

/**
 * A credential handed to a sink of the table on this line (the call may run over the next lines of the hunk), given as
 * a literal or as a name the change defines as one in the same file.
 */
function sinkCredential(diff: FileDiff, index: number): { kind: string; definition?: number } | undefined {
  const first = diff.lines[index].text;
  if (first.length > 2000 || !ANY_SINK_NAME.test(first) || COMMENT.test(first)) return undefined;
  // Arguments written one a line often carry a trailing comment each (`"https://...", // Azure OpenAI Endpoint`): left out.
  const uncommented = (line: string) => line.replace(/\s\/\/[^"'`\n]{0,400}$/, "");
  let text = uncommented(first);
  for (let i = index + 1; i <= Math.min(diff.lines.length - 1, index + 4) && diff.lines[i].hunk === diff.lines[index].hunk && diff.lines[i].kind !== "-"; i++) text += " " + uncommented(diff.lines[i].text.trim().slice(0, 400));
  for (const sink of SINK_CALLS) {
    if (!sink.names.some((name) => first.includes(name))) continue;
    sink.pattern.lastIndex = 0;
    for (let m = sink.pattern.exec(text); m && m.index < first.length; m = sink.pattern.exec(text)) {
      const args = callArguments(text, m.index + m[0].length - 1, Math.max(sink.argument, 6));
      const keyword = sink.keywordArgument ? args.find((a) => sink.keywordArgument!.test(a)) : undefined;
      const raw = keyword !== undefined ? keyword.slice(keyword.indexOf("=") + 1) : args[sink.argument - 1];
      if (raw === undefined) continue;
      let value = literalArgument(raw);
      let definition: number | undefined;
      if (value === undefined) {
        const name = referencedName(raw);
        // Only a definition the change adds: a use of a key committed before adds no secret.
        const defined = name !== undefined ? definedLiterals(diff).get(name) : undefined;
        value = defined?.value;
        definition = defined?.index;
      }
      if (value === undefined) continue;
      if (sink.kind === "key" ? sinkKeyLiteral(value, sink.samples) : sinkPassword(value, args[sink.argument - 2])) return { kind: `credential passed to ${sink.api} as a literal`, definition };
    }
  }
  return undefined;
}
/**
 * A keyword argument or property named for a credential that is given a name, where the change defines that name as a
 * literal in the same file: `secret_id = "907e..."` then `SpotifyOAuth(client_id=id, client_secret=secret_id)`, or
 * `const pwd = "..."` then `auth: { pass: pwd }`. The value reaches the credential slot through the variable, so the
 * variable's own name does not have to say secret. Only definitions the change adds count (a use of a name committed
 * before adds no secret), and the value is judged as a literal under the slot's name would be.
 */
const CREDENTIAL_SLOT = new RegExp(String.raw`(?:^|[^\w$.])(${SECRET_KEY})["']?\s*(?:=(?![=>~])|:(?![:=]))\s*(?:this\.|self\.|@|\$)?([A-Za-z_]\w{0,60})\s*(?=[,)}\]]|$)`, "gi");
function namedCredentialArgument(diff: FileDiff, index: number): { kind: string; definition: number } | undefined {
  const text = diff.lines[index].text;
  if (text.length > 400 || COMMENT.test(text)) return undefined;
  CREDENTIAL_SLOT.lastIndex = 0;
  for (let m = CREDENTIAL_SLOT.exec(text); m; m = CREDENTIAL_SLOT.exec(text)) {
    const [, key, name] = m;
    if (name === key || !namesCredentialKey(key) || NON_SECRET_KEY.test(key)) continue;
    const defined = definedLiterals(diff).get(name);
    if (defined === undefined || defined.index === index) continue;
    const value = defined.value.trim();
    if (value.length < 4 || DEFAULT_PASSWORD.test(value) || NUMBERED_DEFAULT_PASSWORD.test(value) || namesItsKey(key, value) || namesItsKey(name, value)) continue;
    if (isLiteralCredential(key, value)) return { kind: "credential passed through a name defined as a literal", definition: defined.index };
  }
  return undefined;
}

/**
 * A subscript assignment a formatter split over three lines (Black puts a long subscript on its own line:
 * `app.config[` / `    "JWT_SECRET_KEY"` / `] = "..."`). The key line is read together with the value line, as the
 * one statement `"JWT_SECRET_KEY" = "..."` it is; only a value line the change adds counts.
 */
const SPLIT_SUBSCRIPT_KEY = /^\s*(["'])([\w.-]{1,80})\1\s*$/;
const SPLIT_SUBSCRIPT_VALUE = /^\s*\]\s*=\s*(.{1,300})$/;
function splitSubscriptCredential(diff: FileDiff, index: number, kind: string): string | undefined {
  const key = SPLIT_SUBSCRIPT_KEY.exec(diff.lines[index].text)?.[2];
  if (key === undefined || index === 0 || index + 1 >= diff.lines.length) return undefined;
  const [before, after] = [diff.lines[index - 1], diff.lines[index + 1]];
  if (before.hunk !== diff.lines[index].hunk || after.hunk !== diff.lines[index].hunk || after.kind !== "+" || before.kind === "-" || !/\[\s*$/.test(before.text)) return undefined;
  const value = SPLIT_SUBSCRIPT_VALUE.exec(after.text)?.[1];
  return value === undefined ? undefined : classify(`${key} = ${value}`, kind, false);
}

/**
 * An assignment whose literal a formatter moved to the next line because it is long (Kotlin's `const val API_KEY =`
 * then the token indented below it; Java, Python and YAML block values wrap the same way): the name and the literal are
 * read together, as one line.
 */
const WRAPPED_ASSIGNMENT_HEAD = /(?:^|[^\w$])[A-Za-z_$][\w$.-]{0,80}["']?(?:\s*:\s*[A-Za-z_][\w<>[\]]*\??(?=\s*=))?\s*(?:=|=>|:=)\s*$/;
const WRAPPED_LITERAL = /^\s*(["'`])([^"'`\n]{4,4000})\1\s*[;,]?\s*$/;
function wrappedAssignmentCredential(diff: FileDiff, index: number, kind: string): string | undefined {
  const head = diff.lines[index];
  const next = diff.lines[index + 1];
  if (next === undefined || next.kind !== "+" || next.hunk !== head.hunk || head.text.length > 300 || next.text.length > 4100) return undefined;
  if (COMMENT.test(head.text) || !WRAPPED_ASSIGNMENT_HEAD.test(head.text) || !WRAPPED_LITERAL.test(next.text)) return undefined;
  return classify(`${head.text.trimEnd()} ${next.text.trim()}`, kind, false);
}

/** A literal given to an option key of the table (passport-jwt's secretOrKey), whose name alone does not say secret. */
function optionSinkCredential(text: string): string | undefined {
  if (text.length > 2000) return undefined;
  for (const option of SINK_OPTIONS) {
    if (!text.includes(option.key)) continue;
    const m = option.pattern.exec(text);
    const rest = m ? text.slice(m.index + m[0].length) : "";
    const value = m ? literalArgument(/^[bB]?(["'`])[^"'`\\\n]*\1/.exec(rest)?.[0] ?? "") : undefined;
    if (value !== undefined && (option.kind === "key" ? sinkKeyLiteral(value, new Set()) : sinkPassword(value, undefined))) return `credential passed to ${option.api} as a literal`;
  }
  return undefined;
}
/** A password in a password position: not a placeholder, a factory default or the user name repeated. */
function sinkPassword(value: string, userArg: string | undefined): boolean {
  const user = userArg !== undefined ? literalArgument(userArg) : undefined;
  return value.length >= 4 && !isPlaceholder(value) && !DEFAULT_PASSWORD.test(value) && !NUMBERED_DEFAULT_PASSWORD.test(value) && value !== user && !namesSomething(value) && !DOCUMENTED_SAMPLES.has(value);
}

/** Words that make a fallback a stand-in for local runs ("dev-secret", "fallback_secret", "django-insecure-..."), unless the value is generated. */
const STAND_IN_WORD = /fallback|(?:^|[-_.])dev(?:elopment)?(?:$|[-_.])|insecure|local|temp(?:orary)?(?:$|[-_.])|dummy|sample|(?:^|[-_.])test(?:ing)?(?:$|[-_.\d])|not[-_ ]?(?:set|secure|secret)|unsafe|please/i;
/**
 * A secret given as the fallback of an environment read (os.getenv("DB_PASSWORD", "..."), process.env.JWT_SECRET ||
 * "...", ENV.fetch("SECRET_KEY_BASE") { "..." }, ${JWT_SECRET:...}): when the variable is unset, the literal is the
 * secret in use. The variable's name must mean a secret; a placeholder or a stand-in for local runs is not one.
 */
function envFallbackCredential(text: string): string | undefined {
  if (text.length > 2000 || !ENV_READ.test(text)) return undefined;
  for (const { needs, pattern } of ENV_FALLBACKS) {
    if (!text.includes(needs)) continue;
    pattern.lastIndex = 0;
    // exec on the shared regex, not matchAll (which copies the regex on every call).
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const name = m[1] ?? m[2];
      const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 220);
      const bare = /^\$\{/.test(m[0]);
      const value = bare ? /^([^}\s"'$]{1,200})\}/.exec(rest)?.[1] : literalArgument(/^[bB]?(["'`])[^"'`\\\n]*\1/.exec(rest)?.[0] ?? "");
      if (name && value !== undefined && fallbackIsCredential(name, value)) return "credential given as an environment fallback";
    }
  }
  return undefined;
}

/** A placeholder, a documented sample key or a factory-default password: a value no one chose as a secret. */
const knownStandIn = (value: string): boolean =>
  isPlaceholder(value) || DOCUMENTED_SAMPLES.has(value) || DEFAULT_PASSWORD.test(value) || NUMBERED_DEFAULT_PASSWORD.test(value);

/** Whether `value`, used when the environment variable `name` is unset, is a secret: the name means one, the value is no placeholder or stand-in. */
function fallbackIsCredential(name: string, value: string): boolean {
  if (!envNameMeansSecret(name)) return false;
  if (value.length < 4 || knownStandIn(value) || namesItsKey(name, value)) return false;
  if (STAND_IN_WORD.test(value) && !randomLooking(value)) return false;
  const lastWord = keyWords(name).pop();
  return lastWord === "key" ? keyShapedSecret(name, value) || (SECRET_KEY_WHOLE.test(name) && isLiteralCredential(name, value, true)) : isLiteralCredential(name, value, true);
}

/**
 * Password-hashing calls given a literal: passlib/bcrypt bcrypt.hash("..."), bcrypt.hashpw(b"...", ...), Werkzeug
 * generate_password_hash, Django make_password, Laravel Hash::make / bcrypt(), PHP password_hash, Node bcrypt.hash /
 * hashSync, Ruby BCrypt::Password.create, Spring passwordEncoder.encode, BCrypt.Net HashPassword. What is hashed is an
 * account's password: a seeded admin's or a default user's, whoever reads the code can sign in with it.
 */
const HASHED_LITERAL = /\b(?:bcrypt(?:js)?\.(?:hash|hashpw|hashSync|generate_password_hash)|\w*(?:pwd|password|crypt)_?(?:context|ctx)\.hash|Hash::make|bcrypt|make_password|generate_password_hash|password_hash|BCrypt::Password\.create|\w*[Pp]assword[Ee]ncoder\s*(?:\(\s*\))?\.encode|argon2\.hash|BCrypt(?:\.Net\.BCrypt)?\.HashPassword)\s*\(\s*[bB]?(["'`])([^"'`\\\n]{1,100})\1/;
/** Factories and seed data for tests build sample accounts. */
const SAMPLE_ACCOUNT_PATH = /(?:^|\/)(?:factories|fixtures?|test_?data|mocks?|stubs?)\//i;
function hashedLiteralPassword(diff: FileDiff, index: number): string | undefined {
  const text = diff.lines[index].text;
  if (text.length > 400 || COMMENT.test(text) || SAMPLE_ACCOUNT_PATH.test(diff.path)) return undefined;
  const m = HASHED_LITERAL.exec(text);
  if (!m) return undefined;
  const value = m[2];
  // The documented "password" of framework factories and demo defaults (admin, 123456) are placeholders of a sort;
  // a demo program hashing a literal (func main) hashes sample input.
  if (value.length < 6 || knownStandIn(value)) return undefined;
  if (hunksWithProgramEntry(diff).has(diff.lines[index].hunk)) return undefined;
  return "password hashed from a literal";
}

/** `name = "literal"` alone on its line (Go, Python, JavaScript, Ruby, PHP, Kotlin). */
const LITERAL_REASSIGNMENT = /^\s*(?:self\.|this\.|\$)?([A-Za-z_]\w{0,60})\s*=\s*(["'`])([^"'`\\\n]{1,200})\2\s*;?\s*$/;
/** An environment read bound to a name: secret := os.Getenv("JWT_SECRET"), const s = process.env.JWT_SECRET, $s = getenv('X'). */
const ENV_BINDING = /^\s*(?:(?:const|let|var|val|final|private|static|String|string)\s+)*(?:self\.|this\.|\$)?([A-Za-z_]\w{0,60})\s*(?::\s*[\w?<>]{1,40}\s*)?:?=\s*(?:\w+\s*\(\s*)?(?:os\.(?:Getenv|getenv|environ\.get|LookupEnv)\s*\(\s*|process\.env\.|process\.env\[\s*|os\.environ\[\s*|ENV\[\s*|getenv\s*\(\s*|System\.getenv\s*\(\s*|Environment\.GetEnvironmentVariable\s*\(\s*|env::var\s*\(\s*)["'`]?([A-Za-z_]\w{0,80})/;
/**
 * The fallback of an environment read written as its own statement: the variable read, tested for being unset, and
 * given a literal (Go `s := os.Getenv("JWT_SECRET")` / `if s == "" { s = "..." }`, JavaScript `if (!secret) secret =
 * "..."`, Python `if not secret:`): when the variable is unset, the literal is the secret in use, as with
 * os.getenv("JWT_SECRET", "...").
 */
function emptyCheckFallback(diff: FileDiff, index: number): string | undefined {
  const text = diff.lines[index].text;
  if (text.length > 400) return undefined;
  const assigned = LITERAL_REASSIGNMENT.exec(text);
  if (!assigned) return undefined;
  const name = assigned[1];
  const emptyTest = new RegExp(`\\bif\\b[\\s(]*(?:!\\s*(?:\\$|this\\.|self\\.)?${name}\\b|not\\s+(?:self\\.)?${name}\\b|(?:\\$|this\\.|self\\.)?${name}\\s*(?:===?\\s*(?:""|''|nil|null|None|undefined)|is\\s+None|\\.(?:isEmpty|is_empty)\\s*\\(\\s*\\)|\\.(?:empty|blank|nil)\\?)|(?:len|empty|strlen)\\s*\\(\\s*\\$?${name}\\s*\\)\\s*(?:==\\s*0)?)`);
  let tested = false;
  for (let i = index, seen = 0; i >= 0 && seen < 8; i--) {
    const line = diff.lines[i];
    if (line.kind === "-" || line.text.trim() === "") continue;
    seen++;
    if (line.text.length > 400) return undefined;
    if (!tested) {
      // The test is on one of the two lines above the assignment (`if s == "" {`, `if (!s)`, `if not s:`).
      if (i < index && emptyTest.test(line.text)) tested = true;
      else if (seen > 2) return undefined;
      continue;
    }
    const env = ENV_BINDING.exec(line.text);
    if (env && env[1] === name) return fallbackIsCredential(env[2], assigned[3]) ? "credential given as an environment fallback" : undefined;
  }
  return undefined;
}
/** Every fallback form of the table reads the environment with one of these words (or is a ${NAME:...} placeholder, or python-decouple's config(..., default=...), with a default). */
const ENV_READ = /env|ENV|getenv|getEnv|GetEnv|EnvOr|\$\{[\w.-]+:|default\s*=/;
function envNameMeansSecret(name: string): boolean {
  const key = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : name;
  if (NON_SECRET_KEY.test(key)) return false;
  return keyWords(key).pop() === "key" ? !keyWords(key).some((w) => NOT_CREDENTIAL_KEY_WORD.test(w)) : SECRET_KEY_WHOLE.test(key) && namesCredentialKey(key);
}

/** A long literal of the line (12 characters or more, no spaces). */
const LONG_LITERAL = /["'`]([^"'`\s]{12,})["'`]/g;
/** Whether a long literal of the line is on a removed line too: the change reformats or moves a secret already there
 * (quotes changed by a formatter, a key renamed), it adds none. */
function literalAlreadyThere(diff: FileDiff, text: string): boolean {
  if (diff.removed.indexes.length === 0) return false;
  for (const m of text.matchAll(LONG_LITERAL)) if (diff.removedCompact.includes(compact(m[1]))) return true;
  return false;
}

/** A short quoted literal of the line (a default password such as 'admin'). */
const SHORT_LITERAL = /(["'`])([^"'`\s]{3,11})\1/g;
const CREDENTIAL_KEY_WORD = /pass|pwd|secret|key|token|cred/i;
/**
 * Whether a short literal of the line is the value of a credential key on a removed line of the same hunk, near it:
 * the key renamed in place (`distinguishedPassword: 'admin'` -> `bindUserPassword: 'admin'`), no value added. Short
 * values are common words, so only removed lines a few lines away that name a credential are read.
 */
function shortLiteralReKeyed(diff: FileDiff, index: number): boolean {
  const { lines } = diff;
  const text = lines[index].text;
  if (text.length > 2000 || diff.removed.indexes.length === 0) return false;
  for (const m of text.matchAll(SHORT_LITERAL)) {
    for (let i = Math.max(0, index - 8); i <= Math.min(lines.length - 1, index + 8); i++) {
      const line = lines[i];
      if (line.kind !== "-" || line.hunk !== lines[index].hunk || line.text.length > 2000) continue;
      if (line.text.includes(m[0]) && CREDENTIAL_KEY_WORD.test(line.text.slice(0, line.text.indexOf(m[0])))) return true;
    }
  }
  return false;
}

/**
 * Test configuration: a password there is a fixture (the test database's, a mock server's) unless the server it opens
 * is a real one. A connection string or URL naming a public host, or a password line with such a host a few lines
 * from it (`database.ipPort=db.acme-corp.com:3306` then `database.password=...`), is a real account on a real server,
 * committed with the tests. The host must be named for a server (a database, mail or broker URL, a host:port, a host
 * or server setting), not a test, mock or example one, and the password a chosen one, not a factory default or a test
 * word. A web page's address (an end-to-end test's baseUrl beside the test user's login) is not such a server.
 */
const TEST_CONFIG_KINDS = new Set(["config", "yaml", "env"]);
const HOST_VALUE = /(?:(?<![\w+.-])(?!https?:|wss?:)[a-z][\w+.-]{0,30}:\/\/(?:[^\s/@"']{1,200}@)?|(?:host(?:name)?|server|address|addr|ip\w{0,8})["']?\s*[:=]\s*["']?)([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8})|(?:^|[=:\s"'@])([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8}):\d{2,5}\b/i;
const TEST_WORD = /(?:^|[\W_])(?:test\w*|mock\w*|fake|dummy|stub|sample|example|demo|foo|bar|fixture|junit|spec)(?:[\W_]|$)/i;
function remoteTestCredential(diff: FileDiff, index: number, secretKind: string): boolean {
  const text = diff.lines[index].text;
  if (secretKind === "password in a connection string" || secretKind === "password in a connection URL") {
    const host = secretKind === "password in a connection string" ? CONNECTION_SERVER.exec(text)?.[1] : (URL_CREDENTIALS.exec(text) ?? GO_DSN.exec(text))?.[3];
    return host !== undefined && remoteHost(host) && !TEST_WORD.test(host);
  }
  if (secretKind !== "credential assigned to a literal") return false;
  const value = /[=:]\s*["']?([^"'\s,;]+)["']?\s*[,;]?\s*$/.exec(text)?.[1];
  if (value === undefined || DEFAULT_PASSWORD.test(value) || NUMBERED_DEFAULT_PASSWORD.test(value) || TEST_WORD.test(value) || !looksSecret(value)) return false;
  for (let i = Math.max(0, index - 6); i <= Math.min(diff.lines.length - 1, index + 6); i++) {
    const line = diff.lines[i];
    if (line.hunk !== diff.lines[index].hunk || line.kind === "-" || line.text.length > 500 || COMMENT.test(line.text)) continue;
    const m = HOST_VALUE.exec(line.text);
    const host = m?.[1] ?? m?.[2];
    if (host !== undefined && remoteHost(host) && !TEST_WORD.test(host) && /\.(?:[a-z]{2,24}|\d{1,3})$/i.test(host)) return true;
  }
  return false;
}

/**
 * A configuration template named by a suffix (.env.example, config.php.dist, settings.py.sample): the file classifier
 * counts it with tests, but outside a test folder it is what people copy and often fill in before committing. Such a
 * file is read as a sample file: a known key format (a Mailgun or Stripe key, a private key) or a credential beside a
 * cloud database endpoint is a leak there; placeholders and other literals are its purpose.
 */
const TEMPLATE_SUFFIX = /\.(?:example|sample|template|dist)$/i;
function templateOutsideTests(path: string): boolean {
  return TEMPLATE_SUFFIX.test(path) && !classifyFile(path.replace(TEMPLATE_SUFFIX, "")).isTest;
}

export function detectHardcodedSecrets(diff: FileDiff): RawFinding[] {
  const template = diff.fileClass.isTest && templateOutsideTests(diff.path);
  const isTest = diff.fileClass.isTest && !template;
  const kind = CONFIG_COPY.test(diff.path) ? "config" : diff.fileClass.kind;
  // A test's configuration file (src/test/resources/test.properties, tests/config.yml) holds fixtures, except a
  // password for a real server outside the developer's machine and network, which is read there alone.
  const testConfig = isTest && TEST_CONFIG_KINDS.has(kind);
  if ((isTest && !testConfig) || LOCK_FILE_PATH.test(diff.path)) return [];
  // A source file named for its class (Java's Example.java, Kotlin's Sample.kt) is code someone runs, not a sample config.
  const sample = template || (SAMPLE_FILE.test(diff.path) && !CLASS_FILE.test(diff.path));
  // Translation catalogues hold labels ('msg_pwd' => 'SMS-API Password'), not values.
  const throwaway = THROWAWAY_CONFIG.test(diff.path) || TRANSLATION_PATH.test(diff.path);
  const isSecretManifest = kind === "yaml" && diff.lines.some((l) => l.kind !== "-" && /^\s*kind:\s*Secret\s*$/.test(l.text));
  const findings: RawFinding[] = [];
  let candidates = candidateLines(diff.added, PREFILTER);
  // In a module named for a credential, a bare exported literal carries no key word of its own.
  // A PostgreSQL password file's lines carry no key word: each is host:port:database:user:password.
  if (PGPASS_PATH.test(diff.path)) candidates = diff.added.indexes.filter((_, i) => diff.added.texts[i].length <= 1000);
  if (CREDENTIAL_MODULE.test(diff.path)) {
    const exports = diff.added.indexes.filter((_, i) => BARE_EXPORT.test(diff.added.texts[i]));
    if (exports.length > 0) candidates = [...new Set([...candidates, ...exports])].sort((a, b) => a - b);
  }
  // A generic member (value, key) of a type named for the credential carries no key word of its own.
  const members = diff.added.indexes.filter((_, i) => diff.added.texts[i].length <= 1000 && GENERIC_MEMBER.test(diff.added.texts[i]));
  if (members.length > 0) candidates = [...new Set([...candidates, ...members])].sort((a, b) => a - b);
  // Lines with a vendor's "app id" key hold no credential word for the prefilter: added when the file calls that vendor.
  const appIdLines = new Set(appIdKeyLines(diff));
  if (appIdLines.size > 0) candidates = [...new Set([...candidates, ...appIdLines])].sort((a, b) => a - b);
  // A webhook path kept apart from its host names no credential word either (webhookSuffix := "/T.../B.../...").
  // Each line is part of the side's joined text and the literals hold no line break: one native search of the joined
  // text settles that no line holds "/B" (or "-p", which " -p" holds, below), cheaper than one search per line.
  const webhookPaths = !diff.added.text.includes("/B") ? [] : diff.added.indexes.filter((_, i) => diff.added.texts[i].length <= 1000 && diff.added.texts[i].includes("/B") && SLACK_WEBHOOK_PATH.test(diff.added.texts[i]));
  if (webhookPaths.length > 0) candidates = [...new Set([...candidates, ...webhookPaths])].sort((a, b) => a - b);
  // A MySQL client's attached password (mysql -uroot -pS3cret) carries no credential word for the prefilter either.
  const mysqlPasswords = !diff.added.text.includes("-p") ? [] : diff.added.indexes.filter((_, i) => diff.added.texts[i].length <= 2000 && diff.added.texts[i].includes(" -p") && /mysql|mariadb/.test(diff.added.texts[i]));
  if (mysqlPasswords.length > 0) candidates = [...new Set([...candidates, ...mysqlPasswords])].sort((a, b) => a - b);
  for (const candidate of candidates) {
    const jwkMember = jwkPrivateMember(diff, candidate);
    const variableDefault = jwkMember === undefined && kind === "terraform" ? terraformVariableDefault(diff, candidate) : undefined;
    const pairValue = jwkMember === undefined && variableDefault === undefined && CONFIG_KINDS.has(kind) ? namedEnvValue(diff, candidate) : undefined;
    const parameterDefault = jwkMember === undefined && variableDefault === undefined && pairValue === undefined && kind === "yaml" ? cloudFormationParameterDefault(diff, candidate) : undefined;
    const index = jwkMember ?? variableDefault ?? pairValue ?? parameterDefault ?? candidate;
    const line = diff.lines[index];
    let sink: { kind: string; definition?: number } | undefined;
    const secretKind = jwkMember !== undefined ? "private key (JSON Web Key)"
      : variableDefault !== undefined ? "credential given as a Terraform variable default"
      : pairValue !== undefined ? "credential in an environment name/value pair"
      : parameterDefault !== undefined ? "credential given as a CloudFormation parameter default"
      : classify(line.text, kind, isSecretManifest) ?? splitSubscriptCredential(diff, index, kind) ?? wrappedAssignmentCredential(diff, index, kind) ?? connectCallPassword(diff, index) ?? netrcFilePassword(diff, index) ?? registryAuth(diff, index) ?? emptyCheckFallback(diff, index) ?? hashedLiteralPassword(diff, index) ?? serverConfigPassword(diff, index) ?? secretObjectDefault(diff, index, kind, isSecretManifest) ?? (COMMENT.test(line.text) ? undefined : positionalAuthPassword(line.text) ?? localKeyWordPassword(diff, index) ?? hexSecretId(line.text) ?? vendorAppIdKey(line.text, appIdLines, index) ?? credentialModuleExport(diff.path, line.text) ?? typeNamedCredential(diff, index) ?? optionSinkCredential(line.text) ?? (sink = sinkCredential(diff, index) ?? namedCredentialArgument(diff, index))?.kind);
    if (!secretKind || literalAlreadyThere(diff, line.text) || (!KNOWN_FORMAT_KINDS.has(secretKind) && shortLiteralReKeyed(diff, index))) continue;
    if (testConfig && !remoteTestCredential(diff, index, secretKind)) continue;
    // A sink given a name whose definition is already reported: one finding for the one secret.
    if (sink?.definition !== undefined && findings.some((f) => f.line === diff.lines[sink!.definition!].newLine)) continue;
    // Documentation explains settings with sample values: only a real token format or a generated-looking secret counts.
    if (kind === "docs" && !docsSecret(line.text, secretKind)) continue;
    // A PEM header is a key only with its body after it. In a comment, where the header is followed by an
    // interpolated variable (`-----BEGIN PRIVATE KEY-----\n${process.env.KEY}`) or closes its string (a constant
    // naming the header), or where the "body" is a placeholder word before the footer ("-----BEGIN PRIVATE
    // KEY-----\nreplace-me\n-----END PRIVATE KEY-----" in an .env template), a header without a body holds no key.
    if (secretKind === "private key" && (COMMENT.test(line.text) || PEM_WITHOUT_BODY.test(line.text) || PEM_PLACEHOLDER_BODY.test(line.text)) && !pemBodyFollows(diff, index)) continue;
    if (!KNOWN_FORMAT_KINDS.has(secretKind) && fillInComment(diff, index)) continue;
    if (!KNOWN_FORMAT_KINDS.has(secretKind) && inPythonDocstring(diff, index)) continue;
    if (sample && !realInSampleFile(diff, index, secretKind)) continue;
    // A sample payload kept in code (`export const samples = [{ body: { token: "Jhj5..." } }]`): the provider's
    // documented values; a real key format (sk_live_, AKIA...) there still counts.
    if (!KNOWN_FORMAT_KINDS.has(secretKind) && inSampleDeclaration(diff, index)) continue;
    // A sample payload in an API description or under an "example:" label; a JSON Web Token there is the sample
    // session a documented sign-in returns (provider keys such as AKIA... or sk_live_ still count).
    if ((!KNOWN_FORMAT_KINDS.has(secretKind) || secretKind === "JSON Web Token") && (API_SPEC_FILE.test(diff.path) || apiDescription(diff) || sampleLabelAbove(diff, index))) continue;
    if (secretKind === "credential assigned to a literal" && hashDemoInput(diff, index)) continue;
    if (notSecretComment(diff, index)) continue;
    if (findings.some((f) => f.line === line.newLine)) continue;
    if (!KNOWN_FORMAT_KINDS.has(secretKind) && placeholderComment(diff, index)) continue;
    if ((throwaway || inDevelopmentSection(diff, index)) && !KNOWN_FORMAT_KINDS.has(secretKind) && !remoteServerPassword(secretKind, line.text) && !(secretKind === "credential assigned to a literal" && publicHostAbove(diff, index))) continue;
    if (secretKind === "credential assigned to a literal" && localDefaultPassword(diff, index)) continue;
    if ((secretKind === "credential assigned to a literal" || secretKind === "credential in a Kubernetes Secret manifest") && exampleHeaderDefault(diff, index)) continue;
    // Firebase web configuration and search-only keys are public by design: the browser holds them.
    if ((secretKind === "credential assigned to a literal" || secretKind === "Google API key") && publicClientKey(diff, index)) continue;
    // Echo services (httpbin.org/basic-auth/user/passwd) take the demo pair in their URL: the header only repeats it.
    if (secretKind === "credential in an Authorization header literal" && echoServiceNearby(diff, index)) continue;
    // A key in the URL that loads the Maps JavaScript API in a page is the browser key, restricted by referrer.
    if (secretKind === "Google API key" && MAPS_JS_LOADER.test(line.text)) continue;
    const previous = findings[findings.length - 1];
    if (previous && previous.line === line.newLine - 1 && previous.detail?.kind === secretKind) { previous.startLine ??= previous.line; previous.line = line.newLine; continue; }
    findings.push({ ruleId: "hardcoded-secret", path: diff.path, line: line.newLine, side: "RIGHT", evidence: line.text, detail: { kind: secretKind } });
    if (findings.length >= 5) break;
  }
  return findings;
}
