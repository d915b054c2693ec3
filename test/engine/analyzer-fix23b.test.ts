// Round-23 kinds of the access-round23b batch: a removed conditional refusal whose answer is an error-code constant
// ending in the refusal (`Exception::USER_UNAUTHORIZED`); Rails' `http_basic_authenticate_with` removed from a controller;
// a Laravel route group's `'middleware' => [...]` key with a guard alias removed outright; Spring Security permitAll() on
// a path naming people in Spanish or Portuguese (`/api/clientes`); a settings object printed whole whose literal just
// above holds a credential. Each with look-alikes that must stay quiet.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

describe("a refusal answered with an error-code constant", () => {
  it("finds the removed condition that threw USER_UNAUTHORIZED or PROJECT_FORBIDDEN", async () => {
    await expectArea("access_mfa", [
      ["php error constant", "src/Api/Controllers/Buckets.php", [
        "         $bucket = $db->getDocument('buckets', $bucketId);",
        "-        if (!$acl->isAllowed(new Grant('write', $bucket->getPermissions()))) {",
        "-            throw new Exception(Exception::USER_UNAUTHORIZED, $acl->getReason());",
        "-        }",
        "         $file = $db->createDocument('files', $doc);",
      ]],
      ["ts error code", "src/services/projects.ts", [
        "   const project = await repo.findProject(id);",
        "-  if (!membership.canEdit(project)) {",
        "-    throw new AppError(ErrorCode.PROJECT_FORBIDDEN);",
        "-  }",
        "   await repo.rename(project, name);",
      ]],
    ], true);
  });

  it("stays quiet on not-found answers and a refusal kept in the hunk", async () => {
    await expectArea("access_mfa", [
      ["not found", "src/Api/Controllers/Buckets.php", [
        "         $bucket = $db->getDocument('buckets', $bucketId);",
        "-        if ($bucket->isEmpty()) {",
        "-            throw new Exception(Exception::BUCKET_NOT_FOUND);",
        "-        }",
        "         $file = $db->createDocument('files', $doc);",
      ]],
      ["rewritten", "src/Api/Controllers/Buckets.php", [
        "-        if (!$acl->isAllowed(new Grant('write', $bucket->getPermissions()))) {",
        "-            throw new Exception(Exception::USER_UNAUTHORIZED, $acl->getReason());",
        "-        }",
        "+        $this->guard->assertWritable($bucket, Exception::USER_UNAUTHORIZED);",
      ]],
    ], false);
  });
});

describe("Rails' http_basic_authenticate_with removed", () => {
  it("finds the controller's basic authentication taken out", async () => {
    await expectArea("access_mfa", [
      ["basic auth", "app/controllers/admin/orders_controller.rb", [
        " class Admin::OrdersController < ApplicationController",
        "-  http_basic_authenticate_with name: Rails.application.credentials.admin_user, password: Rails.application.credentials.admin_password",
        " ",
        "   def index",
      ]],
    ], true);
  });

  it("stays quiet when it is rewritten or the controller goes with it", async () => {
    await expectArea("access_mfa", [
      ["rewritten", "app/controllers/admin/orders_controller.rb", [
        " class Admin::OrdersController < ApplicationController",
        "-  http_basic_authenticate_with name: \"admin\", password: ENV[\"ADMIN_PASSWORD\"]",
        "+  http_basic_authenticate_with name: \"admin\", password: ENV.fetch(\"ADMIN_PASSWORD\"), except: :health",
        " ",
      ]],
      ["mention in a comment", "app/controllers/admin/orders_controller.rb", [
        " class Admin::OrdersController < ApplicationController",
        "-  # http_basic_authenticate_with is set in the base controller",
        " ",
      ]],
    ], false);
  });
});

