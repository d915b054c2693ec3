// Whole values logged by kind, for the sensitive-data-in-logs detector: a person's record (by its declared type or the
// model it was loaded from), a request's whole header set, PHP's whole request input, and an HTTP session's id.
//
// Deliberate limits (precision first):
// - A bare `user` is ambiguous: it is often a user name or id string. It counts as a record only when the hunk
//   declares its type as a person's record (User user, user: Customer, user *models.User) or loads it from such a
//   model (User.findById(..), User.objects.get(..), prisma.user.findUnique(..)), or it is the request's
//   authenticated user in JavaScript (req.user). Django's request.user prints its user name, so it is left out.
// - A session id counts as a credential only when it is an HTTP session's (session.getId(), req.sessionID,
//   request.session.session_key, PHP session_id()): chat, analytics and model "sessions" have ids too.
import { passedAsValue, splitWords, type Sensitive } from "./log-sensitive-words.js";

/** Nouns of people whose record is personal data as a whole. */
const PERSON = new Set(["user", "users", "customer", "customers", "patient", "patients", "person", "persons", "people", "member", "members", "contact", "contacts", "applicant", "applicants", "subscriber", "subscribers", "employee", "employees", "cardholder", "buyer", "buyers", "student", "students", "guest", "guests"]);
/** Words after the person noun that still name the record: UserEntity, CustomerDto, PatientRecord, FirebaseUser. */
const RECORD_SUFFIX = new Set(["entity", "model", "dto", "record", "details", "detail", "data", "info", "document", "doc", "profile", "object", "obj", "bean", "vo", "po", "schema", "account", "view"]);

/** Whether a type name (User, UserEntity, FirebaseUser, CustomerDTO) names a person's record, not a service or an id. */
export function isPersonRecordType(type: string): boolean {
  const words = splitWords(type);
  let end = words.length;
  while (end > 1 && RECORD_SUFFIX.has(words[end - 1])) end--;
  return end > 0 && PERSON.has(words[end - 1]);
}

