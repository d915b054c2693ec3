// A query's scoping to the caller removed (broken object-level authorisation, tenant isolation), in any language:
// a removed line whose query or filter carries an identity key (user, owner, account, tenant, org, workspace, team,
// company, customer, creator, author, with or without an id suffix) compared to the current principal
// (`.filter(owner=request.user)`, `where: { id, userId: session.user.id }`, `->where('user_id', auth()->id())`,
// `.Where(x => x.TenantId == userId)`), a lookup through the principal's association
// (`current_user.orders.find(params[:id])`, `$user->orders()->findOrFail($id)`), an SQL condition on such a key
// (`AND org_id = $2`), or a derived query named for it (`findByIdAndOwnerId(id, ownerId)` -> `findById(id)`).
// Not: the same key or the principal still on an added line of the hunk (a rewrite, the filter moved into a helper the
// added line calls with the principal, a policy scope), an admin-only rewrite, a creation (`save(owner=request.user)`),
// the query leaving with its function, test files and docs.
import type { RawFinding } from "../raw-finding.js";
import { candidateLines, compact, hunkBounds, insideRemovedFunction, type FileDiff } from "../file-diff.js";
import type { DiffLine } from "../../diff/parse-patch.js";
import { isCodeKind } from "../../diff/classify-file.js";
import { planFor } from "../line-scan.js";

