// From the commit sweep of round 23 (vendure, fleetbase, spliit, signoz, frappe/hrms, opengist, flarum; 300 commits
// each), fixed after the sweep was read: a translation catalogue in a folder named for its messages
// (i18n-messages/sw.json, where "password" is the label's Swahili word); a redirect to the second-factor settings page
// rewritten to a new route; an MD5 of an e-mail address (a Gravatar key) below a comment that mentions passwords.
// Each has a positive beside it.
import { describe, it } from "@jest/globals";
import { check, type Case } from "./support/check-rule-cases.js";

describe("commit sweep in round 23", () => {
  it("is quiet on a translation catalogue whose folder is named i18n-messages/ or locales_json/", async () => {
    const lookAlikes: Case[] = [
      ["a Swahili label for 'password'", "packages/admin-ui/src/lib/static/i18n-messages/sw.json", ['     "new-password": "Nenosiri jipya",', '+    "password": "Nenosiri",', '     "phone-number": "Namba ya simu",'], null],
      ["a Dutch label in locales_json/", "web/locales_json/nl.json", ['   "login": {', '+    "password": "Wachtwoord",', '     "username": "Gebruikersnaam"'], null],
    ];
    await check(lookAlikes);
  });

  it("still finds a label-like password outside a catalogue, and an AWS key inside one", async () => {
    await check([
      ["a word-like password in a settings file", "config/settings.json", ['   "user": "admin",', '+  "password": "Nenosiri2024",', '   "host": "db.internal"'], "secrets"],
      ["an AWS access key id in a catalogue folder", "src/i18n-messages/en.json", ['   "title": "Welcome",', '+  "aws_access_key_id": "AKIARKCF5OX3CMI3XRXC",', '   "body": "Hello"'], "secrets"],
    ]);
  });

  it("is quiet on redirects to second-factor pages rewritten in place to a new route", async () => {
    await check([
      ["a settings page renamed", "internal/web/handlers/auth/totp.go", [
        "\t} else if hasTotp {",
        "\t\tctx.AddFlash(ctx.Tr(\"auth.totp.already-enabled\"), \"error\")",
        "-\t\treturn ctx.RedirectTo(\"/settings/mfa\")",
        "+\t\treturn ctx.RedirectTo(\"/-/settings/authentication\")",
        "\t}",
      ], null],
      ["a second-factor step moved under a prefix", "internal/web/handlers/auth/totp.go", [
        "\tif err := ctx.Validate(dto); err != nil {",
        "-\t\treturn ctx.RedirectTo(\"/settings/totp/generate\")",
        "+\t\treturn ctx.RedirectTo(\"/-/settings/totp/generate\")",
        "\t}",
      ], null],
    ]);
  });

  it("still finds a redirect to the second-factor step sent elsewhere", async () => {
    await check([
      ["the 2FA step replaced by the dashboard", "app/controllers/sessions_controller.rb", [
        "     if user.otp_required_for_login?",
        "-      redirect_to \"/users/2fa\"",
        "+      redirect_to \"/dashboard\"",
        "     end",
      ], "access_mfa"],
    ]);
  });

  it("is quiet on an MD5 of an e-mail address, and still finds an MD5 of a password or of e-mail and password", async () => {
    await check([
      ["a Gravatar key below a comment on passwords", "internal/cli/admin.go", [
        " // gravatarKey matches the password-registration flow: no email, no key.",
        "+func avatarKey(email string) string {",
        "+\treturn fmt.Sprintf(\"%x\", md5.Sum([]byte(email)))",
        "+}",
      ], null],
      ["a PHP avatar hash beside a password field", "src/Account.php", [
        "         $this->password = $password;",
        "+        $this->avatar = md5(strtolower(trim($email)));",
      ], null],
      ["an MD5 of the password", "internal/cli/admin.go", [
        " func hashPassword(password string) string {",
        "+\treturn fmt.Sprintf(\"%x\", md5.Sum([]byte(password)))",
        " }",
      ], "encryption"],
      ["an MD5 of e-mail and password", "src/Account.php", [
        "     public function setPassword($email, $password) {",
        "+        $this->hash = md5($email . $password);",
        "     }",
      ], "encryption"],
    ]);
  });

  // From the four repositories swept after the fixes above (grav, fathom, whoogle-search, homebox), read untuned.
  it("is quiet on a regular expression, an enumeration's name for a kind and a marker in double underscores", async () => {
    await check([
      ["a parser's token pattern", "system/src/Markdown/ParsedownTrait.php", [
        "     protected function parseAttributes($text) {",
        "+        $token = '([.#][^\\s\"\\'.#]+)|((?:class|id)\\s*=\\s*(?:\"[^\"]*\"|\\'[^\\']*\\'))';",
        "     }",
      ], null],
      ["an ORM's node type names", "backend/internal/data/ent/mutation.go", [
        " const (",
        "+\tTypeAPIKey               = \"APIKey\"",
        "\tTypeAttachment           = \"Attachment\"",
      ], null],
      ["a path marker named token", "backend/internal/data/repo/attachments.go", [
        " // Older uploads kept a flat path with backslashes encoded.",
        "+const legacyFlatPathToken = \"__0x5c__\"",
      ], null],
    ]);
  });

  it("still finds a token and an API key written as literals", async () => {
    await check([
      ["a token literal", "src/Client.php", ["     public function __construct() {", "+        $token = 'f3a9Kx72LmQ0zR8tW1';", "     }"], "secrets"],
      ["an API key constant", "internal/client/client.go", [" const (", "+\tServiceAPIKey = \"A9fk2LxQ7mP0zT3vB8\"", " )"], "secrets"],
    ]);
  });

  // From two more repositories swept after that (frappe/crm, wekan; 300 commits each): one finding, wrong.
  it("is quiet on prose removed from an API description's block scalar", async () => {
    await check([
      ["an OpenAPI operation's description removed with it", "public/api/openapi.yml", [
        "   /api/boards/import:",
        "-    post:",
        "-      operationId: import_board",
        "-      description: |",
        "-        Accepts a board export JSON (the body returned by",
        "-         `GET /api/boards/:boardId/export`) and recreates the board in the",
        "-         authenticated user's account. Combined with the export endpoint, this allows",
        "-         migrating all boards from another instance over the REST API.",
        "   /api/boards/{board}/lists:",
      ], null],
    ]);
  });

  it("still finds an authorizer removed below a description block", async () => {
    await check([
      ["serverless authorizer removed", "serverless.yml", [
        "       - http:",
        "           path: users",
        "           method: get",
        "           description: |",
        "             Lists the organisation's users.",
        "-          authorizer: aws_iam",
      ], "access_mfa"],
    ]);
  });
});