// Declarations: Java/C# `User user`, TypeScript/Kotlin/Python/Swift `user: User`, Go `user *models.User`.
const TYPE_BEFORE = /(?<![\w.$])(?:final\s+)?([A-Z][A-Za-z0-9]*)(?:<[^<>]*>)?\??\s+([a-z_]\w*)\s*(?=[,)=;:])/g;
const TYPE_AFTER = /(?<![\w.$])([a-z_]\w*)\s*:\s*([A-Z][A-Za-z0-9]*)\b(?!\s*[<[])/g;
const GO_PARAM = /(?<![\w.$])([a-z_]\w*)\s+\*?(?:[a-z]\w*\.)?([A-Z][A-Za-z0-9]*)\s*(?=[,)])/g;
/** An assignment whose right side starts with a path: data = await User.findById(id), $u = User::find($id), u := User{..}. */
const ASSIGNED = /^\s*(?:(?:const|let|var|val|final|auto)\s+)?\$?([a-z_]\w*)\s*(?::=|=(?![=>~]))\s*(?:await\s+)?(?:new\s+)?([\w$]+(?:\s*(?:\.|::|->)\s*[\w$]+)*)\s*([({]?)/;
/** Reads of a model that return its records. */
const LOOKUP = /^(?:find|get|first|last|fetch|load|create|upsert|objects|query|where|one|by|current|all)/i;
/** What a lookup returns when it is not a record: a count, a flag, ids. */
const NOT_A_RECORD = /\b(?:count|exists|size|length|len|sum|ids|pluck|delete|destroy|update|increment|decrement)\b/i;

/** Whether an assignment gives its variable a person's record loaded from a model or built by its constructor. */
function loadsRecord(path: string, call: string, text: string): boolean {
  const segments = path.split(/\s*(?:\.|::|->)\s*/);
  for (let i = 0; i < segments.length; i++) {
    if (!isPersonRecordType(segments[i])) continue;
    const next = segments[i + 1];
    // User.findById(..), prisma.user.findUnique(..), User.objects.get(..); or the last segment called as a constructor or a
    // getter: new User(..), User{..}, getCurrentUser(). addListMember(..) is an action: its result is not the record.
    const loaded = next ? LOOKUP.test(next) : call !== "" && (/^[A-Z]/.test(segments[i]) || LOOKUP.test(segments[i]));
    if (loaded) return !NOT_A_RECORD.test(text.replace(/\([^()]*\)/g, "()"));
  }
  return false;
}

/** A save or create of a record whose result a chained callback receives: `doc.save()`, `Patient.create(..)`, `.then(`. */
const SAVE_CALL = /(?<![\w$])([A-Za-z_$][\w$]*)?\s*\.\s*(?:save|create|insert|insertOne|add)\s*\(/;
/** The callback's parameter: `.then(saved =>`, `.then((doc) =>`, `.then(function (doc)`, Mongoose's `save((err, doc) =>`. */
const SAVED_CALLBACK = /\.\s*then\s*\(\s*(?:async\s+)?(?:function\s*[\w$]*\s*)?\(?\s*([A-Za-z_$][\w$]*)\s*(?:\)\s*)?(?:=>|\{|,|\))|\.\s*save\s*\(\s*(?:async\s+)?(?:function\s*[\w$]*\s*)?\(\s*err\w*\s*,\s*([A-Za-z_$][\w$]*)/;

/** Names given a person's record in these lines (a hunk's lines before the call and the call's line). */
export function recordNames(lines: string[], path: string): Set<string> {
  const names = new Set<string>();
  const go = path.endsWith(".go");
  // Whether the chain being read (this line and the `.then(` lines under it) saves a person's record.
  let saving = false;
  // The name a chain starts with (`user` above a `.save()` line of its own).
  let head = "";
  for (const text of lines) {
    // A saved record handed to the save's callback is the record, whatever the callback calls it (`.then(patientInfo =>`).
    if (text.length <= 400) {
      const continued = /^\s*\./.test(text);
      if (!continued) head = /^\s*(?:(?:return|await)\s+)*([A-Za-z_$][\w$]*)/.exec(text)?.[1] ?? "";
      const save = /save|create|insert|add/.test(text) ? SAVE_CALL.exec(text) : null;
      const receiver = save?.[1] ?? (continued ? head : "");
      if (save) saving = names.has(receiver) || (/^[A-Z]/.test(receiver) && isPersonRecordType(receiver));
      else if (!continued) saving = false;
      const callback = saving ? SAVED_CALLBACK.exec(text) : null;
      const saved = callback?.[1] ?? callback?.[2];
      if (saved && !/^err/.test(saved)) names.add(saved);
      // `const saved = await patient.save()`: what the save of a record returns is that record.
      const assigned = save?.[1] && names.has(save[1]) ? ASSIGNED.exec(text) : null;
      if (assigned && assigned[2].startsWith(save![1])) names.add(assigned[1]);
    }
    if (text.length > 400 || !/user|customer|patient|member|person|people|contact|applicant|subscriber|employee|cardholder|buyer|student|guest/i.test(text)) continue;
    for (const m of text.matchAll(TYPE_BEFORE)) if (isPersonRecordType(m[1])) names.add(m[2]);
    for (const m of text.matchAll(TYPE_AFTER)) if (isPersonRecordType(m[2])) names.add(m[1]);
    if (go) for (const m of text.matchAll(GO_PARAM)) if (isPersonRecordType(m[2])) names.add(m[1]);
    const assigned = ASSIGNED.exec(text);
    if (assigned && loadsRecord(assigned[2], assigned[3], text)) names.add(assigned[1]);
  }
  return names;
}

const NAME_USE = /(?<![\w$.@>])\$?([A-Za-z_]\w*)(?![\w$])/g;
/** A name followed by these is a field read, a call, a key or a label, not the whole value. */
const NOT_WHOLE_AFTER = /^\s*(?:\??\.|!\.|->|\[|\(|::|:(?!:)|=(?![=>]))/;

/** The whole value turned into text: customer.toString(), user.to_s, member.inspect, dto.ToString(). */
export const CONVERTED_WHOLE = /^\s*\.\s*(?:toString|ToString|to_s|inspect|toJSON|to_json|__str__)\s*(?:\(\s*\))?(?![\w$(.])/;

/** The first record name passed whole to the log in `code` (string literals dropped). */
export function recordValue(code: string, names: Set<string>): Sensitive | null {
  if (names.size === 0) return null;
  NAME_USE.lastIndex = 0;
  for (let m = NAME_USE.exec(code); m; m = NAME_USE.exec(code)) {
    if (!names.has(m[1])) continue;
    const end = m.index + m[0].length;
    if ((NOT_WHOLE_AFTER.test(code.slice(end, end + 3)) && !CONVERTED_WHOLE.test(code.slice(end, end + 24))) || !passedAsValue(code, m.index, m[0].length)) continue;
    return { kind: "pii", value: m[1] };
  }
  return null;
}

/** The authenticated user's record on a JavaScript request (passport, express sessions): req.user, request.user. */
const REQUEST_USER = /(?<![\w$.])(?:req|request)\s*\.\s*user(?![\w$]|\s*(?:\??\.|\[|\(|:|=(?![=>])))/g;

/**
 * A request's whole header set or cookie jar (session cookies and Authorization among them), converted or filtered whole,
 * whatever the request variable is called (request_obj, incoming_req, httpReq, originalRequest).
 */
const WHOLE_HEADERS = /(?<![\w$.])\$?(?:(?:[a-z][a-z0-9]{0,20}_)?(?:req|request)(?:_[a-z0-9]{1,20})?|ctx(?:\.request)?|context\.Request|c\.Request|r|[a-z][a-z0-9]{0,20}(?:Req|Request)(?:[A-Z][a-z0-9]{0,20})?)\s*(?:\.|->)\s*(?:headers|Headers|Header|allHeaders|cookies|Cookies|COOKIES|signedCookies)(?:\s*(?:\.|->)\s*(?:all|to_h|to_hash|toJSON|entries|raw|items|dict|__dict__|select|filter)(?![\w$]))*(?:\s*\(\s*\))?(?!\s*(?:\??\.|->|\[|\())/g;
/** PHP's whole request input or server variables: $_POST, $_REQUEST, $_SERVER (cookies, Authorization) as a value. */
const PHP_INPUT = /\$_(POST|REQUEST|GET|COOKIE|SERVER|FILES)\b(?!\s*(?:\[|\.|->))/g;
/** An HTTP session's id, its bearer credential. */
export const SESSION_ID = /(?<![\w$])(?:(?:session|getSession\s*\(\s*\))\s*\.\s*getId\s*\(\s*\)|(?:req|request)\s*\.\s*sessionID\b|session\s*\.\s*session_key\b|session_id\s*\(\s*\))/g;

function firstPassed(pattern: RegExp, code: string): RegExpExecArray | null {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(code); m; m = pattern.exec(code)) if (passedAsValue(code, m.index, m[0].length)) return m;
  return null;
}

/** Whole values passed to a log call: header sets, PHP request input, session ids, a JavaScript request's user. */
export function wholeValue(code: string, path: string): Sensitive | null {
  const headers = firstPassed(WHOLE_HEADERS, code);
  if (headers) return { kind: "secret", value: headers[0] };
  const session = firstPassed(SESSION_ID, code);
  if (session) return { kind: "secret", value: session[0] };
  const input = firstPassed(PHP_INPUT, code);
  if (input) return { kind: /COOKIE|SERVER/.test(input[1]) ? "secret" : "pii", value: input[0] };
  if (/\.(?:[cm]?[jt]sx?)$/.test(path)) {
    const user = firstPassed(REQUEST_USER, code);
    if (user) return { kind: "pii", value: user[0] };
  }
  return null;
}

/** PHP output buffering: a dump of request input captured (ob_start; var_dump($_POST)) and then logged (ob_get_clean()). */
const DUMP_OF_INPUT = /\b(?:var_dump|print_r|var_export|debug_zval_dump)\s*\(\s*(?:\$_(?:POST|REQUEST|GET|COOKIE|SERVER)\b|\$request\b)/;
export function capturedDump(code: string, before: string[]): Sensitive | null {
  if (!/\bob_get_(?:clean|contents)\s*\(/.test(code)) return null;
  return before.some((line) => DUMP_OF_INPUT.test(line)) ? { kind: "pii", value: "ob_get_clean()" } : null;
}

/** Loop variables over a request's headers: foreach (var header in context.Request.Headers), for k, v in request.headers.items(). */
const LOOP = /^\s*for(?:each)?\s*\(?\s*(?:(?:var|const|let|final|auto)\s+)?(?:[A-Z]\w*(?:<[^>]*>)?\s+)?\[?\s*([A-Za-z_]\w*)\s*(?:,\s*([A-Za-z_]\w*))?\s*\]?\s*\)?\s+(?:in|of|:)\s+(.+)$/;
const HEADER_SOURCE = /(?:req|request|Request|ctx|r)\s*(?:\.|->)\s*(?:headers|Headers|Header)\b/;
const SESSION_ID_ASSIGNED = /^\s*(?:(?:const|let|var|val|final|auto|String|string)\s+)?\$?([A-Za-z_]\w*)\s*(?::=|=(?![=>~]))\s*(.+)$/;

/** Variables holding a credential by where they come from: loops over a request's headers, an HTTP session's id. */
export function credentialNames(lines: string[]): Map<string, "secret"> {
  const names = new Map<string, "secret">();
  for (const text of lines) {
    if (text.length > 300) continue;
    const loop = /\bfor/.test(text) ? LOOP.exec(text) : null;
    if (loop && HEADER_SOURCE.test(loop[3])) names.set(loop[2] ?? loop[1], "secret");
    const assigned = /ession/.test(text) ? SESSION_ID_ASSIGNED.exec(text) : null;
    SESSION_ID.lastIndex = 0;
    if (assigned && SESSION_ID.test(assigned[2])) names.set(assigned[1], "secret");
  }
  return names;
}

/** A request's whole submitted input (form, body, query), the source a loop or a binding below reads from. */
const FORM_SOURCE = /^(?:Object\s*\.\s*(?:entries|values)\s*\(\s*)?(?:\$?req|request|ctx\.Request|c\.Request|r)\s*(?:\.|->)\s*(?:Form|PostForm|MultipartForm\s*\.\s*Value|URL\s*\.\s*Query\s*\(\s*\)|form|body|values|args|POST|GET|json|data|params|query)\b/;
/** Go's `for k, v := range r.Form {` (the value is the second name). */
const GO_RANGE = /^\s*for\s+([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*:=\s*range\s+(.+)$/;
/** Go's `if name, ok := r.Form["name"]; ok {`: the first name holds the submitted value. */
const GO_IF_BINDING = /^\s*if\s+([A-Za-z_]\w*)\s*,\s*\w+\s*:=\s*([^;]+);/;

/**
 * Variables holding a person's submitted input by where they come from: the values of a loop over a request's form,
 * body or query (`for k, v := range r.Form`, `for key, value in request.form.items()`, `for (const [k, v] of
 * Object.entries(req.body))`) and a value bound from it (`if name, ok := r.Form["name"]; ok`).
 */
export function requestInputNames(lines: string[]): Map<string, "pii"> {
  const names = new Map<string, "pii">();
  for (const text of lines) {
    if (text.length > 300 || !/\bfor|\bif\b/.test(text)) continue;
    const go = GO_RANGE.exec(text);
    if (go && FORM_SOURCE.test(go[3].trim())) { names.set(go[2], "pii"); continue; }
    const loop = LOOP.exec(text);
    // A loop with one name walks the keys (field names); the second name is the submitted value.
    if (loop?.[2] && FORM_SOURCE.test(loop[3].trim())) { names.set(loop[2], "pii"); continue; }
    const bound = GO_IF_BINDING.exec(text);
    if (bound && FORM_SOURCE.test(bound[2].trim())) names.set(bound[1], "pii");
  }
  return names;
}

/**
 * Reads of an environment variable (process.env.STRIPE_SECRET_KEY, os.getenv("DB_PASSWORD"), ENV["API_TOKEN"],
 * System.getenv("..."), Laravel's env('...')) whose name names a secret, rewritten to that name so the words of the
 * name are read like any identifier's. A read only tested (`process.env.KEY ? "set" : "missing"`, `!!`, `.length`)
 * is left as it is, and so are names that are not a secret's (NODE_ENV, PORT, DATABASE_HOST).
 */
const ENV_READ = /(?<![\w$.])(?:process\s*\.\s*env|import\s*\.\s*meta\s*\.\s*env|Deno\s*\.\s*env\s*\.\s*get|os\s*\.\s*environ(?:\s*\.\s*get)?|os\s*\.\s*getenv|System\s*\.\s*getenv|Environment\s*\.\s*GetEnvironmentVariable|getenv|ENV(?:\s*\.\s*fetch)?|env)\s*(?:\.\s*([A-Z][A-Z0-9_]*)\b|\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\]|\(\s*["']([A-Z][A-Z0-9_]*)["'][^()]{0,40}\))/g;
const ONLY_TESTED = /^\s*(?:\?(?![.?])|&&|\|\||[!=]==?|\.\s*(?:length|startsWith|endsWith|includes)\b)/;

export function envSecretsAsNames(raw: string, isSecret: (name: string) => boolean): string {
  if (!/env|ENV|getenv/.test(raw)) return raw;
  return raw.replace(ENV_READ, (all: string, dotted?: string, bracket?: string, called?: string, offset?: number, whole?: string) => {
    const name = dotted ?? bracket ?? called ?? "";
    const after = (whole ?? "").slice((offset ?? 0) + all.length, (offset ?? 0) + all.length + 12);
    const before = (whole ?? "").slice(Math.max(0, (offset ?? 0) - 2), offset ?? 0);
    if (!isSecret(name) || ONLY_TESTED.test(after) || /!\s*$/.test(before)) return all;
    return name;
  });
}

/** PHP's whole request object (Laravel's Request, its request() helper): its text is the request with every input. */
const PHP_REQUEST = /(?<![\w$>:])(?:\$request|request\s*\(\s*\))(?![\w$]|\s*(?:->|\[|::|\?->))/g;

export function wholePhpRequest(code: string, path: string): Sensitive | null {
  if (!/\.php$/i.test(path)) return null;
  const m = firstPassed(PHP_REQUEST, code);
  return m ? { kind: "pii", value: m[0] } : null;
}

/**
 * Handler parameters that the framework fills with the request's whole body or form, by the frameworks' documented
 * bindings: Spring's `@RequestBody T x` (Java and Kotlin), NestJS's `@Body() x`, ASP.NET's `[FromBody] T x` /
 * `[FromForm] T x`, axum's `Json(x): Json<T>` / `Form(x): Form<T>`, actix-web's `x: web::Json<T>` / `web::Form<T>`.
 * Logged whole, such a parameter writes everything the person submitted.
 */
const BODY_PARAMETER = /@RequestBody\s+(?:@\w+(?:\([^()]{0,80}\))?\s+)*(?:final\s+)?(?:[A-Z][\w.]{0,60}(?:<[^<>]{0,80}>)?\s+([a-z_]\w*)|([a-z_]\w*)\s*:)|@Body\s*\([^()]{0,80}\)\s*([A-Za-z_]\w*)|\[\s*From(?:Body|Form)\s*\]\s*[A-Z][\w.]{0,60}(?:<[^<>]{0,80}>)?\??\s+([a-z_]\w*)|\b(?:Json|Form)\s*\(\s*([a-z_]\w*)\s*\)\s*:\s*(?:\w+\s*::\s*)*(?:Json|Form)\s*<|\b([a-z_]\w*)\s*:\s*web\s*::\s*(?:Json|Form)\s*</g;

/**
 * Go handlers that decode the request body into a variable, by the libraries' documented calls:
 * json.NewDecoder(r.Body).Decode(&payload), Gin's c.ShouldBindJSON(&req) / c.Bind(&req), Echo's c.Bind(&req),
 * Fiber's c.BodyParser(&req).
 */
const GO_BODY_DECODE = /\b(?:json|xml)\s*\.\s*NewDecoder\s*\(\s*(?:r|req|request|c\.Request)\s*\.\s*Body\s*\)\s*\.\s*Decode\s*\(\s*&\s*([A-Za-z_]\w*)|\b(?:c|ctx)\s*\.\s*(?:ShouldBind(?:JSON|With|Query)?|Bind(?:JSON)?|MustBindWith|BodyParser)\s*\(\s*&\s*([A-Za-z_]\w*)/;

/** A FastAPI route (or Litestar/Starlette-style decorator) that takes a body: @app.post(, @router.put(. */
const PY_BODY_ROUTE = /^\s*@\w+(?:\.\w+)*\.(?:post|put|patch)\s*\(/;
/** A parameter typed with a model class (the body), not one filled by a dependency or the framework's own objects. */
const PY_MODEL_PARAMETER = /(?:^|[,(]\s*)([a-z_]\w*)\s*:\s*([A-Z]\w*)\s*(?=[,)]|$)/g;
const PY_FRAMEWORK_TYPE = /^(?:Request|Response|Session|AsyncSession|BackgroundTasks|WebSocket|UploadFile|File|HTTPAuthorizationCredentials|HTTPBasicCredentials|SecurityScopes|Annotated|Optional|List|Dict|Any|Union|Query|Path|Header|Cookie|Depends|Form|Body|str|int|float|bool|UUID|datetime|date)$/;

/**
 * Django REST framework serializer methods, by its documented signatures: `create(self, validated_data)`,
 * `update(self, instance, validated_data)` and `validate(self, attrs)` are handed the request's whole deserialised input.
 */
const DRF_INPUT_PARAMETER = /^\s*def\s+(?:(?:create|update)\s*\(\s*self\s*,\s*(?:instance\s*,\s*)?(validated_data)|validate\s*\(\s*self\s*,\s*(attrs))\b/;

/** Names a handler's signature binds to the request's whole body or form (see BODY_PARAMETER), and Go's decoded bodies. */
export function requestBodyNames(lines: string[]): Map<string, "pii"> {
  const names = new Map<string, "pii">();
  let route = false;
  for (const text of lines) {
    const drf = /def\s/.test(text) ? DRF_INPUT_PARAMETER.exec(text) : null;
    if (drf) names.set(drf[1] ?? drf[2], "pii");
    // FastAPI: under @app.post(...), a `def` parameter typed with a model class is the request body.
    if (PY_BODY_ROUTE.test(text)) { route = true; continue; }
    if (route && /^\s*(?:async\s+)?def\s/.test(text) && text.length < 400) {
      for (const m of text.matchAll(PY_MODEL_PARAMETER)) if (!PY_FRAMEWORK_TYPE.test(m[2])) names.set(m[1], "pii");
    }
    if (!/^\s*@/.test(text)) route = false;
    const decoded = text.length < 300 && /Decode|Bind|BodyParser/.test(text) ? GO_BODY_DECODE.exec(text) : null;
    if (decoded) names.set(decoded[1] ?? decoded[2], "pii");
    if (text.length > 400 || !/Body|From(?:Body|Form)|Json|Form/.test(text)) continue;
    BODY_PARAMETER.lastIndex = 0;
    for (const m of text.matchAll(BODY_PARAMETER)) {
      const name = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6];
      if (name) names.set(name, "pii");
    }
  }
  return names;
}

/** Words that end a function's name after the person it is about: getUserName, updateCustomerProfile, fetchPatientInfo. */
const ABOUT_PERSON = new Set(["name", "names", "info", "details", "detail", "profile", "data", "record"]);
/** A function's head and its parameter list: `getUserName(String name)`, `def create_user(self, name, email):`. */
const SIGNATURE = /([A-Za-z_]\w*)\s*\(([^()]{1,200})\)\s*(?:\{|:|=>|->|throws\b|$)/;
/** A parameter called `name` in the list, with or without a type (String name, name: str, name string, $name). */
const NAME_PARAMETER = /(?:^|[,(]\s*)(?:[A-Z]\w*\s+)?\$?(name)\s*(?:[,):=]|\s+\*?[a-z]\w*\s*(?:,|$)|$)/;

/**
 * A parameter `name` of a function about a person (getUserName(String name), createCustomer(name, email),
 * def register_patient(name)) holds that person's name. Functions about a person's things (addUserGroup, getUserRoleName)
 * are not: the person noun must be the last word of the name, or be followed only by words like name, info, profile.
 */
export function personNameParameters(lines: string[]): Map<string, "pii"> {
  const names = new Map<string, "pii">();
  for (const text of lines) {
    if (text.length > 300 || !/name/.test(text)) continue;
    const signature = SIGNATURE.exec(text);
    if (!signature || !NAME_PARAMETER.test(signature[2])) continue;
    const words = splitWords(signature[1]);
    let end = words.length;
    while (end > 1 && ABOUT_PERSON.has(words[end - 1])) end--;
    if (end > 0 && PERSON.has(words[end - 1])) names.set("name", "pii");
  }
  return names;
}

/** Go's `for k, v := range r.Header {`: the second name holds a header's values (Authorization and Cookie among them). */
const GO_HEADER_RANGE = /^\s*for\s+([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*:=\s*range\s+(?:r|req|request|c\.Request)\s*\.\s*Header\s*\{?\s*$/;
export function goHeaderLoopNames(lines: string[]): Map<string, "secret"> {
  const names = new Map<string, "secret">();
  for (const text of lines) {
    const m = text.length < 200 && text.includes("range") ? GO_HEADER_RANGE.exec(text) : null;
    if (m) names.set(m[2], "secret");
  }
  return names;
}

/** Whole request values inside a right-hand side, for the data flow: `'...' . var_export($_POST, 1)`, `JSON.stringify(req.body)`. */
const REQUEST_VALUE = /(?<![\w$.])(?:req|request)\s*\.\s*(?:body|form|json|data|POST|query|params)(?![\w$]|\s*(?:\??\.|\[|\())/g;
/** A Django form's whole submitted and cleaned input: form.cleaned_data, self.cleaned_data. */
const CLEANED_DATA = /(?<![\w$])(?:[a-z_]\w*\s*\.\s*)?cleaned_data(?![\w$]|\s*(?:\??\.|\[|\())/g;
/**
 * Rails' whole request parameters in a Ruby file: a bare `params`, or a controller's strong-parameters method by the
 * Rails convention (Action Controller Overview, "Strong Parameters": `def person_params; params.require(:person)
 * .permit(...)`), called bare and maybe converted whole (`user_params`, `user_params.to_h`, `signup_params.inspect`).
 * Either is every field the person submitted. Paging and sorting helpers (`page_params`, `sort_params`) hold no input
 * of a person's.
 */
const RUBY_PARAMS = /(?<![\w$.@:])(?:params|(?!(?:page|paging|pagination|sort|order|per_page|filter|filters)_params\b)[a-z]\w*_params)(?:\s*\.\s*(?:to_h|to_hash|to_unsafe_h|to_json|as_json|inspect))?(?![\w$?!]|\s*(?:\[|\.|\(|:|=(?![=>])))/g;
/**
 * Go's parsed request form taken whole in a .go file (`r.Form`, `r.PostForm`, `r.MultipartForm`, net/http's documented
 * fields): printed, it is every field the person submitted. (`r.Body` printed is the stream's address, not its text.)
 */
const GO_REQUEST_INPUT = /(?<![\w$.])(?:r|req|request|c\s*\.\s*Request)\s*\.\s*(?:Form|PostForm|MultipartForm)(?![\w$]|\s*(?:\??\.|\[|\())/g;
/** A Django REST framework serializer's whole input in a .py file: `self.initial_data` (as submitted), `self.validated_data`. */
const DRF_SERIALIZER_INPUT = /(?<![\w$.])self\s*\.\s*(?:initial_data|validated_data)(?![\w$]|\s*(?:\??\.|\[|\())/g;
/**
 * Plug's (Phoenix, Elixir) whole request input in an .ex/.exs file: `conn.params` (path, query and body parameters merged,
 * Plug.Conn's documented field), `conn.body_params`, `conn.query_params`. Printed (`inspect(conn.params)`), it is every
 * field the person submitted, credentials included.
 */
const PLUG_CONN_INPUT = /(?<![\w$.])conn\s*\.\s*(?:params|body_params|query_params)(?![\w$]|\s*(?:\??\.|\[|\())/g;
/**
 * A Python request object's whole attribute table in a .py file: `request.__dict__`, `vars(request)` (also `req`,
 * `incoming_request`). Django's HttpRequest keeps META (HTTP_COOKIE, HTTP_AUTHORIZATION), COOKIES, the body and the
 * session there; Flask's and Starlette's request keep the WSGI/ASGI environ or scope with every header. Printed, it
 * writes the session cookie and Authorization with everything the person submitted.
 */
const PY_REQUEST_ATTRIBUTES = /(?<![\w$.])(?:[a-z][a-z0-9]{0,20}_)?(?:req|request)(?:_[a-z0-9]{1,20})?\s*\.\s*__dict__(?![\w$]|\s*(?:\??\.|\[|\())|\bvars\s*\(\s*(?:[a-z][a-z0-9]{0,20}_)?(?:req|request)(?:_[a-z0-9]{1,20})?\s*\)/g;
export function wholeRequestValue(code: string, path: string): Sensitive | null {
  const whole = wholeValue(code, path) ?? wholePhpRequest(code, path);
  if (whole) return whole;
  const attributes = /\.py$/.test(path) && (code.includes("__dict__") || code.includes("vars")) ? firstPassed(PY_REQUEST_ATTRIBUTES, code) : null;
  if (attributes) return { kind: "secret", value: attributes[0] };
  const m = firstPassed(REQUEST_VALUE, code) ?? (code.includes("cleaned_data") ? firstPassed(CLEANED_DATA, code) : null) ?? (/\.rb$/.test(path) && code.includes("params") ? firstPassed(RUBY_PARAMS, code) : null) ?? (/\.go$/.test(path) && code.includes("Form") ? firstPassed(GO_REQUEST_INPUT, code) : null) ?? (/\.py$/.test(path) && code.includes("_data") ? firstPassed(DRF_SERIALIZER_INPUT, code) : null) ?? (/\.exs?$/.test(path) && code.includes("conn") ? firstPassed(PLUG_CONN_INPUT, code) : null);
  return m ? { kind: "pii", value: m[0] } : null;
}

/**
 * A JavaScript or TypeScript handler's incoming request object, by the frameworks' handler signatures: Express and
 * Connect middleware `(req, res, next)`, Fastify `(request, reply)`, NestJS middleware `use(req: Request, res:
 * Response, next)`, Next.js route handlers `POST(request: NextRequest)`. Printed whole (console.log and Node loggers
 * format it with util.inspect; pino's `req` serializer keeps the headers), it writes every header, Authorization and
 * Cookie among them. An untyped single `(req)` (an array callback's item) is not taken for one.
 */
const HANDLER_REQUEST = /[(,]\s*(req|request)\s*(?::\s*(?:[A-Za-z_]\w*\s*\.\s*)?(?:Request|IncomingMessage|NextRequest|NextApiRequest|FastifyRequest)\b(?:<[^<>()]{0,80}>)?\s*(?=[,)])|(?=,\s*(?:res|response|reply)\b))/;
export function handlerRequestNames(lines: string[], path: string): Map<string, "secret"> {
  const names = new Map<string, "secret">();
  if (!/\.(?:[cm]?[jt]sx?)$/.test(path)) return names;
  for (const text of lines) {
    const m = text.length < 300 && /req/.test(text) ? HANDLER_REQUEST.exec(text) : null;
    if (m) names.set(m[1], "secret");
  }
  return names;
}

/** Node's request stream: `req.on('data', (chunk) => ...)` hands the callback the request body's chunks. */
const BODY_CHUNK = /\b(?:req|request)\s*\.\s*on\s*\(\s*["']data["']\s*,\s*(?:async\s+)?(?:function\s*\w*\s*)?\(?\s*([A-Za-z_$][\w$]*)/;
export function requestChunkNames(lines: string[]): Map<string, "pii"> {
  const names = new Map<string, "pii">();
  for (const text of lines) {
    const m = text.length < 300 && text.includes("data") ? BODY_CHUNK.exec(text) : null;
    if (m) names.set(m[1], "pii");
  }
  return names;
}

/** Verbs of sending a message to someone, and what is sent: sendSms(to, body), send_email(to, ...), deliverOtp(to). */
const SEND_VERB = new Set(["send", "deliver", "dispatch", "notify", "text"]);
// Not "message" or "notification": a chat's or a push service's `to` is often a room, a channel or a device.
const SENT_THING = new Set(["sms", "text", "mail", "email", "otp", "whatsapp", "code", "verification", "reminder", "invite", "invitation"]);
/** A recipient parameter: `to`, `recipient`, `number` (typed or not). */
const RECIPIENT_PARAMETER = /(?:^|[,(]\s*)(?:[A-Z]\w*\s+)?\$?(to|recipient|number|toNumber|to_number)\s*(?:[,):=?]|\s+\*?[a-z]\w*\s*(?:,|$)|$)/;

/**
 * The recipient of a function that sends a text or a mail (sendSMS(to, body), send_email(to, subject)) is a phone
 * number or an email address: logged, it is a person's contact detail.
 */
export function recipientParameters(lines: string[]): Map<string, "pii"> {
  const names = new Map<string, "pii">();
  for (const text of lines) {
    if (text.length > 300 || !/\b(?:to|recipient|number|to_?[Nn]umber)\b/.test(text)) continue;
    const signature = SIGNATURE.exec(text);
    const recipient = signature ? RECIPIENT_PARAMETER.exec(signature[2]) : null;
    if (!signature || !recipient) continue;
    const words = splitWords(signature[1]);
    if (words.some((w) => SEND_VERB.has(w)) && words.some((w) => SENT_THING.has(w))) names.set(recipient[1], "pii");
  }
  return names;
}

/** Verbs of writing out and the function named for writing out a secret: printToken(tok), logPassword, dumpCredentials. */
const PRINT_VERB = new Set(["print", "log", "dump", "show", "display", "debug", "echo", "trace", "write", "output"]);
/**
 * The name of an enclosing function (in the lines before the call) that says it writes out a secret: its prints
 * write that secret (printToken's fmt.Println(name+":", f.String())).
 */
export function printsSecretFunction(lines: string[], classify: (words: string[]) => "pii" | "secret" | null): string | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const text = lines[i];
    if (text.length > 300 || !/\b(?:func|function|def|fn|fun|void|static|private|public|protected)\b/.test(text)) continue;
    const signature = SIGNATURE.exec(text);
    if (!signature) continue;
    const words = splitWords(signature[1]);
    // The nearest function head decides: a print of a secret, or not.
    return words.length > 1 && PRINT_VERB.has(words[0]) && classify(words.slice(1)) === "secret" ? signature[1] : null;
  }
  return null;
}

/** A person's record's name read: user.getName(), customer.name, member.getFullName(), patient.DisplayName. */
const NAME_FIELD = String.raw`\s*(?:\??\.|->)\s*(?:get_?)?(?:[Ff]ull_?|[Dd]isplay_?)?[Nn]ame\b(?!\s*[:=](?!=))`;
export function recordNameField(code: string, names: Set<string>): Sensitive | null {
  if (names.size === 0 || !/[Nn]ame\b/.test(code)) return null;
  const alternatives = [...names].filter((n) => /^[A-Za-z_]\w*$/.test(n)).join("|");
  if (!alternatives) return null;
  const m = new RegExp(String.raw`(?<![\w$.])(?:${alternatives})` + NAME_FIELD).exec(code);
  return m && passedAsValue(code, m.index, m[0].length) ? { kind: "pii", value: m[0] } : null;
}

/**
 * An e-mail's recipients read off the message (JavaMail's Message.getRecipients, Spring's SimpleMailMessage.getTo(),
 * Nodemailer's `to`, Python's EmailMessage["To"] read as .to, SES's Destination.ToAddresses): addresses of people. Read
 * only off a mail-named receiver (mail, email, mailRequest, message in a mail file) or anywhere in a file named for mail
 * (SqsEmailClient.java, mailer.ts, email_service.py); a `to` elsewhere is a range's end or a chat's room.
 */
const RECIPIENT_READ = /(?<![\w$.])\$?([A-Za-z_][\w$]{0,40})\s*(?:\??\.|->)\s*(?:getTo|getRecipients?|getToAddress(?:es)?|getToEmail|getCc|getBcc|to|cc|bcc|recipients?|toAddress(?:es)?|to_address(?:es)?|to_email|toEmail|ToAddresses)(?![\w$])(?:\s*\(\s*\))?(?!\s*(?:\??\.|->|\[|\())/g;
const MAIL_RECEIVER = /mail|letter|envelope/i;
const MAIL_FILE = /(?:^|\/)[^/]*(?:mail|smtp|sendgrid|postmark|mailgun)[^/]*$/i;
export function mailRecipient(code: string, path: string): Sensitive | null {
  if (!/\b(?:get)?(?:to|To|cc|Cc|bcc|Bcc|recipients?|Recipients?)\b|[tT]o(?:Address|Email|_address|_email|Addresses)/.test(code)) return null;
  const mailFile = MAIL_FILE.test(path);
  RECIPIENT_READ.lastIndex = 0;
  for (let m = RECIPIENT_READ.exec(code); m; m = RECIPIENT_READ.exec(code)) {
    if (!(mailFile || MAIL_RECEIVER.test(m[1])) || !passedAsValue(code, m.index, m[0].length)) continue;
    return { kind: "pii", value: m[0] };
  }
  return null;
}
