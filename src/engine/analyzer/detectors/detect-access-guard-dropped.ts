// Access checks taken out in any language, recognised by their vocabulary rather than by one framework's API:
// - a line rewritten without one of its guards (`get(protect, admin, h)` -> `get(h)`, `[admin, auth]` -> `[auth]`,
//   `@UseGuards(Jwt, Roles)` -> `@UseGuards(Jwt)`) and nothing guard-like put in its place;
// - a guard registration removed outright (`before_action :admin_only`, `dependencies=[Depends(check_jwt)]`, a lone
//   decorator or attribute named for a guard, `verify_jwt_in_request()`) and not re-added elsewhere in the file;
// - a role condition that denied access removed (`if not user.is_staff: raise PermissionDenied`);
// - a second-factor step dropped (a redirect to the 2FA page removed, a "needs two factor?" predicate made false).
// Not: a check leaving with the function or endpoint it lived in, replaced by another check call in the hunk, or a
// hunk the named-API line rules already report.
import type { RawFinding } from "../raw-finding.js";
import { candidateLines, compact, decoratesRemovedDefinition, hunkBounds, insideRemovedFunction, type FileDiff } from "../file-diff.js";
import type { DiffLine } from "../../diff/parse-patch.js";
import { ruleSetFor, type CompiledLineRule } from "../rule-table.js";
import { nearMatches } from "../run-line-rules.js";
import type { FileKind } from "../../diff/classify-file.js";
import { commentedOutCheck, commentedOutGuardDecorator, commentedOutGuardRegistration, identifiers as anyIdentifiers, noOpGuardMiddleware, openRoutes, pendingGuardNote, publicPeopleRoute, unguardedAdminGrant } from "./open-routes.js";

/** Words that name an access guard once an identifier is split on camelCase, snake_case and digits. */
const GUARD_WORDS = new Set([
  "auth", "authn", "authz", "authen", "authenticate", "authenticated", "authentication", "authorize", "authorized", "authorization",
  "admin", "admins", "staff", "superuser", "role", "roles", "permission", "permissions", "perm", "perms", "guard", "guards",
  "jwt", "login", "logged", "protect", "protected", "signed", "owner", "moderator", "acl", "rbac",
  // Past participle used for signed-in state (`ensure_authed_access`, tRPC's `authedProcedure`, `isAuthed`).
  "authed",
  // The same words in other languages (administrador, Berechtigung, permissão, yetki, izin, logueado, autenticado...).
  "administrador", "administradores", "administrateur", "amministratore", "beheerder", "yonetici", "rol", "roles", "rolle", "ruolo",
  "permiso", "permisos", "permissao", "permissoes", "berechtigung", "berechtigungen", "permesso", "permessi", "uprawnienia", "yetki",
  "autenticar", "autenticado", "autenticacion", "autenticacao", "autorizar", "autorizado", "autorizacion", "autorizacao",
  "authentifie", "authentification", "angemeldet", "logueado", "logado", "acceso", "acesso",
  // A page-protection include named in Portuguese or Spanish (protecao.php, proteccion.php: the session check every page includes).
  "protecao", "proteccion", "protegido",
]);
/** Where a guard is written: a route or group registration, a middleware or guard list, a decorator or attribute, class bases,
 * a Phoenix scope's `pipe_through [:browser, :require_admin]`. */
