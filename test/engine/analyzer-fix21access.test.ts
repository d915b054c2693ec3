// Access kinds from round 21: a removed refusal named by a project's own exception or explained by an "authentication
// failed" message beside a bare exit; Firestore rules shipped as a string in code; a Laravel admin group with no
// authenticating middleware; a route exempted from its group's sign-in that only redirects; a group's guard switched
// off in Go's group-block layout. Each with a harmless look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("removed refusals named by the project or explained by their message", () => {
  it("finds a check throwing a project's own forbidden exception, and a bare exit after an auth-failed log", async () => {
    await check([
      ["PHP AccessForbiddenException", "app/Controller/BaseController.php", [
        "         }",
        "-        if ($project_id !== 0 && $project_id != $task['project_id']) {",
        "-            throw new AccessForbiddenException();",
        "-        }",
        "         return $task;",
      ], "access_mfa"],
      ["Java ProjectAccessDeniedError", "src/main/java/app/TaskService.java", [
        "         Task task = repo.find(id);",
        "-        if (!task.getProjectId().equals(projectId)) {",
        "-            throw new ProjectAccessDeniedError(id);",
        "-        }",
        "         return task;",
      ], "access_mfa"],
      ["Go bare return after an auth-failed log", "internal/relay/server.go", [
        "\tif req.Relay != nil {",
        "-\t\tif s.key != \"\" && req.Relay.LicenceKey != s.key {",
        "-\t\t\tlog.Printf(\"relay authentication failed from %s: invalid key\", addr)",
        "-\t\t\treturn",
        "-\t\t}",
        "\t\tpeer := s.peers[req.Relay.ID]",
      ], "access_mfa"],
    ]);
  });

  it("stays quiet on a removed validation exit and a validation exception", async () => {
    await check([
      ["validation exit", "internal/relay/server.go", [
        "\tif req.Relay != nil {",
        "-\t\tif req.Relay.ID == \"\" {",
        "-\t\t\tlog.Printf(\"invalid request from %s\", addr)",
        "-\t\t\treturn",
        "-\t\t}",
        "\t\tpeer := s.peers[req.Relay.ID]",
      ], null],
      ["validation exception", "app/Controller/BaseController.php", [
        "-        if ($task === null) {",
        "-            throw new TaskValidationException();",
        "-        }",
        "         return $task;",
      ], null],
    ]);
  });
});

describe("Firestore security rules written in code", () => {
  it("finds rules in a TypeScript or JavaScript string that let everyone write or read everything", async () => {
    await check([
      ["TS writes open", "functions/src/securityRules.ts", [
        "   match /databases/{database}/documents {",
        "+    match /settings/{id} {",
        "+      allow read, write: if true;",
        "+    }",
      ], "access_mfa"],
      ["JS whole database readable", "scripts/deploy-rules.js", [
        "   match /databases/{database}/documents {",
        "+    match /{document=**} {",
        "+      allow read: if true;",
        "+    }",
      ], "access_mfa"],
    ]);
  });

  it("stays quiet on a public catalogue, signed-in writes and prose", async () => {
    await check([
      ["catalogue read", "functions/src/securityRules.ts", [
        "   match /databases/{database}/documents {",
        "+    match /products/{id} {",
        "+      allow read: if true;",
        "+    }",
      ], null],
      ["signed-in writes", "functions/src/securityRules.ts", [
        "+    match /settings/{id} {",
        "+      allow read, write: if request.auth != null;",
        "+    }",
      ], null],
      ["no match block", "src/policy.ts", [
        "+  // allow write;",
        "+  const mode = 'write';",
      ], null],
    ]);
  });
});

