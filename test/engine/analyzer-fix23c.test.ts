// Round-23 kinds of the mixed-round23c batch: the role test an authorisation predicate returned, taken out while the
// predicate stays; an error tracker's event context given the request's whole input; openai-php's client reached
// through a provider-named variable (`$openAiClient->chat()->create([...])`); and two look-alike kinds that must stay
// quiet: the sign-in, static, denied and password-reset pages of an admin area given permitAll() one at a time, and the
// test key pairs CAPTCHA providers publish. Each with look-alikes that must stay quiet.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

describe("an authorisation predicate's role test removed", () => {
  it("finds the returned role test taken out of IsAuthorized / has_permission / canActivate", async () => {
    await expectArea("access_mfa", [
      ["go IsAuthorized", "internal/actions/webhook.go", [
        " // IsAuthorized returns true if the user may change webhooks",
        " func (a *UpdateWebhook) IsAuthorized(ctx context.Context, u *models.User) bool {",
        "-\treturn u != nil && u.IsAdmin()",
        "+\treturn true",
        " }",
      ]],
      ["drf has_permission", "billing/permissions.py", [
        " class CanRefund(BasePermission):",
        "     def has_permission(self, request, view):",
        "-        return request.user.is_staff",
        "+        return request.user.is_authenticated",
      ]],
      ["nest canActivate", "src/reports/reports.guard.ts", [
        "   canActivate(context: ExecutionContext): boolean {",
        "     const user = context.switchToHttp().getRequest().user;",
        "-    return user.hasRole('auditor');",
        "+    return !!user;",
        "   }",
      ]],
    ], true);
  });

  it("stays quiet when the predicate goes whole, the role test is kept, or the return is no role test", async () => {
    await expectArea("access_mfa", [
      ["predicate removed whole", "internal/actions/webhook.go", [
        "-// IsAuthorized returns true if the user may change webhooks",
        "-func (a *UpdateWebhook) IsAuthorized(ctx context.Context, u *models.User) bool {",
        "-\treturn u != nil && u.IsAdmin()",
        "-}",
      ]],
      ["rewritten with the same role", "internal/actions/webhook.go", [
        " func (a *UpdateWebhook) IsAuthorized(ctx context.Context, u *models.User) bool {",
        "-\treturn u != nil && u.IsAdmin()",
        "+\treturn u != nil && (u.IsAdmin() || u.IsCollaborator())",
        " }",
      ]],
      ["validation, not authorisation", "internal/actions/webhook.go", [
        " func (a *UpdateWebhook) Validate(ctx context.Context, u *models.User) *validate.Result {",
        "-\treturn validate.Success()",
        "+\treturn validate.Failed(\"url\")",
        " }",
      ]],
      ["role helper outside a predicate", "app/helpers/menu.py", [
        " def menu_entries(user):",
        "-    return user.is_staff and ADMIN_MENU",
        "+    return ADMIN_MENU if user.is_staff else []",
      ]],
    ], false);
  });
});

describe("an error tracker given the request's whole input", () => {
  it("finds params, request bodies and form data set as error context", async () => {
    await expectArea("subprocessors", [
      ["ruby set_extras", "app/controllers/base_controller.rb", [
        "   before_action :set_error_context",
        "+  def set_error_context",
        "+    Sentry.set_extras(form: params.to_unsafe_h)",
        "+  end",
      ]],
      ["honeybadger permit!", "app/controllers/application_controller.rb", [
        "+    Honeybadger.context(params: params.permit!)",
      ]],
      ["node setExtra", "src/server/errors.ts", [
        " app.use((err, req, res, next) => {",
        "+  Sentry.setExtra(\"payload\", req.body);",
        "   next(err);",
      ]],
      ["python set_context", "clinic/views.py", [
        "     form = IntakeForm(request.POST)",
        "+    sentry_sdk.set_context(\"intake\", request.POST)",
      ]],
      ["php bugsnag metadata", "src/Http/ErrorReporter.php", [
        "+        Bugsnag::registerCallback(function ($report) {",
        "+            $report->setMetaData(['input' => $_POST]);",
        "+        });",
        "+        $bugsnag->addMetadata('request', $request->all());",
      ]],
    ], true);
  });

  it("stays quiet on ids, single named values and scrubbed input", async () => {
    await expectArea("subprocessors", [
      ["id only", "app/controllers/base_controller.rb", [
        "+    Sentry.set_extras(order_id: params[:order_id])",
      ]],
      ["tags", "src/server/errors.ts", [
        "+  Sentry.setTag(\"route\", req.route.path);",
      ]],
      ["scrubbed", "src/server/errors.ts", [
        "+  Sentry.setExtra(\"payload\", redact(req.body));",
      ]],
      ["not a tracker", "src/server/render.ts", [
        "+  page.setContext(req.body);",
      ]],
    ], false);
  });
});