const GUARD_POSITION = /\b(?:get|post|put|patch|delete|all|route|use|group|Group|GET|POST|PUT|PATCH|DELETE|Any|Handle|HandleFunc|mount|Mount|middleware|withoutMiddleware|UseGuards|permission_classes|authentication_classes|dependencies|before_action|before_filter)\b\s*[(=:]|^\s*pipe_through[\s(]|^\s*(?:@|\[\s*[A-Z]\w*\s*[(\],])|^\s*class\s+\w+\s*\(|['"]middleware['"]\s*=>|(?:^|\s)@\w+\s*\(/;
/**
 * Template directives that loop over or print data (Blade's and Razor's `@foreach (...)`, `@for`, `@forelse`, `@while`,
 * `@each`, `@json`, `@include`, Angular's `@for (item of ...)`): an `@` before a parenthesis there is not a decorator, and
 * the collection named in it (`$admin->two_factor_backup_codes`) is data, not a guard. Conditions (`@if`, `@can`, `@auth`) are not among them.
 */
const TEMPLATE_DATA_DIRECTIVE = /^\s*@(?:foreach|for|forelse|while|each|json|include\w*|lang|section|yield|push|stack|component|slot|extends|php|dump|dd)\s*\(/;
/** Words that make a name a check rather than a mention of a role (`stringifyUserRole`, `LoginPage`). */
const CHECK_WORDS = new Set(["require", "required", "requires", "ensure", "check", "verify", "verified", "is", "has", "can", "must", "only", "authorize", "authorized", "authenticate", "authenticated", "protect", "protected", "guard", "middleware", "filter", "mixin",
  "verificar", "verifica", "validar", "valida", "requiere", "requer", "exigir", "comprobar", "checar", "chequear", "es", "solo", "somente", "apenas", "tiene", "tem", "pruefen", "verifier", "controlla", "kontrol", "cek", "periksa"]);
/** A check called in the same hunk in place of the removed one (`s.checkMemoAccess(ctx, memo)`). */
const REPLACEMENT_CHECK = /\b(?:check|verify|ensure|require|authori[sz]e|assert|can|has|is|must)_?\w*(?:access|permission|perm|auth|role|admin|owner|allowed|granted|visible|login|staff)\w*\s*\(|\benforce(?:_?(?:read|write|access|permission|policy|role|action|view|edit|delete)\w*)?\s*\(/i;
/**
 * A declarative guard put on the handler in the check's place, named for what it demands: `@RequiresScope(...)`,
 * PHP `#[RequiresPermission(...)]`, `@requires_permission("x")`, `[RequiredScope("read")]`, `@RequiresRoles("admin")`.
 */
const DECLARATIVE_GUARD = /^\s*(?:@|#\[|\[)\s*(?:[\w\\]+[.\\])*(?:requires?|required|has|ensure|check|must|authori[sz]e)_?(?:any_?|all_?)?(?:scopes?|permissions?|perms?|roles?|access|polic(?:y|ies)|claims?|privileges?|rights?|authorit(?:y|ies))\b/i;
/** What a weakened rewrite may put in a guard's place without replacing it. */
const OPENING_WORDS = new Set(["permit", "all", "public", "anonymous", "allow", "any", "skip", "none", "optional", "true"]);
/**
 * The removed lines that may name a guard or a second factor: one planned scan (answered from the shared literal pass,
 * so it costs next to nothing), g and m flags for candidateLines.
 */
const PREFILTER = /auth|admin|staff|superuser|role|perm|guard|jwt|log(?:ged)?_?in|protect|signed_?in|owner|moderator|2fa|mfa|otp|two_?factor|twofactor|totp|get_current_/gim;
const MFA_WORD = /2fa|mfa|otp|two_?factor|twofactor|totp/i;
/** A trait or module used inside a class body: PHP `    use Name;`, Ruby `  include Name` / `  extend Name`. */
const CLASS_MIXIN = /^\s+(?:use|include|extend)\s+([\w\\:]{1,160})\s*;?\s*$/;
// `#[...]` opens an attribute in PHP and Rust, not a comment.
const COMMENT = /^\s*(?:\/\/|#(?!\[)|\*|\/\*|<!--)/;

// Shapes that register one guard on a line of its own; group 1 is the guard's name.
/** A check called without parentheses, as Ruby allows (`authorize @post`, `authorize! :destroy, @post`, `require_login`). */
// Decidim's `enforce_permission_to :update, :proposal` and other `enforce_*` checks too.
const BARE_CALL = /^\s*((?:verify|require|ensure|enforce|check|authenticate|authorize)\w*[!?]?)(?:\s+[@:\w][^=\n]*)?\s*$/;
/** A check called for its effect alone (`verify_jwt_in_request()`, `await requireAdmin(req)`, `$this->authorize(...)`). */
const CHECK_CALL = /^\s*(?:await\s+)?(?:\$?[\w$]+(?:\.|->|::))*((?:verify|validate|require|ensure|enforce|check|authenticate|authorize|assert)\w*)\s*\([^()]*\)\s*;?\s*$/i;
/** A decorator on a line of its own (`@login_required`, `@permission_required("x")`). Ruby has no decorators: there
 * `@user.add_role(...)` calls a method on an instance variable (a role granted, not a check), so Ruby skips this shape. */
const DECORATOR_REGISTRATION = /^\s*@([\w.]+)(?:\(.*\))?\s*$/;
const GUARD_REGISTRATION = [
  /^\s*before_(?:action|filter)\s+:(\w+[?!]?)/,
  // Pundit's (and Action Policy's) enforcement that every action authorised (`after_action :verify_authorized`) or
  // scoped its query (`after_action :verify_policy_scoped`): removed, an action that forgets to authorise goes unnoticed.
  /^\s*after_action\s+:(verify_authorized|verify_policy_scoped)\b/,
  // Rails' HTTP Basic authentication declared on a controller (`http_basic_authenticate_with name: ..., password: ...`).
  /^\s*(http_basic_authenticate_with)\b/,
  /\bdependencies\s*=\s*\[\s*(?:Depends|Security)\s*\(\s*([\w.]+)/,
  DECORATOR_REGISTRATION,
  /^\s*\[\s*([\w.]+)(?:\(.*\))?\s*\]\s*$/,
  // A FastAPI parameter whose dependency is the check (`_: None = Depends(require_admin),`, `Annotated[..., Depends(x)]`).
  // A trailing comment (`Depends(require_admin)  # Only admins can see all users`) is no part of the registration.
  /^\s*\w+\s*(?::[^=\n]*)?=\s*(?:Depends|Security)\s*\(\s*([\w.]+)\s*\)\s*,?\s*(?:#[^\n]{0,200})?$/,
  /^\s*\w+\s*:\s*Annotated\s*\[[^\]\n]*\b(?:Depends|Security)\s*\(\s*([\w.]+)\s*\)\s*\]\s*,?\s*(?:#[^\n]{0,200})?$/,
  // A check called for its effect alone (`verify_jwt_in_request()`, `await requireAdmin(req)`, `$this->authorize(...)`).
  CHECK_CALL,
  // The same in Ruby, without parentheses (`authorize @post`, `authorize! :destroy, @post`, `require_login`).
  BARE_CALL,
  // An Elixir/Phoenix plug (`plug :require_admin_user`, `plug MyAppWeb.Plugs.RequireAuth`).
  /^\s*plug\s+:?([\w.]+)/,
  // A Django REST framework view's permission list: whatever it names is a permission (`IsPigeonAttendant`), so the
  // assignment is the guard; an empty list or AllowAny alone opened the view already, and removing it closes it.
  /^\s*(permission_classes)\s*(?::[^=\n]*)?=\s*[\[(]\s*(?![\])]|(?:[\w.]*\.)?AllowAny\s*,?\s*[\])])/,
];
/** A Phoenix scope's pipelines (`pipe_through(:browser_admin)`, `pipe_through [:browser, :require_admin]`). */
const PIPE_THROUGH = /^\s*pipe_through[\s(]/;
const SCOPE_OPENING = /^\s*scope\b[^\n]*\bdo\s*$/;
/**
 * A pipeline named for a guard taken out of a Phoenix scope and not added back: the plugs it ran (force_current_user_admin,
 * require_authenticated_user) no longer guard the scope's routes. Not when the scope goes with it.
 */
function pipelineGuardDropped(diff: FileDiff, index: number): boolean {
  const { lines } = diff;
  if (!PIPE_THROUGH.test(lines[index].text)) return false;
  const names = [...lines[index].text.matchAll(/:(\w+)/g)].map((m) => m[1]);
  if (!names.some((name) => isGuardName(name) && !diff.addedCompact.includes(compact(`:${name}`)))) return false;
  for (let i = index - 1; i >= Math.max(0, index - 12) && lines[i].hunk === lines[index].hunk; i--) {
    if (SCOPE_OPENING.test(lines[i].text)) return lines[i].kind !== "-";
  }
  return true;
}

/** A check called for its effect alone whose name is a guard's (`$this->authorize('delete', $post)`, `await requireOwner(req)`). */
function callsGuard(text: string): boolean {
  const name = CHECK_CALL.exec(text)?.[1] ?? BARE_CALL.exec(text)?.[1];
  return name !== undefined && isGuardName(name);
}

/**
 * A middleware or permission class named by its dotted path in a settings list
 * (`'django.contrib.auth.middleware.LoginRequiredMiddleware',`): a check by its name (`IsAuthenticated`), not an app
 * or backend (`django.contrib.auth`, `SessionAuthentication`).
 */
const DOTTED_SETTING = /^\s*["']((?:\w+\.)+\w+)["']\s*,?\s*$/;
/** A call whose one argument is the configuration (`checkDefaultPermissions(config)`, `validateRoles(this.settings)`). */
const CONFIGURATION_ONLY_CALL = /\(\s*(?:this\.|self\.|\$this->)?(?:\w*[cC]onfig(?:uration)?|settings|options|opts)\s*\)\s*;?\s*$/;
/** A decorator or attribute that wraps a check named inside it (`@method_decorator(login_required, name="dispatch")`). */
const WRAPPING_DECORATOR = /^\s*(?:@[\w.]+|\[\s*[\w.]+)\s*\(/;
const STRING_LITERAL = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`/g;
/** A Laravel abort helper guarded by the caller's role or sign-in (`abort_unless(auth()->user()->isAdmin(), 403)`). */
const ABORT_ON_ROLE = /^\s*abort_(?:if|unless)\s*\(.*(?:\bis_?(?:staff|superuser|admin)\b|\bisAdmin\b|\bhas_?(?:role|permission|any_?role)\w*|\bhasPermission\w*|\bhasRole\b|->can\s*\(|\bGate::allows\b|\bauth\s*\(\s*\)\s*->\s*(?:check|guest)\b|\bAuth::(?:check|guest)\b).*\b40[13]\b/i;
/** A loader run before an action (set_user, load_admin) is not a check. */
const LOADER = /^(?:set|load|find|fetch|build|prepare|assign|get|init)_?/i;
/**
 * A condition (leading, or Ruby's trailing `unless`) on the caller's role or permission: a role predicate
 * (`is_staff`, `isAdmin`, `admin?`, `IsInRole`, `hasAuthority`) or the role compared (`user.role !== 'admin'`)...
 */
const ROLE_WORDS = /\b(?:es|eh|est|ist)_?(?:admin|administrador|administrateur|staff)\b|\b(?:esAdmin|esAdministrador|ehAdmin|estAdmin|istAdmin)\b|\.(?:rol|rolle|papel|ruolo|perfil|tipo_?usuario|tipoUsuario|user_?type|userType)\s*(?:!==?|<>|\bnot\s+in\b)|\[\s*["'](?:role|rol|rolle|papel|ruolo|perfil|tipo_?usuario|user_?type|nivel|nivel_?acceso|level)["']\s*\]\s*(?:!==?|<>|\bnot\s+in\b)|\b(?:rol|rolle|papel|perfil)\s*!==?\s*["'`]|\bis_?(?:staff|superuser|admin)\b|\bisAdmin\b|\bisStaff\b|\bis_?(?:sub|super|group|org|site|project|team|tenant)_?admin(?:_?of\w*)?\b|\bhas_?perm\w*|\bhasPermission\w*|\bhas_?role\w*|\bhasRole\b|\bhasAuthority\b|\bIsInRole\b|\bcan\?|\.(?:admin|staff|superuser|super_admin)\?|\.role\s*(?:!==?|\bnot\s+in\b)|\brole\s*!==?\s*["'`]|!\s*[\w$.]*\broles?\.(?:includes|contains|include\?)\s*\(/i;
const LEADING_CONDITION = /^\s*(?:\}\s*)?(?:if|unless|elif|elsif|else\s+if)\b/;
/** A role test negated (`if (!...isSubAdminOfGroup(...))`, `if not user.is_staff`, `unless admin?`). */
const NEGATED_ROLE = /^\s*(?:\}\s*)?(?:if|elif|elsif|else\s+if)\s*\(?\s*(?:!|not\s)|\bunless\b/;
/** Dropping the item from what the request goes on with: PHP's unset of an array element, a list's element removed. */
const WITHHELD = /\bunset\s*\(\s*\$\w+\s*\[|\barray_splice\s*\(|\.(?:splice|remove|Remove|discard|pop)\s*\(\s*[$\w]+/;
const ROLE_CONDITION = { test: (text: string) => (LEADING_CONDITION.test(text) || /\sunless\s+\S/.test(text)) && ROLE_WORDS.test(text) };
/** ...that denied the request. */
const DENIAL = /\b(?:raise|throw|abort|PermissionDenied|Forbidden|Forbid|Challenge|Unauthori[sz]ed|AccessDenied|403|401)\b|\bredirect\w*\b|\bheader\s*\(\s*["']Location\s*:|\bdie\s*\(/i;
/**
 * The names frameworks give the 401 and 403 answers and the exceptions that raise them, which DENIAL's words miss
 * because they sit inside a longer identifier (from each framework's reference):
 * Go net/http `http.StatusForbidden` / `StatusUnauthorized` (gin `c.AbortWithStatus(http.StatusForbidden)`);
 * Django REST framework and Starlette/FastAPI `status.HTTP_403_FORBIDDEN` / `HTTP_401_UNAUTHORIZED`, Symfony and
 * Laravel `Response::HTTP_FORBIDDEN`; ASP.NET Core `StatusCodes.Status403Forbidden`, `Forbid()`, `Challenge()`, `ForbidResult`,
 * `UnauthorizedResult`, `ChallengeResult`; Java Servlet `HttpServletResponse.SC_FORBIDDEN`; Django
 * `HttpResponseForbidden`; NestJS `ForbiddenException` / `UnauthorizedException`, Spring Security
 * `AccessDeniedException`, Symfony `AccessDeniedHttpException` / `createAccessDeniedException()`, Laravel
 * `AuthorizationException`, and the `ForbiddenError` / `UnauthorizedError` of Node's http-errors style; a project's own
 * exception named for the refusal with its subject before it (Kanboard's `AccessForbiddenException`, `ProjectAccessDeniedError`,
 * `ResourceUnauthorizedException`): capitalised words, then the refusal word, then Exception or Error.
 */
/**
 * A project's or framework's helper that answers the refusal itself, named for it: PhotoPrism's `AbortForbidden(c)`,
 * `respondUnauthorized(w)`, `sendForbidden(res)`, Ruby's `render_forbidden` (no parentheses), Django's AccessMixin
 * `self.handle_no_permission()` (raises PermissionDenied or redirects to the sign-in page), Django REST framework's
 * `self.permission_denied(request)` and the Clearance gem's `deny_access`.
 */
const REFUSAL_HELPER = /\b(?:[Aa]bort|[Rr]espond|[Ss]end|[Rr]ender|[Rr]eply|[Ww]rite|[Dd]eny|[Rr]eject)_?(?:[Ww]ith_?)?(?:Forbidden|Unauthori[sz]ed|AccessDenied|PermissionDenied|NotAuthori[sz]ed|forbidden|unauthori[sz]ed|access_denied|permission_denied|not_authori[sz]ed)\b|\bhandle_no_permission\b|\bpermission_denied\s*\(|\bdeny_access\b/;
const HTTP_DENIAL = new RegExp(String.raw`${REFUSAL_HELPER.source}|` + /\bStatus(?:Forbidden|Unauthorized)\b|\bHTTP_(?:40[13]_)?(?:FORBIDDEN|UNAUTHORIZED)\b|\bStatus40[13](?:Forbidden|Unauthorized)\b|\bSC_(?:FORBIDDEN|UNAUTHORIZED)\b|\bHttpResponseForbidden\b|\b(?:Forbid|Unauthorized|Challenge)Result\b|\b(?:Forbid|Challenge)\s*\(|\b(?:create)?(?:AccessDenied|Forbidden|Unauthori[sz]ed|NotAuthori[sz]ed|PermissionDenied|Authorization)(?:Http)?(?:Exception|Error)\b|\b(?:[A-Z][a-z]{1,20}){1,3}(?:Forbidden|AccessDenied|PermissionDenied|Unauthori[sz]ed|NotAuthori[sz]ed)(?:Http)?(?:Exception|Error)\b/.source);
const denies = (text: string): boolean => DENIAL.test(text) || HTTP_DENIAL.test(text);
/** An answer refusing the caller: forbidden (any case, also inside an error code), 403, access or permission denied, unauthorised,
 * also as the last word of an error-code constant (`Exception::USER_UNAUTHORIZED`, `ErrorCode.PROJECT_FORBIDDEN`). */
const REFUSAL = /\bforbidden\w*|\b403\b|\bPermissionDenied\w*|\bAccessDenied\w*|\b(?:not_?)?unauthori[sz]ed\w*|\bnot_?authori[sz]ed\w*|(?<=[A-Za-z]_)(?:forbidden|unauthori[sz]ed|access_denied|permission_denied)\b/i;
/** How a refusal leaves: thrown, raised, returned, aborted, or answered with a status. */
const EXIT = new RegExp(String.raw`\b(?:throw|raise|return|abort\w*|die|exit|panic)\b|\.(?:status|sendStatus|Abort\w*)\s*\(|\bhttp\.Error\s*\(|${REFUSAL_HELPER.source}`);
/** A log call: an answer word written to the log is not an answer. */
const LOGGED = /^\s*(?:console\.\w+|(?:this\.)?_?(?:log|logger|logging)\.\w+|print(?:ln|f)?|puts|Log\.\w+|(?:(?:log|tracing)::)?(?:warn|error|info|debug|trace)!|e?println!)\s*\(/;
/**
 * A message saying the caller's credential was refused (`log::warn!("Relay authentication failed from {} - invalid key")`,
 * `return Err("invalid api key")`, `logger.warning("Login failed")`): in a removed condition's body that exits, the exit is
 * that refusal, however bare (`return;`). A log line alone answers nothing; the message explains the exit beside it.
 */
const AUTH_FAILURE_MESSAGE = /\b(?:authentication|authorization|authorisation|auth|login|licen[cs]e|api[ _-]?key)\s+(?:failed|failure|denied|rejected)\b|\binvalid\s+(?:api[ _-]?|access[ _-]?|auth[ _-]?|licen[cs]e[ _-]?)?(?:key|token|credentials?|password|signature|licen[cs]e)\b|\bwrong\s+(?:api[ _-]?|licen[cs]e[ _-]?)?(?:key|password|token)\b/i;
/** Whether a removed callback opens above the condition in its removed run (an inline middleware `app.use((req, res, next) => {`
 * taken out whole with its test: a CORS or rate check, read by the registration passes when it guarded access). */
function inRemovedCallback(lines: DiffLine[], index: number): boolean {
  for (let i = index - 1; i >= 0 && i >= index - 6 && lines[i].hunk === lines[index].hunk && lines[i].kind === "-"; i--) {
    if (/(?:=>|\bfunction\b[^{\n]{0,200})\s*\{\s*$/.test(lines[i].text)) return true;
  }
  return false;
}
/** Whether an added line of the hunk still refuses with the same answer word (the check rewritten or moved in the hunk). */
function refusalKept(diff: FileDiff, from: number, to: number): boolean {
  const word = (REFUSAL.exec(diff.lines[to].text) ?? HTTP_DENIAL.exec(diff.lines[to].text))?.[0];
  if (!word) return false;
  const [start, end] = hunkBounds(diff.lines, from);
  for (let i = start; i <= end; i++) if (diff.lines[i].kind === "+" && diff.lines[i].text.includes(word)) return true;
  return false;
}
/** A line that is a refusal's exit and nothing before it (`throw new AccessDeniedException(...)`, `return Forbid();`, `AbortForbidden(c)`). */
const LONE_REFUSAL = new RegExp(String.raw`^\s*(?:(?:throw|raise|return|abort\w*|die|panic)\b|(?:[\w$]+\.)*(?:status|sendStatus|Abort\w*)\s*\(|http\.Error\s*\(|(?:[\w$]+(?:\.|->))*(?:${REFUSAL_HELPER.source}))`);
/**
 * Where a refusal answers for another one rather than decides: a `case 403:` / `when 403` branch, an exception handler,
 * a client's test of the status a server answered (`if (res.status === 401)`).
 */
const ANSWER_MAPPING = /^\s*(?:case\b|when\b|default\s*:|(?:\}\s*)?catch\b|except\b|rescue\b)|\bstatus(?:_?code|Code)?\s*(?:===?|!==?)\s*(?:40[13]\b|HttpStatus)/;
/** Whether an added line of the hunk still refuses or leaves (the refusal rewritten: another exception, another status). */
function exitAdded(facts: HunkFacts, index: number): boolean {
  const [start, end] = facts.range(index);
  for (let i = start; i <= end; i++) {
    const { kind, text } = facts.lines[i];
    if (kind === "+" && text.length <= MAX_GUARD_LINE && !COMMENT.test(text) && (LONE_REFUSAL.test(text) || REFUSAL.test(text) || HTTP_DENIAL.test(text))) return true;
  }
  return false;
}
/** A not-found answer, as an ownership check hides another's record (`raise Http404`, `return NotFound()`, `abort(404)`). */
const NOT_FOUND = /\bHttp404\b|\bNotFound\w*\b|\b404\b|\bHTTP_404_NOT_FOUND\b/;
const deniesAccess = (text: string): boolean => AUTH_DENIAL.test(text) || HTTP_DENIAL.test(text);

/**
 * A condition on the caller having no identity at all (`if (!req.user)`, `if not session.get("user_id")`,
 * `unless logged_in?`, `if token is None`)...
 */
const IDENTITY_ABSENT = /(?:!\s*|\bnot\s+|\bunless\s+)\(?\s*(?:[\w$]+(?:\.|\?\.|->|::))*[\w$]*(?:token|session|user|auth|logged_?in|signed_?in|principal|claims|jwt|identity)[\w$]*\??|\b[\w$]*(?:token|session|user|principal|claims|jwt)[\w$]*\s*(?:===?|\bis)\s*(?:null|nil|None|undefined)\b/i;
const CONDITION = /^\s*(?:\}\s*)?(?:if|unless|elif|elsif|else\s+if)\b|\s(?:if|unless)\s+\S/;
/**
 * A condition that the record is not the caller's: the record's owner compared with the caller and found different
 * (`if post.author != request.user`, `if ($post->user_id !== auth()->id())`, `if uid != userId`, Ruby's
 * `unless @post.user == current_user`, Java's `!order.getUserId().equals(principal.getId())`). One side names the
 * caller (user, uid, principal, session...), the other whose the record is (an id, owner, author, creator, user).
 */
const CALLER_WORDS = new Set(["user", "uid", "current", "principal", "session", "auth", "viewer", "requester", "caller", "member", "account", "claims"]);
const OWNED_WORDS = new Set(["id", "uid", "pk", "owner", "author", "creator", "user", "by", "userid", "ownerid", "authorid"]);
const INEQUALITY = /!==?|<>|\bis\s+not\b/;
const EQUALITY = /={2,3}|\.eql\?/;
const NEGATED_EQUALS = /!\s*(?:Objects\.equals\s*\(|[\w$.]+(?:\(\s*\))?\.equals\s*\()/;
const sideWords = (side: string): string[] => identifiers(side.replace(STRING_LITERAL, '""')).flatMap((t) => splitWords(t));
function ownerMismatch(text: string): boolean {
  if (!CONDITION.test(text)) return false;
  let left: string;
  let right: string;
  const op = /\bunless\b/.test(text) ? EQUALITY.exec(text) : INEQUALITY.exec(text);
  if (op) {
    left = text.slice(0, op.index);
    right = text.slice(op.index + op[0].length);
  } else {
    const negated = NEGATED_EQUALS.exec(text);
    if (!negated) return false;
    const rest = text.slice(negated.index + negated[0].length);
    // `!Objects.equals(a, b)` holds both sides in its arguments; `!a.equals(b)` has one before and one inside.
    const comma = rest.indexOf(",");
    [left, right] = negated[0].includes("Objects.") ? (comma < 0 ? ["", ""] : [rest.slice(0, comma), rest.slice(comma + 1)]) : [negated[0], rest];
  }
  // The signed-in caller itself on one side and a record's member on the other (`if request.user != patient.doctor`,
  // `if (req.user.id !== task.assignee)`): whoever the record names (its doctor, assignee, manager), it is not the caller.
  if ((SIGNED_IN_CALLER.test(conditionSide(left)) && RECORD_MEMBER.test(conditionSide(right))) || (RECORD_MEMBER.test(conditionSide(left)) && SIGNED_IN_CALLER.test(conditionSide(right)))) return true;
  const l = sideWords(left);
  const r = sideWords(right);
  const caller = (w: string[]) => w.some((x) => CALLER_WORDS.has(x));
  const owned = (w: string[]) => w.some((x) => OWNED_WORDS.has(x));
  return (caller(l) && owned(r)) || (owned(l) && caller(r));
}
/** One side of a condition without its keyword, brackets and the colon or brace that opens its body. */
const conditionSide = (side: string): string => side.trim().replace(/^\s*(?:\}\s*)?(?:if|unless|elif|elsif|else\s+if)\b\s*/, "").replace(/(?:\s*(?:[:{]|\bthen\b))?\s*$/, "").replace(/^\(+\s*|\s*\)+$/g, "").trim();
/** The framework's signed-in caller, or its id, and nothing after it. */
const SIGNED_IN_CALLER = /^(?:(?:self\.)?request\.user|@?current_user|currentUser|req\.user|g\.user|auth\(\)\s*->\s*user\(\)|Auth::user\(\)|\$request->user\(\))(?:\s*(?:\.|->)\s*(?:id|pk|_id)(?:\(\))?)?$/;
/** A member of a record (`patient.doctor`, `$task->assignee_id`, `order.getOwner()`), one to three steps deep. */
const RECORD_MEMBER = /^[$@]?[A-Za-z_]\w{0,60}(?:\s*(?:\.|->)\s*[A-Za-z_]\w{0,60}(?:\(\))?){1,3}$/;

/**
 * A query or lookup bound to the caller in the check's place (`get_object_or_404(Post, pk=pk, author=request.user)`,
 * `where: { userId: req.user.id }`, `->where('user_id', auth()->id())`): a key naming whose the record is, given the caller.
 */
const KEY_VALUE = /([A-Za-z_$][\w$]*)["']?\s*(?:=>|:|==?)\s*([\w$.>()\-]{1,80})|["']([\w$]+)["']\s*,\s*([\w$.>()\-]{1,80})/g;
const OWNER_KEY_WORDS = new Set(["owner", "author", "creator", "user", "uid", "userid", "ownerid", "authorid", "by"]);
function bindsOwnerToCaller(text: string): boolean {
  for (const m of text.matchAll(KEY_VALUE)) {
    const key = splitWords(m[1] ?? m[3]);
    const value = sideWords(m[2] ?? m[4]);
    if (key.some((w) => OWNER_KEY_WORDS.has(w)) && value.some((w) => CALLER_WORDS.has(w))) return true;
  }
  return false;
}

/** ...that turned the caller away: 401/403, an authentication error, or a redirect to the sign-in page. */
const AUTH_DENIAL = /\b(?:Unauthori[sz]ed\w*|Forbidden\w*|AccessDenied\w*|PermissionDenied|NotAuthenticated\w*|AuthenticationRequired\w*|NotAuthorized\w*|401|403)\b|\b(?:redirect\w*\b|header\s*\(\s*["']Location\s*:)[^\n]*(?:log_?in|sign_?in|auth|account)|\b(?:login_url|login_path|LOGIN_URL|new_user_session_path|signin_path|sign_in_path)\b/i;
/**
 * A server reading the caller's credential: a session or token cookie, the Authorization header, the session's user,
 * a NextAuth session or token. IDENTITY_PREFILTER finds the lines worth testing for either.
 */
const IDENTITY_PREFILTER = /token|session|user|auth|logged|signed|principal|claims|jwt|identity|cookie/gim;
const CREDENTIAL_READ = /\bcookies?\s*(?:\.\s*get\s*)?[([]\s*["'`:][^"'`)\]]*(?:session|token|auth|jwt|sid)|\bCookie\s*\(\s*["'`][^"'`]*(?:session|token|auth|jwt|sid)|\bheaders?\s*(?:\.\s*get\s*\(|\[)\s*["'`]authorization["'`]|\bheaders?\.authorization\b|\bHeader\.Get\s*\(\s*["'`]Authorization|\bgetServerSession\s*\(|\bgetToken\s*\(\s*\{\s*req|\bsession\s*(?:\[\s*[:"'`]|\.get\s*\(\s*["'`])(?:user|admin|logged|auth|account)\w*|\$_SESSION\s*\[\s*["'](?:user|admin|logged|auth|login)[\w-]*["']\s*\](?!\s*=(?!=))/i;
/** A call that checks the session or token itself (`await requireSession(req)`, `ensure_logged_in()`). */
const SESSION_CHECK_CALL = /\b(?:require|ensure|check|verify|validate|assert|authenticate)_?\w*(?:session|token|credential|logged_?in|signed_?in|user)\w*\s*\(/i;
/** What sends the request away once its credential is missing or wrong. */
const TURNED_AWAY = /\bredirect\w*\s*\(|\bredirect_to\b|\bheader\s*\(\s*["']Location\s*:|\b(?:401|403|StatusUnauthorized|StatusForbidden|Unauthori[sz]ed\w*|Forbidden\w*)\b|\blocation(?:\.href)?\s*=(?!=)|\blocation\.(?:replace|assign)\s*\(|http-equiv\s*=\s*\\?["']?refresh/i;

/** A redirect call, and a sign-in path or route name written as a string. */
const REDIRECT_CALL = /\bredirect\w*\s*\(|\bredirect_to\b/i;
const SIGN_IN_LITERAL = /["'`](?:[^"'`\n]{0,60}\/)?(?:log_?in|sign_?in|signin|auth|account\/login)\b[^"'`\n]{0,60}["'`]/i;
/** Whether the removed lines from `from` to `to` build a sign-in URL on one line and redirect on a later one. */
function redirectsToSignInVariable(lines: DiffLine[], from: number, to: number): boolean {
  let url = false;
  for (let i = from; i <= to; i++) {
    const { text } = lines[i];
    if (text.length > MAX_GUARD_LINE || COMMENT.test(text)) continue;
    if (url && REDIRECT_CALL.test(text)) return true;
    url ||= SIGN_IN_LITERAL.test(text);
  }
  return false;
}

/** A step that sends the user to the second-factor page. */
const MFA_REDIRECT = /\bredirect\w*\s*(?:\(|\s)\s*(?:to\s*)?["'`][^"'`]*(?:2fa|mfa|otp|two_?factor|twofactor|totp)/i;
/** A redirect's literal target (`redirect_to "/2fa"`, `ctx.RedirectTo("/settings/mfa")`). */
const REDIRECT_TARGET = /\bredirect\w*\s*(?:\(|\s)\s*(?:to\s*)?["'`]([^"'`]*)/i;
/** A page of the user's own settings, where the second factor is managed rather than asked for. */
const SETTINGS_PAGE = /(?:^|\/)(?:settings|preferences|account|profile)(?:\/|$)/i;
/**
 * Whether a redirect to a second-factor page was rewritten in place to another route, not taken out: the step moved
 * under a new prefix ("/settings/totp/generate" -> "/-/settings/totp/generate"), or a settings page renamed
 * ("/settings/mfa" -> "/-/settings/authentication"). A second-factor step sent elsewhere ("/2fa" -> "/dashboard") is not.
 */
function redirectRetargeted(facts: HunkFacts, index: number): boolean {
  const added = pairedAddedLine(facts, index);
  if (added === undefined) return false;
  const before = REDIRECT_TARGET.exec(facts.lines[index].text)?.[1];
  const after = REDIRECT_TARGET.exec(facts.lines[added].text)?.[1];
  if (before === undefined || after === undefined) return false;
  return MFA_WORD.test(after) || (SETTINGS_PAGE.test(before) && SETTINGS_PAGE.test(after));
}
/** A predicate deciding whether the second factor is needed... */
const MFA_PREDICATE = /\b(?:def|function|func|fun|bool|boolean|public|private)\s+\w*(?:need|require|enabled?|enforce|must|should)\w*(?:two_?factor|twofactor|2fa|mfa|otp|totp)\w*|\b(?:def|function|func|fun)\s+\w*(?:two_?factor|twofactor|2fa|mfa|otp|totp)\w*(?:need|require|enabled?|enforce)\w*/i;
/** ...whose answer became a constant no. */
const CONSTANT_NO = /^\s*(?:return\s+)?(?:false|False|nil)\s*;?\s*$/;

export function splitWords(identifier: string): string[] {
  return identifier
    .replace(/[?!$]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_\d]+/)
    .filter(Boolean);
}

/** A verification of the caller's token or session, named without a guard word (`verifyToken`, `validate_session`). */
const CREDENTIAL_CHECK = /^(?:verify|validate|check)_?\w*(?:token|session|signature)/i;

/** A check and a guard word written as one lower-case word (`reqrole`, `loginrequired`, `adminonly`, `isadmin`). */
const GLUED_GUARD = /^(?:req|requires?|required|check|ensure|verify|is|has|must|need|only)(?:roles?|admin|auth[nz]?|login|perms?|permissions?|staff|superuser|owner|jwt)$|^(?:roles?|admin|auth[nz]?|login|perms?|permissions?|staff|superuser|owner|jwt)(?:req|required|requires|only|needed|check|guard)$/;

/**
 * A check that the caller is signed in, named for the user or session it demands rather than with an access word:
 * Remix's `requireUserId(request)` / `requireUser(request)` (the Indie and Blues stacks' session.server), Rails'
 * `require_user`, `ensureSignedIn`, `assertSession`.
 */
const SIGNED_IN_CHECK = /^(?:require|ensure|assert)_?(?:current_?|signed_?in_?|logged_?in_?|authenticated_?|valid_?)?(?:user|session|member|account|principal)(?:_?id)?[!?]?$/i;
/**
 * FastAPI's "get current user" dependency (the framework's security tutorial: `Depends(get_current_user)` answers 401
 * without a valid token; `get_current_active_user` also refuses disabled users) and fastapi-users' `current_active_user`:
 * named as a loader, but a dependency that authenticates.
 */
const ROLE_HOLDER = String.raw`(?:superuser|admin|organi[sz]er|teacher|instructor|doctor|manager|staff|moderator|editor|seller|vendor|employee|operator|reviewer)`;
const CURRENT_USER_DEPENDENCY = new RegExp(String.raw`^get_current_(?:(?:active|verified|approved|confirmed)_)?(?:user|${ROLE_HOLDER})$|^current_(?:active|verified|super)_?user$`);
/** The same dependency for a role's holder (`get_current_approved_organiser`, `get_current_teacher`): more than a signed-in caller. */
const CURRENT_ROLE_DEPENDENCY = new RegExp(String.raw`^get_current_(?:(?:active|verified|approved|confirmed)_)?${ROLE_HOLDER}$`);

/** The name a guard registration (GUARD_REGISTRATION) gives a sign-in check or current-user dependency, if any. */
function signedInRegistration(text: string, sql: boolean): string | undefined {
  for (const shape of GUARD_REGISTRATION) {
    if (sql && shape === BARE_CALL) continue;
    const name = shape.exec(text)?.[1];
    if (name === undefined) continue;
    const last = name.split(".").pop()!;
    if (SIGNED_IN_CHECK.test(last) || CURRENT_USER_DEPENDENCY.test(last)) return name;
  }
  return undefined;
}

/** Whether the hunk holding `index` adds a sign-in check in its place (`Depends(get_current_user)` -> `Depends(get_current_active_user)`). */
function addsSignedInCheck(facts: HunkFacts, index: number, sql: boolean): boolean {
  const [start, end] = facts.range(index);
  for (let i = start; i <= end; i++) {
    const { kind, text } = facts.lines[i];
    if (kind === "+" && text.length <= MAX_GUARD_LINE && !COMMENT.test(text) && signedInRegistration(text, sql) !== undefined) return true;
  }
  return false;
}

/** A guard's name: an access word, or a token or session check; a loader (`set_admin`) is not, unless it authorises. */
function isGuardName(name: string): boolean {
  if (SIGNED_IN_CHECK.test(name) || CURRENT_USER_DEPENDENCY.test(name)) return true;
  if (LOADER.test(name) && !/authori[sz]|authent/i.test(name)) return false;
  // Cross-site request forgery protection guards the form, not who may use it.
  if (/forgery|csrf|xsrf/i.test(name)) return false;
  const words = splitWords(name);
  return words.some((word, i) => GUARD_WORDS.has(word) || GLUED_GUARD.test(word) || (word === "super" && SUPER_ROLE.has(words[i + 1]))) || CREDENTIAL_CHECK.test(name) || isSecondFactorName(name, words)
    || administersCheck(words);
}
/**
 * A check named for the right to administer (`ensure_can_administer`, `require_can_administrate`, `checkCanAdminister`):
 * the admin role in its verb form, with a word that makes the name a check (a medication's `set_administration` is none).
 */
const ADMINISTER_VERB = new Set(["administer", "administrate"]);
const administersCheck = (words: string[]): boolean => words.some((w) => ADMINISTER_VERB.has(w)) && words.some((w) => CHECK_WORDS.has(w));
/**
 * Framework annotations that only ever guard, whose name has no guard word: Spring Security's `@Secured("ROLE_ADMIN")`
 * and Shiro's `@RequiresUser` (a remembered or signed-in user). Read for a guard written commented out.
 */
const GUARD_ANNOTATION = /^(?:Secured|RequiresUser)$/;
const isGuardDecoratorName = (name: string): boolean => GUARD_ANNOTATION.test(name) || isGuardName(name);
/** "Super" then a role, written as two words (`checkUserHasSuperUserAccess`, `requireSuperAdmin`): the superuser. */
const SUPER_ROLE = new Set(["user", "users", "admin", "admins", "administrator"]);

/**
 * A name for the second factor (`two_factor_checking`, `require2fa`, `verifyMfa`, `otpRequired`), read from its words:
 * `2fa` whole (the digit split would lose it), or a word that is mfa, otp, totp, tfa, twofactor, or "two" then "factor".
 */
function isSecondFactorName(name: string, words = splitWords(name)): boolean {
  if (/2fa/i.test(name)) return true;
  return words.some((w, i) => MFA_NAME_WORDS.has(w) || (w === "two" && words[i + 1] === "factor"));
}
const MFA_NAME_WORDS = new Set(["mfa", "otp", "totp", "tfa", "twofactor"]);

/** Guard names keep Ruby's suffixes (`authorized?`, `authenticate_user!`). */
const identifiers = (text: string): string[] => anyIdentifiers(text, true);

const isCheckName = (name: string): boolean => splitWords(name).some((word) => CHECK_WORDS.has(word));

/** Lines longer than this are data, not a guard's registration; the rewrite comparison skips them. */
const MAX_GUARD_LINE = 400;

/**
 * A PHP page including a file named for the check (`require_once 'auth_check.php';`, `include("session_check.php")`,
 * `require __DIR__ . '/admin_auth.php';`): the usual way a PHP page moves its session check out of line.
 */
const PHP_INCLUDE = /\b(?:require|include)(?:_once)?\b[^"'\n]{0,40}["']([^"'\n]{1,120})["']/;
function includesGuardFile(text: string): boolean {
  const path = PHP_INCLUDE.exec(text)?.[1];
  if (path === undefined) return false;
  const base = path.split("/").pop()!.replace(/\.[A-Za-z0-9]+$/, "");
  const words = splitWords(base.replace(/[.-]/g, "_"));
  return isGuardName(base) || (words.includes("session") && words.some((w) => CHECK_WORDS.has(w)));
}

/** What one review of a file learns about each hunk, computed once per hunk. */
class HunkFacts {
  private addedCounts = new Map<number, Map<string, number>>();
  private addsCheckByHunk = new Map<number, boolean>();
  private ranges = new Map<number, [number, number]>();

  private addsGuardByHunk = new Map<number, boolean>();
  private keepsOwnershipByHunk = new Map<number, boolean>();
  private addsListGuardByHunk = new Map<number, boolean>();
  private runStarts?: Int32Array;
  private runEnds?: Int32Array;

  constructor(readonly lines: DiffLine[]) {}

  /** First and last index of the run of same-kind lines (within one hunk) holding line `index`; all computed once. */
  run(index: number): [number, number] {
    if (!this.runStarts || !this.runEnds) {
      const { lines } = this;
      const same = (a: number, b: number) => lines[a].kind === lines[b].kind && lines[a].hunk === lines[b].hunk;
      const starts = new Int32Array(lines.length);
      const ends = new Int32Array(lines.length);
      for (let i = 0; i < lines.length; i++) starts[i] = i > 0 && same(i - 1, i) ? starts[i - 1] : i;
      for (let i = lines.length - 1; i >= 0; i--) ends[i] = i + 1 < lines.length && same(i + 1, i) ? ends[i + 1] : i;
      this.runStarts = starts;
      this.runEnds = ends;
    }
    return [this.runStarts[index], this.runEnds[index]];
  }

  /**
   * Whether the hunk adds a guard in a guard's place (`router.use(requireAuth)`, `@login_required`, a credential read):
   * an inline check replaced by a registered one is not dropped.
   */
  addsGuard(index: number): boolean {
    return this.hunkAdds(this.addsGuardByHunk, index, (text) => CREDENTIAL_READ.test(text) || REPLACEMENT_CHECK.test(text) || DECLARATIVE_GUARD.test(text) || SESSION_CHECK_CALL.test(text)
      || (CONDITION.test(text) && IDENTITY_ABSENT.test(text)) || (GUARD_POSITION.test(text) && identifiers(text).some(isGuardName)) || includesGuardFile(text));
  }

  /**
   * Whether the hunk keeps the record the caller's another way: the ownership test written again, a check called in
   * its place (`$this->authorize('delete', $post)`), or the lookup bound to the caller (`author=request.user`).
   */
  keepsOwnership(index: number): boolean {
    return this.hunkAdds(this.keepsOwnershipByHunk, index, (text) => ownerMismatch(text) || bindsOwnerToCaller(text) || callsGuard(text));
  }

  /** Whether the hunk adds a guard as an element of a list written one a line (`requireAdmin,`, `'auth:sanctum',`). */
  addsListGuard(index: number): boolean {
    return this.hunkAdds(this.addsListGuardByHunk, index, (text) => {
      const added = LIST_ELEMENT.exec(text);
      return added !== null && (added[1] !== undefined ? LARAVEL_GUARD_ALIAS.test(added[1]) : isGuardName(added[2].split(".").pop()!));
    });
  }

  /** Whether an added line of the hunk holding `index` (not a comment, not over-long) passes `test`; once per hunk. */
  private hunkAdds(cache: Map<number, boolean>, index: number, test: (text: string) => boolean): boolean {
    const hunk = this.lines[index].hunk;
    let adds = cache.get(hunk);
    if (adds === undefined) {
      const [start, end] = this.range(index);
      adds = false;
      for (let i = start; i <= end && !adds; i++) {
        const { kind, text } = this.lines[i];
        adds = kind === "+" && text.length <= MAX_GUARD_LINE && !COMMENT.test(text) && test(text);
      }
      cache.set(hunk, adds);
    }
    return adds;
  }

  /** First and last index of the hunk holding line `index`. */
  range(index: number): [number, number] {
    const hunk = this.lines[index].hunk;
    let range = this.ranges.get(hunk);
    if (!range) this.ranges.set(hunk, (range = hunkBounds(this.lines, index)));
    return range;
  }

  /** Whether an added line other than `paired` names `token`: a guard found there was moved or re-wrapped, not dropped. */
  addedElsewhere(paired: number, pairedTokens: string[], token: string): boolean {
    const hunk = this.lines[paired].hunk;
    let counts = this.addedCounts.get(hunk);
    if (!counts) {
      counts = new Map();
      const [start, end] = this.range(paired);
      for (let i = start; i <= end; i++) {
        const line = this.lines[i];
        if (line.kind === "+" && line.text.length <= MAX_GUARD_LINE) for (const t of identifiers(line.text)) counts.set(t, (counts.get(t) ?? 0) + 1);
      }
      this.addedCounts.set(hunk, counts);
    }
    return (counts.get(token) ?? 0) > pairedTokens.filter((t) => t === token).length;
  }

  /** Whether the hunk adds a call to another check in place of the removed one. */
  addsCheck(index: number): boolean {
    return this.hunkAdds(this.addsCheckByHunk, index, (text) => REPLACEMENT_CHECK.test(text) || DECLARATIVE_GUARD.test(text));
  }
}

/** Tokens of `a` not matched one for one in `b`. */
function minus(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const t of b) left.set(t, (left.get(t) ?? 0) + 1);
  const out: string[] = [];
  for (const t of a) {
    const n = left.get(t) ?? 0;
    if (n > 0) left.set(t, n - 1);
    else out.push(t);
  }
  return out;
}

/**
 * Index of the added line that took the place of removed line `index`: same position in the next run of added lines.
 * Run bounds come from `facts` (computed once), so a long removed run costs no rescan per line.
 */
function pairedAddedLine(facts: HunkFacts, index: number): number | undefined {
  const [start, end] = facts.run(index);
  const next = end + 1;
  if (next >= facts.lines.length || facts.lines[next].kind !== "+" || facts.lines[next].hunk !== facts.lines[index].hunk) return undefined;
  const paired = next + (index - start);
  return facts.run(next)[1] >= paired ? paired : undefined;
}

/** Whether `name` is called on the line (`staff_member_required(view)`), not merely mentioned. */
function calledIn(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (at > 0 && /[\w$]/.test(text[at - 1])) continue;
    let next = at + name.length;
    while (text[next] === " ") next++;
    if (text[next] === "(") return true;
  }
  return false;
}

/**
 * Whether the added line could be the removed one less a guard: no longer, and starting the same way (a guard swapped
 * for an opening word of its length, tRPC's `authedProcedure` -> `publicProcedure`, keeps the length).
 */
function mayDropPart(removed: string, added: string): boolean {
  if (added.length > removed.length) return false;
  const a = removed.trimStart();
  const b = added.trimStart();
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  return same >= 4;
}

/**
 * A tRPC router entry (`list: authedProcedure.query(...)`): the procedure a router maps a name to is where its
 * middleware-built guard sits (tRPC docs: "Authorization", reusable base procedures built with `.use()`).
 */
const TRPC_PROCEDURE = /^\s*[\w$]+\s*:\s*[\w$]*[Pp]rocedure\b/;
/** A rewrite that keeps the line but drops guard names and adds nothing guarding in their place. */
/** A list of the attributes a request may set (Rails strong parameters, Laravel $fillable, attr_accessible): a field
 * taken out of it (`:role_id`) is one users can no longer set, a restriction rather than a dropped guard. */
const ASSIGNABLE_FIELDS = /\.permit\s*\(|\$fillable\b|\battr_accessible\b|\bpermitted_(?:params|attributes)\b/;

/**
 * Whether `name` only qualified a name the rewrite keeps (`permissions.IsAuthenticated` -> `IsAuthenticated`,
 * `middleware.RequireAuth()` -> `RequireAuth()`): the import changed, the guard did not.
 */
function qualifierOfKept(removed: string, name: string, after: string[], added: string): boolean {
  for (let at = removed.indexOf(`${name}.`); at >= 0; at = removed.indexOf(`${name}.`, at + 1)) {
    if (at > 0 && /[\w$]/.test(removed[at - 1])) continue;
    const member = /^[A-Za-z_$][\w$]*/.exec(removed.slice(at + name.length + 1))?.[0];
    // Kept on its own, not as a method called on whatever replaced the name (tRPC's `publicProcedure.query`).
    if (member !== undefined && after.includes(member) && standsAlone(added, member)) return true;
  }
  return false;
}

/**
 * Whether `name` is a namespace renamed around a class the rewrite keeps under a new one of shared words (Ruby's
 * `GroupRoleManagement::Activation.new(self)` -> `GroupManagement::Activation.new(self)`, PHP's `App\Roles\Sync` ->
 * `App\Groups\Sync`): a module was renamed, the class it holds is the same. Only `::` and `\` paths to a capitalised
 * class count; a member called on a renamed object (`AuthMiddleware.handle`) may be another object's.
 */
function renamedNamespace(removed: string, name: string, added: string): boolean {
  const separator = removed.includes(`${name}::`) ? "::" : removed.includes(`${name}\\`) ? "\\" : undefined;
  if (separator === undefined) return false;
  const start = removed.indexOf(`${name}${separator}`);
  if (start > 0 && /[\w$]/.test(removed[start - 1])) return false;
  const kept = /^[A-Z]\w*/.exec(removed.slice(start + name.length + separator.length))?.[0];
  if (kept === undefined) return false;
  // The new namespace shares a word other than a guard word with the old one (Group...Management): the same module renamed.
  const renamed = new RegExp(`([A-Za-z_]\\w*)${separator === "::" ? "::" : "\\\\"}${kept}\\b`).exec(added)?.[1];
  const oldWords = splitWords(name).filter((w) => !GUARD_WORDS.has(w));
  return renamed !== undefined && splitWords(renamed).some((w) => oldWords.includes(w));
}

/** Whether `name` occurs in `text` other than as a member (`.name`, `->name`). */
function standsAlone(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text.slice(Math.max(0, at - 2), at);
    if (/[\w$]$/.test(before) || /[\w$]/.test(text[at + name.length] ?? "")) continue;
    if (!/(?:\.|->)$/.test(before)) return true;
  }
  return false;
}

/**
 * The added line with the added lines that continue its call when it leaves a parenthesis or bracket open
 * (`@manager_can_enter(perm="x")` rewrapped as `@manager_can_enter(` / `    perms=["x", "y"]` / `)`): the arguments moved
 * to the lines below, they were not dropped. At most 12 lines are joined.
 */
function withContinuation(lines: DiffLine[], added: number): string {
  let text = lines[added].text;
  let open = 0;
  for (const c of text) open += c === "(" || c === "[" ? 1 : c === ")" || c === "]" ? -1 : 0;
  for (let i = added + 1; open > 0 && i < lines.length && i <= added + 12 && lines[i].kind === "+" && lines[i].hunk === lines[added].hunk; i++) {
    text += ` ${lines[i].text.trim()}`;
    for (const c of lines[i].text) open += c === "(" || c === "[" ? 1 : c === ")" || c === "]" ? -1 : 0;
  }
  return text;
}
function droppedGuards(removed: string, added: number, facts: HunkFacts): string[] {
  if (ASSIGNABLE_FIELDS.test(removed) || !mayDropPart(removed, facts.lines[added].text)) return [];
  const before = identifiers(removed);
  const after = identifiers(withContinuation(facts.lines, added));
  const dropped = minus(before, after);
  const gained = minus(after, before);
  // A guard name that is neither in a guard's position nor wrapping a call is data (`super(AdminForm, self)`, `"login"`).
  const inPosition = (GUARD_POSITION.test(removed) && !TEMPLATE_DATA_DIRECTIVE.test(removed)) || TRPC_PROCEDURE.test(removed);
  const guards = dropped.filter((t) => isGuardName(t) && !facts.addedElsewhere(added, after, t) && !qualifierOfKept(removed, t, after, facts.lines[added].text) && !renamedNamespace(removed, t, facts.lines[added].text) && (inPosition || (calledIn(removed, t) && isCheckName(t))));
  // An attribute or decorator list keeps one name (`[HttpGet, Authorize]` -> `[HttpGet]`), and so does an object's
  // property (tRPC's `delete: protectedProcedure` -> `delete: publicProcedure`); other lines keep two.
  const minKept = /^\s*(?:[@\[]|[\w$]+\s*:)/.test(removed) ? 1 : 2;
  if (guards.length === 0 || before.length - dropped.length < minKept || dropped.length - guards.length > 2) return [];
  // What the rewrite put in its place opens the way (`public`, `permitAll`), also when named like the guard it replaced
  // (tRPC's `protectedProcedure` -> `publicProcedure`): the words the two share say nothing.
  const shared = new Set(guards.flatMap((t) => splitWords(t)));
  if (!gained.every((t) => splitWords(t).every((w) => OPENING_WORDS.has(w) || shared.has(w)))) return [];
  return guards;
}

/** A Laravel middleware registration (`->middleware([...])`, `Route::middleware([...])`, `'middleware' => [...]`). */
const LARAVEL_MIDDLEWARE = /(?:->|::)middleware\s*\(|["']middleware["']\s*=>/;
/**
 * A Laravel middleware alias taken out of a registration rewritten in place (`Route::middleware(['auth', '2fa'])` ->
 * `Route::middleware(['auth'])`): the aliases are strings, which the identifier comparison does not see.
 */
function droppedMiddlewareAlias(removed: string, added: string, diff: FileDiff): string | undefined {
  if (!LARAVEL_MIDDLEWARE.test(removed) || !LARAVEL_MIDDLEWARE.test(added)) return undefined;
  const kept = new Set(quotedStrings(added));
  const before = new Set(quotedStrings(removed));
  // Another guard alias put in its place (`'auth:api'` -> `'auth:sanctum'`) replaces it.
  if ([...kept].some((alias) => !before.has(alias) && LARAVEL_GUARD_ALIAS.test(alias))) return undefined;
  return quotedStrings(removed).find((alias) => !kept.has(alias) && guardAliasGone(diff, alias));
}
/** The contents of a line's string literals (`['auth:api', "roles"]` -> auth:api, roles). */
const quotedStrings = (text: string): string[] => (text.match(STRING_LITERAL) ?? []).map((q) => q.slice(1, -1));
/** Whether the file adds a name back as a string literal, in either quote. */
const readdedQuoted = (diff: FileDiff, name: string): boolean => readded(diff, `'${name}'`) || readded(diff, `"${name}"`);
/** A Laravel guard alias (`auth`, `auth:api`, a role alias) that the file does not add back anywhere. */
const guardAliasGone = (diff: FileDiff, alias: string): boolean => LARAVEL_GUARD_ALIAS.test(alias) && !readdedQuoted(diff, alias);

/** A Laravel route group's or route's middleware key on a line of its own (`'middleware' => ['auth:api', 'roles'],`). */
const LARAVEL_MIDDLEWARE_KEY = /^\s*["']middleware["']\s*=>\s*(\[[^\]\n]{0,200}\]|["'][^"'\n]{0,100}["'])\s*,?\s*$/;
/** The statement that opens a Laravel group or route whose attribute array holds the key (`Route::group([`, `->group([`). */
const LARAVEL_GROUP_OPENING = /\bRoute::\w+\s*\(|->group\s*\(/;
/**
 * A Laravel group's (or route's) middleware key removed outright with a guard alias in it (`auth`, `auth:api`, a role or
 * permission alias): the group's routes are served without it. Not: the key rewritten (read as a rewrite), the alias put
 * back elsewhere (a chained `->middleware('auth:api')`), the group removed with it.
 */
function laravelGroupMiddlewareDropped(diff: FileDiff, index: number): boolean {
  const { lines } = diff;
  const value = LARAVEL_MIDDLEWARE_KEY.exec(lines[index].text)?.[1];
  if (value === undefined) return false;
  if (!quotedStrings(value).some((alias) => guardAliasGone(diff, alias))) return false;
  for (let i = index - 1; i >= Math.max(0, index - 8) && lines[i].hunk === lines[index].hunk; i--) {
    if (LARAVEL_GROUP_OPENING.test(lines[i].text)) return lines[i].kind === " ";
  }
  return false;
}

/** The line rules that already report removed checks by their API names: where one fires, it speaks for the hunk. */
const NAMED_CHECK_RULES = new Set(["auth-check-removed", "authorization-rule-removed", "mfa-check-removed"]);
const namedCheckRules = new Map<FileKind, CompiledLineRule[]>();

function ruleFires(rule: CompiledLineRule, diff: FileDiff, index: number): boolean {
  const { text } = diff.lines[index];
  const match = rule.pattern.exec(text);
  if (!match || rule.unless?.test(text)) return false;
  if (!rule.near.every((near) => nearMatches(diff.lines, index, near, diff.path))) return false;
  if (rule.unlessNear.some((near) => nearMatches(diff.lines, index, near, diff.path))) return false;
  const token = rule.notReaddedToken ? rule.notReaddedToken.exec(text)?.[0] : match[0];
  return !(rule.definition.notReadded && token !== undefined && diff.addedCompact.includes(compact(token)));
}

function ruleReportsHunk(diff: FileDiff, [start, end]: [number, number]): boolean {
  const kind = diff.fileClass.kind;
  let rules = namedCheckRules.get(kind);
  if (!rules) namedCheckRules.set(kind, (rules = ruleSetFor(kind, "removed").rules.filter((r) => NAMED_CHECK_RULES.has(r.definition.id))));
  for (let i = start; i <= end; i++) {
    if (diff.lines[i].kind === "-" && diff.lines[i].text.length <= MAX_GUARD_LINE && rules.some((rule) => ruleFires(rule, diff, i))) return true;
  }
  return false;
}

/**
 * A removed line naming the second factor that took the factor out: a redirect to the 2FA page removed, or the body
 * of a "needs two factor?" predicate replaced by a constant no.
 */
function secondFactorDropped(diff: FileDiff, facts: HunkFacts, index: number): boolean {
  const { lines } = diff;
  const redirect = MFA_REDIRECT.exec(lines[index].text);
  if (redirect) return !diff.addedCompact.includes(compact(redirect[0])) && !redirectRetargeted(facts, index) && !insideRemovedFunction(lines, index, diff.addedCompact);
  const added = pairedAddedLine(facts, index);
  if (added === undefined || !CONSTANT_NO.test(lines[added].text)) return false;
  for (let i = index - 1; i >= Math.max(0, index - 4) && lines[i].hunk === lines[index].hunk; i--) {
    if (lines[i].kind === "-") continue;
    return lines[i].kind === " " && lines[i].text.length <= MAX_GUARD_LINE && MFA_PREDICATE.test(lines[i].text);
  }
  return false;
}

/** A YAML key whose block scalar is prose (an OpenAPI operation's `description: |`, a chart's `notes: >`). */
const YAML_KEY_LINE = /^\s*(?:-\s|[\w.$/{}"'-]+\s*:(?:\s|$))/;
const PROSE_BLOCK_KEY = /^\s*-?\s*(?:description|summary|notes?|help|message|text|comment|details|readme)\s*:\s*[|>][-+]?\s*$/;
/**
 * Whether a YAML line is inside a prose block scalar ("authenticated user's account." in an API description): words, not
 * a guard. Looks up the hunk, past less indented lines of the same prose, to the key that opens the block.
 */
function inProseBlock(lines: DiffLine[], index: number): boolean {
  const indent = (text: string) => text.length - text.trimStart().length;
  let limit = indent(lines[index].text);
  for (let i = index - 1; i >= Math.max(0, index - 60) && lines[i].hunk === lines[index].hunk; i--) {
    const text = lines[i].text;
    if (text.trim() === "" || indent(text) >= limit) continue;
    if (PROSE_BLOCK_KEY.test(text)) return true;
    // A key or list item ends the search; a less indented line of prose (a paragraph's first line) goes on up.
    if (YAML_KEY_LINE.test(text)) return false;
    limit = indent(text);
  }
  return false;
}

/** Each file's added lines, compacted, once per review: an exact re-add is answered without a scan. */
const addedLineSets = new WeakMap<FileDiff, { lines: Set<string>; scans: number }>();
/** Substring searches of the added side allowed per file before only exact re-adds count (hostile input stays linear). */
const READDED_SCANS = 200;

/** Whether the file adds `text` back, as a line of its own or inside a longer or re-wrapped one. */
function readded(diff: FileDiff, text: string): boolean {
  let facts = addedLineSets.get(diff);
  if (!facts) {
    facts = { lines: new Set(diff.lines.filter((l) => l.kind === "+").map((l) => compact(l.text))), scans: 0 };
    addedLineSets.set(diff, facts);
  }
  const wanted = compact(text);
  if (facts.lines.has(wanted)) return true;
  return facts.scans++ < READDED_SCANS && diff.addedCompact.includes(wanted);
}

function finding(ruleId: string, diff: FileDiff, line: DiffLine): RawFinding {
  return { ruleId, path: diff.path, line: line.newLine, side: line.kind === "+" ? "RIGHT" : "LEFT", evidence: line.text };
}

/** Words a guard file's name may hold besides guard and check words: admin.middlewares.js, roles_guard.py, AuthFilter.java. */
const GUARD_FILE_WORDS = new Set(["middleware", "middlewares", "guard", "guards", "filter", "filters", "policy", "policies", "interceptor", "decorator", "decorators", "hook", "hooks"]);
/** The shape of a guard's body: a middleware passing on (next()), a wrapped view called, a PHP page include reading the session. */
const GUARD_BODY = /\bnext\s*\(\s*\)|\(\s*req\w*\s*,\s*res\w*\s*,\s*next\s*\)|\$_SESSION\b|\breturn\s+(?:view|f|func|fn|wrapped|handler)\s*\(|@wraps\b|\bcanActivate\b|\bhandle\s*\(\s*\$request\s*,\s*Closure/;
/** A boolean admin flag tested (`if (usuario.admin)`, `if(!user.isAdmin)`), and PHP's "no session user" test. */
const ADMIN_FLAG = /\bif\s*\(?\s*!?\s*[\w$.]*\.(?:admin|is_?admin|es_?admin|administrador|es_?administrador|superuser|is_?staff|staff)\s*\)/i;
const NO_SESSION_USER = /!\s*isset\s*\(\s*\$_SESSION\s*\[|\bempty\s*\(\s*\$_SESSION\s*\[/;
/**
 * PHP's sign-in gate: a session key naming the signed-in user tested for absence (`if (!isset($_SESSION['logado']))`,
 * `empty($_SESSION['usuario_logado'])`, `!isset($_SESSION['user_id'])`), then a redirect (`header('Location: index.php')`):
 * the page a plain PHP site sends visitors without a session to is often its index, so any redirect counts.
 */
const PHP_SESSION_GATE = /(?:!\s*isset\s*\(|\bempty\s*\()\s*\$_SESSION\s*\[\s*["'][\w-]{0,40}?(?:user|usuario|admin|logged|logado|logueado|login|auth|autenticado|member|account|conta|cliente)[\w-]{0,40}["']/i;

/**
 * A file named for an access guard and nothing else (admin-auth.php, validarAdministrador.js, admin.middlewares.js)
 * deleted with the condition that turned callers away: what included or mounted it is left open. Sign-in and sign-up
 * handlers are not guards, and a file without a guard's shape (next(), a wrapped view, a session read) is not one.
 */
function deletedGuardFile(diff: FileDiff): RawFinding[] {
  const base = diff.path.split("/").pop()!.replace(/\.[A-Za-z0-9]+$/, "");
  const words = splitWords(base.replace(/[.-]/g, "_"));
  if (words.length === 0 || words.some((w) => /^(?:log_?in|login|signin|sign|register|signup|routes?|controller|test|spec)$/.test(w))) return [];
  if (!words.some((w) => GUARD_WORDS.has(w)) || !words.every((w) => GUARD_WORDS.has(w) || CHECK_WORDS.has(w) || GUARD_FILE_WORDS.has(w))) return [];
  const { lines } = diff;
  if (!GUARD_BODY.test(diff.removed.texts.join("\n"))) return [];
  for (let index = 0; index < lines.length; index++) {
    if (lines[index].kind !== "-" || !CONDITION.test(lines[index].text) || COMMENT.test(lines[index].text)) continue;
    const window = lines.slice(index, index + 7).filter((l) => l.kind === "-").map((l) => l.text).join("\n");
    const condition = ROLE_WORDS.test(window) || ADMIN_FLAG.test(window) || NO_SESSION_USER.test(window) || IDENTITY_ABSENT.test(window);
    if (condition && (denies(window) || deniesAccess(window))) return [finding("auth-check-removed", diff, lines[index])];
  }
  return [];
}

/**
 * Hooks a framework runs before every handler of an app or blueprint, written as a decorator on the function that
 * checks (Flask and Quart `@bp.before_request` / `@bp.before_app_request`, Starlette/FastAPI `@app.middleware("http")`,
 * Sanic `@app.middleware("request")`): the function is the guard, so a check removed with it leaves the routes open.
 */
const REQUEST_HOOK = /^\s*@[\w.]*\b(?:before_request|before_app_request|middleware\s*\(\s*["'](?:http|request)["'])/;
const PY_DEF = /^\s*(?:async\s+)?def\s+\w+/;
function inRemovedRequestHook(lines: DiffLine[], index: number): boolean {
  for (let i = index - 1; i >= 0 && i >= index - 30 && lines[i].hunk === lines[index].hunk && lines[i].kind === "-"; i--) {
    if (!PY_DEF.test(lines[i].text)) continue;
    for (let j = i - 1; j >= 0 && j >= i - 3 && lines[j].hunk === lines[i].hunk && lines[j].kind === "-"; j--) if (REQUEST_HOOK.test(lines[j].text)) return true;
    return false;
  }
  return false;
}

/** A message of its own in a denial (`"Only admins can send the invitation!"`): long enough to name one check. */
const OWN_MESSAGE = /["'`][^"'`\n]{15,}["'`]/;
/**
 * Whether a removed denial between `from` and `to` (`res.status(403).json("Only admins can send the invitation!")`)
 * is added again elsewhere in the file, message and all: the check moved (earlier in the handler, into another
 * branch), it did not go. A bare `return 403` says too little to tell one check from another.
 */
function denialMovedElsewhere(diff: FileDiff, from: number, to: number): boolean {
  for (let i = from; i <= to && i < diff.lines.length; i++) {
    const text = diff.lines[i].text;
    if (diff.lines[i].kind !== "-" || text.length > MAX_GUARD_LINE || !OWN_MESSAGE.test(text) || !(denies(text) || deniesAccess(text))) continue;
    if (diff.addedCompact.includes(compact(text))) return true;
  }
  return false;
}

/**
 * Where frameworks register middleware, hooks and filters on an app, a router or a route group (from their docs):
 * Express, Koa and Connect `app.use(...)` / `router.use(...)`; gin, echo, chi and fiber `group.Use(...)`; Fastify
 * `addHook("onRequest" | "preHandler" | "preValidation", ...)`; NestJS `app.useGlobalGuards(...)`; ASP.NET Core
 * `app.UseMiddleware<T>()`; Spring Security `addFilterBefore / addFilterAfter / addFilterAt(...)`; Starlette and
 * FastAPI `app.add_middleware(...)`; Hapi `server.auth.default(...)`; Flask and Quart `app.before_request(f)` /
 * `bp.before_app_request(f)`; Express's `app.all('*', requireAuthentication)`; and Fastify's route-level hooks, keys of a
 * route's options (`onRequest: [fastify.authenticate]`, `preHandler`, `preValidation`); axum's `.layer(...)` and
 * `.route_layer(...)` (its docs put authorisation middleware in `route_layer(middleware::from_fn(auth))`) and actix-web's
 * `.wrap(...)` (`.wrap(HttpAuthentication::bearer(validator))`). Group 1 is a generic argument
 * (`<JwtMiddleware>`); what follows the match is what is registered.
 */
const MIDDLEWARE_REGISTRATION = /(?:^|[.\s])(?:use|Use|addHook|useGlobalGuards|UseMiddleware|addFilterBefore|addFilterAfter|addFilterAt|addFilter|add_middleware|auth\.default|before_request|before_app_request|layer|route_layer|wrap)\s*(?:<([\w.]{1,80})>\s*)?\(|\.all\s*\(\s*["'`]\/?\*["'`]\s*,|(?:^|[\s{,])(?:onRequest|preHandler|preValidation|preParsing|beforeHandler)\s*:/;
const ERROR_HANDLER = /\(\s*(?:async\s*)?\(?\s*(?:err|error|ex|exception)\b\s*[,:)]/i;
const POLICY_SCOPE_VERIFIED = /^\s*after_action\s+:verify_policy_scoped\b/;
/** A function written in place as the middleware (`app.Use(async (context, next) =>`, `app.use(function (req, res, next) {`). */
const INLINE_FUNCTION = /=>|\bfunction\b|\bfunc\s*\(|\blambda\b|\bdo\s*\|/;
/** Middleware that answers 401/403 for reasons other than who the caller is: forgery, CORS and rate limits. */
const NOT_ACCESS_MIDDLEWARE = /csrf|xsrf|cors|origin|throttl|rate_?limit|ratelimit|too_?many/i;
/**
 * A middleware written inline on the app or router (ASP.NET Core `app.Use(async (context, next) => { ... })`, Express
 * `app.use((req, res, next) => { ... })`) removed with the 401/403 or sign-in redirect it answered: the requests it
 * turned away now reach the handlers. Its body is the run of removed lines after it (at most 20), and the answer is not
 * added back elsewhere in the file.
 */
function inlineGuardRemoved(diff: FileDiff, facts: HunkFacts, index: number): boolean {
  const { lines } = diff;
  const m = MIDDLEWARE_REGISTRATION.exec(lines[index].text);
  const rest = lines[index].text.slice(m?.index ?? 0);
  // An error handler (`app.use((err, req, res, next) => ...)`) only words the 401 another middleware already decided.
  if (!m || !INLINE_FUNCTION.test(rest.slice(m[0].length)) || ERROR_HANDLER.test(rest)) return false;
  const last = Math.min(facts.run(index)[1], index + 20);
  let denial = -1;
  for (let i = index; i <= last; i++) {
    const { text } = lines[i];
    if (text.length > MAX_GUARD_LINE || COMMENT.test(text)) continue;
    if (NOT_ACCESS_MIDDLEWARE.test(text)) return false;
    if (denial < 0 && deniesAccess(text)) denial = i;
  }
  return denial >= 0 && !diff.addedCompact.includes(compact(lines[denial].text)) && !insideRemovedFunction(lines, index, diff.addedCompact);
}
/** Fastify's route-level hooks are keys of the route's options (`onRequest: [fastify.authenticate]`); the route opens above. */
const ROUTE_HOOK_KEY = /(?:^|[\s{,])(?:onRequest|preHandler|preValidation|preParsing|beforeHandler)\s*:/;
const ROUTE_OPENING = /\.(?:get|post|put|patch|delete|route|all|head|options)\s*(?:<[^>\n]{0,200}>)?\s*\(/;

/** Whether the route whose options hold line `index` is removed with it (a route deleted whole leaves nothing open). */
function routeRemovedWith(lines: DiffLine[], index: number): boolean {
  for (let i = index - 1; i >= Math.max(0, index - 10) && lines[i].hunk === lines[index].hunk; i--) {
    if (lines[i].kind === "+" || lines[i].text.length > MAX_GUARD_LINE) continue;
    if (ROUTE_OPENING.test(lines[i].text)) return lines[i].kind === "-";
  }
  return false;
}
/** A registration's first argument that is a path: what follows is mounted there. */
const MOUNT_PATH = /^\s*["'`]\//;
/** ASP.NET Core's own authentication and authorisation steps of the request pipeline (`app.UseAuthorization();`). */
const ASPNET_PIPELINE_GUARD = /^\s*[\w.]+\.Use(?:Authentication|Authorization)\s*\(\s*\)\s*;?\s*$/;
/** Roles a middleware or guard may demand besides those in GUARD_WORDS (`ManagerMiddleware`, `SupervisorGuard`). */
const ROLE_NOUNS = new Set(["manager", "managers", "supervisor", "supervisors", "superadmin"]);
/** What names a middleware or guard as such, so a role noun beside it is a check (`ManagerMiddleware`, not `managerRoutes`). */
const GUARD_KINDS = new Set(["middleware", "guard", "guards", "filter", "gate", "policy", "only", "required"]);
const isRoleGuard = (name: string): boolean => {
  const words = splitWords(name);
  return words.some((w) => ROLE_NOUNS.has(w)) && words.some((w) => GUARD_KINDS.has(w));
};

/** The function axum turns into middleware: `from_fn(auth)`, `from_fn_with_state(state.clone(), require_admin)`. */
const FROM_FN_ARGUMENT = /\bfrom_fn(?:_with_state)?\s*\(\s*(?:[\w.&()]{1,80}\s*,\s*)?([\w:]{1,120})\s*\)/g;
/** Whether `name` is a type whose associated constructor the text calls (`HttpAuthentication::bearer(`). */
function constructedIn(text: string, name: string): boolean {
  for (let at = text.indexOf(`${name}::`); at >= 0; at = text.indexOf(`${name}::`, at + 1)) {
    if (at > 0 && /[\w$]/.test(text[at - 1])) continue;
    if (/^::\w+\s*\(/.test(text.slice(at + name.length))) return true;
  }
  return false;
}

/** The guards a middleware registration puts on a router or group: `protect`, `AdminAuthenticate`, `jwt({...})`, `ManagerMiddleware`. */
function registeredGuards(text: string): string[] {
  const m = MIDDLEWARE_REGISTRATION.exec(text);
  if (!m) return [];
  const rest = text.slice(m.index + m[0].length);
  const args = `${m[1] ?? ""} ${rest.replace(STRING_LITERAL, '""')}`;
  // A router's name holds a guard word without being a check (`adminRouter`); a called one is one (`jwt({...})`).
  // A middleware made from a function named for the guard (axum's `middleware::from_fn(auth)`), or a guard type whose
  // constructor is called (actix-web-httpauth's `HttpAuthentication::bearer(validator)`), is the guard too.
  const wrapped = new Set([...args.matchAll(FROM_FN_ARGUMENT)].map((f) => f[1].split("::").pop()!));
  const guards = identifiers(args).filter((t) => (isGuardName(t) && (isCheckName(t) || calledIn(args, t) || wrapped.has(t) || constructedIn(args, t))) || isRoleGuard(t));
  // A mount with its guards (`app.use("/admin", protect, adminRoutes)`) taken out takes the routes with it.
  if (guards.length > 0 && MOUNT_PATH.test(rest)) {
    // The mounted router is the last argument at the top level, not a name inside a guard's own call (`jwt({ secret })`).
    let top = args;
    for (let pass = 0; pass < 3; pass++) top = top.replace(/\([^()]*\)|\{[^{}]*\}/g, "()");
    const last = identifiers(top).pop();
    if (last !== undefined && !guards.includes(last)) return [];
  }
  return guards;
}

/** A line holding one element of a list and nothing else: `adminMiddleware,`, `'auth:sanctum',`, `IsAdminUser,`. */
const LIST_ELEMENT = /^\s*(?:["']([\w./:,|*{}@-]{1,80})["']|([A-Za-z_$][\w$.]{0,120})(?:\(\s*\)|\([\w$.\s,]{1,80}\))?)\s*,?\s*$/;
/**
 * An element that is a guard called with its settings and the list's last, or one whose call goes on to the next line
 * (gin's `middleware.RequiredAuth(appContext),`, `middleware.RoleRequired(appContext,` then `"admin"))`).
 */
const CALL_ELEMENT = /^\s*([A-Za-z_$][\w$.]{0,120})\s*\([\w$.\s,"']{0,80}(?:\)\s*\)?\s*[,;]?|,)\s*$/;
/** A line opening a route's or group's middleware list, or a guard or permission list, over the next lines. */
const LIST_OPENER_WORD = /\b(?:get|post|put|patch|delete|all|route|use|Use|group|Group|GET|POST|PUT|PATCH|DELETE|Any|Handle|middleware|UseGuards|permission_classes|authentication_classes|dependencies|preHandler|onRequest|preValidation|before_action)\b/;
const LIST_OPENER_END = /[(\[]\s*$/;
/** Lists that hold nothing but guards: any guard-named element is one (`RolesGuard`, `auth`). */
const GUARD_LIST = /\b(?:middleware|UseGuards|permission_classes|authentication_classes|dependencies|preHandler|onRequest|preValidation)\b/;
/** Laravel route middleware aliases that authenticate or authorise (`'auth:sanctum'`, `'can:update,post'`, `'role:admin'`, `'verified'`). */
const LARAVEL_GUARD_ALIAS = /^(?:auth(?:[:.][\w,.-]*)?|can:.+|roles?:.+|permission:.+|abilit(?:y|ies):.+|admin\w*|verified|password\.confirm|2fa|mfa|otp)$/;

/** The identifiers of each file's added code (comments that only switch a removed line off left out), lower-cased, once per review. */
const addedIdentifierSets = new WeakMap<FileDiff, Set<string>>();
function addedIdentifier(diff: FileDiff, name: string): boolean {
  let names = addedIdentifierSets.get(diff);
  if (!names) {
    names = new Set();
    for (const line of diff.lines) if (line.kind === "+" && !line.inert) for (const t of identifiers(line.text)) names.add(t.toLowerCase());
    addedIdentifierSets.set(diff, names);
  }
  return names.has(name.toLowerCase());
}

/**
 * A guard taken out of a list written one element a line (a route's `authMiddleware, adminMiddleware,`, Laravel's
 * `Route::middleware([ 'auth:sanctum', ...])`, a DRF permission tuple): the name of the guard, or undefined. The list's
 * opening line must be kept (a route removed whole is not left unguarded) and no guard added to the hunk in its place.
 */
function droppedListGuard(diff: FileDiff, facts: HunkFacts, index: number): string | undefined {
  const { lines } = diff;
  const element = LIST_ELEMENT.exec(lines[index].text) ?? callElement(lines[index].text);
  if (!element) return undefined;
  let opener: DiffLine | undefined;
  let openerIndex = -1;
  for (let i = index - 1; i >= Math.max(0, index - 12) && lines[i].hunk === lines[index].hunk; i--) {
    if (lines[i].kind === "+" ) continue;
    if (LIST_ELEMENT.test(lines[i].text) || (lines[i].kind === "-" && callElement(lines[i].text))) continue;
    opener = lines[i];
    openerIndex = i;
    break;
  }
  if (!opener || opener.text.length > MAX_GUARD_LINE || !LIST_OPENER_WORD.test(opener.text)) return undefined;
  // The opener kept as it was, or rewritten in place with its arguments cut short (`admin := v1.Group("/admin",` ->
  // `admin := v1.Group("/admin")`): a call still open at the end of the line, whose start an added line repeats.
  if (opener.kind === " " ? !LIST_OPENER_END.test(opener.text) : !rewrittenOpener(facts, openerIndex)) return undefined;
  const guardList = GUARD_LIST.test(opener.text);
  let name: string;
  if (element[1] !== undefined) {
    if (!LARAVEL_GUARD_ALIAS.test(element[1])) return undefined;
    name = element[1];
  } else {
    name = element[2].split(".").pop()!;
    if (!isGuardName(name) || !(guardList || isCheckName(name) || isRoleGuard(name))) return undefined;
  }
  if (element[1] !== undefined ? readdedQuoted(diff, name) : addedIdentifier(diff, name)) return undefined;
  // Another guard put in the list in its place (`adminMiddleware,` -> `requireAdmin,`) replaces it.
  return facts.addsListGuard(index) ? undefined : name;
}

/** A list element that is a call with arguments (see CALL_ELEMENT), as LIST_ELEMENT's groups. */
function callElement(text: string): RegExpExecArray | null {
  const m = CALL_ELEMENT.exec(text);
  if (!m) return null;
  const shaped = [m[0], undefined, m[1]] as unknown as RegExpExecArray;
  return shaped;
}

/** Whether removed line `index` opened an argument list left open at its end, and an added line of the hunk restarts the call. */
function rewrittenOpener(facts: HunkFacts, index: number): boolean {
  const text = facts.lines[index].text;
  if (!/[,(\[]\s*$/.test(text)) return false;
  const open = text.indexOf("(");
  if (open < 0 || text.split("(").length <= text.split(")").length) return false;
  const start = compact(text.slice(0, open + 1));
  const [first, last] = facts.range(index);
  for (let i = first; i <= last; i++) if (facts.lines[i].kind === "+" && compact(facts.lines[i].text).startsWith(start)) return true;
  return false;
}

/** Words of a guard's name that demand more than a signed-in caller: a role, a permission, an owner, authorisation. */
const ROLE_LEVEL_WORDS = new Set([...GUARD_WORDS].filter((w) => !/^(?:auth|authn|authenticate|authenticated|authentication|jwt|login|logged|protect|protected|signed|guard|guards|autenticar|autenticado|autenticacion|autenticacao|authentifie|authentification|angemeldet|logueado|logado|acceso|acesso|protecao|proteccion|protegido)$/.test(w)));
const demandsRole = (name: string): boolean => splitWords(name).some((w) => ROLE_LEVEL_WORDS.has(w) || ROLE_NOUNS.has(w)) || /^(?:is|has|check|require|ensure)?_?(?:admin|staff|superuser|role|perm)/i.test(name) || CURRENT_ROLE_DEPENDENCY.test(name);

/**
 * A guard registration rewritten in place to a weaker guard of the same shape: a role or permission check replaced by
 * a sign-in check (`before_action :require_admin` -> `before_action :authenticate_user!`). The converse, and a sign-in
 * check renamed (`require_logged_in_user` -> `authenticate_user!`), keep the route as closed as it was.
 */
function guardDowngraded(removed: string, added: string, diff: FileDiff): boolean {
  // The same registration keeps its opening (`before_action :`, `@`, `_: None = Depends(`): cheap, and first.
  const a = removed.trimStart();
  const b = added.trimStart();
  if (a.length < 4 || b.length < 4 || a.slice(0, 4) !== b.slice(0, 4)) return false;
  for (const shape of GUARD_REGISTRATION) {
    const before = shape.exec(removed)?.[1];
    if (!before) continue;
    const after = shape.exec(added)?.[1];
    if (!after || after === before) return false;
    const [b, a] = [before.split(".").pop()!, after.split(".").pop()!];
    return isGuardName(b) && isGuardName(a) && demandsRole(b) && !demandsRole(a) && !diff.addedCompact.includes(compact(before));
  }
  return false;
}

/**
 * A Rails filter moved into the actions: `before_action :context_authorize!` removed with its own `def
 * context_authorize!`, whose check (`authorize! Faq, context: ...`) each action now calls itself (`authorize!`). The
 * check the filter ran is added back in the file; only the filter method went. At most 8 body lines are read.
 */
const RUBY_FILTER = /^\s*(?:prepend_)?before_(?:action|filter)\s+:(\w+[?!]?)/;
function filterInlined(diff: FileDiff, index: number): boolean {
  const name = RUBY_FILTER.exec(diff.lines[index].text)?.[1];
  if (name === undefined) return false;
  const { lines } = diff;
  const at = lines.findIndex((l) => l.kind === "-" && l.text.trim().startsWith(`def ${name}`) && !/[\w?!]/.test(l.text.trim()[4 + name.length] ?? ""));
  if (at < 0) return false;
  for (let i = at + 1; i < lines.length && i <= at + 8 && lines[i].kind === "-" && !/^\s*end\b/.test(lines[i].text); i++) {
    const call = BARE_CALL.exec(lines[i].text)?.[1] ?? CHECK_CALL.exec(lines[i].text)?.[1];
    if (call === undefined || !isGuardName(call)) continue;
    if (lines.some((l) => l.kind === "+" && l.text.trim().startsWith(call) && !/[\w?!]/.test(l.text.trim()[call.length] ?? ""))) return true;
  }
  return false;
}

/** A NestJS guard alone in its list that checks the tenant's plan, set-up or request rate (`@UseGuards(SubscriptionGuard)`,
 * `@UseGuards(EnsureTenantIsInitializedGuard)`): nothing about who calls. rules.yaml's auth-check-removed skips it too. */
const NOT_ACCESS_NEST_GUARD = /@UseGuards\s*\(\s*\w*(?:Subscription|Throttler|Billing|Plan|FeatureFlag|Licen[cs]e|IsInitiali[sz]ed|IsSeeded|IsReady)\w*Guard\s*\)/;
const RUBY_FILE = /\.(?:rb|rake|jbuilder)$/i;
/** Seed scripts (Rails db/seeds, Laravel seeders) create sample users and grant them roles; nothing there checks a
 * request, so a grant or condition taken out of them opens nothing. rules.yaml's auth-check-removed skips them too. */
const SEED_PATH = /(?:^|\/)db\/seeds?(?:\/|\.rb$)|(?:^|\/)(?:database\/)?seeders?\/|(?:^|\/)seeds?\.(?:py|[cm]?[jt]s|exs)$/;

export function detectAccessGuardDropped(diff: FileDiff): RawFinding[] {
  const { kind, isTestOnly } = diff.fileClass;
  if (SEED_PATH.test(diff.path)) return [];
  if (!isTestOnly && kind !== "docs" && diff.file.status === "removed") return deletedGuardFile(diff);
  if (isTestOnly || kind === "docs" || diff.file.status === "removed") return [];
  // Access left off added routes and handlers (open-routes.ts): one finding, on the first such line.
  const added = addedOpenings(diff);
  if (diff.removed.texts.length === 0) return added;
  const { lines } = diff;
  const findings: RawFinding[] = [];
  const facts = new HunkFacts(lines);
  const reported = new Set<number>();
  const report = (ruleId: string, index: number) => {
    const line = lines[index];
    if (reported.has(line.hunk)) return;
    reported.add(line.hunk);
    if (!ruleReportsHunk(diff, facts.range(index))) findings.push(finding(ruleId, diff, line));
  };
  for (const index of candidateLines(diff.removed, PREFILTER)) {
    const line = lines[index];
    if (COMMENT.test(line.text) || reported.has(line.hunk) || line.text.length > MAX_GUARD_LINE || NOT_ACCESS_NEST_GUARD.test(line.text)) continue;
    if (kind === "yaml" && inProseBlock(lines, index)) continue;
    if (MFA_WORD.test(line.text)) {
      // A second-factor middleware or check named in a settings list (`'django_otp.middleware.OTPMiddleware',`).
      const setting = DOTTED_SETTING.exec(line.text)?.[1]?.split(".").pop();
      const named = setting !== undefined && MFA_WORD.test(setting) && isCheckName(setting) && !diff.addedCompact.includes(compact(setting));
      // A second-factor trait or module taken out of the class that used it (Laravel Fortify's `use
      // TwoFactorAuthenticatable;`, a `use GoogleTwoFactorAuth;` trait on the login controller, Ruby's `include
      // AuthenticateWithOtpTwoFactor`): indented, so inside the class, not a file's import.
      const mixin = CLASS_MIXIN.exec(line.text)?.[1]?.split(/\\|::/).pop();
      const mixinDropped = mixin !== undefined && isSecondFactorName(mixin) && !addedIdentifier(diff, mixin) && !insideRemovedFunction(lines, index, diff.addedCompact);
      if (named || mixinDropped || secondFactorDropped(diff, facts, index)) { report("mfa-check-removed", index); continue; }
    }
    // A guard decorator swapped for a composite one on the same handler (`@UseGuards(AdminGuard)` -> `@Auth(Role.Admin)`).
    if (decoratorReplacedInStack(lines, index)) continue;
    const added = pairedAddedLine(facts, index);
    if (added !== undefined) {
      const dropped = droppedGuards(line.text, added, facts);
      const alias = dropped.length === 0 ? droppedMiddlewareAlias(line.text, lines[added].text, diff) : undefined;
      if (alias !== undefined) report(isSecondFactorName(alias) ? "mfa-check-removed" : "auth-check-removed", index);
      else if (dropped.length > 0) report(dropped.some((t) => isSecondFactorName(t)) ? "mfa-check-removed" : "auth-check-removed", index);
      else if (guardDowngraded(line.text, lines[added].text, diff)) report("auth-check-removed", index);
      continue;
    }
    if ((decoratesRemovedDefinition(lines, index, diff.addedCompact) && !guardOnlyOverride(lines, index)) || facts.addsCheck(index) || (insideRemovedFunction(lines, index, diff.addedCompact) && !inRemovedRequestHook(lines, index))) continue;
    for (const shape of GUARD_REGISTRATION) {
      // SQL has no call without parentheses: `required_permission text;` in a PL/pgSQL DECLARE block declares a variable.
      if (kind === "sql" && shape === BARE_CALL) continue;
      if (shape === DECORATOR_REGISTRATION && RUBY_FILE.test(diff.path)) continue;
      // A check given only the configuration (`checkDefaultPermissions(config);` at start-up) validates settings; no caller is checked.
      if (CONFIGURATION_ONLY_CALL.test(line.text)) continue;
      const name = shape.exec(line.text)?.[1];
      if (name && (isGuardName(name.split(".").pop()!) || name === "verify_policy_scoped") && !diff.addedCompact.includes(compact(name)) && !filterInlined(diff, index)) report("auth-check-removed", index);
    }
    if (pipelineGuardDropped(diff, index)) report("auth-check-removed", index);
    if (laravelGroupMiddlewareDropped(diff, index)) report("auth-check-removed", index);
    const setting = DOTTED_SETTING.exec(line.text)?.[1]?.split(".").pop();
    if (setting && isGuardName(setting) && isCheckName(setting) && !diff.addedCompact.includes(compact(setting))) report("auth-check-removed", index);
    if (WRAPPING_DECORATOR.test(line.text)) {
      const inner = identifiers(line.text.replace(STRING_LITERAL, "\"\"")).slice(1);
      if (inner.some((t) => isGuardName(t) && isCheckName(t) && !diff.addedCompact.includes(compact(t)))) report("auth-check-removed", index);
    }
    if (ABORT_ON_ROLE.test(line.text) && !diff.addedCompact.includes(compact(line.text))) report("auth-check-removed", index);
    if (ROLE_CONDITION.test(line.text) && !diff.addedCompact.includes(compact(line.text))) {
      // A negated role test may also withhold rather than refuse: what the caller does not administer is dropped from
      // the list the request acts on (`if (!$sub->isSubAdminOfGroup($user, $group)) { unset($groups[$key]); }`).
      const withholds = NEGATED_ROLE.test(line.text);
      for (let i = index; i < Math.min(lines.length, index + 4); i++) {
        if (lines[i].hunk !== line.hunk || lines[i].kind !== "-") break;
        if (denies(lines[i].text) || (withholds && WITHHELD.test(lines[i].text))) { if (!denialMovedElsewhere(diff, i, i)) report("auth-check-removed", index); break; }
      }
    }
  }
  // A conditional refusal removed whole, whatever its condition names: `if (!exists) { throw new TRPCError({ code:
  // "FORBIDDEN" }) }` after a participant lookup, Go's `if !h.repo.HasCompanyAccess(...) { return nil, errs.Forbidden(...) }`,
  // a role test written over several lines before `throw new GraphQLError({ code: "unauthorized_action" })`. The answer
  // (forbidden, 403, access or permission denied, unauthorised, or a bare exit beside a message that authentication failed or
  // a key was invalid: rustdesk's relay `log::warn!("Relay authentication failed ... invalid key"); return;`) says the
  // condition decided who may go on. Not: the
  // refusal kept in the hunk (moved or rewritten), a guard or check added in its place, a function removed whole.
  for (const index of diff.removed.indexes) {
    const line = lines[index];
    if (reported.has(line.hunk) || line.text.length > MAX_GUARD_LINE || !LEADING_CONDITION.test(line.text) || COMMENT.test(line.text)) continue;
    let refusal = -1;
    let exits = false;
    let failureSaid = false;
    for (let i = index; i < Math.min(lines.length, index + 9); i++) {
      if (lines[i].hunk !== line.hunk || lines[i].kind !== "-" || lines[i].text.length > MAX_GUARD_LINE) break;
      if (i > index && LEADING_CONDITION.test(lines[i].text)) break;
      const text = lines[i].text;
      if (COMMENT.test(text)) continue;
      if (LOGGED.test(text)) { failureSaid ||= AUTH_FAILURE_MESSAGE.test(text); continue; }
      // On the condition's own line only what follows its exit counts (`if (e instanceof ForbiddenException)` names a type).
      const body = i === index ? text.slice(EXIT.exec(text)?.index ?? text.length) : text;
      exits ||= EXIT.test(body);
      failureSaid ||= AUTH_FAILURE_MESSAGE.test(body);
      if (exits && (REFUSAL.test(body) || HTTP_DENIAL.test(body) || failureSaid)) { refusal = i; break; }
    }
    if (refusal < 0 || readded(diff, line.text) || denialMovedElsewhere(diff, index, refusal) || refusalKept(diff, index, refusal)) continue;
    if (facts.addsGuard(index) || facts.addsCheck(index) || facts.keepsOwnership(index) || decoratesRemovedDefinition(lines, index, diff.addedCompact) || insideRemovedFunction(lines, index, diff.addedCompact) || inRemovedCallback(lines, index)) continue;
    report("auth-check-removed", index);
  }
  // A refusal taken out on its own, its condition or branch kept: the `throw new AccessDeniedException(...)` a Spring
  // AccessDecisionManager ends with when none of the URL's roles matched, `return Forbid();` under a kept `if`. What it
  // refused now goes on. Not: a refusal that maps another answer (under a kept `case 403:`, `catch`, `except`), one
  // rewritten or moved (a refusal or another exit added in the hunk, the line added back), a guard added, a function
  // removed whole.
  for (const index of diff.removed.indexes) {
    const line = lines[index];
    if (reported.has(line.hunk) || line.text.length > MAX_GUARD_LINE || COMMENT.test(line.text) || !LONE_REFUSAL.test(line.text)) continue;
    if (!(REFUSAL.test(line.text) || HTTP_DENIAL.test(line.text)) || readded(diff, line.text)) continue;
    const [start, end] = facts.run(index);
    // A condition removed in the same run is the conditional pass's to judge (above).
    let mapped = false;
    for (let i = start; i <= end && !mapped; i++) mapped = LEADING_CONDITION.test(lines[i].text) || ANSWER_MAPPING.test(lines[i].text);
    const before = lines.slice(Math.max(0, start - 3), start).filter((l) => l.hunk === line.hunk && l.text.trim() !== "").pop();
    if (mapped || (before !== undefined && ANSWER_MAPPING.test(before.text)) || exitAdded(facts, index)) continue;
    if (facts.addsGuard(index) || facts.addsCheck(index) || decoratesRemovedDefinition(lines, index, diff.addedCompact) || insideRemovedFunction(lines, index, diff.addedCompact) || inRemovedCallback(lines, index)) continue;
    report("auth-check-removed", index);
  }
  // A guard registered on a router or group (`router.use(protect)`, `manager.Use(ManagerMiddleware(db))`, a Fastify
  // onRequest hook, ASP.NET's UseAuthorization()) or taken out of a list written one element a line, and not put back.
  for (const index of diff.removed.indexes) {
    const line = lines[index];
    if (reported.has(line.hunk) || line.text.length > MAX_GUARD_LINE || COMMENT.test(line.text)) continue;
    const registered = ASPNET_PIPELINE_GUARD.test(line.text) ? [line.text.trim().replace(/\(.*$/, "")] : registeredGuards(line.text);
    const opened = registered.length > 0 && registered.some((t) => !addedIdentifier(diff, t));
    // Pundit's scope verification, whose line has none of the words the first pass selects by.
    const inline = !opened && (inlineGuardRemoved(diff, facts, index) || (POLICY_SCOPE_VERIFIED.test(line.text) && !diff.addedCompact.includes("verify_policy_scoped")));
    if (!opened && !inline && droppedListGuard(diff, facts, index) === undefined) continue;
    // Rewritten to register another guard (`app.use(authMiddleware)` -> `app.use(requireAuth)`), or a guard added nearby.
    const paired = pairedAddedLine(facts, index);
    if ((opened || inline) && ((paired !== undefined && registeredGuards(lines[paired].text).length > 0) || facts.addsGuard(index) || decoratorReplacedInStack(lines, index))) continue;
    if (decoratesRemovedDefinition(lines, index, diff.addedCompact) || insideRemovedFunction(lines, index, diff.addedCompact)) continue;
    if (opened && ROUTE_HOOK_KEY.test(line.text) && routeRemovedWith(lines, index)) continue;
    report("auth-check-removed", index);
  }
  // A check on the caller's identity removed with what it did when there was none: `if (!req.user) return 401`,
  // `redirect_to login_path unless logged_in?`, or a session cookie read and the redirect when it is missing.
  for (const index of candidateLines(diff.removed, IDENTITY_PREFILTER)) {
    const line = lines[index];
    if (reported.has(line.hunk) || COMMENT.test(line.text) || line.text.length > MAX_GUARD_LINE) continue;
    const absent = CONDITION.test(line.text) && IDENTITY_ABSENT.test(line.text);
    // The record's owner compared with the caller, kept no other way and not removed with its route handler.
    const notOwned = !absent && ownerMismatch(line.text) && !facts.keepsOwnership(index) && !routeRemovedWith(lines, index);
    const condition = absent || notOwned;
    const credential = !condition && (CREDENTIAL_READ.test(line.text) || (CONDITION.test(line.text) && PHP_SESSION_GATE.test(line.text)));
    if (!condition && !credential) {
      // A sign-in check registered or called for its effect alone whose name has none of the guard words the first
      // pass selects lines by: Remix's `await requireUserId(request)`, Rails' `before_action :require_user`, FastAPI's
      // `current_user: User = Depends(get_current_user),`.
      const call = signedInRegistration(line.text, kind === "sql");
      if (call === undefined || CONFIGURATION_ONLY_CALL.test(line.text) || diff.addedCompact.includes(compact(call))) continue;
      if (facts.addsCheck(index) || facts.addsGuard(index) || addsSignedInCheck(facts, index, kind === "sql") || (insideRemovedFunction(lines, index, diff.addedCompact) && !inRemovedRequestHook(lines, index))) continue;
      report("auth-check-removed", index);
      continue;
    }
    const last = Math.min(facts.run(index)[1], index + (condition ? 3 : 8));
    // A record that is not the caller's is refused any way at all: a redirect anywhere, a 404, an error raised.
    const turnedAway = notOwned ? (text: string) => denies(text) || NOT_FOUND.test(text) : condition ? deniesAccess : (text: string) => TURNED_AWAY.test(text);
    let denied = false;
    for (let i = index; i <= last && !denied; i++) denied = lines[i].text.length <= MAX_GUARD_LINE && !COMMENT.test(lines[i].text) && turnedAway(lines[i].text);
    // The sign-in URL built on one line and redirected to on the next (`const url = new URL("/login", req.url)` then
    // `return Response.redirect(url)`, Django's `login_url = reverse("login")` then `return redirect(login_url)`).
    if (!denied && condition) denied = redirectsToSignInVariable(lines, index, last);
    if (!denied || facts.addsGuard(index) || readded(diff, line.text) || denialMovedElsewhere(diff, index, last)) continue;
    if (decoratesRemovedDefinition(lines, index, diff.addedCompact) || (insideRemovedFunction(lines, index, diff.addedCompact) && !inRemovedRequestHook(lines, index))) continue;
    report("auth-check-removed", index);
  }
  return findings.length > 0 || added.length === 0 ? findings : added;
}

/**
 * Whether the removed definition under a removed decorator only hands the call on to its parent's method of the same
 * name (Django `@method_decorator(superuser_required())` over `def dispatch(...): return super().dispatch(...)`, Spring
 * `@PreAuthorize(...)` over `public List<User> list() { return super.list(); }`): an override that existed to carry the
 * guard. Removing it removes the guard alone; the parent's method still serves the request.
 */
const SUPER_CALL = /^\s*(?:return\s+)?(?:await\s+)?super\s*(?:\(\s*(?:\w+\s*,\s*self)?\s*\))?\s*\.\s*(\w+)\s*\([^\n]{0,200}\)\s*;?\s*$/;
function guardOnlyOverride(lines: DiffLine[], index: number): boolean {
  let i = index + 1;
  while (i < lines.length && i <= index + 6 && lines[i].kind === "-" && /^\s*(?:@|\[)/.test(lines[i].text)) i++;
  if (i >= lines.length || lines[i].kind !== "-" || lines[i].hunk !== lines[index].hunk) return false;
  const name = /^\s*(?:[\w<>\[\],.?]+\s+)*?(?:def\s+|function\s+|fun\s+)?(\w+)\s*\(/.exec(lines[i].text)?.[1];
  if (name === undefined || /^(?:if|for|while|switch|return|new)$/.test(name)) return false;
  // The body: its first non-blank line (after an opening brace alone) calls the parent's method of the same name, and
  // nothing but a closing brace follows before the run of removed lines ends or a blank line.
  let j = i + 1;
  while (j < lines.length && lines[j].kind === "-" && /^\s*\{?\s*$/.test(lines[j].text) && j <= i + 2) j++;
  if (j >= lines.length || lines[j].kind !== "-" || lines[j].hunk !== lines[index].hunk || SUPER_CALL.exec(lines[j].text)?.[1] !== name) return false;
  const next = lines[j + 1];
  return next === undefined || next.kind !== "-" || /^\s*\}?\s*$/.test(next.text);
}

const STACK_DECORATOR = /^\s*(?:@([\w.]{1,80})|\[\s*([A-Z][\w.]{0,80}))\s*(?:\(|\]|$)/;
/**
 * Whether a removed decorator's stack (the decorator lines around it, up to the handler) gains an added decorator named
 * for a guard (`@Auth(UserRole.Admin)`, `@Authorized()`, `[RequireRole("x")]`) that opens nothing (`@SkipAuth`, `@AllowAnonymous`
 * name an opening) and documents nothing (Swagger's `@ApiBearerAuth`): the handler keeps a guard.
 */
function decoratorReplacedInStack(lines: DiffLine[], index: number): boolean {
  const own = STACK_DECORATOR.exec(lines[index].text);
  if (!own) return false;
  // The same decorator rewritten (`@UseGuards(Jwt, Roles)` -> `@UseGuards(Jwt)`) is read as a rewrite, not a swap.
  const ownName = (own[1] ?? own[2]).split(".").pop()!;
  for (const step of [-1, 1]) {
    for (let j = index + step; j >= 0 && j < lines.length && Math.abs(j - index) <= 8 && lines[j].hunk === lines[index].hunk; j += step) {
      const m = STACK_DECORATOR.exec(lines[j].text);
      if (!m) break;
      const name = (m[1] ?? m[2]).split(".").pop()!;
      if (lines[j].kind === "+" && name !== ownName && !/^Api[A-Z]/.test(name) && isGuardName(name) && !splitWords(name).some((w) => OPENING_WORDS.has(w))) return true;
    }
  }
  return false;
}

/** A stored password compared with the one given (Go bcrypt, Node bcrypt, PHP, Django, Werkzeug, passlib). */
const PASSWORD_COMPARISON = /\b(?:CompareHashAndPassword|password_verify|check_password_hash|check_password|checkpw|verify_password|comparePassword)\b|\bbcrypt\.compare(?:Sync)?\b/;
/** A route registered open or a role check added commented out (open-routes.ts), as at most one finding. */
function addedOpenings(diff: FileDiff): RawFinding[] {
  if (diff.added.texts.length === 0 || diff.fileClass.kind === "sql") return [];
  const { lines } = diff;
  const routes = openRoutes(lines, diff.path, { isGuardName, demandsRole });
  // A password comparison switched off before a token is issued (`// if bcrypt.CompareHashAndPassword(...) != nil {`) too.
  const condition = (code: string) => IDENTITY_ABSENT.test(code) || ROLE_WORDS.test(code) || PASSWORD_COMPARISON.test(code);
  const roleGuard = (text: string) => { const name = DECORATOR_REGISTRATION.exec(text)?.[1]?.split(".").pop(); return name !== undefined && isGuardName(name) && demandsRole(name); };
  const at = routes.length > 0 ? routes[0] : commentedOutCheck(lines, condition, deniesAccess, roleGuard)[0] ?? commentedOutGuardDecorator(lines, isGuardDecoratorName)[0]
    ?? commentedOutGuardRegistration(lines, isGuardName)[0] ?? noOpGuardMiddleware(lines, isGuardName, deniesAccess)[0]
    ?? pendingGuardNote(lines)[0] ?? publicPeopleRoute(lines, isGuardName)[0] ?? unguardedAdminGrant(lines)[0];
  return at === undefined ? [] : [finding("auth-bypass-added", diff, lines[at])];
}
