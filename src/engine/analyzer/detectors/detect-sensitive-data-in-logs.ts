// Personal data or secrets passed to a logging call on an added line. String literals are dropped before
// matching (a message text such as "email sent" is not personal data) but interpolations are kept.
import type { RawFinding } from "../raw-finding.js";
import { splitAlternatives } from "../line-scan.js";
import { lineAt } from "../residual-matchers.js";
import { candidateLines, readArguments, scanJoinedText, someNewLineMatches, type FileDiff } from "../file-diff.js";
import { isCodeKind } from "../../diff/classify-file.js";
import { capturedDump, credentialNames, mailRecipient, envSecretsAsNames, goHeaderLoopNames, handlerRequestNames, personNameParameters, printsSecretFunction, recipientParameters, recordNameField, recordNames, recordValue, requestBodyNames, requestChunkNames, requestInputNames, wholeRequestValue } from "./log-whole-values.js";
import { classifyWords, findLogCall, mayNameForeignWord, namedPlaceholder, passedAsValue, sensitiveIdentifier, sensitiveKey, splitWords, subscriptsAsFields, taintedNames, taintedValue, wholeRecord, type Sensitive } from "./log-sensitive-words.js";

// Laravel's loggers reached through a channel, a stack or the container: Log::channel('auth')->info(, logger()->channel('x')->warning(,
// app('log')->info(, resolve('log')->error(.
// Yii's static logger (`Yii::error(...)`, `Yii::warning(...)`, Yii 1's `Yii::log(...)`) writes the application log too.
// morgan's custom tokens (`morgan.token('body', (req) => JSON.stringify(req.body))`, its documented API): what the
// token's function returns is written into every access-log line whose format names the token.
// Writes appended to a file named as a log (`file_put_contents('post_data.log', ..., FILE_APPEND)`, `fs.appendFileSync(
// 'access.log', ...)`): what is written after the file name is a log line.
// zerolog's logger taken from a context or a request (`log.Ctx(ctx).Warn()`, `zerolog.Ctx(ctx).Info()`,
// `hlog.FromRequest(r).Error()`): its event's chained fields and message (`.Str("email", e).Msgf("... %s", email)`) are logged.
const LOG_CALL = /(?:\b(?:Log\s*::\s*(?:channel|stack|build|driver|withContext)\s*\(\s*(?:["'][\w.-]*["']|\[[^\]\n]{0,200}\]|\$?\w+)?\s*\)|logger\s*\(\s*\)|app\s*\(\s*["'](?:log|logger)["']\s*\)|resolve\s*\(\s*["']log["']\s*\))(?:\s*->\s*(?:channel|stack|withContext)\s*\(\s*(?:["'][\w.-]*["']|\[[^\]\n]{0,200}\])?\s*\))?\s*->\s*(?:emergency|alert|critical|error|warning|notice|info|debug|log)(?=\s*\()|\bconsole\.(?:log|info|warn|error|debug|trace)|\bmorgan\s*\.\s*token(?=\s*\()|\bfile_put_contents\s*\(\s*(?:__DIR__\s*\.\s*)?["'][^"'\n]{0,120}?(?:\.log|\blog\.txt|\/logs?\/)[^"'\n]{0,40}["']\s*,|\bfs\s*\.\s*append(?:File|FileSync)\s*\(\s*["'`][^"'`\n]{0,120}?\.log["'`]\s*,|\b(?:Logger|logger|Log)\s*\.\s*(?:instance|getInstance|get|default|shared)\s*\(\s*\)\s*\.\s*(?:log|info|warn|warning|error|debug|trace)(?=\s*\()|\b(?:logger|log|logging|_logger|_log|slog|logrus|zap\.[LS]\(\)|Log|LOG|LOGGER|Logger|Rails\.logger|self\.logger|self\.log|this\.logger|this\.log|this\._logger|_logger|Yii)\s*(?:\.|::|->)\s*(?:log|info|warn|warning|error|debug|trace|fatal|critical|exception|notice|Print|Printf|Println|Infof|Debugf|Errorf|Warnf|Infow|Debugw|Errorw|Warnw|Info|Debug|Error|Warn|Fatal|LogInformation|LogDebug|LogWarning|LogError|LogCritical|LogTrace|Information|Warning)(?![\w$])|\b(?:log|zerolog|hlog)\s*\.\s*(?:Ctx|FromRequest)\s*\(\s*[\w.]{1,60}\s*\)\s*\.\s*(?:Trace|Debug|Info|Warn|Error|Fatal|Panic)(?=\s*\(\s*\))|\bLog\.(?:i|d|w|e|v|wtf)|\blogger\(\)\s*->\s*\w+|\blogger\s*(?=\((?!\)))|\bfmt\.Print(?:f|ln)?|\blog\.Print(?:f|ln)?|\bSystem\.(?:out|err)\.print(?:ln|f)?|\bConsole\.(?:Error\.|Out\.)?Write(?:Line)?(?=\s*\()|\berror_log|\.(?:severe|finest|finer)(?=\s*\()|\b(?:NSLog|os_log|debugPrint|syslog)(?=\s*\()|\bTimber\.(?:[dievwa]|wtf|tag\s*\([^)]*\)\s*\.\s*[dievw])(?=\s*\()|\bspdlog::(?:info|debug|warn|error|trace|critical)(?=\s*\()|\bstd::(?:cout|cerr|clog)\s*<<|\bfprintf\s*\(\s*stderr\s*,|\b(?:(?:tracing|log|slog)::)?(?:info|debug|warn|error|trace|println|eprintln|print|eprint)!(?=\s*\())\s*\(?|(?:^|;)\s*(?:print|puts|pp|p)(?:\s*\(|\s+(?!=|->))|(?:^|[;{]\s*|\s)println(?=\s*\()\s*\(|(?:^|[;{]\s*|\s)(?:log|debug)(?=\s*\(\s*[{"'`])\s*\(/;

const PII = /(?<![.\w$>])address(?:es)?\b(?!\s*[.([])|\b(?:mail_?[Aa]ddress(?:es)?|recipients?|recipient_?email|to_?email|toEmail|claims|userinfo|user_?info)\b|\b(?:shipping|billing|postal|home|street|mailing|delivery)_?[Aa]ddress\b|\b(?:[a-z]+_)?(?:email|email_address|e_mail|phone|phone_number|mobile_number|ssn|social_security_number|date_of_birth|dob|birth_date|birthdate|passport_number|national_id|tax_id|iban|credit_card|credit_card_number|card_number|cvv|cvc|home_address|street_address|ip_address|full_name|first_name|last_name|diagnosis|medical_record|medical_record_number|patient_name)\b|\b[a-z]\w*(?:Email|EmailAddress|Phone|PhoneNumber|Ssn|SSN|DateOfBirth|Dob|BirthDate|Iban|IBAN|CardNumber|CreditCard|IpAddress|FullName|FirstName|LastName|Diagnosis|PatientName)\b|\b(?:emailAddress|phoneNumber|dateOfBirth|birthDate|creditCard|cardNumber|ipAddress|fullName|firstName|lastName|nationalId|passportNumber|taxId|medicalRecord|patientName)\b|\.(?:Email|EmailAddress|Phone|PhoneNumber|SSN|Ssn|DateOfBirth|BirthDate|Iban|IBAN|CardNumber|CreditCardNumber|IpAddress|FullName|FirstName|LastName|PassportNumber|NationalId|TaxId)\b|\bget(?:Email|EmailAddress|Phone|PhoneNumber|Ssn|SSN|DateOfBirth|BirthDate|Iban|CardNumber|IpAddress|FullName|FirstName|LastName|PassportNumber|NationalId|TaxId)\s*\(|\b(?:req|request)\.(?:body|form|json|data|POST)\b(?!\s*(?:\??\.|\[\s*["'])\s*(?:id|ids|uuid|[A-Za-z]\w{0,60}?(?:Id|_id|ID|Ids|_ids|Uuid|_uuid|Count|_count))\b)|\bparams\.(?:inspect|to_unsafe_h|permit!)|\b(?:JSON\.stringify|json\.dumps|JsonSerializer\.Serialize|JsonConvert\.SerializeObject|toJSONString|toJson)\s*\(\s*(?:req|request|body|payload|params|command|dto|input|form)\b|\$request->(?:all|input|post|json|getContent)\s*\(\s*\)|\brequest\.(?:get_json|get_data)\s*\(|\brequest\.(?:args|values|form)\b(?!\s*[.[(])|\bgetParameterMap\s*\(/;

/** The message names a secret and a value is put right after it: "token: {}", "password=%s", "Token: {Token}", "access_token 响应报文:{}". */
const MESSAGE_NAMES_SECRET = /(?:token|password|passwd|secret|credentials?|authorization|api[_ ]?key|cookie)s?\b[\s:=：]*(?:[^\x00-\x7F]{1,8}[\s:=：]*)?(?:\{\}|%[sqvdr]|\{[A-Za-z@]\w*(?::[^}]*)?\}|\$\{|#\{|\$[a-z]\w*)/i;
/** The short labels of a password right before a text placeholder: "Pass=%#v", "pwd: %s", "pass={}" (not "tests pass: %d"). */
const MESSAGE_NAMES_PASS = /\b(?:pass|pwd)\s*[:=]\s*(?:%[#+]?[sqv]|\{\}|\{[A-Za-z@]\w*\})/i;
/** Structured logging with a key naming a secret and a variable as its value: "token", tok / zap.String("password", p). */
const KEYED_SECRET = /["'](?:token|password|passwd|secret|api_?key|access_?token|refresh_?token|authorization|credentials?)["']\s*[,:=]\s*[A-Za-z_$]/i;
/** A whole request or command object destructured into a structured log ({@Command}). */
const WHOLE_OBJECT = /\{@\w+\}[\s\S]*,\s*(?:request|req|command|cmd|payload|body|dto|input|form|message|msg|response)\s*[),]|\{@\w*(?:Command|Request|Body|Payload|Dto|Input|Form|Model|Order|Customer|User|Patient|Member|Account|Profile|Person|Contact)\}|%[+#]v[^"'`]*["'`]\s*,\s*(?:req|request|r|body|payload)\s*\)/;

// A request's whole environment (Rack's request.env, WSGI's request.environ, Django's request.META) holds its headers as
// HTTP_* keys, Cookie and Authorization among them, and Rack's the session and OmniAuth's auth hash with the tokens.
const SECRET = /\b(?:password|passwd|pwd)\w*(?:EditText|Field|Input|TextBox|Box)\b|\b(?:[a-z]+_)?(?:password|passwd|secret|client_secret|api_key|apikey|access_token|refresh_token|auth_token|id_token|session_token|private_key|secret_key|bearer_token|token)\b|\b[a-z]\w*(?:Password|Secret|ApiKey|APIKey|AccessToken|RefreshToken|AuthToken|PrivateKey|SecretKey)\b|\b(?:password|secret|apiKey|accessToken|refreshToken|authToken|privateKey|clientSecret|sessionToken|idToken|token)(?:Value|Val|Str|String|Text|Raw|Plain|Plaintext|Data|Bytes)?\b|\.(?:Password|ApiKey|APIKey|AccessToken|RefreshToken|Secret|ClientSecret|PrivateKey|Token)\b|\bget(?:Password|ApiKey|AccessToken|RefreshToken|Secret|ClientSecret|PrivateKey|Token)\s*\(|\b(?:req|request)\.headers\b(?!\s*\[|\.get)|\b(?:req|request)\.(?:env|environ|META)\b(?!\s*(?:\[|\(|\.\s*(?:get|fetch|key\?|has_key\?|include\?)\b))|\bheaders\s*\[\s*["']authorization["']\s*\]|\bAuthorization\b(?=\s*[)\]},])/;

// Counts of a language model's tokens (usage.input_tokens, prompt_tokens, getTotalTokens()) are numbers, not credentials.
const SAFE_USE = /!!\s*[\w$(]|\.(?:substr|substring|slice)\s*\(\s*-\d|\.(?:keys|keySet)\s*\(\s*\)|\blast_?(?:4|four)\b|[Ss]ervice_?[Aa]ccount|\b(?:redact\w*|mask\w*|hash\w*|sha\d+|digest|anonymi[sz]\w*|pseudonymi[sz]\w*|scrub\w*|sanitiz\w*|obfuscat\w*|truncat\w*|len|length|size|count|present\?|is_?none|isnull|exists|has_?\w*|bool|Boolean|!!|typeof|isEmpty|empty\?|blank\?|nil\?|is_valid|valid|verified|changed|updated|expired|missing|required|\w*_?(?:page|next|csrf|continuation|cursor)_?[Tt]oken\w*|token_?(?:count|type|usage|limit)s?|(?:get_?)?(?:[Ii]nput|[Oo]utput|[Pp]rompt|[Cc]ompletion|[Tt]otal|[Cc]ached|[Rr]easoning)_?[Tt]okens)\b/;

/** Names of errors and their parts: a message "token: %s" followed by only these logs why a token failed, not the token. */
const ERROR_NAME = /^(?:e|err|error|errors|ex|exc|exception|reason|cause|status|code|message|msg|\w*(?:Error|Exception|Err))$/i;
// Literals passed as arguments (NestJS's `logger.error(message, undefined, context)` leaves the stack out) carry nothing.
// A handler's request context passed first to its logger (Fiber's and Gin's `c`, `ctx`: logger.Error(c, msg)) is not a value.
const LOG_HELPER = /^(?:[ubrf]|rb|br|fr|rf|repr|str|String|format|fmt|Sprintf|inspect|toString|getMessage|message|Error|err\.Error|undefined|null|nil|None|true|false|c|ctx)$/;

/** An identifier of a thing rather than the thing (credential_id, tokenId, secret_uuid). */
const ID_NAME = /^[\w$.]*(?:_id|Id|ID|_ids|Ids|IDs|_uuid|Uuid|UUID|_pk)$/;
/** Whether every value passed after the message is an id: "for credential %s", credential_id names the credential. */
function onlyIds(args: string): boolean {
  const values = args.split(",").map((part) => part.replace(/^[\s(]+|[\s);]+$/g, "")).filter((part) => part !== "" && !/^(?:""|''|``|\w+\s*=)/.test(part));
  return values.length > 0 && values.every((part) => ID_NAME.test(part));
}

/** Whether the values passed after the message are only errors (the message's own words do not count). */
function onlyErrors(args: string): boolean {
  const names = (args.match(/[A-Za-z_$][\w$]*/g) ?? []).filter((name) => !LOG_HELPER.test(name));
  return names.length > 0 && names.every((name) => ERROR_NAME.test(name));
}

const FROM_REQUEST = /^\$?(?:req|request|httpRequest|servletRequest|HttpContext)\s*(?:\.|->)/;
const MACHINE_WORDS = /server|\bhost|peer|\bnode\b|listen|\bbind|proxy|upstream|cluster|broker|socket|\bdns|gateway|interface|container|\bpod\b|instance|wallet|contract|device|router|\bnat\b|tunnel/i;
const NETWORK_WORDS = /executor|server|\bhost|\bip\b|\burl\b|endpoint|socket|listen|\bbind|\bport\b|network|remote|\bnode\b|peer|\bmac\b|wallet|contract|memory|\b0x|dns|proxy|upstream|cluster|broker/i;
/** A field of a token object other than its value (token.getSpec().getUsername(), token.expiresAt) is not the secret;
 * the value turned into text whole (Ruby's `.inspect`, `.to_s`, `.to_h`, `.to_json`) still is. */
const OTHER_FIELD = /^\s*\??\.\s*(?!(?:value|token|secret|raw|plain\w*|string|bytes|text|key|data|toString|getValue|getToken|getSecret|getKey|get|inspect|to_s|to_h|to_hash|to_json)\b)\w/i;
/** Values looked up under a name or id key (claims.get("pat_name")) name the thing, they are not it. */
const NAMED_FIELD = /\(\s*["'](?:\w+_)?(?:name|id|type|series|expir\w*|count|issuer|subject)["']\s*\)|\.(?:get)?(?:series|id|name|type|username|uuid|expir\w*)\s*\(\s*\)\s*\)?\s*;?\s*$/i;

/** SECRET with "g", made once (not per log call); secretValue() starts it at 0 each time. */
const SECRET_SCAN = new RegExp(SECRET.source, "g");

function secretValue(args: string): RegExpExecArray | null {
  const pattern = SECRET_SCAN;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(args); m; m = pattern.exec(args)) {
    if (!OTHER_FIELD.test(args.slice(m.index + m[0].length)) && passedAsValue(args, m.index, m[0].length)) return m;
  }
  return null;
}

/** PII with "g", made once; piiValue() starts it at 0 each time. */
const PII_SCAN = new RegExp(PII.source, "g");
/** A field of a record named like personal data is not that data: email.subject, phone.country_code, address.id. */
const PII_OTHER_FIELD = /^(?:\?\.|\.|->)\s*(?!(?:lower|upper|strip|trim|toLowerCase|toUpperCase|toString|ToString|value|Value|data|get|downcase|to_s|address|number|full|formatted|email|phone|to_?[Jj][Ss][Oo][Nn]\w*|to_dict|as_json|to_h|toMap|asMap|inspect|dump|model_dump|dict|attributes)\b)[A-Za-z_]/;

function piiValue(args: string): RegExpExecArray | null {
  const pattern = PII_SCAN;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(args); m; m = pattern.exec(args)) {
    if (/^(?:req|request|\$request|params|JSON|json)\b/.test(m[0])) return m;
    if (!PII_OTHER_FIELD.test(args.slice(m.index + m[0].length)) && passedAsValue(args, m.index, m[0].length)) return m;
  }
  return null;
}

const COMMENT = /^\s*(?:\/\/|#|\*|\/\*)/;
const STRING_LITERAL = /(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
// ${expr}, #{expr}, {expr}, $name / $obj.field (Kotlin, Scala, Groovy, PHP, shell) and \(expr) (Swift).
const INTERPOLATION = /\$\{([^}]*)\}|#\{([^}]*)\}|\{([^}]*)\}|\$([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)|\\\(([^)]*)\)/g;

/** Replaces each string literal by the expressions interpolated into it. */
function keepCodeOnly(text: string): string {
  return text.replace(STRING_LITERAL, (_all, _quote, body: string) => {
    // Every INTERPOLATION match holds "{", "$" or "\\(": a literal with none of them keeps nothing (most messages).
    if (!body.includes("{") && !body.includes("$") && !body.includes("\\(")) return '""';
    const kept: string[] = [];
    for (const m of body.matchAll(INTERPOLATION)) kept.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? "");
    return kept.length ? ` ${kept.join(" ")} ` : '""';
  });
}

/** keepCodeOnly(subscriptsAsFields(raw)), given args = keepCodeOnly(raw): the same text when no subscript was rewritten. */
function codeOfFields(raw: string, args: string): string {
  const subscripted = subscriptsAsFields(raw);
  return subscripted === raw ? args : keepCodeOnly(subscripted);
}

/**
 * What the patterns above miss, found by kind: identifiers whose words name personal data or a secret, keys of
 * structured logs, whole records serialised, and variables given a sensitive value a few lines before.
 */
function wordFinding(raw: string, args: string, diff: FileDiff, index: number): Sensitive | null {
  const subscripted = subscriptsAsFields(raw);
  const code = subscripted === raw ? args : keepCodeOnly(subscripted);
  if (VOCABULARY_STEMS.test(raw) || mayNameForeignWord(raw)) {
    const found = sensitiveIdentifier(code) ?? sensitiveKey(raw, code);
    // An address or IP beside words of machines is a machine's, not a person's.
    // An address read from an HTTP request (req.getRemoteAddr(), request.remote_addr) is its client's, whatever the message says.
    if (found) return found.kind === "pii" && /(?:addr|address|ip)$/i.test(found.value) && !FROM_REQUEST.test(found.value) && MACHINE_WORDS.test(raw.replace(/\$_SERVER\b/g, "")) ? null : found;
    const whole = wholeRecord(args) ?? personRecordAtPlaceholder(raw, args);
    if (whole) return { kind: "pii", value: whole };
    // The message names personal data at a placeholder and a value fills it (not only an error, not a name or id field).
    const named = namedPlaceholder(raw);
    if (named?.kind === "pii" && /[A-Za-z_$]/.test(args.replace(/""/g, "")) && !onlyErrors(args) && !NAMED_FIELD.test(raw)) return named;
  }
  // Whole values: a request's header set, PHP's request input, an HTTP session's id, a JavaScript request's user.
  const whole = wholeRequestValue(code, diff.path);
  if (whole) return whole;
  // An e-mail's recipient read off the mail (request.getTo() in SqsEmailClient, mail.to): an address.
  const recipient = mailRecipient(code, diff.path);
  if (recipient) return recipient;
  // A one-time code the message names ("OTP for ${phone}: ${code}"): the credential itself.
  const oneTime = oneTimeCodeMessage(raw, args);
  if (oneTime) return oneTime;
  // What the hunk sends a chat model as the user's turn is what a person wrote to the bot; logging it logs their words.
  const turn = userTurnValue(code, diff, index);
  if (turn) return turn;
  // Only a bare name (or a loop variable's .Value) can hold a value given before; most calls pass none.
  const bare = BARE_NAME.test(code) || CONVERTED_NAME.test(code);
  const nameRead = !bare && NAME_READ.test(code);
  if (!bare && !nameRead && !/\.\s*[Vv]alue\b|\bob_get_/.test(code)) return null;
  const before = linesBefore(diff, index, 30);
  const withCall = [...before, diff.lines[index].text];
  let records: Set<string> | undefined;
  // A person's record's name read (user.getName(), customer.name), the record known by its type or where it was loaded.
  if (/[Nn]ame\b/.test(code)) {
    records = recordNames(withCall, diff.path);
    const name = recordNameField(code, records);
    if (name) return name;
  }
  if (nameRead) return null;
  // Names tainted by where they come from seed the flow through the assignments that follow them: a handler's
  // request-body parameter, a request stream's chunks, a person-named function's `name`, a send-SMS or mail function's
  // recipient, a loop over a request's headers, a JavaScript handler's whole request object.
  const seed = new Map<string, "pii" | "secret">([...requestBodyNames(withCall), ...requestChunkNames(before), ...personNameParameters(before), ...recipientParameters(before), ...goHeaderLoopNames(before), ...handlerRequestNames(withCall, diff.path)]);
  const names = taintedNames(before, keepCodeOnly, seed, (rhs) => wholeRequestValue(rhs, diff.path));
  for (const [name, kind] of credentialNames(before)) names.set(name, kind);
  for (const [name, kind] of requestInputNames(before)) names.set(name, kind);
  const tainted = taintedValue(code, names) ?? recordValue(code, records ?? recordNames(withCall, diff.path)) ?? capturedDump(code, before);
  if (tainted) return tainted;
  // Inside a function named for writing out a secret (printToken, logPassword), what it prints is that secret.
  const printer = onlyErrors(args) ? null : printsSecretFunction(before, classifyWords);
  return printer ? { kind: "secret", value: printer } : null;
}

/**
 * The user's turn of a chat with a model, by the SDKs' documented shapes: OpenAI Java's
 * `new ChatMessage(ChatMessageRole.USER.value(), text)`, the chat APIs' `{"role": "user", "content": text}`, LangChain's
 * `HumanMessage(content=text)`, LangChain4j's and Spring AI's `UserMessage(text)`. The name given there holds what the person typed.
 */
const USER_TURN = /Role\s*\.\s*USER\b(?:\s*\.\s*value\s*\(\s*\))?\s*,\s*([A-Za-z_$][\w$]*)\s*\)|["']?role["']?\s*[:=]\s*["']user["']\s*,\s*["']?content["']?\s*[:=]\s*([A-Za-z_$][\w$]*)\s*[,}]|\b(?:HumanMessage|UserMessage)\s*\(\s*(?:content\s*=\s*)?([A-Za-z_$][\w$]*)\s*\)/;
/** A name logged that the same hunk (within 15 lines either side) passes as a chat model's user turn. */
function userTurnValue(code: string, diff: FileDiff, index: number): Sensitive | null {
  if (!BARE_NAME.test(code)) return null;
  const { lines } = diff;
  const hunk = lines[index].hunk;
  const names = new Map<string, "pii">();
  for (let i = Math.max(0, index - 15); i <= Math.min(lines.length - 1, index + 15); i++) {
    const line = lines[i];
    if (line.hunk !== hunk || line.kind === "-" || line.text.length > 400 || !/USER|user|HumanMessage|UserMessage/.test(line.text)) continue;
    const m = USER_TURN.exec(line.text);
    const name = m ? m[1] ?? m[2] ?? m[3] : undefined;
    if (name) names.set(name, "pii");
  }
  const turn = names.size ? taintedValue(code, names) : null;
  if (turn) return turn;
  // A model-calling wrapper that logs the prompt it was handed (not one the hunk builds from fixed text) logs whatever its
  // callers put in it: users' questions, tickets, records.
  const prompt = PROMPT_NAME.exec(code);
  // Only a logger's record, not a script's print of its prompt to whoever runs it.
  if (!prompt || PRINT_CALL.test(diff.lines[index].text.trimStart()) || !passedAsValue(code, prompt.index, prompt[0].length) || !callsModel(diff)) return null;
  const assigned = new RegExp(String.raw`(?:^|[\s(,])${prompt[0].trim()}\s*(?::=|=(?![=>]))`);
  return linesBefore(diff, index, 40).some((l) => l.length <= 400 && assigned.test(l)) ? null : { kind: "pii", value: prompt[0].trim() };
}
const PROMPT_NAME = /(?<![\w$.])(?:(?:full|user|final|complete|rendered)_?)?[Pp]rompt(?![\w$]|\s*(?:\??\.|\[|\(|:|=(?!=)))/;
const MODEL_WORDS = /(?:^|\/)(?:llm|ai|openai|gpt|chat)s?(?:\/|$)|\b(?:openai|anthropic|gemini|ollama|llm|chat\.completions|ChatCompletion|messages\.create|generateContent)\b/i;
/** Whether the file's path or new lines name a language model's API or a module of model calls (llm/, openai). */
function callsModel(diff: FileDiff): boolean {
  return MODEL_WORDS.test(diff.path) || someNewLineMatches(diff, MODEL_WORDS);
}

/**
 * A message that names a one-time code (OTP, one-time password, verification, 2FA, MFA, reset or login code, PIN) and
 * passes a value named like the code itself (code, otp, pin, passcode, token; verificationCode, otp_code): the code in the
 * log lets whoever reads it sign in as the person. Logging that a code was sent (to a user id, with an error) passes no
 * code-named value and stays silent.
 */
const ONE_TIME_MESSAGE = /\b(?:otp|totp|one[- ]?time (?:code|password|passcode|pin)|(?:verification|verify|confirmation|2fa|two[- ]factor|mfa|reset|login|sign[- ]?in|security|sms|auth(?:entication)?) (?:code|pin)|passcode)\b/i;
const CODE_VALUE = /^(?:code|otp|totp|pin|passcode|token|\w*(?:Code|_code|Otp|OTP|_otp|Pin|_pin|Passcode|_passcode))$/;
const NOT_CODE_VALUE = /(?:status|error|err|http|response|country|area|zip|postal|post|lang|language|locale|currency|promo|coupon|discount|referral|invite|product|item|color|colour|exit|return|result|reason|state|region|dial|iso|phone|event|channel|type|kind|error)_?[Cc]ode$|^(?:statusCode|errorCode|exitCode|returnCode|countryCode|postalCode|zipCode|areaCode)$/i;
function oneTimeCodeMessage(raw: string, args: string): Sensitive | null {
  if (!/otp|code|pin|passcode/i.test(raw)) return null;
  let message = "";
  STRING_LITERAL.lastIndex = 0;
  for (let s = STRING_LITERAL.exec(raw); s; s = STRING_LITERAL.exec(raw)) message += ` ${s[2].replace(INTERPOLATION, " ")}`;
  if (!ONE_TIME_MESSAGE.test(message)) return null;
  for (const name of args.match(/[A-Za-z_$][\w$]*(?:\s*\??\.\s*[A-Za-z_$][\w$]*)*/g) ?? []) {
    const segments = name.split(/\s*\??\.\s*/);
    const last = segments[segments.length - 1].replace(/^\$/, "");
    // An error's or a response's code (err.code, response.code) is a status, not the one-time code.
    if (segments.slice(0, -1).some((s) => /^(?:e|err|error|ex|exc|exception|res|resp|response|result|status|http|axiosError)$/i.test(s))) continue;
    if (CODE_VALUE.test(last) && !NOT_CODE_VALUE.test(last) && !/^(?:length|size|count)$/.test(last)) return { kind: "secret", value: name };
  }
  return null;
}

/**
 * A message naming a person's record right before its placeholder or its end: "customer info saved : {}", "user info
 * [{}]", "Received Customer: " + c. "user" alone is left out (it is often a user name or id), and so are values that
 * are ids, counts or errors.
 */
const PERSON_AT_PLACEHOLDER = /\b(?:(?:user|customer|patient|member|person|applicant|subscriber|employee|student|contact)s?[ _-]?(?:info|information|data|details?|record|profile|payload|object|dto|entity)|(?:customer|patient|applicant|subscriber|member)s?)(?:\s+(?:saved|received|created|updated|loaded|fetched|found|consumed|registered))?\s*(?:[:=]\s*)?(?:[[(]\s*)?(?:\{\}|%[sv]|\{[A-Za-z@]\w*\})|\b(?:customer|patient|applicant|subscriber|member)s?(?:[ _-]?(?:info|information|data|details?|record|profile|payload))?\s*[:=]\s*["'`]\s*[,+]/i;
const NOT_A_RECORD_VALUE = /^(?:\w*(?:_id|Id|ID|_ids|Ids|IDs|_uuid|Uuid|UUID)|id|ids|uuid|count|total|size|len|length|num|number|status|state|type|kind|result|ok|success|\w*(?:Count|_count|Size|_size|Total|_total))$/;
function personRecordAtPlaceholder(raw: string, args: string): string | null {
  if (!PERSON_AT_PLACEHOLDER.test(raw)) return null;
  const values = args.split(",").map((part) => part.replace(/^[\s(+]+|[\s);+]+$/g, "")).filter((part) => part !== "" && part !== '""');
  if (values.length !== 1 || !/^[A-Za-z_$][\w$]*$/.test(values[0]) || NOT_A_RECORD_VALUE.test(values[0]) || onlyErrors(values[0])) return null;
  return values[0];
}

/** Stems of every word the vocabulary and the record patterns know: a call naming none of them is not read word by word. */
// prescri: a prescription is health data; payload/claims: a decoded token's claims (jwt_payload) identify its user.
const VOCABULARY_STEMS = /prescri|payload|claims|mail|phone|wa_?id|whatsapp|dn|dsn|connection|conn_?str|distinguished|msisdn|ssn|dob|birth|passport|iban|surname|diagnos|userinfo|name|addr|ip|number|card|record|passw|passphrase|secret|token|credential|authoriz|otp|key|header|code|link|url|uri|href|patient|customer|applicant|user|person|member|contact|profile|subscriber|account/i;

/** A name field read on some value: user.getName(), customer.name, member.getFullName() (read only for a person's record). */
const NAME_READ = /(?<![\w$])[A-Za-z_]\w*\s*(?:\??\.|->)\s*(?:get_?)?(?:[Ff]ull_?|[Dd]isplay_?)?[Nn]ame\b/;

/** A name turned into text whole: `message.toString()`, `dto.ToString()`, `user.inspect`. */
const CONVERTED_NAME = /(?<![\w$])[A-Za-z_]\w*\s*\.\s*(?:toString|ToString|to_s|inspect)\b/;

/** A name standing alone as a value (not a field, a call or a key): `, data)`, `{target}`, `($x)`, `name[0]`, `[$event, $x]`. */
const BARE_NAME = /(?:^|[\s,(+{[])[$@]?[A-Za-z_]\w*\s*(?:$|[),}+[\]])/m;

/** Printing to the terminal in a command-line tool is its output to the person running it, not a log. */
const CLI_PATH = /(?:^|\/)(?:cli|cmds?|bin|scripts?|tools?|management\/commands|console\/commands|commands)\/|(?:^|\/)[\w.]+[-_]cli\/|(?:^|\/)cli[-_][\w.-]+\//i;
const PRINT_CALL = /^(?:println!|print!|eprintln!|eprint!|print\s*\(?|puts|pp|p|fmt\.Print\w*|System\.(?:out|err)\.print\w*|console\.log|Console\.Write\w*|echo)/;

/** Code files the shared classification leaves as "other" but whose logging calls read like any language's. */
const MORE_CODE = /\.(?:exs?|dart|kt|kts|scala|groovy|lua|cr|nim|clj)$/i;
/** Lines holding "log" in any case (nlog, authLogger, klog) or a log-context call, found by one scan of the side's joined text. */
const LOG_WORD = /log|\bMDC\b|ThreadContext|CreateProperty|contextvars/gim;

/*
 * The known-call scan, split for speed. The lines it selects are exactly those a scan of LOG_CALL ("gm") over the
 * joined text selects: a scan selects a line when some top-level alternative matches at one of its positions, so
 * alternatives can be scanned apart (test/engine/sensitive-logs-known-call-scan.test.ts checks the split).
 * LOG_CALL's last two alternatives start at any white space (`\sprintln(`, `{ log("`): scanned over the joined text
 * they try every space of the file. They are found instead from their literals (println, log, debug), each match
 * start worked out back from the literal. Laravel's chained logger (`\b(?:Log\s*::..|logger..|app..|resolve..)R`) is
 * split into one alternative per receiver, so that each starts with its literal and no longer needs the joined-text scan.
 */
const WHITESPACE_LED_CALLS = "|(?:^|[;{]\\s*|\\s)println(?=\\s*\\()\\s*\\(|(?:^|[;{]\\s*|\\s)(?:log|debug)(?=\\s*\\(\\s*[{\"'`])\\s*\\(";
/** Where each "(" of a regex source at `from` closes, and where the "|" at its depth after it is (escapes and classes skipped). */
function groupEnd(source: string, from: number): { close: number; bar: number } {
  let depth = 0;
  let close = -1;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") { i++; continue; }
    if (c === "[") { for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++; continue; }
    if (c === "(") depth++;
    else if (c === ")") { if (--depth === 0 && close < 0) close = i; if (depth < 0) break; }
    else if (c === "|" && depth === 0 && close >= 0) return { close, bar: i };
  }
  return { close, bar: -1 };
}
function splitKnownCallScan(): RegExp {
  let source = LOG_CALL.source;
  if (!source.endsWith(WHITESPACE_LED_CALLS)) throw new Error("LOG_CALL's last alternatives changed: update WHITESPACE_LED_CALLS");
  source = source.slice(0, -WHITESPACE_LED_CALLS.length);
  // "(?:" + "\b(?:" receivers ")" R "|" the other alternatives.
  const head = "(?:\\b(?:";
  if (!source.startsWith(head)) throw new Error("LOG_CALL's first alternative changed: update splitKnownCallScan");
  const { close, bar } = groupEnd(source, head.length - 3);
  const receivers = splitAlternatives(source.slice(head.length, close));
  if (!receivers || receivers.length < 2 || bar < 0) throw new Error("LOG_CALL's first alternative changed: update splitKnownCallScan");
  const rest = source.slice(close + 1, bar);
  return new RegExp(`(?:${receivers.map((receiver) => `\\b${receiver}${rest}`).join("|")}${source.slice(bar)}`, "gm");
}
const KNOWN_CALL_SCAN = splitKnownCallScan();
const PRINTLN_CALL = /println\s*\(/y;
const LOG_WORD_CALL = /log(?=\s*\(\s*[{"'`])/y;
const DEBUG_WORD_CALL = /debug(?=\s*\(\s*[{"'`])/y;
const SPACE = /\s/;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** Indexes (into diff.lines) of the lines of `side` where WHITESPACE_LED_CALLS match as the joined-text scan would, in order. */
function whitespaceLedCallLines(side: FileDiff["added"]): number[] {
  const { text } = side;
  const at = new Set<number>();
  const startsBefore = (literal: string, call: RegExp): void => {
    for (let p = text.indexOf(literal); p >= 0; p = text.indexOf(literal, p + 1)) {
      // Every way in ends right before the literal in white space (line terminators among it), ";" or "{", or at 0.
      const before = p > 0 ? text[p - 1] : "";
      if (before !== "" && before !== ";" && before !== "{" && !SPACE.test(before)) continue;
      call.lastIndex = p;
      if (!call.test(text)) continue;
      // The three ways in: "^" (after a line terminator, "m" flag), one white-space character, or ";"/"{" then white space.
      if (p === 0 || LINE_TERMINATOR.test(text[p - 1])) at.add(p);
      if (p > 0 && SPACE.test(text[p - 1])) at.add(p - 1);
      let w = p;
      while (w > 0 && SPACE.test(text[w - 1])) w--;
      if (w > 0 && (text[w - 1] === ";" || text[w - 1] === "{")) at.add(w - 1);
    }
  };
  startsBefore("println", PRINTLN_CALL);
  startsBefore("log", LOG_WORD_CALL);
  startsBefore("debug", DEBUG_WORD_CALL);
  if (at.size === 0) return [];
  const { starts, indexes } = side;
  const lines: number[] = [];
  let cursor = 0;
  // The line whose span holds each position (the "\n" after a line is its own, as in scanJoinedText), in order.
  for (const position of [...at].sort((a, b) => a - b)) {
    cursor = lineAt(starts, position, cursor);
    if (lines[lines.length - 1] !== indexes[cursor]) lines.push(indexes[cursor]);
  }
  return lines;
}

/** The lines a joined-text scan of LOG_CALL selects on a side, in order (exported for the test that checks the split is exact). */
export function knownLogCallLines(side: FileDiff["added"]): number[] {
  return mergeSorted(candidateLines(side, KNOWN_CALL_SCAN), whitespaceLedCallLines(side));
}

/** Two ascending lists of line indexes as one, each once. */
function mergeSorted(a: number[], b: number[]): number[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) out.push(a[i++]);
    else if (i >= a.length || b[j] < a[i]) out.push(b[j++]);
    else { out.push(a[i++]); j++; }
  }
  return out;
}

/** Candidate lines of the known-call scan and lines holding "log", in order, each once. */
function logCandidates(diff: FileDiff): number[] {
  const known = knownLogCallLines(diff.added);
  const byWord = scanJoinedText(diff.added, LOG_WORD);
  if (byWord.length === 0) return known;
  const out: number[] = [];
  let k = 0;
  for (const index of byWord) {
    while (k < known.length && known[k] < index) out.push(known[k++]);
    if (k < known.length && known[k] === index) k++;
    out.push(index);
  }
  while (k < known.length) out.push(known[k++]);
  return out;
}

/** The lines a call's chained arguments continue on: log.Info().Str("email", e).Msg("...") (zerolog, logrus, slog With). */
function chainedArguments(diff: FileDiff, index: number, from: number): string {
  const hunk = diff.lines[index].hunk;
  let text = diff.lines[index].text.slice(from);
  for (let i = index + 1, n = 0; i < diff.lines.length && n < 8; i++) {
    const line = diff.lines[i];
    if (line.hunk !== hunk || line.kind === "-") break;
    if (!/\.\s*$/.test(text) && !/^\s*\./.test(line.text)) break;
    text += `\n${line.text}`;
    n++;
  }
  return text;
}

/** Lines of the new side in the same hunk before the call, nearest last (for values assigned before they are logged). */
function linesBefore(diff: FileDiff, index: number, count: number): string[] {
  const hunk = diff.lines[index].hunk;
  const out: string[] = [];
  for (let i = index - 1; i >= 0 && out.length < count; i--) {
    const line = diff.lines[i];
    if (line.hunk !== hunk) break;
    if (line.kind !== "-") out.push(line.text);
  }
  return out.reverse();
}

export function detectSensitiveDataInLogs(diff: FileDiff): RawFinding[] {
  if (!(isCodeKind(diff.fileClass.kind) || MORE_CODE.test(diff.path)) || diff.fileClass.isTest) return [];
  const cliTool = CLI_PATH.test(diff.path);
  const findings: RawFinding[] = [];
  const seen = new Set<string>();
  const report = (index: number, raw: string): void => {
    const found = classifyArguments(raw, diff, index);
    const line = diff.lines[index];
    // One finding of a kind per hunk: personal data, or a secret (password-in-logs is one).
    const key = `${found?.ruleId === "pii-in-logs" ? "pii" : "secret"}|${line.hunk}`;
    if (!found || seen.has(key) || loggedBefore(diff, index, found.value)) return;
    seen.add(key);
    findings.push({ ruleId: found.ruleId, path: diff.path, line: line.newLine, side: "RIGHT", evidence: line.text, detail: { field: found.value } });
  };
  for (const index of logCandidates(diff)) {
    const line = diff.lines[index];
    if (COMMENT.test(line.text)) continue;
    const call = locateLogCall(line.text);
    if (!call) continue;
    const { callText, end } = call;
    if (cliTool && PRINT_CALL.test(callText.replace(/^[\s;]+/, ""))) continue;
    // Only what is passed to the logging call counts, not an assignment before it; the arguments may span lines.
    let raw = callText.endsWith("(") ? readArguments(diff, index, end - 1).slice(1) : line.text.slice(end);
    // log.Info() with nothing inside: the fields follow in a chain (zerolog .Str("email", e), logrus/slog With).
    if (/^\s*\)\s*$/.test(raw)) raw = chainedArguments(diff, index, end + raw.length);
    report(index, raw);
  }
  for (const { index, raw } of argumentsAddedToUnchangedCalls(diff)) report(index, raw);
  for (const { index, raw } of sourceGeneratedLogMethods(diff)) report(index, raw);
  return findings;
}

/** A method declared right after a logging attribute: `partial void LogAddUser(this ILogger logger, string email)`. */
const LOG_METHOD_DECLARATION = /\b(?:partial|static|public|internal|private)\s+[\w<>?,. ]{0,80}?\b\w+\s*\($/;
const LOG_ATTRIBUTE = /\[\s*(?:Microsoft\.Extensions\.Logging\.)?LoggerMessage(?:Attribute)?\b/;
/**
 * .NET's source-generated logging: a method marked [LoggerMessage(...)] is generated to write a log line whose
 * parameters (all but the ILogger and the exception) are logged as the message's values, so a parameter named like
 * personal data or a secret is logged as surely as an argument of logger.LogInformation. The attribute or the
 * declaration must be added; the parameters are read as a call's arguments, their types dropped.
 */
function sourceGeneratedLogMethods(diff: FileDiff): Array<{ index: number; raw: string }> {
  const out: Array<{ index: number; raw: string }> = [];
  for (const at of diff.added.indexes) {
    if (!diff.lines[at].text.includes("LoggerMessage") || !LOG_ATTRIBUTE.test(diff.lines[at].text)) continue;
    for (let i = at; i < Math.min(diff.lines.length, at + 4); i++) {
      const line = diff.lines[i];
      if (line.kind === "-" || line.hunk !== diff.lines[at].hunk) continue;
      const text = i === at ? line.text.replace(/^[^\]]*\]/, "") : line.text;
      const open = text.indexOf("(");
      if (open < 0 || !LOG_METHOD_DECLARATION.test(text.slice(0, open + 1))) continue;
      const params = readArguments(diff, i, line.text.length - text.length + open).slice(1);
      // Each parameter's name, its type and modifiers dropped; the logger and an exception are not logged values.
      const names = params.replace(/\)[\s\S]*$/, "").split(",").map((p) => p.trim())
        .filter((p) => !/\b(?:I?Logger(?:<[^>]*>)?|Exception|LogLevel)\??\s+\w+$/.test(p))
        .map((p) => /(\w+)\s*(?:=[^,]*)?$/.exec(p)?.[1] ?? "").filter(Boolean);
      if (names.length > 0) out.push({ index: i, raw: `${names.join(", ")})` });
      break;
    }
  }
  return out;
}

/**
 * Calls that put a value into every later log line of a request or thread (its log context): SLF4J/Log4j MDC and
 * ThreadContext, Serilog's LogContext and enrichers (CreateProperty), NLog's contexts, structlog's bound context.
 * What they are given is logged as surely as a log call's arguments: MDC.put("email", user.getEmail()).
 */
const LOG_CONTEXT_CALL = /\b(?:MDC|ThreadContext|LogContext|MappedDiagnosticsLogicalContext|MappedDiagnosticsContext|GlobalDiagnosticsContext|ScopeContext)\s*\.\s*(?:put|Set|PushProperty|push|PushNestedState)\s*\(|\b(?:CreateProperty|bind_contextvars|bind_threadlocal)\s*\(|\b(?:logger|log|structlog|_logger|self\.logger|self\.log)\s*\.\s*(?:bind|contextualize)\s*\(/;

/** The logging call on a line: its text (up to the "(" when there is one) and where it ends. */
function locateLogCall(text: string): { callText: string; end: number } | null {
  let known = LOG_CALL.exec(text);
  // "Logger.warn" of Logger.warning(...): the method name goes on, so the call is read by its shape instead.
  // (A call without parentheses, Ruby's `logger.info params`, ends in the space before its argument and stays a call.)
  if (known && /\w$/.test(known[0]) && /^\w/.test(text.slice(known.index + known[0].length))) known = null;
  if (known) return { callText: known[0], end: known.index + known[0].length };
  const shaped = findLogCall(text);
  if (shaped) return { callText: text.slice(shaped.index, shaped.end), end: shaped.end };
  const context = LOG_CONTEXT_CALL.exec(text);
  return context ? { callText: context[0], end: context.index + context[0].length } : null;
}

/** What a logging call's arguments put in the log: a secret or personal data, with the value that says so. */
function classifyArguments(logged: string, diff: FileDiff, index: number): { ruleId: string; value: string } | undefined {
  // An environment variable named for a secret is read like a variable of that name (process.env.STRIPE_SECRET_KEY).
  const raw = envSecretsAsNames(logged, isSecretName);
  const args = keepCodeOnly(raw);
  // The message patterns run first: they rarely match, and when none does the (costlier) error, id and field checks that
  // would discard their match cannot change the result.
  let secret = secretValue(args);
  if (!secret) {
    const named = MESSAGE_NAMES_SECRET.exec(raw) ?? MESSAGE_NAMES_PASS.exec(raw) ?? KEYED_SECRET.exec(raw);
    secret = named === null || onlyErrors(args) || onlyIds(args) || NAMED_FIELD.test(raw) ? null : named;
  }
  let pii = piiValue(args) ?? WHOLE_OBJECT.exec(raw);
  // One field of the request read by subscript or getter (request.json["order_id"], request.form.get("product_id")) is
  // that field, read by its name like req.body.orderId: an id or a count is not personal data.
  if (pii && /^(?:req|request)\b/.test(pii[0]) && /\[|\.get\(/.test(raw)) {
    const fields = codeOfFields(raw, args);
    if (fields !== args && !piiValue(fields)) pii = null;
  }
  // A bare "address" beside words of networks and machines is a network address, not where someone lives; with
  // structured logging the words may be in the chained call's message (`logger.WithField("addr", address).Debug("started
  // http server")`), so the whole line is read.
  if (pii && /^address(?:es)?$/i.test(pii[0]) && (NETWORK_WORDS.test(raw) || NETWORK_WORDS.test(diff.lines[index].text))) pii = null;
  // An IP address beside words of machines (upstream, proxy, listening) is a machine's.
  if (pii && /ip_?address$/i.test(pii[0]) && MACHINE_WORDS.test(raw)) pii = null;
  // A file's, folder's or type's full name (.NET's FileInfo.FullName, Type.FullName) is a path or a class name.
  if (pii && /full_?name$/i.test(pii[0]) && fileFullName(args, pii[0], pii.index, diff, index)) pii = null;
  const byWords = secret || pii ? null : wordFinding(raw, args, diff, index) ?? messagingValue(args, diff) ?? paymentEventValue(codeOfFields(raw, args), diff) ?? cardOwnField(args, diff, index) ?? settingsWithSecret(args, diff, index);
  let secretValueText = secret?.[0] ?? (byWords?.kind === "secret" ? byWords.value : undefined);
  if (secretValueText && BARE_TOKEN.test(secretValueText.trim()) && usesTextTokenizer(diff)) secretValueText = undefined;
  let piiValueText = pii?.[0] ?? (byWords?.kind === "pii" ? byWords.value : undefined);
  if (!pii && piiValueText && /full_?name$/i.test(piiValueText) && fileFullName(args, piiValueText, Math.max(0, args.indexOf(piiValueText)), diff, index)) piiValueText = undefined;
  const kind = secretValueText && !SAFE_USE.test(args) ? "secret-in-logs" : piiValueText && !SAFE_USE.test(args) ? "pii-in-logs" : undefined;
  if (!kind) return undefined;
  const value = (kind === "secret-in-logs" ? secretValueText : piiValueText)!;
  return { ruleId: kind === "secret-in-logs" && /pass|pwd|credential/i.test(value) ? "password-in-logs" : kind, value };
}

/** One value printed whole, a name or a dotted path, maybe turned into text (`Rails.configuration.stripe.inspect`, `config`). */
const WHOLE_PATH = /^\s*\(?\s*([$@]{0,2}[A-Za-z_][\w$]{0,60}(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]{0,60}){0,5}?)(?:\s*\.\s*(?:inspect|to_s|to_h|to_hash|to_json|toString|ToString)\s*(?:\(\s*\))?)?\s*\)?\s*;?\s*$/;
/** A key of a literal naming a credential and given a value (`:secret_key => ENV[...]`, `apiKey: process.env.KEY`, `"password": pw`). */
const SECRET_ENTRY = /(?:^|[\s{,:"'])(?:[a-z]+_)?(?:secret|secret_?key|client_?secret|password|passwd|api_?key|apiKey|private_?key|privateKey|access_?token|accessToken|auth_?token|authToken|secretKey|clientSecret)["']?\s*(?:=>|:|=)\s*(?!nil\b|null\b|None\b|""|''|,|$)\S/;
/** Names of settings (`Rails.configuration.stripe`, `app.config`, `settings`, `credentials`). */
const SETTINGS_NAME = /config|settings|options|credentials|secrets/i;
/**
 * A settings object printed whole whose literal, just above in the hunk, holds a credential: Rails'
 * `Rails.configuration.stripe = { ..., :secret_key => ENV['STRIPE_SECRET_KEY'] }` then `puts Rails.configuration.stripe.inspect`,
 * `const config = { apiKey: process.env.API_KEY }` then `console.log(config)`. The key goes into the log with the rest.
 * The literal is the one closing right above the print: assigned to the printed name, or opening above the hunk when
 * the printed name is one of settings. Not: a literal with no credential in it, or whose credential is empty, a name
 * assigned something else, a literal of another name.
 */
function settingsWithSecret(args: string, diff: FileDiff, index: number): Sensitive | null {
  const path = WHOLE_PATH.exec(args)?.[1]?.replace(/\s+/g, "");
  if (path === undefined) return null;
  const before = linesBefore(diff, index, 20);
  let i = before.length - 1;
  while (i >= 0 && before[i].trim() === "" && i >= before.length - 3) i--;
  if (i < 0 || !/^\s*[}\]]\s*\)?\s*;?\s*$/.test(before[i])) return null;
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const assigned = new RegExp(String.raw`^\s*(?:(?:const|let|var|val|final)\s+)?${escaped}\s*=\s*(?:\{|\[|Hash\s*\[|\bdict\s*\()`);
  let secret = false;
  for (let j = i - 1; j >= 0; j--) {
    const text = before[j];
    if (text.length > 400) return null;
    if (/[{[(]\s*$/.test(text)) return secret && assigned.test(text) ? { kind: "secret", value: path } : null;
    if (/^\s*[}\]]/.test(text)) return null;
    secret ||= !COMMENT.test(text) && SECRET_ENTRY.test(text);
  }
  // The literal opens above the hunk: a settings name printed.
  return secret && SETTINGS_NAME.test(path) && before.length < 20 ? { kind: "secret", value: path } : null;
}

/**
 * Code that relays people's messages (a WhatsApp, SMS or Telegram webhook, a chat hub): there a message's sender (`from`,
 * the sender's phone number in the WhatsApp Cloud API and Twilio webhooks) and its text, body or content are what one
 * person wrote to another. Read by where the code is (its path, or the hunk's words), then by the name of the value.
 */
// A chatbot's or a model chat's code (chatbot/, chat_gpt.py, chat-completion) talks to a model, not between people.
const MESSAGING_PATH = /whatsapp|twilio|telegram|messenger|signalr|chat(?![-_]?(?:bot|gpt|ai\b|llm|completion|model))|(?:^|\/)(?:sms|hubs?|bots?)(?:\/|$)/i;
const MESSAGING_WORDS = /whatsapp|\bwa_?id\b|WaMessage|\btwilio|telegram|\binbound (?:message|sms)|\bsms\b|:\s*Hub\b/i;
/** The sender or the text of a message passed as a value (not a key, a call, or a field such as .length or .id). */
const MESSAGE_VALUE = /(?<![\w$.])(?:(?:msg|message|incoming|inbound|m)\s*\??\.\s*)?(from|sender|sender_?(?:phone|number)|senderPhone|senderNumber|message_?[Tt]ext|message_?[Bb]ody|msg_?[Tt]ext|msgBody|text|body|content|Content|Body|Text)(?![\w$])(?!\s*(?:\??\.\s*(?:length|size|count|len|id|_id|type|kind|status|timestamp|Length|Count|Id)\b|\(|:(?!:)|=(?!=)))/g;
/** `from` beside the other end of a range (to, until, limit, page) is a date or an offset, not a sender. */
const RANGE_WORDS = /(?<![\w$.])(?:to|until|till|limit|page|offset|size)(?![\w$])/;
function messagingValue(code: string, diff: FileDiff): { kind: "pii"; value: string } | null {
  if (code.length > 1000) return null;
  // The value is looked for first: the path and the file's lines (a scan of every new line) are read only when one is passed.
  let value: string | null = null;
  MESSAGE_VALUE.lastIndex = 0;
  for (let m = MESSAGE_VALUE.exec(code); m; m = MESSAGE_VALUE.exec(code)) {
    if (m[1] === "from" && RANGE_WORDS.test(code)) continue;
    if (passedAsValue(code, m.index, m[0].length)) { value = m[0]; break; }
  }
  if (value === null || !(MESSAGING_PATH.test(diff.path) || someNewLineMatches(diff, MESSAGING_WORDS))) return null;
  return { kind: "pii", value };
}

/** Receivers whose FullName is a path or a type's name: FileInfo, DirectoryInfo, FileSystemInfo, Type, Assembly. */
const FILE_RECEIVER = /(?:^|[^\w$])(?:\w*(?:[Ff]ile|[Dd]ir|[Dd]irectory|[Ff]older|[Pp]ath|[Tt]ype|[Aa]ssembly|[Mm]odule|[Tt]emplate)\w*|fi|di|f|d|t|typeof\s*\([^()]{1,80}\)|GetType\s*\(\s*\))\s*\??$/;
/** An assignment of the name from a path, a folder or a format of one (`var fullName = Path.Combine(dir, name)`). */
const PATH_SOURCE = /\b(?:Path\s*\.|Directory|directory|File|file|[Ff]older|[Pp]ath|[Tt]emplate|typeof|GetType)\b|\bPath\b|[a-z](?:Directory|Path|Folder|File)\b/;
function fileFullName(args: string, value: string, at: number, diff: FileDiff, index: number): boolean {
  const dot = value.lastIndexOf(".");
  if (dot >= 0) return FILE_RECEIVER.test(args.slice(Math.max(0, at + dot - 80), at + dot));
  if (!/^\w+$/.test(value)) return false;
  const assigned = new RegExp(String.raw`(?:^|[\s(,])${value}\s*(?::=|=(?![=>]))\s*(.{1,300})`);
  for (const line of linesBefore(diff, index, 15)) {
    const m = line.length <= 400 ? assigned.exec(line) : null;
    if (m) return PATH_SOURCE.test(m[1]);
  }
  return false;
}

/**
 * A payment provider's webhook event (Stripe, PayPal, Braintree, Razorpay, Mollie, Paddle, Adyen, Paystack, Mercado Pago):
 * its `data` (Stripe's `event.data.object`: the checkout session, customer, charge or invoice, with the payer's e-mail,
 * name and billing address) logged whole writes the payer's details. Read where the path or the hunk names the provider;
 * one field of it (`event.data.object.id`, `event.type`) is not the whole.
 */
const PAYMENT_PROVIDER = /stripe|paypal|braintree|razorpay|mollie|paddle|adyen|paystack|mercado_?pago|mercadopago|lemon_?squeezy/i;
const PAYMENT_EVENT_DATA = /(?<![\w$.])(?:event|evt|e|webhook_?event|webhookEvent|stripe_?event|stripeEvent|payload)\s*(?:\.\s*data|\[\s*["']data["']\s*\])(?:\s*(?:\.\s*object|\[\s*["']object["']\s*\]))?(?![\w$])(?!\s*(?:\??\.\s*(?!(?:to_json|to_h|to_hash|to_s|inspect|toString|toJSON)\b)[A-Za-z_$]|\[|\())/g;
function paymentEventValue(code: string, diff: FileDiff): { kind: "pii"; value: string } | null {
  if (code.length > 1000 || !/data/.test(code) || !(PAYMENT_PROVIDER.test(diff.path) || someNewLineMatches(diff, PAYMENT_PROVIDER))) return null;
  PAYMENT_EVENT_DATA.lastIndex = 0;
  for (let m = PAYMENT_EVENT_DATA.exec(code); m; m = PAYMENT_EVENT_DATA.exec(code)) {
    if (passedAsValue(code, m.index, m[0].length)) return { kind: "pii", value: m[0] };
  }
  return null;
}

/**
 * A payment card's own number or security code read inside the card's type (`self.number` in Rust's `impl Payment for
 * Card`, `this.cvv` in a `class CreditCard`, Ruby's `@number` in `class Card`): the card number, as `card.number` is.
 * The type is found among the hunk's lines above the call.
 */
const OWN_CARD_FIELD = /(?<![\w$.])(?:self\s*\.|this\s*\.|@)\s*(number|cvv|cvc|cvv2|pan|card_?number|cardNumber)(?![\w$(])/g;
const CARD_TYPE = /^\s*(?:pub(?:\([\w:]+\))?\s+|export\s+|public\s+|final\s+|data\s+)*(?:impl(?:<[^>]{0,40}>)?\s+(?:[\w:]+\s+for\s+)?|class\s+|struct\s+)(?:Credit|Debit|Payment|Bank|Gift)?Card\b/;
const PAYMENT_WORDS = /pay|billing|checkout|charge|credit|debit|wallet|bank|purchase/i;
function cardOwnField(code: string, diff: FileDiff, index: number): { kind: "pii"; value: string } | null {
  if (code.length > 1000 || !/(?:self|this|@)/.test(code)) return null;
  OWN_CARD_FIELD.lastIndex = 0;
  for (let m = OWN_CARD_FIELD.exec(code); m; m = OWN_CARD_FIELD.exec(code)) {
    if (!passedAsValue(code, m.index, m[0].length)) continue;
    const before = linesBefore(diff, index, 40);
    const cardType = before.some((line) => line.length <= 300 && CARD_TYPE.test(line));
    // A playing card's number is its rank: only a card the path or the hunk's lines tie to payments.
    return cardType && (PAYMENT_WORDS.test(diff.path) || before.some((line) => line.length <= 300 && PAYMENT_WORDS.test(line))) ? { kind: "pii", value: m[0] } : null;
  }
  return null;
}

const isSecretName = (name: string): boolean => classifyWords(splitWords(name)) === "secret";

/**
 * Text tokenizers: OpenAI's tiktoken (encoding_for_model / get_encoding, and js-tiktoken, gpt-tokenizer), Hugging Face
 * tokenizers and transformers (AutoTokenizer, *TokenizerFast.from_pretrained), SentencePiece, NLTK's word_tokenize and
 * sent_tokenize. In a file that uses one, a bare `token` or `tokens` is a piece of text or its id, not a credential.
 */
const TEXT_TOKENIZER = /\b(?:tiktoken|encoding_for_model|get_encoding|AutoTokenizer|\w*Tokenizer(?:Fast)?\.from_pretrained|SentencePieceProcessor|sentencepiece|word_tokenize|sent_tokenize|gpt-tokenizer|gpt3-encoder|encodingForModel|getEncoding)\b/;
const usesTextTokenizer = (diff: FileDiff): boolean => someNewLineMatches(diff, TEXT_TOKENIZER);
/** The secret found is only the word token(s) (a bare name, or a message "token: {}"), not access_token or a key. */
const BARE_TOKEN = /^tokens?(?!\w)/i;

const MAY_LOG = /log|print|puts|console|timber|cout|cerr|dump/i;

/**
 * A logging line rewritten (an accessor renamed, % formatting made lazy, a level changed, a message reworded) that
 * logs a value a removed line of its hunk already logged: nothing newly reaches the log. The removed line must hold
 * the value in its code, not its message text ("verification email" is a word, user.email a value), unmasked (not
 * hashed or redacted, which the new line would undo), and be a logging call or continue one (its line above logs).
 */
function loggedBefore(diff: FileDiff, index: number, value: string): boolean {
  const { lines } = diff;
  const hunk = lines[index].hunk;
  const name = value.trim();
  if (name.length < 3 || !/^[\w$@.\->\[\]'"]+$/.test(name)) return false;
  for (let i = Math.max(0, index - 12); i <= Math.min(lines.length - 1, index + 12); i++) {
    const line = lines[i];
    if (line.hunk !== hunk || line.kind !== "-" || !line.text.includes(name) || COMMENT.test(line.text)) continue;
    const code = keepCodeOnly(line.text);
    if (!code.includes(name) || SAFE_USE.test(code)) continue;
    if (locateLogCall(line.text) !== null || (i > 0 && lines[i - 1].hunk === hunk && MAY_LOG.test(lines[i - 1].text))) return true;
  }
  return false;
}

/** How far above a run of added lines the unchanged first line of a logging call is looked for. */
const CALL_LOOKBACK = 6;

/**
 * Arguments added inside a logging call whose first line is unchanged context:
 *    logger.info("signup from %s",
 *  +     user.email,
 *    )
 * Only the added lines' text is read (the rest was logged before), and the finding is on the first of them.
 */
function argumentsAddedToUnchangedCalls(diff: FileDiff): Array<{ index: number; raw: string }> {
  const out: Array<{ index: number; raw: string }> = [];
  const { lines } = diff;
  for (const runStart of diff.added.indexes) {
    const before = lines[runStart - 1];
    if (!before || before.hunk !== lines[runStart].hunk || before.kind === "+") continue;
    // Up through unchanged lines only: a call that starts above another added run is read from that run.
    for (let i = runStart - 1, seen = 0; i >= 0 && seen < CALL_LOOKBACK && lines[i].hunk === lines[runStart].hunk && lines[i].kind !== "+"; i--) {
      if (lines[i].kind === "-") continue;
      seen++;
      if (!MAY_LOG.test(lines[i].text) || COMMENT.test(lines[i].text)) continue;
      const call = locateLogCall(lines[i].text);
      if (!call || !call.callText.endsWith("(")) continue;
      // Empty when the call closed before the added lines.
      const raw = readArguments(diff, i, call.end - 1, true);
      if (raw) out.push({ index: runStart, raw });
      break;
    }
  }
  return out;
}

