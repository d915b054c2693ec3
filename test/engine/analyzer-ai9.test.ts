// Kinds widened on the round-9 ai9 batch (ai_use, subprocessors): notebooks and single-file components read as code,
// block comments, hosts of one's own network, providers reached through a member, and raw HTTP requests (Go, Kotlin,
// Ruby blocks, curl) whose bodies are fixed or carry data. Each family has a positive and a real look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("a Jupyter notebook's cells are read as the code they hold", () => {
  it("finds a support ticket put into an Anthropic prompt inside a cell's JSON source lines", async () => {
    await expectArea("ai_use", [
      ["notebook cell classifies tickets with Claude", "notebooks/triage.ipynb", [
        "+   \"source\": [",
        "+    \"client = anthropic.Anthropic()\\n\",",
        "+    \"def classify(ticket):\\n\",",
        "+    \"    prompt = f\\\"Classify this customer ticket: {ticket}\\\"\\n\",",
        "+    \"    response = client.messages.create(\\n\",",
        "+    \"        model=\\\"claude-3-haiku-20240307\\\", max_tokens=50,\\n\",",
        "+    \"        messages=[{\\\"role\\\": \\\"user\\\", \\\"content\\\": prompt}])\\n\",",
        "+    \"    return response.content[0].text\"",
        "+   ]",
      ]],
    ], true);
  });

  it("stays quiet on a cell that asks a fixed question", async () => {
    await check([
      ["notebook cell posting a fixed question to the OpenAI API", "notebooks/intro.ipynb", [
        "+   \"source\": [",
        "+    \"import requests\\n\",",
        "+    \"response = requests.post(\\\"https://api.openai.com/v1/chat/completions\\\", headers=headers, json={\\n\",",
        "+    \"    \\\"model\\\": \\\"gpt-4o-mini\\\",\\n\",",
        "+    \"    \\\"messages\\\": [{\\\"role\\\": \\\"user\\\", \\\"content\\\": \\\"What is the capital of France?\\\"}]\\n\",",
        "+    \"})\\n\",",
        "+    \"print(response.json())\"",
        "+   ]",
      ], null],
    ]);
  });
});

describe("Vue and Svelte components are code, and wrappers named for an analytics identity call send traits", () => {
  it("finds identity traits sent from a component's script and through a mixin's wrapper methods", async () => {
    await expectArea("subprocessors", [
      ["posthog.identify with e-mail in a .vue script", "src/components/Account.vue", [
        "+<script setup>",
        "+onMounted(() => {",
        "+  posthog.identify(user.value.id, { email: user.value.email, name: user.value.name })",
        "+})",
        "+</script>",
      ]],
      ["registration traits through mixpanel wrapper methods in a component", "components/SignupStep.vue", [
        "+          this.mixpanelIdentify(this.email.toString())",
        "+          this.mixpanelSetNewPeople({",
        "+            $email: this.email,",
        "+            $first_name: this.first_name,",
        "+          })",
      ]],
    ], true);
  });

  it("stays quiet on an event without traits in a component and on the wrapper's own definition", async () => {
    await check([
      ["capture of a click in a .svelte component", "src/lib/Pricing.svelte", [
        "+<script>",
        "+  function upgrade() {",
        "+    posthog.capture('upgrade_clicked', { plan: 'pro' })",
        "+  }",
        "+</script>",
      ], null],
      ["a mixin defines its identify wrapper, queueing until consent", "src/mixins/tracking.js", [
        "+    mixpanelIdentify(email) {",
        "+      this.pendingIdentity = email",
        "+    },",
      ], null],
    ]);
  });
});

describe("code inside a block comment is not code", () => {
  it("still finds a model host in live code, even after a glob that looks like a comment opener", async () => {
    await expectArea("ai_use", [
      ["live OkHttp client for OpenAI after a glob string", "app/src/main/java/com/acme/AiClient.java", [
        "+    private static final String FILES = \"assets/**/*.json\";",
        "+    private static final String BASE_URL = \"https://api.openai.com/v1\";",
        "+    public String post(String json) throws IOException {",
        "+        Request request = new Request.Builder().url(BASE_URL + \"/chat/completions\").post(RequestBody.create(json, JSON)).build();",
        "+        return client.newCall(request).execute().body().string();",
        "+    }",
      ]],
    ], true);
  });

  it("stays quiet on the same client commented out whole", async () => {
    await check([
      ["OpenAI client inside /* ... */", "app/src/main/java/com/acme/AiClient.java", [
        "+/*package com.acme;",
        "+",
        "+public class AiClient {",
        "+    private static final String BASE_URL = \"https://api.openai.com/v1\";",
        "+    public String post(String json) throws IOException {",
        "+        return client.newCall(new Request.Builder().url(BASE_URL).build()).execute().body().string();",
        "+    }",
        "+}*/",
      ], null],
    ]);
  });
});

describe("a model server on one's own network is no third party", () => {
  it("stays quiet on Ollama reached at a private-network address", async () => {
    await check([
      ["ollama on a LAN host", "llm/app_client.py", [
        "+from ollama import Client",
        "+client = Client(host='http://192.168.1.41:11434')",
        "+def answer(question):",
        "+    return client.chat(model='llama3:8b', messages=[{'role': 'user', 'content': question}])",
      ], null],
    ]);
  });

  it("still finds the same text sent to Ollama's hosted service", async () => {
    await expectArea("ai_use", [
      ["ollama client on a public host", "llm/app_client.py", [
        "+from ollama import Client",
        "+client = Client(host='https://ollama.example-cloud.com')",
        "+def answer(question):",
        "+    return client.chat(model='llama3:8b', messages=[{'role': 'user', 'content': question}])",
      ]],
    ], true);
  });
});

