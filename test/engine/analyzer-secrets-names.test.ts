// Secret-shaped names with values that are no secret, from the precision sweep: a PEM header named in prose, an entry
// or template named in lower-case words, an example token in a Python docstring. The same shapes carrying a real
// value are still found.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

const KEY_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKjMzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dV";

describe("secrets: names and documentation that only look like credentials", () => {
  it("finds a private key with its body, a weak signing secret and a token in code", async () => {
    await check([
      ["pem with body", "src/keys.js", ['+const key = "-----BEGIN PRIVATE KEY-----\\n" +', `+  "${KEY_BODY}";`], "secrets"],
      ["signing secret in words", "config/jwt.js", ['+export const secret = "secret-token"'], "secrets"],
      ["token outside a docstring", "app/client.py", ["+    DEFAULTS = {", "+        'access_token': 'askfjh234as9sd8',", "+    }"], "secrets"],
    ]);
  });

  it("stays quiet on a PEM header named in a Javadoc comment", async () => {
    await check([
      ["javadoc pem header", "src/main/java/acme/KeyReader.java", ["+    /**", "+     * Parses a key in PKCS#8 PEM form ({@code -----BEGIN PRIVATE KEY-----}),", "+     * which the JDK reads natively.", "+     */"], null],
    ]);
  });

  it("stays quiet on names made of lower-case words: a session entry, a template named after its constant", async () => {
    await check([
      ["session entry name", "checkout/utils.py", ['+    SESSION_KEY = "checkout_data"'], null],
      ["template name", "internal/notifs/notifs.go", ['+	TplForgotPassword  = "forgot-password"'], null],
    ]);
  });

  it("stays quiet on an example token inside a docstring", async () => {
    await check([
      ["docstring example", "app/validator.py", ['+    def save_bearer_token(self, token, request):', '+        """The Bearer token dict may hold::', "+", "+            {'access_token': 'askfjh234as9sd8', 'expires_in': 3600}", '+        """'], null],
    ]);
  });
});

describe("secrets: keys that keyless local model servers ask for", () => {
  it("stays quiet on the stand-in key of an Ollama or LM Studio client, and still finds a real-looking key", async () => {
    await check([
      ["ollama stand-in", "app/llm.py", ["+client = OpenAI(", "+    base_url='http://localhost:11434/v1',", "+    api_key='ollama',  # required but ignored", "+)"], null],
      ["lm studio stand-in", "app/llm.py", ['+client = OpenAI(base_url="http://localhost:1234/v1", api_key="lm-studio")'], null],
    ]);
    await check([["real key", "app/llm.py", ['+client = OpenAI(api_key="q8Zr2LmX5vNw9PkT3sYd7HcJ")'], "secrets"]]);
  });
});
