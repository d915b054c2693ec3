// Access left off what the diff adds, rather than taken out of what it had (detect-access-guard-dropped.ts reads removals):
// - an admin route registered with no guard where the file shows guards are put on each route or group (Express
//   `router.get("/api/getAllAdmins", getAllAdmins)` beside the public login route; Laravel `Route::post('admin/photo', ...)`
//   or `Route::apiResource('users', ...)` outside any `middleware('auth...')` group of a routes file read from its top);
// - a write route given a sign-in guard only where its sibling on the same path demands a role
//   (`.delete(protect, admin, remove).put(protect, update)`);
// - a role check added commented out in a live handler (`# if not request.user.researcher:` / `#     raise PermissionDenied`).
import type { DiffLine } from "../../diff/parse-patch.js";
import { splitWords } from "./log-sensitive-words.js";

/** Express-style route on a router object: group 1 the object, 2 the method, 3 the path, 4 the arguments after it. */
const JS_ROUTE = /^\s*([\w$]{1,60})\.(get|post|put|patch|delete|all)\s*\(\s*["'`]([^"'`\n]{0,200})["'`]\s*,([^()\n]{1,300})\)\s*;?\s*$/;
/** One method of a chained `router.route("/path").get(a).delete(b, c, d)`: group 1 the method, 2 its arguments. */
const CHAINED_METHOD = /\.(get|post|put|patch|delete)\s*\(([^()\n]{1,300})\)/g;
const CHAINED_ROUTE = /^\s*[\w$]{1,60}\.route\s*\(\s*["'`]([^"'`\n]{0,200})["'`]\s*\)/;
/** Laravel route registration: group 1 the method, 2 the path. */
const PHP_ROUTE = /^\s*Route::(get|post|put|patch|delete|any|match|resource|apiResource|resources|apiResources)\s*\(\s*(?:\[[^\]\n]{0,80}\]\s*,\s*)?["']\/?([^"'\n]{0,200})["']/;
/** A Laravel group opening (`->group(function () {`, `Route::group([...], function () {`) and the `});` that closes one. */
const PHP_GROUP_OPEN = /\bgroup\s*\([^\n]{0,200}\bfunction\b|\bgroup\s*\([^\n]{0,200}\bfn\b/;
const PHP_GROUP_CLOSE = /^\s*\}\s*\)\s*;/;
/** A middleware that authenticates or authorises, as Laravel names them (`'auth:sanctum'`, `auth.admin`, `role:admin`, `can:x`). */
const PHP_GUARD_MIDDLEWARE = /\bmiddleware\b[^\n]{0,200}["'](?:auth\b|auth[:.]|can:|roles?:|permission:|abilit|admin|verified)|\bmiddleware\b[^\n]{0,200}\b\w*(?:Auth|Admin|Role|Permission)\w*::class/i;
/** Words of a route's path or handler that make it an administrator's (`/api/getAllAdmins`, `admin/photo`). */
const ADMIN_WORDS = new Set(["admin", "admins", "administrator", "administrators", "superadmin", "superuser", "administrador", "administradores"]);
/** A resource route over people's accounts (`Route::apiResource('users', ...)`). */
const PEOPLE_RESOURCE = /^(?:users|customers|patients|members|employees|accounts)$/;
/** The public sign-in route of a router: it cannot sit behind a guard, so neither do the routes registered beside it. */
const SIGN_IN_WORDS = new Set(["login", "logon", "signin", "sign", "register", "registrar", "signup", "logout", "forgot", "reset", "password", "otp", "verify", "captcha", "refresh", "token"]);
const signInPath = (path: string) => splitWords(path.replace(/log_?in/gi, " login ").replace(/sign_?(?:in|up)/gi, " signin ")).some((w) => SIGN_IN_WORDS.has(w));
/** An Express router declared (`const adminRouter = express.Router()`, `= Router()`, `= require('express').Router()`): group 1 its name. */
const ROUTER_DECLARATION = /^\s*(?:export\s+)?(?:const|let|var)\s+([\w$]{1,60})\s*=\s*(?:(?:[\w$]{1,30}|require\s*\(\s*["']express["']\s*\))\s*\.\s*)?Router\s*\(/;
/** A router mounted on a path (`app.use('/admin', adminRoutes)`): group 1 the object, 2 the path, 3 the arguments after it. */
const MOUNT = /^\s*([\w$]{1,60})\.use\s*\(\s*["'`]([^"'`\n]{0,200})["'`]\s*,([^()\n]{1,300}(?:\([^()\n]{0,100}\)[^()\n]{0,200})?)\)\s*;?\s*$/;
/** Express routers live in JavaScript and TypeScript files; a handler is named, not written in place. */
const JS_FILE = /\.[cm]?[jt]sx?$/i;
const NAMED = /^[A-Za-z_$][\w$.]{0,120}$/;
const COMMENTED = /^\s*(?:\/\/|#(?!\[))\s?/;


/** The identifiers of a middleware list, handler last (`protect, admin, deleteProduct`). */
function args(list: string): string[] {
  return list.split(",").map((a) => a.trim()).filter(Boolean);
}

export interface OpenRouteTests {
  isGuardName(name: string): boolean;
  demandsRole(name: string): boolean;
}

/** The added lines (by index) that register an admin route, or a write route short of its sibling's role guard, with no guard. */
export function openRoutes(lines: DiffLine[], path: string, tests: OpenRouteTests): number[] {
  const found: number[] = [];
  // Only Express-style and Laravel route files are read: other files cost one test of their name.
  if (!JS_FILE.test(path) && !/\.php$/i.test(path)) return found;
  const visible = (l: DiffLine) => l.kind !== "-";
  // JavaScript routers: what each router object's visible routes show about how it is guarded.
  const perRoute = new Set<string>();
  const publicBeside = new Set<string>();
  const usesGuard = new Set<string>();
  const roleOnPath = new Set<string>();
  // Routers whose declaration is in sight (the file read from its top), and those that register any middleware at all
  // (a `.use(...)`, a route with more than its handler): an admin router with neither is seen whole and unguarded.
  const declared = new Set<string>();
  const guardedSomehow = new Set<string>();
  const guardsMounts = new Set<string>();
  const guardsAll = new Set<string>();
  const adminFile = splitWords(path.split("/").pop()!.replace(/\.[\w]+$/, "")).some((w) => ADMIN_WORDS.has(w));
  let php = false;
  const js = JS_FILE.test(path);
  for (const l of lines) {
    if (!visible(l) || l.text.length > 400 || COMMENTED.test(l.text)) continue;
    if (PHP_ROUTE.test(l.text)) php = true;
    const use = /^\s*([\w$]{1,60})\.use\s*\(([^\n]{0,300})/.exec(l.text);
    if (use && args(use[2].replace(/\)\s*;?\s*$/, "")).some((a) => tests.isGuardName(a.replace(/\(.*$/, "")))) usesGuard.add(use[1]);
    if (use) guardedSomehow.add(use[1]);
    // A router mounted on a path behind a guard of its own (`app.use('/api/orders', protect, orderRoutes)`): this object guards mounts.
    const mount = js ? MOUNT.exec(l.text) : null;
    if (mount && args(mount[3]).slice(0, -1).some((a) => tests.isGuardName(a.replace(/\(.*$/, "").split(".").pop()!))) guardsMounts.add(mount[1]);
    // A guard put in front of everything the object serves (`app.use(authenticate)`, no path).
    else if (use && !mount && !/^\s*["'`]/.test(use[2]) && args(use[2].replace(/\)\s*;?\s*$/, "")).some((a) => tests.isGuardName(a.replace(/\(.*$/, "").split(".").pop()!))) guardsAll.add(use[1]);
    const declaration = js ? ROUTER_DECLARATION.exec(l.text) : null;
    if (declaration) declared.add(declaration[1]);
    const m = js ? JS_ROUTE.exec(l.text) : null;
    if (m && args(m[4]).length > 1) guardedSomehow.add(m[1]);
    if (m && args(m[4]).every((x) => NAMED.test(x))) {
      const a = args(m[4]);
      if (a.slice(0, -1).some((x) => tests.isGuardName(x))) perRoute.add(m[1]);
      if (signInPath(m[3]) && a.length === 1) publicBeside.add(m[1]);
    }
    const chained = js ? CHAINED_ROUTE.exec(l.text) : null;
    if (chained) {
      for (const c of l.text.matchAll(CHAINED_METHOD)) {
        if (c[1] !== "get" && args(c[2]).slice(0, -1).some((x) => tests.demandsRole(x))) roleOnPath.add(chained[1]);
      }
    }
  }
  let removed: string | undefined;
  let laravel: LaravelGroups | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.kind !== "+" || l.text.length > 400 || COMMENTED.test(l.text)) continue;
    const mount = js ? MOUNT.exec(l.text) : null;
    if (mount) {
      // An admin router mounted with nothing in front of it, by an app or router whose other mounts carry their guard.
      const a = args(mount[3]);
      if (a.length === 1 && NAMED.test(a[0]) && guardsMounts.has(mount[1]) && !guardsAll.has(mount[1]) && !signInPath(mount[2])
        && splitWords(`${mount[2]} ${a[0]}`).some((w) => ADMIN_WORDS.has(w))) found.push(i);
      continue;
    }
    const m = js ? JS_ROUTE.exec(l.text) : null;
    if (m) {
      const a = args(m[4]);
      // An admin route with its handler alone, on a router that guards route by route or also serves the public sign-in.
      const admin = splitWords(`${m[3]} ${a[a.length - 1]}`).some((w) => ADMIN_WORDS.has(w));
      if (admin && a.length === 1 && NAMED.test(a[0]) && !signInPath(m[3]) && !usesGuard.has(m[1]) && (perRoute.has(m[1]) || publicBeside.has(m[1]))) found.push(i);
      // An admin router read whole (declared in sight, in a file named for admins or over admin paths) that registers
      // no middleware of any kind: its routes over people's accounts, and its writes, run for any caller.
      else if ((admin || adminFile) && a.length === 1 && NAMED.test(a[0]) && !signInPath(m[3]) && declared.has(m[1]) && !guardedSomehow.has(m[1])
        && !publicBeside.has(m[1]) && (m[2] !== "get" || splitWords(m[3]).some((w) => PEOPLE_SEGMENT.test(w)))) found.push(i);
      continue;
    }
    const chained = js ? CHAINED_ROUTE.exec(l.text) : null;
    if (chained && roleOnPath.has(chained[1])) {
      // A write method added to a path whose other write method demands a role, with at most a sign-in guard.
      for (const c of l.text.matchAll(CHAINED_METHOD)) {
        if (c[1] === "get") continue;
        const guards = args(c[2]).slice(0, -1);
        if (!guards.some((x) => tests.demandsRole(x)) && !(removed ??= lines.filter((l) => l.kind === "-").map((l) => l.text.replace(/\s+/g, "")).join("\n")).includes(c[0].replace(/\s+/g, ""))) { found.push(i); break; }
      }
      continue;
    }
    if (php && PHP_ROUTE.test(l.text)) {
      laravel ??= laravelGroups(lines);
      if (openLaravelRoute(lines, i, path, laravel)) found.push(i);
    } else if (php && /^\s*Route::/.test(l.text)) {
      laravel ??= laravelGroups(lines);
      if (openLaravelAdminGroup(lines, i, path, laravel)) found.push(i);
    }
  }
  return found;
}

/** What a Laravel routes file shows of its groups, read once from its first line (a route is then checked in constant time). */
interface LaravelGroups {
  /** By line of the first hunk: whether a group that authenticates is open there. */
  guarded: Uint8Array;
  /** Whether any visible line names an authenticating middleware. */
  guardSeen: boolean;
  /** By line, whether a route there would be outside every group (hunks not read from the file's top); read when first asked. */
  topLevel?: Uint8Array;
}

function laravelGroups(lines: DiffLine[]): LaravelGroups {
  const guarded = new Uint8Array(lines.length);
  // Groups open at each line (each a `->group(function` line with the chain above it), and how many of them authenticate.
  const open: boolean[] = [];
  let openGuards = 0;
  let chain = "";
  for (let i = 0; i < lines.length && lines[i].hunk === lines[0].hunk; i++) {
    guarded[i] = openGuards > 0 ? 1 : 0;
    const l = lines[i];
    if (l.kind === "-" || l.text.length > 400 || COMMENTED.test(l.text)) continue;
    chain = /;\s*$/.test(chain) ? l.text : `${chain} ${l.text}`.slice(-600);
    if (PHP_GROUP_OPEN.test(l.text)) {
      const guards = PHP_GUARD_MIDDLEWARE.test(chain);
      open.push(guards);
      if (guards) openGuards++;
      chain = "";
    }
    // A route's own closure opens too, so that its `});` does not close the group around it.
    else if (/\b(?:function|fn)\b[^\n]{0,200}\{\s*$/.test(l.text)) open.push(false);
    else if (PHP_GROUP_CLOSE.test(l.text) && open.pop()) openGuards--;
  }
  const guardSeen = lines.some((l) => l.kind !== "-" && l.text.length <= 400 && PHP_GUARD_MIDDLEWARE.test(l.text));
  return { guarded, guardSeen };
}

/**
 * A Laravel route of an administrator's or over people's accounts, with no middleware of its own and inside no group
 * that authenticates, in a routes file read from its first line (so no enclosing group is out of sight).
 */
function openLaravelRoute(lines: DiffLine[], index: number, path: string, groups: LaravelGroups): boolean {
  const text = lines[index].text;
  const m = PHP_ROUTE.exec(text)!;
  // Its own middleware, on the line or chained on the lines up to the statement's end.
  let statement = text;
  for (let i = index + 1; i < lines.length && i <= index + 4 && !/;\s*$/.test(statement) && lines[i].kind !== "-"; i++) statement += lines[i].text;
  if (/\bmiddleware\b/.test(statement)) return false;
  const segments = m[2].split(/[/.]/).filter((s) => s && !s.startsWith("{"));
  const resource = /resource/i.test(m[1]);
  const admin = segments.some((s) => splitWords(s).some((w) => ADMIN_WORDS.has(w)));
  if (!admin && !(resource && PEOPLE_RESOURCE.test(segments[segments.length - 1] ?? ""))) return false;
  // The admin's own sign-in, sign-up and password-reset routes are public by nature.
  if (signInPath(m[2])) return false;
  return outsideEveryGuard(lines, index, path, groups);
}

/** A Laravel group's path prefix (`'prefix' => 'admin'` in its attribute array, `Route::prefix('admin')`): group 1 the path. */
const PHP_GROUP_PREFIX = /(?:["']prefix["']\s*=>\s*|\bprefix\s*\(\s*)["']\/?([^"'\n]{0,100})["']/;
/** A Laravel group's middleware value: group 1 a list, one or more quoted names, or a class. */
const PHP_MIDDLEWARE_VALUE = /\bmiddleware["']?\s*(?:=>|\()\s*(\[[^\]\n]{0,200}\]|["'][^"'\n]{0,100}["'](?:\s*,\s*["'][^"'\n]{0,100}["']){0,8}|[\w\\]{1,120}::class)/g;
/** Middleware that does not decide who the caller is: the web and api stacks, rate limits, CORS, locale, caching, bindings. */
const NON_ACCESS_MIDDLEWARE = /^(?:web|api|throttle|bindings|substitutebindings|cors|locale|localization|localize|localizationredirect|localesessionredirect|setlocale|lang|language|cache|cache\.headers|nocache|csrf|xss|json|forcejson|https|secure|log|logging)$/i;

/**
 * A Laravel route group over an administrator's path (`Route::group(['prefix' => 'admin', 'middleware' => []], function
 * () {`, `Route::prefix('admin')->name('admin.')->group(function () {`) given no middleware that authenticates (none, an
 * empty list, or only the web stack, rate limits or locale), registering at least one route that is not the admin's
 * sign-in, and standing outside every group that authenticates (a routes file read from its top, or the group at the
 * first column under a statement that closes there): every route inside is served to anyone. Not: a group carrying
 * `auth`, a role or a middleware of the project's own (it may guard), a `guest` group (the admin's sign-in pages), a
 * group of package routes alone (`Voyager::routes()` guards itself), a routes file named for admins with no guard in
 * sight (its service provider may load it behind one).
 */
function openLaravelAdminGroup(lines: DiffLine[], index: number, path: string, groups: LaravelGroups): boolean {
  // The statement up to the closure that opens the group, on its first line or chained on the next four.
  let statement = "";
  let opened = -1;
  for (let j = index; j < lines.length && j <= index + 4 && lines[j].kind !== "-" && lines[j].text.length <= 400; j++) {
    statement += ` ${lines[j].text}`;
    if (PHP_GROUP_OPEN.test(lines[j].text)) { opened = j; break; }
    if (/;\s*$/.test(lines[j].text)) return false;
  }
  if (opened < 0) return false;
  const prefix = PHP_GROUP_PREFIX.exec(statement)?.[1];
  if (prefix === undefined || signInPath(prefix) || !prefix.split(/[/.]/).some((s) => splitWords(s).some((w) => ADMIN_WORDS.has(w)))) return false;
  // Each middleware value the statement gives (the attribute array's `'middleware' => [...]`, a chained `->middleware(...)`):
  // read alone, as the array's other keys (`'as' => 'admin.'`) name no middleware.
  for (const m of statement.matchAll(PHP_MIDDLEWARE_VALUE)) {
    const value = m[1];
    if (PHP_GUARD_MIDDLEWARE.test(`middleware ${value}`) || /::class\b/.test(value)) return false;
    // A name other than the stacks that decide nothing about the caller may be the guard; `guest` marks sign-in pages.
    if ([...value.matchAll(/["']([\w.:-]{1,60})["']/g)].some((n) => /^guest$/i.test(n[1].split(":")[0]) || !NON_ACCESS_MIDDLEWARE.test(n[1].split(":")[0]))) return false;
  }
  // A middleware written some other way (a variable, a constant) is not read: it may guard.
  if ((statement.match(/\bmiddleware\b/g) ?? []).length !== [...statement.matchAll(PHP_MIDDLEWARE_VALUE)].length) return false;
  // The group registers a route of its own that is not a sign-in one (its closure, up to forty lines).
  let depth = 0;
  let route = false;
  for (let j = opened + 1; j < lines.length && j <= opened + 40 && lines[j].hunk === lines[index].hunk && !route; j++) {
    const t = lines[j].text;
    if (lines[j].kind === "-" || t.length > 400 || COMMENTED.test(t)) continue;
    if (PHP_GROUP_CLOSE.test(t) && depth === 0) break;
    const m = PHP_ROUTE.exec(t);
    route = m !== null && !signInPath(m[2]);
    if (/\b(?:function|fn)\b[^\n]{0,200}\{\s*$/.test(t) || PHP_GROUP_OPEN.test(t)) depth++;
    else if (PHP_GROUP_CLOSE.test(t)) depth--;
  }
  if (!route) return false;
  return outsideEveryGuard(lines, index, path, groups);
}

/**
 * Whether a Laravel route or group stands outside every group that authenticates: in a routes file read from its top,
 * inside no guarded group; otherwise at the first column under a statement that closes there. A routes file named for
 * admins with no guard in sight may be loaded behind one by its service provider: left alone.
 */
function outsideEveryGuard(lines: DiffLine[], index: number, path: string, groups: LaravelGroups): boolean {
  const fromTop = (lines[0].newLine === 1 || (lines[0].kind === "-" && lines[0].newLine <= 1)) && lines[index].hunk === lines[0].hunk;
  if (fromTop ? groups.guarded[index] === 1 : /^\s/.test(lines[index].text) || (groups.topLevel ??= topLevelLines(lines))[index] !== 1) return false;
  return groups.guardSeen || !/admin/i.test(path.split("/").pop() ?? "");
}

/**
 * By line, whether a Laravel route in a hunk that does not start at the file's top would stand outside every group:
 * under a statement that ends at the first column (`Route::auth();`, the `});` closing a group), with no group opened
 * and left open in the lines of its hunk above it (routes inside a group's closure are indented; the route itself must
 * be at the first column too). Read once, hunk by hunk.
 */
function topLevelLines(lines: DiffLine[]): Uint8Array {
  const top = new Uint8Array(lines.length);
  let hunk = -1;
  let open = 0;
  let previous: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].text;
    if (lines[i].hunk !== hunk) { hunk = lines[i].hunk; open = 0; previous = undefined; }
    // A group closed in sight but opened above the hunk leaves the count below zero: what follows is outside it.
    top[i] = previous !== undefined && open <= 0 && /^\S[^\n]*;\s*$/.test(previous) ? 1 : 0;
    if (lines[i].kind === "-" || t.length > 400 || t.trim() === "" || COMMENTED.test(t) || /^\s*(?:\/\*|\*)/.test(t)) continue;
    previous = t;
    if (/\b(?:function|fn)\b[^\n]{0,200}\{\s*$/.test(t) || PHP_GROUP_OPEN.test(t)) open++;
    else if (PHP_GROUP_CLOSE.test(t)) open--;
  }
  return top;
}

/** An `if` on the caller's role or sign-in followed by a denial, added commented out (switched off) in a live handler. */
export function commentedOutCheck(lines: DiffLine[], condition: (code: string) => boolean, denial: (code: string) => boolean, roleGuard: (text: string) => boolean): number[] {
  const found: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.kind !== "+" || l.inert || l.text.length > 400 || !COMMENTED.test(l.text)) continue;
    const code = l.text.replace(COMMENTED, "");
    if (!/^\s*(?:if|unless)\b/.test(code) || !condition(code)) continue;
    // The denial on the same line (`// if (!req.user.isAdmin) return res.sendStatus(403);`) or on the next two.
    let denied = denial(code.replace(/^[^:{)]*[:{)]/, ""));
    for (let j = i + 1; j <= i + 2 && j < lines.length && lines[j].kind === "+" && COMMENTED.test(lines[j].text) && !denied; j++) denied = denial(lines[j].text.replace(COMMENTED, ""));
    if (!denied) continue;
    // The handler it sits in is live code, and no role guard decorates it instead (looked for up to 16 lines up, as a
    // handler may do its work before the switched-off check; Go's `func Login(c *gin.Context) {` is one too).
    // Removed lines between are not the new file's: passed over.
    for (let j = i - 1; j >= Math.max(0, i - 16) && lines[j].hunk === l.hunk; j--) {
      const t = lines[j].text;
      if (lines[j].kind === "-" || COMMENTED.test(t)) continue;
      if (/^\s*(?:async\s+)?def\s+\w+\s*\(|^\s*(?:export\s+)?(?:async\s+)?function\b|^\s*(?:public|private|protected)\s+function\b|=>\s*\{\s*$|^func\s[^\n]{0,200}\{\s*$/.test(t)) {
        let guarded = false;
        for (let k = j - 1; k >= Math.max(0, j - 4) && /^\s*@/.test(lines[k].text) && !guarded; k--) guarded = roleGuard(lines[k].text);
        if (!guarded) found.push(i);
        break;
      }
      if (/^\S/.test(t) && t.trim() !== "") break;
    }
  }
  return found;
}

/** A decorator or attribute written commented out (`// @UseGuards(JwtAuthGuard)`, `//  @PreAuthorize("hasRole(..." +`,
 * `// [Authorize]`, `# @login_required`): group 1 or 2 its name. */
const COMMENTED_DECORATOR = /^\s*(?:\/\/|#(?!\[))\s*(?:@([\w.]{1,80})\s*(?:\(|$)|\[\s*([\w.]{1,80})\s*[(\]])/;
const LIVE_DECORATOR = /^\s*(?:@[\w.]{1,80}|\[\s*[A-Z][\w.]{0,80}\s*[(\]])/;
const PUBLIC_MARKER = /^\s*(?:@|\[\s*)(?:Public|IsPublic|AllowAnonymous|PermitAll|SkipAuth|NoAuth|Anonymous)\b/;
/** A Python view defined right below (`def delete_user(request, user_id):`, `async def list(self, request, ...)`). */
const REQUEST_HANDLER = /^\s*(?:async\s+)?def\s+\w{1,80}\s*\(\s*(?:self\s*,\s*)?(?:request|req)\b/;
/** A commented line that opens or closes a body: a whole handler commented out, not a decorator switched off on a live one. */
const COMMENTED_BODY = /[{}:]\s*$|\b(?:def|function|class|return)\b/;

/**
 * A guard decorator added switched off inside a stack of live ones (a new controller or handler shipped with
 * `// @UseGuards(JwtAuthGuard)` under `@Controller()`, `//  @PreAuthorize(...)` under `@GetMapping`): the code it guarded
 * runs open. Not: a removed guard commented out in place (inert, read with the removals), a decorator of a handler
 * commented out whole, a guard still applied live in the file by the same text (class-level beside a method's copy).
 */
export function commentedOutGuardDecorator(lines: DiffLine[], isGuardName: (name: string) => boolean): number[] {
  const found: number[] = [];
  // The live lines, whitespace taken out, as a set: asking it for each commented decorator costs the same however long the file.
  let live: Set<string> | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.kind !== "+" || l.inert || l.text.length > 400) continue;
    const m = COMMENTED_DECORATOR.exec(l.text);
    const name = (m?.[1] ?? m?.[2])?.split(".").pop();
    // Swagger's `@ApiBearerAuth()` documents a scheme; it guards nothing.
    if (!name || /^Api[A-Z]/.test(name)) continue;
    // Named for a guard, or wrapping one named inside it (`# @user_passes_test(lambda u: u.is_superuser)`,
    // `// @method_decorator(login_required)`): the words in quotes are left out.
    if (!isGuardName(name) && !identifiers(l.text.replace(COMMENTED, "").replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""')).slice(1).some((t) => isGuardName(t))) continue;
    // In a decorator stack: the nearest live line above is a decorator, and the comment run below ends on live code;
    // or, with no stack, the live line right below defines a request handler (`def madmin_page(request):`, a view).
    let above: string | undefined;
    for (let j = i - 1; j >= Math.max(0, i - 12) && lines[j].hunk === l.hunk && above === undefined; j--) {
      if (lines[j].kind !== "-" && !COMMENTED.test(lines[j].text) && lines[j].text.trim() !== "") above = lines[j].text;
    }
    const stacked = above !== undefined && LIVE_DECORATOR.test(above);
    // A handler marked public in the same stack (`@Public()`, `[AllowAnonymous]`) was open anyway.
    let open = false;
    for (let j = i - 1; j >= Math.max(0, i - 12) && lines[j].hunk === l.hunk && !open; j--) {
      const t = lines[j].text;
      if (lines[j].kind === "-" || COMMENTED.test(t)) continue;
      if (!LIVE_DECORATOR.test(t)) break;
      open = PUBLIC_MARKER.test(t);
    }
    if (open) continue;
    let below: string | undefined;
    let body = false;
    for (let j = i + 1; j < lines.length && j <= i + 12 && lines[j].hunk === l.hunk && below === undefined && !body; j++) {
      const t = lines[j].text;
      if (lines[j].kind === "-") continue;
      if (t.trim() === "") break;
      if (COMMENTED.test(t)) body = !COMMENTED_DECORATOR.test(t) && COMMENTED_BODY.test(t.replace(COMMENTED, ""));
      else below = t;
    }
    if (body || below === undefined || (!stacked && !REQUEST_HANDLER.test(below))) continue;
    live ??= new Set(lines.filter((x) => x.kind !== "-" && !COMMENTED.test(x.text)).map((x) => x.text.replace(/\s+/g, "")));
    if (live.has(l.text.replace(COMMENTED, "").replace(/\s+/g, ""))) continue;
    found.push(i);
  }
  return found;
}

/**
 * A guard registration written commented out right above the live registrations it guarded, which now run without it:
 * Express `// router.use(verifyJWT);` over `router.route("/").get(...)`, `// router.use('/patients', checkAuth, patients)`
 * over the live `router.use('/patients', patients)`, gin/echo `// r.Use(middleware.Auth())` over `r.GET(...)`, Laravel
 * `// Route::middleware('auth:sanctum')->prefix('account')->group(...)` over the same group without it (or a note that
 * the `'middleware' => 'auth:api'` was taken off the group below). The first live line below (blank and comment lines
 * passed over, at most 8 lines down) registers routes, a mount or a group, with no guard of its own. Not: a guard still
 * registered live in the file (moved), a route with its guard commented out over another path's route (a switched-off
 * route, not an opened one), a commented registration of a removed line (inert: read with the removals).
 */
const COMMENTED_USE = /^\s*(?:\/\/|#(?!\[))\s*(?:[\w$]{1,60}\.)*([\w$]{1,60})\.(?:use|Use)\s*\(([^\n]{0,300})\)\s*;?\s*$/;
/** A Laravel guard middleware named in a comment (a route group's chain, or a note that it was taken off). */
const COMMENTED_PHP_GUARD = /^\s*(?:\/\/|#(?!\[))[^\n]{0,200}\bmiddleware\b[^\n]{0,200}["'](?:auth\b|auth[:.]|can:|roles?:|permission:|admin)/i;
/** A live registration: a route, mount or group on a router object (Express, gin, echo, chi, Fiber), or a Laravel route or group. */
const LIVE_REGISTRATION = /^\s*(?:[\w$]{1,60}\.)*([\w$]{1,60})\s*(?:\.\s*)?(?:get|post|put|patch|delete|all|route|use|group|GET|POST|PUT|PATCH|DELETE|Any|Group|Use|Get|Post|Put|Patch|Delete|Route|Mount)\s*\(|^\s*([\w$]{1,60})\s*$|^\s*Route::\w+\s*\(/;
const QUOTED_PATH = /^\s*["'`]([^"'`\n]{0,200})["'`]\s*,/;

export function commentedOutGuardRegistration(lines: DiffLine[], isGuardName: (name: string) => boolean): number[] {
  const found: number[] = [];
  // The identifiers of the live lines (imports left out), as a set: computed once, asked once per commented guard.
  let liveNames: Set<string> | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.kind !== "+" || l.inert || l.text.length > 400 || !COMMENTED.test(l.text)) continue;
    const use = COMMENTED_USE.exec(l.text);
    let router: string | undefined;
    let path: string | undefined;
    let guards: string[] = [];
    if (use) {
      const list = use[2];
      path = QUOTED_PATH.exec(list)?.[1];
      guards = args(list.replace(QUOTED_PATH, "")).map((a) => a.replace(/\(.*$/, "").split(".").pop()!).filter((a) => /^[A-Za-z_$][\w$]*$/.test(a) && isGuardName(a));
      if (guards.length === 0) continue;
      router = use[1];
    } else if (!COMMENTED_PHP_GUARD.test(l.text)) continue;
    // The first live line below.
    let below = -1;
    for (let j = i + 1; j < lines.length && j <= i + 8 && lines[j].hunk === l.hunk; j++) {
      if (lines[j].kind === "-" || lines[j].text.trim() === "" || COMMENTED.test(lines[j].text)) continue;
      below = j;
      break;
    }
    if (below < 0) continue;
    // Go's group block (`{` alone, then the group's routes: gin's and echo's documented layout) opens below the guards.
    if (lines[below].text.trim() === "{") {
      const block = below;
      for (let j = block + 1; j < lines.length && j <= block + 4 && lines[j].hunk === l.hunk && below === block; j++) {
        if (lines[j].kind === "-" || lines[j].text.trim() === "" || COMMENTED.test(lines[j].text)) continue;
        below = j;
      }
      if (below === block) continue;
    }
    const text = lines[below].text;
    const live = LIVE_REGISTRATION.exec(text);
    if (!live) continue;
    if (router === undefined) {
      // Laravel: a route or group with no middleware of its own on the statement's first lines.
      if (!/^\s*Route::/.test(text)) continue;
      let statement = text;
      for (let j = below + 1; j < lines.length && j <= below + 4 && lines[j].kind !== "-" && !/(?:;|\{)\s*$/.test(statement); j++) statement += lines[j].text;
      if (/\bmiddleware\b/.test(statement)) continue;
    } else {
      // The same router (`patientsRouter.use(auth)` over `patientsRouter.get(...)`), or a chain continued from it.
      const name = live[1] ?? live[2];
      // Or the group declared right above the switched-off guards whose routes follow (`adminPrivate := r.Group("/admin/user")`,
      // then `// userPrivate.Use(Permission())` copied from another group's file, then `{ adminPrivate.POST(...) }`): the
      // line sits in that group's slot for its middleware, whatever object it names.
      if (name !== router && groupDeclaredAbove(lines, i) !== name) continue;
      let chained = text;
      for (let j = below + 1; j < lines.length && j <= below + 6 && lines[j].kind !== "-" && !/;\s*$/.test(chained) && /^\s*[.)]/.test(lines[j].text); j++) chained += ` ${lines[j].text}`;
      if (identifiers(chained).some((t) => guards.includes(t) || (t !== router && t !== name && isGuardName(t) && !/^(?:get|post|put|patch|delete|use|route)$/i.test(t)))) continue;
      // A mount of a path: the live one mounts the same path (`router.use('/patients', patientRoutes)`).
      if (path !== undefined && !new RegExp(`\\.use\\s*\\(\\s*["'\`]${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["'\`]`).test(text)) continue;
      // The guard registered live elsewhere in the file: moved, not switched off.
      if (!liveNames) {
        liveNames = new Set();
        for (const x of lines) {
          if (x.kind === "-" || x.text.length > 400 || COMMENTED.test(x.text) || /\brequire\s*\(|^\s*import\b|^\s*(?:use|using|from)\s/.test(x.text)) continue;
          for (const t of identifiers(x.text)) liveNames.add(t);
        }
      }
      if (guards.some((g) => liveNames!.has(g))) continue;
    }
    found.push(i);
  }
  return found;
}

/** A route group declared (`admin := r.Group("/admin")`, `const admin = app.route("/admin")`): group 1 its name. */
const GROUP_DECLARATION = /^\s*(?:(?:const|let|var)\s+)?([\w$]{1,60})\s*:?=\s*[\w$.]{1,120}\.(?:Group|group)\s*\(/;
/** The group declared on the nearest live line above `index` (blank and comment lines passed over, at most 8 up), if any. */
function groupDeclaredAbove(lines: DiffLine[], index: number): string | undefined {
  for (let j = index - 1; j >= 0 && j >= index - 8 && lines[j].hunk === lines[index].hunk; j--) {
    const t = lines[j].text;
    if (lines[j].kind === "-" || t.trim() === "" || COMMENTED.test(t)) continue;
    return t.length <= 400 ? GROUP_DECLARATION.exec(t)?.[1] : undefined;
  }
  return undefined;
}

/** The identifiers in a line; with `rubySuffix`, a Ruby predicate's or bang method's `?`/`!` stays part of its name. */
export function identifiers(text: string, rubySuffix = false): string[] {
  return text.match(rubySuffix ? IDENTIFIER_WITH_SUFFIX : IDENTIFIER) ?? [];
}
const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
const IDENTIFIER_WITH_SUFFIX = /[A-Za-z_$][\w$]*[?!]?/g;

/**
 * An authentication or authorisation middleware added as a pass-through: declared under a guard's name (gin's `func
 * JWTAuth() gin.HandlerFunc`, Express `function requireAuth(req, res, next)`, a Laravel `class AdminMiddleware`'s
 * `handle`, a Django `def auth_middleware(get_response)`), its denial written commented out (`//	c.Abort()`,
 * `// return res.status(401)...`), and its live body testing nothing and handing every request on (`c.Next()`,
 * `next()`, `return $next($request)`): every route behind it believes it is protected. Not: a middleware that still
 * tests something live (an `if`, a ternary, `&&`), or still denies live, or whose denial is not commented out.
 */
const DECLARATION = /^\s*func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w{0,80})\s*\(|^\s*(?:export\s+)?(?:default\s+)?(?:(?:public|private|protected|static|async)\s+)*function\s+([A-Za-z_$][\w$]{0,80})\s*\(|^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]{0,80})\s*=\s*(?:async\s*)?(?:function\b|\(|[\w$]+\s*=>)|^\s*(?:async\s+)?def\s+([A-Za-z_]\w{0,80})\s*\(|^\s*(?:(?:public|private|protected|static|final|abstract)\s+)*class\s+([A-Za-z_]\w{0,80})/;
/** Method names a middleware class gives its entry point: the class's name is the guard's. */
const ENTRY_METHOD = /^(?:handle|__invoke|__call__|invoke|canActivate|use|process|dispatch|filter|doFilter|ServeHTTP)$/;
const PASS_THROUGH = /\b(?:[\w$]+\.)?Next\s*\(\s*\)|\bnext\s*\(\s*\)|\$next\s*\(\s*\$\w+\s*\)|\bget_response\s*\(\s*request\s*\)|\bnext\.ServeHTTP\s*\(|\bawait\s+next\s*\(|\bchain\.doFilter\s*\(/;
const LIVE_TEST = /^\s*(?:\}\s*)?(?:if|unless|elif|elsif|else|switch|case|when|guard)\b|\s(?:if|unless)\s|\?\s|&&|\|\||\bor\b|\band\b/;
const ABORT = /\bAbort(?:WithStatus\w*|WithError)?\s*\(|\babort\s*\(\s*40[13]\b|\bhttp\.Error\s*\(/;

export function noOpGuardMiddleware(lines: DiffLine[], isGuardName: (name: string) => boolean, denies: (code: string) => boolean): number[] {
  const found: number[] = [];
  let className: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.kind !== "+" || l.text.length > 400 || COMMENTED.test(l.text)) continue;
    const d = DECLARATION.exec(l.text);
    if (!d) continue;
    if (d[5] !== undefined) { className = d[5]; continue; }
    const own = d[1] ?? d[2] ?? d[3] ?? d[4];
    const name = ENTRY_METHOD.test(own) ? className : own;
    if (name === undefined || !isGuardName(name)) continue;
    // The body: the lines below, to the first one back at the declaration's indentation or less (its closing brace).
    const indent = /^\s*/.exec(l.text)![0].length;
    let denial = -1;
    let pass = false;
    let tests = false;
    let j = i + 1;
    for (; j < lines.length && j <= i + 40 && lines[j].hunk === l.hunk; j++) {
      const t = lines[j].text;
      if (lines[j].kind === "-" || t.trim() === "" || t.trim() === "{" || t.length > 400) continue;
      if (COMMENTED.test(t)) {
        if (denial < 0 && lines[j].kind === "+" && !lines[j].inert && (denies(t.replace(COMMENTED, "")) || ABORT.test(t))) denial = j;
        continue;
      }
      if (/^\s*/.exec(t)![0].length <= indent && !/^\s*[}\])]/.test(t)) break;
      if (/^\s*[}\])]/.test(t) && /^\s*/.exec(t)![0].length <= indent) { j++; break; }
      if (LIVE_TEST.test(t.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`/g, '""')) || denies(t) || ABORT.test(t)) { tests = true; break; }
      pass ||= PASS_THROUGH.test(t);
    }
    if (denial >= 0 && pass && !tests) found.push(denial);
    i = Math.max(i, j - 1);
  }
  return found;
}

/**
 * A handler added with a note that its access check is still to come, right above its route marker
 * (`//TODO: add Authorize(Roles = "admin")` over `[HttpDelete("{id}")]`, `# TODO: authentication` over `@app.delete(...)`,
 * `// FIXME: no permission check yet` over `router.post(...)`): the code ships open until then. Not: a handler whose
 * stack carries a guard anyway, a note about something else (tests, styling), a note over anything but a route.
 */
const PENDING_NOTE = /\b(?:TODO|FIXME|XXX)\b[^\n]{0,160}?(?:\[?\bAuthorize\s*[(\]]|@?PreAuthorize\b|@?Secured\b|@?RolesAllowed\b|@?UseGuards\b|\blogin_required\b|\bpermission_required\b|\bauth(?:entication|orization|orisation)?\s+(?:check|middleware|guard|required)|\b(?:authori[sz]ation|authorisation|authentication)\b|\b(?:permission|role|admin|access|auth)\s+checks?\b|\baccess\s+control\b|\bauthori[sz]e\s+(?:the\s+)?(?:user|caller|request|admin)|\bcheck\s+(?:the\s+)?(?:permissions?|roles?|auth|access|admin)\b)/i;
const ROUTE_MARKER = /^\s*\[\s*(?:Http(?:Get|Post|Put|Delete|Patch)|Route)\b|^\s*@(?:Get|Post|Put|Delete|Patch|Request)Mapping\b|^\s*@(?:Get|Post|Put|Delete|Patch)\s*\(|^\s*@[\w.]{1,60}\.(?:route|get|post|put|delete|patch|api_route)\s*\(|^\s*[\w$]{1,60}\.(?:get|post|put|patch|delete|all)\s*\(\s*["'`]|^\s*Route::(?:get|post|put|patch|delete|any|match|resource|apiResource)\s*\(/;
const GUARD_MARKER = /^\s*(?:\[\s*(?:Authorize|AllowAnonymous)\b|@(?:PreAuthorize|Secured|RolesAllowed|UseGuards|Roles|Public|login_required|permission_required|admin_required|jwt_required)\b)/;

export function pendingGuardNote(lines: DiffLine[]): number[] {
  const found: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.kind !== "+" || l.inert || l.text.length > 400 || !/^\s*(?:\/\/|#(?!\[)|\/\*|\*)/.test(l.text) || !PENDING_NOTE.test(l.text)) continue;
    // The first live line below is the route marker; its stack (up to the handler) carries no guard.
    let marker = -1;
    for (let j = i + 1; j < lines.length && j <= i + 4 && lines[j].hunk === l.hunk; j++) {
      const t = lines[j].text;
      if (lines[j].kind === "-" || t.trim() === "" || /^\s*(?:\/\/|#(?!\[)|\/\*|\*)/.test(t)) continue;
      if (ROUTE_MARKER.test(t)) marker = j;
      break;
    }
    if (marker < 0) continue;
    let guarded = false;
    for (let j = marker; j < lines.length && j <= marker + 6 && lines[j].hunk === l.hunk && !guarded; j++) {
      if (lines[j].kind === "-") continue;
      guarded = GUARD_MARKER.test(lines[j].text) || /\b(?:middleware|Depends|login_required|requireAuth|authenticate)\b/.test(lines[j].text);
      if (j > marker && !/^\s*(?:\[|@)/.test(lines[j].text)) break;
    }
    // A guard right above the note (`[Authorize]` then the note then the verb attribute).
    for (let j = i - 1; j >= 0 && j >= i - 3 && lines[j].hunk === l.hunk && !guarded && lines[j].kind !== "-" && /^\s*(?:\[|@)/.test(lines[j].text); j--) guarded = GUARD_MARKER.test(lines[j].text);
    if (!guarded) found.push(i);
  }
  return found;
}

/**
 * A route over people's records added under a note that it is public (`//Public Routes` over Laravel's
 * `Route::apiResource('/patient', ...)->only(['index','show'])`, `// Public routes - ...` over Express's
 * `router.get('/:id/patients', validate(...), listPatients)`): patients', customers' or users' records served with no
 * sign-in, and said so. Not: a public route over a catalogue (products, doctors, posts), a sign-in or sign-up route,
 * a route carrying a guard or middleware of its own.
 */
const PUBLIC_NOTE = /^\s*(?:\/\/|#(?!\[)|\/\*|\*)[^\n]{0,40}\b(?:public|unauthenticated|no[ -]auth|without auth\w*|sin auth\w*|p[uú]blic[oa]s?)\b/i;
const PEOPLE_SEGMENT = /^(?:patients?|customers?|clients?|employees?|students?|users?|accounts?|pacientes?|clientes?)$/i;
const ROUTE_OPEN = /^\s*(?:[\w$]{1,60}\.(?:get|post|put|patch|delete|all)\s*\(|Route::(?:get|post|put|patch|delete|any|match|resource|apiResource|resources|apiResources)\s*\()/;
const FIRST_PATH = /\(\s*(?:\[[^\]\n]{0,80}\]\s*,\s*)?["'`]\/?([^"'`\n]{0,200})["'`]/;

export function publicPeopleRoute(lines: DiffLine[], isGuardName: (name: string) => boolean): number[] {
  const found: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.kind !== "+" || l.text.length > 400 || !ROUTE_OPEN.test(l.text)) continue;
    // The note: the first non-blank line above, at most three lines up.
    let note = false;
    for (let j = i - 1; j >= 0 && j >= i - 3 && lines[j].hunk === l.hunk; j--) {
      if (lines[j].kind === "-" || lines[j].text.trim() === "") continue;
      note = PUBLIC_NOTE.test(lines[j].text) && !/\bprotected\b|\bprivate\b|\bauth(?:enticated)?\s+(?:only|required)/i.test(lines[j].text);
      break;
    }
    if (!note) continue;
    // The statement, to its end (at most ten lines).
    let statement = l.text;
    for (let j = i + 1; j < lines.length && j <= i + 10 && lines[j].kind !== "-" && !/;\s*$|^\s*\)\s*$/.test(statement.split("\n").pop()!); j++) statement += `\n${lines[j].text}`;
    const path = FIRST_PATH.exec(statement.replace(/\n\s*/g, " "))?.[1];
    if (path === undefined || signInPath(path)) continue;
    const segments = path.split(/[/.]/).filter((s) => s && !s.startsWith("{") && !s.startsWith(":"));
    if (!PEOPLE_SEGMENT.test(segments[segments.length - 1] ?? "")) continue;
    if (/\bmiddleware\b/i.test(statement) || (statement.match(/[A-Za-z_$][\w$]*/g) ?? []).some((t) => !/^(?:Route|get|post|put|patch|delete|router|app)$/.test(t) && isGuardName(t))) continue;
    found.push(i);
  }
  return found;
}

/**
 * A cloud function served to callers that makes someone an administrator and checks nobody: Firebase's callable or
 * HTTP function (`functions.https.onCall((data, context) => { admin.auth().setCustomUserClaims(data, { admin: true }) })`,
 * Python's `@https_fn.on_call` with `auth.set_custom_user_claims(uid, {"admin": True})`), a Supabase edge function's
 * `auth.admin.updateUserById(id, { app_metadata: { role: "admin" } })`. With no live reference to the caller (the
 * caller's token, `context.auth`, `request.auth`, a verified ID token) in its body, anyone may grant themselves the role.
 * Not: a function that reads the caller at all (it checks, or may), a grant of nothing (`{ admin: false }`, a claim cleared),
 * a script run by an operator (no served function around it).
 */
const SERVED_FUNCTION = /\b(?:onCall|onRequest|onCallGenkit)\s*\(|^\s*@(?:https_fn\.on_(?:call|request)|functions_framework\.http)\b|\b(?:Deno\.)?serve\s*\(\s*async\s*\(/;
const ROLE_GRANT_CALL = /\b(?:setCustomUserClaims|set_custom_user_claims|updateUserById|update_user_by_id)\s*\(/;
const ADMIN_VALUE = /["']?\b(?:admin|isAdmin|is_admin|superuser|superadmin)\b["']?\s*:\s*(?:true|True)\b|["']?\broles?\b["']?\s*:\s*\[?\s*["'](?:admin|superadmin|super_admin|owner)["']/;
const CALLER_READ = /\b(?:context|request|req|ctx|event)\s*\??\.\s*auth\b|\bauth\s*\??\.\s*(?:token|uid)\b|\bverify_?[Ii]d_?[Tt]oken\b|\bauthorization\b|\bAuthorization\b|\bgetUser\s*\(\s*\)|\bget_user\s*\(\s*jwt/;

export function unguardedAdminGrant(lines: DiffLine[]): number[] {
  const found: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.kind !== "+" || l.text.length > 400 || COMMENTED.test(l.text) || !SERVED_FUNCTION.test(l.text)) continue;
    // Python: the body is the def's under the decorator.
    let start = i;
    if (/^\s*@/.test(l.text)) {
      while (start + 1 < lines.length && start < i + 4 && !/^\s*(?:async\s+)?def\b/.test(lines[start].text)) start++;
    }
    const indent = /^\s*/.exec(lines[start].text)![0].length;
    let grant = -1;
    let reads = false;
    let j = start + 1;
    for (; j < lines.length && j <= start + 40 && lines[j].hunk === l.hunk; j++) {
      const t = lines[j].text;
      if (lines[j].kind === "-" || t.trim() === "" || t.length > 400 || COMMENTED.test(t)) continue;
      if (/^\s*/.exec(t)![0].length <= indent) break;
      if (CALLER_READ.test(t)) { reads = true; break; }
      if (grant < 0 && ROLE_GRANT_CALL.test(t)) {
        // The claims given on the call's line or the two below it.
        const call = [t, lines[j + 1]?.text ?? "", lines[j + 2]?.text ?? ""].join(" ");
        if (ADMIN_VALUE.test(call)) grant = j;
      }
    }
    if (CALLER_READ.test(l.text)) reads = true;
    if (grant >= 0 && !reads && lines[grant].kind === "+") found.push(grant);
    i = Math.max(i, j - 1);
  }
  return found;
}
