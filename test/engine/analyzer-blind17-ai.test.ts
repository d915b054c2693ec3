// From the round-17 blind batch (ailog-round17-untuned.yaml), read after it was scored: a user's chat turn whose content
// is any non-fixed name (or an uploaded image's data URL) in a model call; a `context` variable (not Go's package) in a
// prompt; assignments written inside a docstring; PHP request arrays filled key by key (`$data["model"] = ...`); request
// types named `ChatRequestData`; LangChain chains built on a provider's model with a human-turn slot. Each has a
// look-alike that must stay silent.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("the user's chat turn in a model call", () => {
  it("finds a user turn whose content is a name, or an image part's data URL", async () => {
    await expectArea("ai_use", [
      ["Anthropic messages.create with the user's reply as content", "app/bot/followup.py", [
        "     if cached:",
        "         return cached",
        "+    resp = await client.messages.create(",
        "+        model=\"claude-3-5-haiku-latest\",",
        "+        max_tokens=20,",
        "+        system=\"Classify the reply as better, same or worse.\",",
        "+        messages=[{\"role\": \"user\", \"content\": respuesta}],",
        "+    )",
      ]],
      ["an uploaded image sent as a data URL", "src/app/api/scan/route.ts", [
        "+    const completion = await openai.chat.completions.create({",
        "+      model: \"gpt-4o-mini\",",
        "+      messages: [",
        "+        { role: \"user\", content: [",
        "+          { type: \"text\", text: \"Read the list in this picture.\" },",
        "+          { type: \"image_url\", image_url: { url: dataUrl } },",
        "+        ] },",
        "+      ],",
        "+    });",
      ]],
    ], true);
  });
  it("leaves a user turn of fixed text alone", async () => {
    await check([
      ["a fixed question on the line below its key", "src/app/api/demo/route.ts", [
        "+    const completion = await openai.chat.completions.create({",
        "+      model: \"gpt-4o-mini\",",
        "+      messages: [",
        "+        {",
        "+          role: \"user\",",
        "+          content:",
        "+            \"Write a generic checklist, with headings, for reading a report, without any real values.\",",
        "+        },",
        "+      ],",
        "+    });",
      ], null],
    ]);
  });
});

describe("a conversation context handed to a provider-named helper", () => {
  it("finds a context built from the chat's messages", async () => {
    await expectArea("ai_use", [
      ["callClaude with the last messages as context", "src/services/handover.js", [
        "+  const context = messages",
        "+    .slice(-6)",
        "+    .map((m) => `${m.role}: ${m.content}`)",
        "+    .join(\"\\n\");",
        "+  const reply = await callClaude(apiKey, model, `Conversation:\\n${context}\\n\\nClassify the last message.`);",
      ]],
    ], true);
  });
  it("leaves Go's context package alone", async () => {
    await check([
      ["a fixed prompt with context.Background()", "cmd/demo/main.go", [
        "+\tresp, err := client.CreateChatCompletion(context.Background(), openai.ChatCompletionRequest{",
        "+\t\tModel: openai.GPT4oMini,",
        "+\t\tMessages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: \"Say hello\"}},",
        "+\t})",
      ], null],
    ]);
  });
});

describe("a docstring's example arguments", () => {
  it("are no assignment of the prompt", async () => {
    await expectArea("ai_use", [
      ["a Claude client whose docstring shows prompt=\"...\"", "app/llm/claude_client.py", [
        "+    async def complete(",
        "+        self,",
        "+        prompt: str,",
        "+    ) -> str:",
        "+        \"\"\"",
        "+        Example args:",
        "+            prompt=\"Ticket 12: printer does not work\"",
        "+        \"\"\"",
        "+        request = {\"model\": self._model, \"max_tokens\": 500, \"messages\": [{\"role\": \"user\", \"content\": prompt}]}",
        "+        response = await self._client.messages.create(**request)",
      ]],
    ], true);
  });
  it("leaves a prompt assigned fixed text in code alone", async () => {
    await check([
      ["the same request with a fixed prompt", "scripts/smoke_claude.py", [
        "+prompt = \"Say hello in one word.\"",
        "+request = {\"model\": \"claude-3-5-haiku-latest\", \"max_tokens\": 20, \"messages\": [{\"role\": \"user\", \"content\": prompt}]}",
        "+response = client.messages.create(**request)",
      ], null],
    ]);
  });
});

describe("PHP request arrays filled key by key and posted with cURL", () => {
  it("finds the posted form input", async () => {
    await expectArea("ai_use", [
      ["exam results posted to chat completions", "web/advice.php", [
        "+        $question = $_POST['question'];",
        "+        $messages = array();",
        "+        $messages[] = array(\"role\" => \"user\", \"content\" => $question);",
        "+        $payload = array();",
        "+        $payload[\"model\"] = \"gpt-4o-mini\";",
        "+        $payload[\"messages\"] = $messages;",
        "+        $ch = curl_init($endpoint);",
        "+        curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode($payload));",
      ]],
    ], true);
  });
  it("leaves a non-model payload alone", async () => {
    await check([
      ["a webhook payload filled key by key", "web/notify.php", [
        "+        $payload = array();",
        "+        $payload[\"event\"] = \"deploy\";",
        "+        $payload[\"status\"] = $status;",
        "+        $ch = curl_init($hookUrl);",
        "+        curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode($payload));",
      ], null],
    ]);
  });
});

describe("a request type named for a chat request, with a suffix", () => {
  it("finds ChatRequestData posted from a provider's package", async () => {
    await expectArea("ai_use", [
      ["Kotlin chat service", "src/main/kotlin/com/acme/bot/openai/ReplyService.kt", [
        "+class ReplyService(private val http: HttpClient, private val model: String) {",
        "+    suspend fun reply(history: List<Turn>): String {",
        "+        val body = ChatRequestData(model, history)",
        "+        val response: ChatResponseData = http.post(Endpoints.CHAT, body)",
        "+        return response.text",
        "+    }",
        "+}",
      ]],
    ], true);
  });
  it("leaves another request type alone", async () => {
    await check([
      ["Kotlin status service", "src/main/kotlin/com/acme/bot/openai/StatusService.kt", [
        "+class StatusService(private val http: HttpClient) {",
        "+    suspend fun report(history: List<Turn>): String {",
        "+        val body = StatusRequestData(history.size)",
        "+        return http.post(Endpoints.STATUS, body).text",
        "+    }",
        "+}",
      ], null],
    ]);
  });
});

describe("a LangChain chain built on a provider's model with a human-turn slot", () => {
  it("finds the chain", async () => {
    await expectArea("ai_use", [
      ["history-aware retriever on ChatGroq", "app.py", [
        "+    llm = ChatGroq(model=\"llama-3.1-8b-instant\")",
        "+    prompt = ChatPromptTemplate.from_messages([",
        "+        (\"system\", \"Rewrite the question so it stands alone.\"),",
        "+        MessagesPlaceholder(\"chat_history\"),",
        "+        (\"human\", \"{input}\"),",
        "+    ])",
        "+    retriever_chain = create_history_aware_retriever(llm, retriever, prompt)",
      ]],
    ], true);
  });
  it("leaves a chain on a local model alone", async () => {
    await check([
      ["the same chain on Ollama", "app.py", [
        "+    llm = ChatOllama(model=\"llama3\")",
        "+    prompt = ChatPromptTemplate.from_messages([",
        "+        (\"system\", \"Rewrite the question so it stands alone.\"),",
        "+        (\"human\", \"{input}\"),",
        "+    ])",
        "+    retriever_chain = create_history_aware_retriever(llm, retriever, prompt)",
      ], null],
    ]);
  });
});