describe("a provider named by the member a call goes through", () => {
  it("finds a chat's stored messages sent through h.OpenAI.Completion", async () => {
    await expectArea("ai_use", [
      ["go controller calls its OpenAI service field", "controller/controller.go", [
        "+\tmsgs, err := h.Repo.FindMessagesBeforeDate(ctx, u.Message.Chat.ID, date, 100)",
        "+\tprompts := []openai.Message{",
        "+\t\t{Content: strings.Join(prepareMessages(msgs), \"\\n\")},",
        "+\t}",
        "+\tresp, err := h.OpenAI.Completion(&openai.CompletionParams{",
        "+\t\tMessages: prompts,",
        "+\t})",
      ]],
    ], true);
  });

  it("stays quiet when the same service is asked a fixed question", async () => {
    await check([
      ["go health check through h.OpenAI", "controller/health.go", [
        "+\tprompts := []openai.Message{",
        "+\t\t{Content: \"Reply with OK\"},",
        "+\t}",
        "+\tresp, err := h.OpenAI.Completion(&openai.CompletionParams{",
        "+\t\tMessages: prompts,",
        "+\t})",
      ], null],
    ]);
  });
});

describe("raw HTTP requests to a model API: Go, Kotlin, Ruby blocks and curl", () => {
  it("stays quiet on requests whose bodies are fixed text", async () => {
    await check([
      ["go http.NewRequest with a fixed raw-string body", "cmd/gemini/main.go", [
        "+\turl := \"https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent?key=\" + os.Getenv(\"KEY\")",
        "+\tdata := []byte(`{",
        "+    \"contents\": [{\"parts\": [{\"text\": \"Explain how AI works in a few words\"}]}]",
        "+  }`)",
        "+\treq, err := http.NewRequest(\"POST\", url, bytes.NewBuffer(data))",
      ], null],
      ["kotlin HttpRequest builder posting a fixed completion request", "app/src/main/kotlin/demo/Completions.kt", [
        "+    val completionRequest = CompletionRequest(\"gpt-3.5-turbo-instruct\", \"Who won the last world cup?\", 0.1)",
        "+    val requestJson = Gson().toJson(completionRequest)",
        "+    val request = HttpRequest.newBuilder()",
        "+        .uri(URI.create(\"https://api.openai.com/v1/completions\"))",
        "+        .POST(HttpRequest.BodyPublishers.ofString(requestJson))",
        "+        .build()",
      ], null],
      ["ruby Faraday post with the body set in its block", "app/controllers/ping_controller.rb", [
        "+    conn = Faraday.new(url: 'https://api.anthropic.com')",
        "+    response = conn.post('/v1/messages') do |req|",
        "+      req.headers['x-api-key'] = ENV['ANTHROPIC_API_KEY']",
        "+      req.body = { model: 'claude-3-haiku-20240307', max_tokens: 10, messages: [{ role: 'user', content: 'Hello, world' }] }.to_json",
        "+    end",
      ], null],
      ["curl with a fixed JSON body quoted over lines", "scripts/claude.sh", [
        "+curl https://api.anthropic.com/v1/messages \\",
        "+  --header \"x-api-key: $ANTHROPIC_API_KEY\" \\",
        "+  --data '{",
        "+    \"model\": \"claude-sonnet-4-20250514\", \"max_tokens\": 1024,",
        "+    \"messages\": [{\"role\": \"user\", \"content\": \"Hello, world\"}]",
        "+  }'",
      ], null],
    ]);
  });

  it("finds the same requests when they carry what the user typed", async () => {
    await expectArea("ai_use", [
      ["go http.NewRequest with the user's question", "cmd/gemini/main.go", [
        "+\tbody, _ := json.Marshal(map[string]any{\"contents\": []any{map[string]any{\"parts\": []any{map[string]string{\"text\": question}}}}})",
        "+\treq, err := http.NewRequest(\"POST\", \"https://generativelanguage.googleapis.com/v1beta/models/gemini-pro:generateContent\", bytes.NewBuffer(body))",
      ]],
      ["ruby Faraday post of a room's messages", "app/controllers/messages_controller.rb", [
        "+    messages = Message.where(room_id: params[:room_id])",
        "+    conn = Faraday.new(url: 'https://api.anthropic.com')",
        "+    conn.post('/v1/messages') do |req|",
        "+      req.body = { model: 'claude-3-haiku-20240307', messages: messages.map { |m| { role: m.role, content: m.value } } }.to_json",
        "+    end",
      ]],
      ["curl with the script's argument spliced into the body", "bin/ask.sh", [
        "+curl https://api.anthropic.com/v1/messages \\",
        "+  -H \"x-api-key: $ANTHROPIC_API_KEY\" \\",
        "+  -d '{",
        "+    \"model\": \"claude-opus-4-6\", \"max_tokens\": 1000,",
        "+    \"messages\": [{\"role\": \"user\", \"content\": \"'\"$1\"'\"}]",
        "+  }'",
      ]],
    ], true);
  });
});
