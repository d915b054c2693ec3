// From the round-19 blind batch (mixed-round19a-untuned.yaml), read after it was scored: helpers named for the model
// rather than a vendor (`get_llm_response(task, prompt)`), the OpenAI PHP client's Responses API through Laravel's facade
// (`OpenAI::responses()->create([...])`), and chat messages built positionally with the user's role
// (`new ChatMessage("user", text)`). Each has a look-alike that must stay silent.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("a helper named for the model", () => {
  it("finds a request's text handed to an llm helper", async () => {
    await expectArea("ai_use", [
      ["Django view passing the request's prompt to get_llm_response", "apps/api/views/assist.py", [
        "+class AssistEndpoint(BaseAPIView):",
        "+    def post(self, request, slug):",
        "+        api_key, model = get_llm_config()",
        "+        text, error = get_llm_response(request.data.get(\"prompt\"), api_key, model)",
        "+        return Response({\"text\": text})",
      ]],
      ["TypeScript handler calling askLLM with the ticket's body", "src/routes/tickets.ts", [
        "+router.post(\"/tickets/:id/draft\", async (req, res) => {",
        "+  const ticket = await tickets.find(req.params.id);",
        "+  const draft = await askLLM(ticket.body);",
        "+  res.json({ draft });",
        "+});",
      ]],
    ], true);
  });
  it("leaves llm plumbing and a word that only holds the letters alone", async () => {
    await check([
      ["reading the llm configuration", "apps/api/views/settings.py", [
        "+        api_key, model = get_llm_config()",
        "+        return Response({\"configured\": bool(api_key and model), \"user\": request.user.id})",
      ], null],
      ["a regex fullmatch on the request", "app/validators.py", [
        "+def valid_code(request):",
        "+    return fullmatch_response(request.data.get(\"code\"))",
      ], null],
    ]);
  });
});

describe("the OpenAI PHP client's Responses API through the facade", () => {
  it("finds a feedback text sent with OpenAI::responses()->create", async () => {
    await expectArea("ai_use", [
      ["Laravel service classifying a comment", "app/Services/ReviewTagger.php", [
        "+    public function tag(string $comment): string",
        "+    {",
        "+        $response = OpenAI::responses()->create([",
        "+            'model' => 'gpt-4.1-mini',",
        "+            'input' => \"Tag this review:\\n\\n{$comment}\"",
        "+        ]);",
        "+        return $response->outputText;",
        "+    }",
      ]],
    ], true);
  });
  it("leaves a fixed input alone", async () => {
    await check([
      ["a fixed health check of the API", "app/Console/Commands/PingOpenAi.php", [
        "+        $response = OpenAI::responses()->create([",
        "+            'model' => 'gpt-4.1-mini',",
        "+            'input' => 'Reply with OK.',",
        "+        ]);",
      ], null],
    ]);
  });
});

describe("a chat message built with the user's role first", () => {
  it("finds a user message whose content is data, however long its template", async () => {
    await expectArea("ai_use", [
      ["openai-java ChatMessage with a resume in a long template", "src/main/java/com/acme/letters/LetterWriter.java", [
        "+        OpenAiService service = new OpenAiService(token, Duration.ofSeconds(60));",
        "+        ChatCompletionRequest request = ChatCompletionRequest.builder().model(\"gpt-4o-mini\")",
        "+            .messages(List.of(new ChatMessage(\"user\", String.format(\"" + "Write a short, friendly and precise letter that fits the posting. ".repeat(6) + "Resume: %s\", resume)))).build();",
      ]],
      ["ChatMessageRole.USER with the customer's question", "src/main/java/com/acme/support/Answerer.java", [
        "+        OpenAiService service = new OpenAiService(apiKey);",
        "+        List<ChatMessage> messages = List.of(new ChatMessage(ChatMessageRole.USER.value(), customerQuestion));",
      ]],
    ], true);
  });
  it("leaves a fixed user message alone", async () => {
    await check([
      ["a fixed question", "src/main/java/com/acme/Ping.java", [
        "+        OpenAiService service = new OpenAiService(System.getenv(\"OPENAI_API_KEY\"));",
        "+        List<ChatMessage> messages = List.of(new ChatMessage(\"user\", \"Say hello.\"));",
      ], null],
    ]);
  });
});