describe("a Laravel group's middleware key removed", () => {
  it("finds 'middleware' => ['auth:api', ...] taken off a group", async () => {
    await expectArea("access_mfa", [
      ["group attributes", "routes/api/invoices.php", [
        " Route::group([",
        "     'prefix' => 'billing/invoices',",
        "-    'middleware' => ['auth:sanctum', 'verified'],",
        "     'as' => 'invoices.',",
        " ], function () {",
        "     Route::get('/', [InvoiceController::class, 'index']);",
      ]],
      ["single alias", "routes/web.php", [
        " Route::group([",
        "-    'middleware' => 'auth',",
        "     'prefix' => 'account',",
        " ], function () {",
      ]],
    ], true);
  });

  it("stays quiet on non-guard middleware, a guard moved to a chain, and a group removed whole", async () => {
    await expectArea("access_mfa", [
      ["throttle only", "routes/api.php", [
        " Route::group([",
        "     'prefix' => 'public',",
        "-    'middleware' => ['throttle:60,1', 'cors'],",
        " ], function () {",
      ]],
      ["moved to chain", "routes/api.php", [
        "-Route::group([",
        "-    'prefix' => 'billing',",
        "-    'middleware' => ['auth:sanctum'],",
        "-], function () {",
        "+Route::prefix('billing')->middleware(['auth:sanctum'])->group(function () {",
        "     Route::get('/', [InvoiceController::class, 'index']);",
      ]],
      ["group removed whole", "routes/api.php", [
        "-Route::group([",
        "-    'prefix' => 'legacy',",
        "-    'middleware' => ['auth:api'],",
        "-], function () {",
        "-    Route::get('/', 'LegacyController@index');",
        "-});",
      ]],
    ], false);
  });
});

describe("Spring permitAll on a people path named in Spanish or Portuguese", () => {
  it("finds GET /api/clientes and /usuarios/** permitted to all", async () => {
    await expectArea("access_mfa", [
      ["clientes", "src/main/java/com/loja/config/SecurityConfig.java", [
        "     public void configure(HttpSecurity http) throws Exception {",
        "+        http.authorizeRequests().antMatchers(HttpMethod.GET, \"/api/clientes\", \"/api/clientes/{id}\").permitAll()",
        "+            .anyRequest().authenticated();",
      ]],
      ["usuarios", "src/main/java/com/loja/config/SecurityConfig.java", [
        "+            .requestMatchers(\"/usuarios/**\").permitAll()",
      ]],
    ], true);
  });

  it("stays quiet on sign-up, sign-in and catalogue paths", async () => {
    await expectArea("access_mfa", [
      ["sign-up post", "src/main/java/com/loja/config/SecurityConfig.java", [
        "+        http.authorizeRequests().antMatchers(HttpMethod.POST, \"/api/usuarios\").permitAll()",
      ]],
      ["login", "src/main/java/com/loja/config/SecurityConfig.java", [
        "+            .requestMatchers(\"/api/usuarios/login\").permitAll()",
      ]],
      ["catalogue", "src/main/java/com/loja/config/SecurityConfig.java", [
        "+            .antMatchers(HttpMethod.GET, \"/api/productos/**\").permitAll()",
      ]],
    ], false);
  });
});

describe("a settings object holding a credential printed whole", () => {
  it("finds the Rails configuration and a JavaScript config printed", async () => {
    await expectArea("logging", [
      ["rails configuration", "config/initializers/payments.rb", [
        "   :public_key  => ENV['PAYMENTS_PUBLIC_KEY'],",
        "   :secret_key  => ENV['PAYMENTS_SECRET_KEY']",
        " }",
        "+puts Rails.configuration.payments.inspect",
        " Payments.api_key = Rails.configuration.payments[:secret_key]",
      ]],
      ["js config", "src/mailer/setup.js", [
        " const smtpConfig = {",
        "   host: process.env.SMTP_HOST,",
        "   password: process.env.SMTP_PASSWORD,",
        " };",
        "+console.log(smtpConfig);",
      ]],
    ], true);
  });

  it("stays quiet on settings without a credential, another name, and an empty credential", async () => {
    await expectArea("logging", [
      ["no credential", "src/mailer/setup.js", [
        " const smtpConfig = {",
        "   host: process.env.SMTP_HOST,",
        "   port: 587,",
        " };",
        "+console.log(smtpConfig);",
      ]],
      ["another name", "src/mailer/setup.js", [
        " const smtpConfig = {",
        "   password: process.env.SMTP_PASSWORD,",
        " };",
        "+console.log(retryOptions);",
      ]],
      ["empty credential", "src/mailer/setup.js", [
        " const smtpConfig = {",
        "   password: '',",
        " };",
        "+console.log(smtpConfig);",
      ]],
      ["literal not above", "config/initializers/payments.rb", [
        "   :public_key  => ENV['PAYMENTS_PUBLIC_KEY'],",
        " }",
        "+puts Rails.configuration.payments.inspect",
      ]],
    ], false);
  });
});
