// Round-17 blind secrets batch: mechanisms behind its mistakes, each with a positive in the shape real code has and a
// nearby look-alike that must stay quiet.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("secrets in a source file named for its class (Example.java, Sample.kt)", () => {
  it("reads a class file named Sample or Example as code", async () => {
    await expectArea("secrets", [
      ["Java class Sample", "app/src/main/java/com/acme/sms/Sample.java", ['+    private static final String AUTH_TOKEN = "5be1c07a93f24d6e8a17c2b09d4f6e31";']],
      ["Kotlin class Example", "src/main/kotlin/Example.kt", ['+const val AUTH_TOKEN = "a71f3c94e0b2d85c6f19e4a2b7d03c58"']],
    ], true);
  });
  it("still leaves a sample configuration file alone", async () => {
    await check([
      ["sample config", "config/sample.json", ['+  "auth_token": "replace-with-token",'], null],
      ["example properties", "src/main/resources/example.properties", ["+auth.token=changeme-token-value"], null],
    ]);
  });
});

describe("a generic member of a type named for the credential", () => {
  it("reads struct APIKey { value } and object ApiKey { value } as the key", async () => {
    await expectArea("secrets", [
      ["Swift struct", "App/Network/Client.swift", ["   struct APIKey {", '+      static let value = "0c6b1f2e-97a4-4d3b-8e15-f4a2c9d07b68"', "   }"]],
      ["Kotlin object", "app/src/main/java/com/acme/net/Keys.kt", ["+object ApiKey {", '+    const val value = "k8Q2xT7mV4pL9sD3fH6j"', "+}"]],
    ], true);
  });
  it("leaves a generic member of another type alone", async () => {
    await check([
      ["Swift endpoint struct", "App/Network/Client.swift", ["   struct Endpoint {", '+      static let value = "v2-production-eu1-a8f3c9"', "   }"], null],
      ["placeholder in APIKey", "App/Network/Client.swift", ["   struct APIKey {", '+      static let value = "YOUR_CAT_API_KEY_HERE"', "   }"], null],
    ]);
  });
});

describe("Authorization headers with a vendor's own scheme", () => {
  it("reads apikey and ApiKey schemes with their credential", async () => {
    await expectArea("secrets", [
      ["OkHttp apikey id:secret", "app/src/main/java/com/acme/net/AuthInterceptor.kt", ['+            .header("Authorization", "apikey 4hT9sPq2LmX7vR1nB8kW3z:6Yc0eJ5uA2gD9fK4iN7o")']],
      ["fetch ApiKey", "src/search/client.ts", ['+  headers: { Authorization: "ApiKey VnVYZmJ3OEJnN2RxZk1qQ2t6LTpZd1Rl9Hq2" },']],
    ], true);
  });
  it("leaves placeholders and variables in those schemes alone", async () => {
    await check([
      ["placeholder apikey", "app/src/main/java/com/acme/net/AuthInterceptor.kt", ['+            .header("Authorization", "apikey your_collectapi_key_here")'], null],
      ["interpolated Key", "src/ai/fal.ts", ["+  headers: { Authorization: `Key ${process.env.FAL_KEY}` },"], null],
    ]);
  });
});

describe("AI provider URLs: what counts as a request body", () => {
  it("still reports a model API URL beside a request body", async () => {
    await expectArea("ai_use", [
      ["Retrofit body", "app/src/main/java/com/acme/chat/OpenAiApi.kt", ['+const val BASE_URL = "https://api.openai.com/v1/"', "+interface OpenAiApi {", '+    @POST("chat/completions") suspend fun chat(@Body body: ChatRequest): ChatResponse', "+}"]],
      ["OkHttp body with the user's text", "src/main/java/com/acme/bot/Ask.java", [
        "     public static String ask(String question) throws IOException {",
        '+        RequestBody body = RequestBody.create(JSON, "{\\"model\\":\\"deepseek-chat\\",\\"messages\\":[{\\"role\\":\\"user\\",\\"content\\":\\"" + question + "\\"}]}");',
        '+        Request request = new Request.Builder().url("https://api.deepseek.com/chat/completions").post(body).build();',
      ]],
    ], true);
  });
  it("leaves a content type and a fixed literal body alone", async () => {
    await expectArea("ai_use", [
      ["content type constant", "app/src/main/java/com/acme/chat/Constants.kt", ['+const val BASE_URL = "https://api.openai.com/v1/"', '+const val CONTENT_TYPE = "application/json"', '+const val MODEL = "gpt-4o-mini"']],
      ["fixed smoke-test body", "src/main/java/com/acme/bot/Ping.java", [
        '         RequestBody body = RequestBody.create(JSON, "{\\"model\\":\\"deepseek-chat\\",\\"messages\\":[{\\"role\\":\\"user\\",\\"content\\":\\"ping\\"}]}");',
        '+        Request request = new Request.Builder().url("https://api.deepseek.com/chat/completions").post(body).build();',
      ]],
    ], false);
  });
});

describe("an AI SDK used only to list models", () => {
  it("still reports the SDK sending the user's text", async () => {
    await expectArea("ai_use", [
      ["models.list then a chat with input", "bot/ask.py", ["+from openai import OpenAI", "+client = OpenAI()", "+print(client.models.list())", "+def ask(user_input):", '+    return client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": user_input}])']],
    ], true);
  });
  it("leaves a model listing alone", async () => {
    await expectArea("ai_use", [
      ["Model.list check", "scripts/check_key.py", ["+import os", "+import openai", '+openai.api_key = os.environ["OPENAI_API_KEY"]', "+print(openai.Model.list())"]],
    ], false);
  });
});