/** The removed lines that may name an identity key; g and m flags for candidateLines. */
const PREFILTER = /user|owner|account|tenant|org|workspace|team|company|customer|creator|author/gim;
const MAX_LINE = 400;
const COMMENT = /^\s*(?:\/\/|#(?!\[)|\*|\/\*|--\s|<!--)/;

/** The key, with its table or alias (`Item.owner_id`, `"ownerId"`, `'user_id'`, `todo.UserId`) and the comparison after it. */
const KEY_COMPARED = /["'`]?\b(user|owner|account|tenant|org|organi[sz]ation|workspace|team|company|customer|creator|author|created_?by)(?:_?id|_?ID|Id)?["'`]?\s*(?:===?|=>|[:=,])\s*(?:["']=["']\s*,\s*)?/gi;
/** The current principal, as each framework spells it (a session's user or its id: `session.user`, `session.userId`). */
const PRINCIPAL = /^(?:\(\s*)?(?:await\s+)?(?:(?:self\.)?request\.user\b|@?current_user\b|currentUser\b|auth\(\)\s*->\s*(?:id|user)\s*\(\)|Auth::(?:id|user)\s*\(\)|\$(?:this->)?request->user\(\)|\$this->user\b|session\??\.user(?:_?[iI][dD])?\b|req\.(?:user|auth)\b|ctx\.(?:state\.)?user\b|c\.(?:user|MustGet|Get)\b|principal\b|g\.user\b|flask_login\.current_user\b|current_(?:tenant|org|organi[sz]ation|workspace|account|team|company)\b|current(?:Tenant|Org|Organi[sz]ation|Workspace|Account|Team|Company)\b|_?tenant(?:Context|Provider|Service|Accessor)?\??\.(?:Id|TenantId|id|tenantId|CurrentTenant\w*)\b|User\.(?:FindFirst(?:Value)?|Identity)\b|(?:get_?)?current_?user\s*\(|getCurrentUser\s*\(|owner\.(?:id|pk)\b)/;
/** An identifier holding the principal's id (`userId`, `current_user_id`, `tenantId`, `orgId`), also as a field (`_tenantId`, `this.tenantId`). */
const PRINCIPAL_ID = /^(?:(?:_|this\.|self\.|this->|\$this->)?\$?(?:current_?)?(?:user|tenant|org|organi[sz]ation|workspace|account|team|company|owner)(?:_?|\.)(?:id|Id|ID)|\$?(?:current|auth|logged_?in|signed_?in)_?(?:User|user)_?(?:Id|id|ID)|uid)\b(?!\s*[.(\[])/;
/** Where a principal is assigned to a local name (`user = self.request.user`, `$user = Auth::user();`, `const { userId } = auth()`). */
const ALIAS_ASSIGNED = /(\$?[A-Za-z_]\w*)\s*(?::\s*[\w<>?.[\]]{1,40}\s*)?=\s*(?!=)/g;
const DESTRUCTURED = /\{\s*([\w\s,]{1,80})\}\s*=\s*(?:await\s+)?(?:auth|currentUser|getAuth|useAuth)\s*\(/;
/** A lookup through the principal's association (has_many / hasMany). */
const ASSOCIATION = /^\s*(?:\.|->)\s*([a-z]\w*s)(?:\(\))?\s*(?:\.|->)\s*(?:find(?:_by!?|OrFail|OrNew|_each)?|where|first(?:OrFail)?|get|all|includes|order|latest|paginate|exists\??|select|pluck|count|filter|find_or_initialize_by|destroy|update)\b/;
/** An SQL condition on an identity key bound to a parameter (`AND tb.organization_id = $2`, `AND "ownerId"=$3`). */
const SQL_KEY = /\b(?:AND|WHERE)\s+(?:["`]?\w+["`]?\.)?["`]?(?:user|owner|account|tenant|org|organi[sz]ation|workspace|team|company|customer|creator|author)_?id["`]?\s*=\s*(?:\$\d+|\?|:\w+|@\w+|%s|\$\{\s*[\w.]+\s*\})/i;
/** A where call whose condition is an SQL string on an identity key with one placeholder; group 2 is the bound value. */
const WHERE_PLACEHOLDER = /\b[Ww]here(?:Raw)?\s*\(\s*["'`](?:\w+\.)?["`]?(user|owner|account|tenant|org|organi[sz]ation|workspace|team|company|customer|creator|author)_?id["`]?\s*=\s*(?:\?|\$\d+|:\w+|@\w+)\s*["'`]\s*,\s*\[?\s*([^,)\]\n]{1,80})/i;
/**
 * A JavaScript/TypeScript shorthand property naming an identity key (`where: { id, userId }`, a line `      tenantId,`):
 * `userId` stands for `userId: userId`, the key compared to the variable holding the caller's (or scope's) id.
 */
const SHORTHAND_KEY = /(?:^|[{,])\s*((?:user|owner|account|tenant|org|organi[sz]ation|workspace|team|company|customer|creator|author)(?:Id|ID|_id))\s*(?=[,}]|$)/g;
/** A derived query named for the key (`findByIdAndOwnerId(`, `getByIdAndUserId(`, `existsByIdAndTenantId(`). */
const DERIVED_NAME = /\b((?:find|get|exists|count|delete|read|query|search|load)[A-Za-z]{0,60}By[A-Za-z]{1,80})\s*\(/g;
const DERIVED_KEY = /(?:By|And)(User|Owner|Account|Tenant|Org|Organi[sz]ation|Workspace|Team|Company|Customer|Creator|Author)(?:Id|ID)?(?=And|Or|OrderBy|$)/;

/** Spring Data's and similar repositories' call for every row (`repo.findAll()`, `getAll()`, `listAll()`). */
const UNSCOPED_FIND = /\.(?:findAll|getAll|listAll|fetchAll)\s*\(\s*\)/;

/** The identity key a derived query call on the line is named for, and whether the line calls a derived query at all. */
function derivedQuery(text: string): { key?: KeyClass; call: boolean } {
  DERIVED_NAME.lastIndex = 0;
  let call = false;
  for (let m = DERIVED_NAME.exec(text); m; m = DERIVED_NAME.exec(text)) {
    call = true;
    const key = DERIVED_KEY.exec(m[1])?.[1];
    if (key) return { key: keyClass(key), call };
  }
  return { call };
}
/**
 * A helper called with the principal's id (`return fetchInboxWithTransaction(db, id, teamId)`): the filter moved into it,
 * keyed by the same identity; also as a member (`workspace.id` for `workspaceId`).
 */
const PRINCIPAL_ARGUMENT = /(?:[(,]|^)\s*(?:current_?)?(user|tenant|org|organi[sz]ation|workspace|account|team|company|owner)(?:_?|\.)(?:id|Id|ID)\s*(?=[,)])/g;
/** A log or print call (`console.log('Delete org check:', { orgId, userId: currentUserId })`, PL/pgSQL's
 * `PERFORM public.pg_log('deny', ...)` and `RAISE NOTICE`) reads no records. */
const LOG_CALL = /^\s*(?:console\.\w+|(?:this\.)?_?(?:log|logger|logging)\.\w+|print(?:ln|f)?|puts|Log\.\w+|PERFORM\s+(?:\w+\.)?\w*_log)\s*\(|^\s*RAISE\s+(?:LOG|NOTICE|INFO|DEBUG|WARNING)\b/;

/** The line reads records (a query or filter, or EF Core's global `HasQueryFilter` on an entity), not one that creates them. */
const QUERY_CALL = /(?:\.|->|::)\s*(?:filter|filter_by|exclude|where\w*|Where|find\w*|get|first\w*|FirstOrDefault\w*|Single\w*|Any\w*|query|select|count|exists|update\w*|delete\w*|destroy\w*|HasQueryFilter)\s*\(|\bget_object_or_404\s*\(|\bget_list_or_404\s*\(|\bwhere\s*:|\bWHERE\b|\bAND\s*:|\.objects\.|\bfind(?:Many|First|Unique|One)\w*\s*\(/;
const CREATION = /\b(?:save|create|insert|build|new|add|push|assign)\w*\s*\(|\bdata\s*:/;
/** Where a multi-line Prisma/TypeORM object belongs: `where:` reads, `data:` writes. */
const OBJECT_ROLE = /\b(where|data|create|update|select|include|orderBy|values)\s*:/;
/** Added lines that keep the caller's scope another way: a policy scope, an ability, an admin-only gate, a helper of the
 * app's own that checks access (`access.bookmark_write(request, id)`, `ensure_owner(...)`, `checkProjectAccess(...)`). */
const KEPT_OTHERWISE = /\baccess\.\w+\s*\(|\b(?:check|ensure|assert|require|verify|authori[sz]e|can)(?:_|(?=[A-Z]))\w{0,30}?(?:[Aa]ccess|[Oo]wner(?:ship)?|[Pp]ermissions?|[Mm]ember(?:ship)?)\w*\s*\(|\bpolicy_scope\s*\(|\baccessible_by\s*\(|\bauthorize!?\s*[(@:]|\b(?:for_user|owned_by|visible_to|visible|accessible_to|scoped_to|by_owner|for_owner|for_tenant|for_account|mine)\s*\(|\bIsAdminUser\b|\bis_superuser\b|\bis_staff\b|\bstaff_member_required\b|\badmin_required\b|\bisAdmin\b|\bhasRole\b|\bRoles\s*=|@PreAuthorize\b|\bGate::|->can\s*\(/;
/** A test of the caller's own rows rather than a fetch (`liked = Like.objects.filter(user=request.user, post=p).exists()`),
 * or the opposite of a scope (`exclude(user=request.user)`): removing it widens nothing. */
const NOT_A_FETCH = /(?:\.|->)\s*(?:exists\??|count|Any|Count|doesntExist)\s*\(|\bexclude\s*\(|\bwhereNot\w*\s*\(|\.not\s*\(|\b(?:get_or_create|update_or_create|firstOrCreate|updateOrCreate|find_or_create_by|upsert)\b/;
/** A write ending the statement (`...filter(user=request.user, pk=pk).delete()`): removed with nothing added, it stops writing. */
const TERMINAL_WRITE = /(?:\.|->)\s*(?:delete|destroy|update|remove|increment|decrement|del)\w*\s*\([^()]*\)\s*[;)]*\s*$/;

type KeyClass = string;

/** The names the file assigns the principal to, read once per file. */
const aliasCache = new WeakMap<FileDiff, Set<string>>();
const ALIAS_PREFILTER = /request\.user|current_?user|auth\(\)|Auth::|->user\(\)|session|principal|FindFirst|getCurrentUser|req\.user|ctx\.|tenant/i;
/**
 * The same, for candidateLines() on the added and removed side: its literals are found by the shared literal pass,
 * so only context lines run the regex. Planned when this module loads (a file's first aliasesOf() may come late).
 */
const ALIAS_SCAN = new RegExp(ALIAS_PREFILTER.source, "gim");
planFor(ALIAS_SCAN);

function aliasesOf(diff: FileDiff): Set<string> {
  let aliases = aliasCache.get(diff);
  if (aliases) return aliases;
  aliases = new Set<string>();
  const onSide = new Set<number>(candidateLines(diff.added, ALIAS_SCAN));
  for (const index of candidateLines(diff.removed, ALIAS_SCAN)) onSide.add(index);
  const { lines } = diff;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const text = line.text;
    if (text.length > MAX_LINE || !(line.kind === " " ? ALIAS_PREFILTER.test(text) : onSide.has(i))) continue;
    const destructured = DESTRUCTURED.exec(text);
    if (destructured) for (const name of destructured[1].split(",")) if (name.trim()) aliases.add(name.trim());
    ALIAS_ASSIGNED.lastIndex = 0;
    const m = ALIAS_ASSIGNED.exec(text);
    if (m && PRINCIPAL.test(text.slice(m.index + m[0].length))) aliases.add(m[1]);
  }
  aliasCache.set(diff, aliases);
  return aliases;
}

function keyClass(word: string): KeyClass {
  const w = word.toLowerCase();
  if (w === "org" || w.startsWith("organi")) return "organization";
  if (w === "created_by" || w === "createdby") return "creator";
  return w;
}

/** Whether the text right after a comparison is the principal, a name holding it, or the principal's id. */
function isPrincipalValue(rest: string, aliases: Set<string>): boolean {
  if (PRINCIPAL.test(rest) || PRINCIPAL_ID.test(rest)) return true;
  const root = /^(?:\(\s*)?(?:await\s+)?(\$?[A-Za-z_]\w*)/.exec(rest)?.[1];
  return root !== undefined && aliases.has(root) && !/^\$?\w+\s*\(/.test(rest);
}

/** The identity keys a line scopes by, each with the principal it is compared to; the association form counts as "user". */
function scopeKeys(text: string, aliases: Set<string>, shorthand: boolean): KeyClass[] {
  const keys: KeyClass[] = [];
  KEY_COMPARED.lastIndex = 0;
  for (let m = KEY_COMPARED.exec(text); m; m = KEY_COMPARED.exec(text)) {
    // Compared by a comma (`eq(inbox.teamId, teamId)`, `where('user_id', userID)`), the key is a column: qualified by its
    // table or quoted. Two bare names in a row (`check_permission(v_perm, user_id, org_id)`) are just arguments.
    if (m[0].trimEnd().endsWith(",") && !/^["'`]/.test(m[0]) && text[m.index - 1] !== ".") continue;
    if (isPrincipalValue(text.slice(m.index + m[0].length), aliases)) keys.push(keyClass(m[1]));
  }
  // Shorthand properties are JavaScript's: elsewhere (SQL, Python) `, user_id,` is an argument list.
  SHORTHAND_KEY.lastIndex = 0;
  if (shorthand) for (let m = SHORTHAND_KEY.exec(text); m; m = SHORTHAND_KEY.exec(text)) {
    if (PRINCIPAL_ID.test(m[1])) keys.push(keyClass(m[1].replace(/_?(?:id|Id|ID)$/, "")));
  }
  // GORM `Where("user_id = ?", userID)`, ActiveRecord `where("user_id = ?", current_user.id)`, Sequelize/knex
  // `whereRaw('owner_id = ?', [userId])`: the condition a string, the principal bound to its placeholder.
  const bound = WHERE_PLACEHOLDER.exec(text);
  if (bound && isPrincipalValue(bound[2], aliases)) keys.push(keyClass(bound[1]));
  const sql = SQL_KEY.exec(text);
  if (sql) keys.push(keyClass(/(user|owner|account|tenant|org|organi[sz]ation|workspace|team|company|customer|creator|author)_?id["`]?\s*=/i.exec(sql[0])![1]));
  // current_user.orders.find(...), $user->orders()->findOrFail(...): the principal's own records.
  for (const start of principalStarts(text, aliases)) {
    if (ASSOCIATION.test(text.slice(start))) { keys.push("user"); break; }
  }
  return keys;
}

const PRINCIPAL_ANYWHERE = /(?:self\.)?request\.user\b|@?current_user\b|\bcurrentUser\b|\bauth\(\)\s*->\s*user\s*\(\)|\bAuth::user\s*\(\)|\$request->user\(\)/g;

/** Where, on the line, an expression naming the principal ends (for the association form). */
function principalStarts(text: string, aliases: Set<string>): number[] {
  const ends: number[] = [];
  PRINCIPAL_ANYWHERE.lastIndex = 0;
  for (let m = PRINCIPAL_ANYWHERE.exec(text); m; m = PRINCIPAL_ANYWHERE.exec(text)) ends.push(m.index + m[0].length);
  for (const alias of aliases) {
    const at = text.indexOf(`${alias}->`) >= 0 ? text.indexOf(`${alias}->`) : text.indexOf(`${alias}.`);
    if (at >= 0 && (at === 0 || !/[\w$]/.test(text[at - 1]))) ends.push(at + alias.length);
  }
  return ends;
}

/** A lookup through the principal's association (`current_user.projects.order(:name)`): a query whatever its last call. */
function associationLookup(text: string, aliases: Set<string>): boolean {
  return principalStarts(text, aliases).some((start) => ASSOCIATION.test(text.slice(start)));
}

/** A line that opens a condition or a loop: what it compares is already in hand. */
const CONDITION_START = /^\s*(?:\}\s*)?(?:if|elif|elsif|elseif|else\s+if|unless|while)\b/;
/** A line that ends a statement (`...->findOrFail($id) : null;`). */
const STATEMENT_END = /;\s*$/;

/** Whether a removed line reads records: a query call on it, or a `where:` object it belongs to. */
function inQuery(lines: DiffLine[], index: number): boolean {
  const text = lines[index].text;
  if (QUERY_CALL.test(text)) return !(CREATION.test(text) && !/\b(?:where|filter|find\w*|get_object_or_404)\b/i.test(text));
  if (CREATION.test(text)) return false;
  // A condition of its own (`if ($member->user_id === Auth::id()) {`) compares a record already read; it filters no query.
  if (CONDITION_START.test(text)) return false;
  for (let i = index - 1; i >= 0 && i >= index - 5 && lines[i].hunk === lines[index].hunk; i--) {
    // A statement ended above (`$member = Member::query()->findOrFail($id);`): the query is not this line's.
    if (STATEMENT_END.test(lines[i].text)) return false;
    const role = OBJECT_ROLE.exec(lines[i].text)?.[1];
    if (role) return role === "where";
    if (QUERY_CALL.test(lines[i].text)) return !CREATION.test(lines[i].text);
  }
  // The object's opening out of sight above, but a key only a read takes right after it closes (Prisma's and TypeORM's
  // `orderBy:`, `take:`, `skip:`, `cursor:`, `distinct:`): the object closed was the read's `where`.
  let closed = false;
  for (let i = index + 1; i < lines.length && i <= index + 4 && lines[i].hunk === lines[index].hunk; i++) {
    if (lines[i].kind === "+") continue;
    if (/^\s*\}\s*,?\s*$/.test(lines[i].text)) { if (closed) return false; closed = true; continue; }
    return closed && READ_ONLY_KEY.test(lines[i].text);
  }
  return false;
}
/** Keys only a read's arguments hold, beside its `where`. */
const READ_ONLY_KEY = /^\s*(?:orderBy|order|take|skip|cursor|distinct|limit|offset)\s*:/;

/** What a hunk's added lines keep: the identity keys still compared to the principal, the principal itself, another gate. */
interface HunkAdded { keys: Set<KeyClass>; principal: boolean; derived: boolean; any: boolean; query: boolean }

/** How a statement begins: the name it assigns, or `return`/`await`/`yield` with the callee. */
const STATEMENT_HEAD = /^\s*((?:const|let|var|val)\s*[^=]{1,120}?=|(?:return|await|yield)\s+[\w$.]+\s*\(?|\$?\w+(?:\[[^\]]*\])?\s*(?::\s*[\w<>[\]]+\s*)?=|\$?\w+(?:(?:->|\.)\w+)*(?:\s*,\s*\$?\w+)*\s*:?=(?!=))/;
/**
 * The same, and the assignments of Go (`rows, err := s.db.Query(...)`, `x = ...`) and of an object's property
 * (`$this->applications = ...`, `self.items = ...`).
 */
const STATEMENT_START = /^\s*(?:const|let|var|val|await|return|yield|\$?\w+(?:\[[^\]]*\])?\s*(?::\s*[\w<>[\]]+\s*)?=(?![=>]))\b|^\s*(?:const|let|var)\s*[[{]|^\s*\$?\w+(?:(?:->|\.)\w+)*(?:\s*,\s*\$?\w+)*\s*:?=(?![=>])/;
/** A removed block's opening (`if (V5Feature::enabled()) {`, `for rows.Next() {`, `try:`): the statements inside it are removed with it. */
const BLOCK_OPENER = /^\s*(?:\}\s*)?(?:if|else\s*if|elseif|elif|unless|for|foreach|while|try|with)\b[^;]{0,200}[{:]\s*$|^\s*(?:\}\s*)?(?:else|try)\s*[{:]?\s*$/;
/**
 * Whether the removed line belongs to a read statement removed whole (`const [existing] = await db.select()...where(
 * eq(inbox.teamId, teamId))...`, with nothing read in its place): the statement starts on a removed line after a line
 * that ends one (`;`, `{`, `}` or blank), and the query call is among the removed lines. Nothing is fetched any more,
 * so nothing is widened; a scope taken out of a query that stays (a removed `.where(...)` after a kept `.from(t)`) is
 * not this.
 */
function statementRemovedWhole(diff: FileDiff, index: number): boolean {
  const { lines } = diff;
  const hunk = lines[index].hunk;
  let start = index;
  for (let i = index - 1; i >= 0 && i >= index - 30 && lines[i].hunk === hunk && lines[i].kind === "-"; i--) start = i;
  const before = start > 0 && lines[start - 1].hunk === hunk ? lines[start - 1] : undefined;
  if (!before || before.kind === "-" || !(before.text.trim() === "" || /[;{}]\s*$/.test(before.text))) return false;
  let first = start;
  while (first < index && (COMMENT.test(lines[first].text) || lines[first].text.trim() === "" || BLOCK_OPENER.test(lines[first].text))) first++;
  if (!STATEMENT_START.test(lines[first].text)) return false;
  // Rewritten rather than removed when an added line starts the same statement (`return db('todos');` for
  // `return db('todos').where('user_id', userID);`, the same variable assigned again).
  const head = STATEMENT_HEAD.exec(lines[first].text)?.[1];
  if (!head || diff.addedCompact.includes(compact(head))) return false;
  for (let i = first; i <= index; i++) if (QUERY_CALL.test(lines[i].text)) return true;
  return false;
}

/** `name = ` (or `$name = `, `const name = `) at the start of a line: the variable a kept access check's result goes to. */
const CHECKED_ASSIGNMENT = /^\s*(?:(?:const|let|var|val)\s+)?(\$?[A-Za-z_]\w{0,60})\s*(?::\s*[\w<>?.[\]]{1,40}\s*)?=(?![=>])/;
/** Whether `text` passes `name` as an argument of a call: `(name,`, `, name)`, `(name)`. */
function passedToCall(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text.slice(0, at).trimEnd();
    const after = text.slice(at + name.length).trimStart();
    if ((before.endsWith("(") || before.endsWith(",")) && (after.startsWith(",") || after.startsWith(")"))) return true;
  }
  return false;
}

/** Read once per hunk, over the hunk's own lines (`index` is one of them). */
function hunkAdded(diff: FileDiff, index: number, aliases: Set<string>, cache: Map<number, HunkAdded>): HunkAdded {
  const hunk = diff.lines[index].hunk;
  let facts = cache.get(hunk);
  if (facts) return facts;
  facts = { keys: new Set(), principal: false, derived: false, any: false, query: false };
  const [start, end] = hunkBounds(diff.lines, index);
  // Objects the kept lines fetch through an access check (`bundle = access.bundle_write(request, id)`): an added call
  // handed one of them (`bundles.move_bundle(bundle, position)`) works on an object the caller was checked for.
  const checked: string[] = [];
  for (let i = start; i <= end; i++) {
    const line = diff.lines[i];
    if (line.kind !== " " || line.text.length > MAX_LINE || !KEPT_OTHERWISE.test(line.text)) continue;
    const name = CHECKED_ASSIGNMENT.exec(line.text)?.[1];
    if (name) checked.push(name);
  }
  for (let i = start; i <= end; i++) {
    const line = diff.lines[i];
    if (line.kind !== "+" || line.text.length > MAX_LINE || COMMENT.test(line.text)) continue;
    if (checked.length > 0 && checked.some((name) => passedToCall(line.text, name))) facts.principal = true;
    if (line.text.trim()) facts.any = true;
    if (QUERY_CALL.test(line.text)) facts.query = true;
    for (const key of scopeKeys(line.text, aliases, diff.fileClass.kind === "js")) facts.keys.add(key);
    PRINCIPAL_ARGUMENT.lastIndex = 0;
    if (!LOG_CALL.test(line.text)) for (let m = PRINCIPAL_ARGUMENT.exec(line.text); m; m = PRINCIPAL_ARGUMENT.exec(line.text)) facts.keys.add(keyClass(m[1]));
    const derived = derivedQuery(line.text);
    if (derived.key) facts.keys.add(derived.key);
    // A narrower derived query called in its place (`findById(id)`), or the repository's every row (`findAll()`).
    if (derived.call || UNSCOPED_FIND.test(line.text)) facts.derived = true;
    PRINCIPAL_ANYWHERE.lastIndex = 0;
    if (PRINCIPAL_ANYWHERE.test(line.text) || KEPT_OTHERWISE.test(line.text) || principalStarts(line.text, aliases).length > 0 || /\b(?:auth\(\)|Auth::id|session\??\.user|req\.user|principal)\b/.test(line.text)) facts.principal = true;
  }
  cache.set(hunk, facts);
  return facts;
}

/**
 * The bracket that encloses line `index` on the old side (read upwards over removed and context lines, at most 12):
 * `{` for an object literal, `(` for a call's argument list. A shorthand `tenantId,` inside `filterEntries(` is an
 * argument passed on positionally (a service signature that dropped its tenant parameter when tenancy moved into
 * request-scoped injection), not a `where: { tenantId }` condition.
 */
function enclosingBracket(lines: DiffLine[], index: number): string | undefined {
  let depth = 0;
  for (let i = index - 1; i >= 0 && i >= index - 12 && lines[i].hunk === lines[index].hunk; i--) {
    if (lines[i].kind === "+") continue;
    const text = lines[i].text;
    for (let c = text.length - 1; c >= 0; c--) {
      const ch = text[c];
      if (ch === ")" || ch === "]" || ch === "}") depth++;
      else if (ch === "(" || ch === "[" || ch === "{") { if (depth === 0) return ch; depth--; }
    }
  }
  return undefined;
}

export function detectQueryScopeDropped(diff: FileDiff): RawFinding[] {
  const { kind, isTestOnly } = diff.fileClass;
  if (isTestOnly || !(isCodeKind(kind) || kind === "sql" || kind === "other") || diff.file.status === "removed" || diff.removed.texts.length === 0) return [];
  if (/(?:^|\/)(?:tests?|spec|specs|__tests__|fixtures?|examples?|docs?)\/|[._-](?:test|spec)s?\.\w+$|(?:^|\/)test_\w+\.py$/i.test(diff.path)) return [];
  const { lines } = diff;
  const findings: RawFinding[] = [];
  const reported = new Set<number>();
  const hunks = new Map<number, HunkAdded>();
  let aliases: Set<string> | undefined;
  for (const index of candidateLines(diff.removed, PREFILTER)) {
    const line = lines[index];
    if (reported.has(line.hunk) || line.text.length > MAX_LINE || COMMENT.test(line.text) || LOG_CALL.test(line.text)) continue;
    aliases ??= aliasesOf(diff);
    let keys = scopeKeys(line.text, aliases, kind === "js");
    if (kind === "js" && keys.length > 0 && scopeKeys(line.text, aliases, false).length === 0 && enclosingBracket(lines, index) === "(") continue;
    let derivedOnly = false;
    if (keys.length === 0) {
      const derived = derivedQuery(line.text).key;
      if (!derived) continue;
      keys = [derived];
      derivedOnly = true;
    }
    if (!derivedOnly && !inQuery(lines, index) && !SQL_KEY.test(line.text) && !associationLookup(line.text, aliases)) continue;
    if (NOT_A_FETCH.test(line.text)) continue;
    if (diff.addedCompact.includes(compact(line.text)) || insideRemovedFunction(lines, index, diff.addedCompact)) continue;
    const added = hunkAdded(diff, index, aliases, hunks);
    if (added.principal || keys.some((k) => added.keys.has(k))) continue;
    // A derived query is only a widening when the hunk calls a narrower one in its place (`findById(id)`), not when a
    // repository declaration is removed.
    if (derivedOnly && !added.derived) continue;
    if (TERMINAL_WRITE.test(line.text) && !added.any) continue;
    if (!added.query && statementRemovedWhole(diff, index)) continue;
    reported.add(line.hunk);
    findings.push({ ruleId: "query-scope-removed", path: diff.path, line: line.newLine, side: "LEFT", evidence: line.text });
  }
  return findings;
}