describe("openai-php reached through a provider-named variable", () => {
  it("finds ticket text sent by $openAiClient->chat()->create", async () => {
    await expectArea("ai_use", [
      ["chat create", "plugins/helpdesk/ajax/suggest.php", [
        " $history = json_decode($_POST['history'], true);",
        "+$history[] = ['role' => 'user', 'content' => $issue->fields['description']];",
        "+$openAiClient = OpenAI::client($apiKey);",
        "+$response = $openAiClient->chat()->create([",
        "+    'model' => 'gpt-4o-mini',",
        "+    'messages' => $history,",
        "+]);",
      ]],
    ], true);
  });

  it("stays quiet on a fixed prompt and on a models listing", async () => {
    await expectArea("ai_use", [
      ["fixed prompt", "scripts/smoke.php", [
        "+$openAiClient = OpenAI::client(getenv('OPENAI_API_KEY'));",
        "+$response = $openAiClient->chat()->create([",
        "+    'model' => 'gpt-4o-mini',",
        "+    'messages' => [['role' => 'system', 'content' => 'Reply with OK']],",
        "+]);",
      ]],
      ["models list", "src/Admin/Models.php", [
        "+$openAiClient = OpenAI::client($apiKey);",
        "+$models = $openAiClient->models()->list();",
      ]],
    ], false);
  });
});

describe("an admin area's public pages given permitAll()", () => {
  it("stays quiet on its sign-in, static, denied and password-reset pages", async () => {
    await expectArea("access_mfa", [
      ["public pages", "src/main/java/com/shop/config/AdminSecurityConfig.java", [
        "         http.antMatcher(\"/backoffice/**\")",
        "             .authorizeRequests()",
        "+            .antMatchers(\"/admin/logon*\").permitAll()",
        "+            .antMatchers(\"/admin/resources/**\").permitAll()",
        "+            .antMatchers(\"/admin/accessDenied*\").permitAll()",
        "+            .antMatchers(\"/admin/unauthorized\").permitAll()",
        "+            .antMatchers(\"/admin/user/forgotPassword\").permitAll()",
        "+            .antMatchers(\"/admin/**\").hasRole(\"ADMIN\")",
      ]],
    ], false);
  });

  it("still finds the admin area itself, or its records, opened", async () => {
    await expectArea("access_mfa", [
      ["whole area", "src/main/java/com/shop/config/AdminSecurityConfig.java", [
        "+            .antMatchers(\"/admin/**\").permitAll()",
      ]],
      ["records beside the sign-in page", "src/main/java/com/shop/config/AdminSecurityConfig.java", [
        "+            .antMatchers(\"/admin/logon\", \"/admin/customers/**\").permitAll()",
      ]],
    ], true);
  });
});

describe("CAPTCHA providers' published test keys", () => {
  it("stays quiet on reCAPTCHA, hCaptcha and Turnstile test keys", async () => {
    await expectArea("secrets", [
      ["recaptcha properties", "src/main/resources/application-dev.properties", [
        "+captcha.site-key=6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI",
        "+captcha.secret-key=6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe",
      ]],
      ["recaptcha env", "config/test.env", [
        "+RECAPTCHA_SECRET_KEY=6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe",
      ]],
      ["turnstile yaml", "config/settings.test.yml", [
        "+turnstile:",
        "+  secret_key: 1x0000000000000000000000000000000AA",
      ]],
    ], false);
  });

  it("still finds a real-looking reCAPTCHA secret", async () => {
    await expectArea("secrets", [
      ["own secret", "src/main/resources/application.properties", [
        "+captcha.secret-key=6Lc9xQkUAAAAAPq3r7TzW1vYbN0mH4kDs8uEfJ2a",
      ]],
    ], true);
  });
});
