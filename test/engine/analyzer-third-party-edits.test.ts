// A third party is news when the pull request starts sending it data, not when it edits a flow that was already
// there (a URL reformatted or made configurable), documents one (an example value) or adds a dependency that never
// ships (an indirect Go requirement, an npm devDependency). Real shapes from the precision sweep.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("third-party services: edits of existing flows and dependencies that do not ship", () => {
  it("still finds a new API host, a new direct Go requirement and a new runtime npm dependency", async () => {
    await check([
      ["new graph host", "app/facebook.py", ['+GRAPH_API_URL = f"https://graph.facebook.com/{GRAPH_API_VERSION}"'], "subprocessors"],
      ["direct go requirement", "go.mod", ["+	github.com/anthropics/anthropic-sdk-go v1.38.0"], "ai_use"],
      ["runtime dependency", "package.json", ['   "dependencies": {', '+    "@ai-sdk/anthropic": "3.0.84",', '     "next": "15.0.0",'], "ai_use"],
    ]);
  });

  it("stays quiet when the removed lines already call the host, or the URL is an example value", async () => {
    await check([
      ["graph url rewritten as an f-string", "app/facebook.py", ['-    .get("GRAPH_API_URL", "https://graph.facebook.com/{}".format(V))', '+    .get("GRAPH_API_URL", f"https://graph.facebook.com/{V}")'], null],
      ["recaptcha url made configurable", "config/recaptcha.php", ["-    'domain' => 'https://www.google.com/recaptcha/api/siteverify',", "+    'domain' => env('RECAPTCHA_DOMAIN', 'https://www.google.com/recaptcha/api/siteverify'),"], null],
      ["openapi example", "openapi/api-docs.yaml", ["+          example: 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'"], null],
      ["schema attribute example", "src/routes/settings.rs", ['+    #[schema(value_type = Option<String>, example = json!("https://api.mistral.ai/v1"))]'], null],
    ]);
  });

  it("stays quiet on an indirect Go requirement and an npm devDependency", async () => {
    await check([
      ["indirect go requirement", "tools/go.mod", ["+	github.com/anthropics/anthropic-sdk-go v1.38.0 // indirect"], null],
      ["dev dependency", "package.json", ['   "devDependencies": {', '+    "@ai-sdk/anthropic": "3.0.84",', '     "@axe-core/playwright": "4.11.0",'], null],
    ]);
  });
});