describe("Laravel admin route groups with no authenticating middleware", () => {
  it("finds an admin-prefixed group with an empty middleware list, or none, outside every guarded group", async () => {
    await check([
      ["array form, empty list", "routes/web.php", [
        " use Illuminate\\Support\\Facades\\Route;",
        " ",
        "+Route::group(['prefix' => 'admin', 'namespace' => 'Admin', 'middleware' => [], 'as' => 'admin.'], function () {",
        "+    Route::get('/', 'HomeController@index')->name('home');",
        "+});",
      ], "access_mfa"],
      ["chained form, web stack only", "routes/web.php", [
        " Auth::routes();",
        "+Route::prefix('administrator')->middleware(['web'])->name('admin.')->group(function () {",
        "+    Route::resource('posts', PostController::class);",
        "+});",
      ], "access_mfa"],
    ]);
  });

  it("stays quiet on guarded, guest, package and custom-middleware groups", async () => {
    await check([
      ["auth middleware", "routes/web.php", [
        " Auth::routes();",
        "+Route::group(['prefix' => 'admin', 'middleware' => ['auth', 'verified'], 'as' => 'admin.'], function () {",
        "+    Route::get('/', 'HomeController@index')->name('home');",
        "+});",
      ], null],
      ["guest sign-in group", "routes/web.php", [
        " Auth::routes();",
        "+Route::group(['prefix' => 'admin', 'middleware' => ['guest']], function () {",
        "+    Route::get('/', 'Admin\\LoginController@show');",
        "+});",
      ], null],
      ["sign-in routes only", "routes/web.php", [
        " Auth::routes();",
        "+Route::group(['prefix' => 'admin'], function () {",
        "+    Route::get('login', 'Admin\\LoginController@show');",
        "+    Route::post('login', 'Admin\\LoginController@login');",
        "+});",
      ], null],
      ["package routes", "routes/web.php", [
        " Auth::routes();",
        "+Route::group(['prefix' => 'admin'], function () {",
        "+    Voyager::routes();",
        "+});",
      ], null],
      ["project's own middleware", "routes/web.php", [
        " Auth::routes();",
        "+Route::prefix('admin')->middleware('isadmin')->group(function () {",
        "+    Route::get('/', 'HomeController@index');",
        "+});",
      ], null],
    ]);
  });
});

describe("a route exempted from its group's sign-in", () => {
  it("finds a data route exempted, and leaves one that only redirects", async () => {
    await check([
      ["data route exempted", "routes/web.php", [
        "+    Route::get('/videos', [VideoController::class, 'index'])->withoutMiddleware('auth:admin');",
      ], "access_mfa"],
      ["redirect only", "routes/web.php", [
        "+Route::prefix(MyApp::ADMINS_SUBDIR)->middleware('auth:admin')->name('admin.')->group(function () {",
        "+    Route::get('/', function () {",
        "+        return redirect()->route('admin.home');",
        "+    })->withoutMiddleware('auth:admin');",
        "+    Route::get('/home', [Admin\\AdminController::class, 'index'])->name('home');",
        "+});",
      ], null],
    ]);
  });
});

describe("a group's guard switched off in Go's group-block layout", () => {
  it("finds a commented guard between a group's declaration and its block, whatever object it names", async () => {
    await check([
      ["gin, other group's name", "internal/routers/manager/admin.router.go", [
        "+\tadminPrivate := Router.Group(\"/admin/user\")",
        "+\t// userPrivate.Use(Permission())",
        "+\t{",
        "+\t\tadminPrivate.POST(\"/active_user\")",
        "+\t}",
      ], "access_mfa"],
      ["echo, same name", "internal/http/routes.go", [
        "+\tapi := e.Group(\"/api/reports\")",
        "+\t// api.Use(RequireAuth())",
        "+\t{",
        "+\t\tapi.GET(\"/monthly\", monthlyReport)",
        "+\t}",
      ], "access_mfa"],
    ]);
  });

  it("stays quiet on a commented rate limiter and a guard registered live", async () => {
    await check([
      ["rate limiter", "internal/routers/user.router.go", [
        "+\tuserPublic := Router.Group(\"/user\")",
        "+\t// userPublic.Use(limiter())",
        "+\t{",
        "+\t\tuserPublic.POST(\"/register\")",
        "+\t}",
      ], null],
      ["guard live", "internal/routers/manager/admin.router.go", [
        "+\tadminPrivate := Router.Group(\"/admin/user\")",
        "+\t// userPrivate.Use(Permission())",
        "+\tadminPrivate.Use(Permission())",
        "+\t{",
        "+\t\tadminPrivate.POST(\"/active_user\")",
        "+\t}",
      ], null],
    ]);
  });
});

describe("Authen, the short name Go projects give an authentication middleware", () => {
  it("reads Authen() as a guard when it is switched off over a group's routes", async () => {
    await check([
      ["gin // Use(Authen())", "internal/routers/user.router.go", [
        "+\tuserPrivate := Router.Group(\"/user\")",
        "+\t// userPrivate.Use(Authen())",
        "+\t{",
        "+\t\tuserPrivate.GET(\"/profile\", getProfile)",
        "+\t}",
      ], "access_mfa"],
    ]);
  });
});
