// From the round-14 blind batch (mixed-round14-untuned.yaml), read after it was scored: a project's own helper named for
// a provider and for sending (`generate_with_claude(prompt)`) called with a person's text, and an OpenAI-style chat
// payload whose user turn is a variable handed to a chat-completion call or to a call of an LLM integration. Each kind
// has look-alikes that must stay silent: a fixed prompt, a local model, the helper's own declaration, plumbing helpers,
// a fixed user turn, a payload that is only logged, a chat payload outside any model call.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

describe("a provider-named helper called with a person's text", () => {
  it("finds it", async () => {
    await expectArea("ai_use", [
      ["FastAPI endpoint hands posted patient notes to generate_with_claude", "app/api/endpoints/documentation.py", [
        "+from app.services.claude_service import generate_with_claude",
        "+",
        "+@router.post(\"/generate_documentation\")",
        "+def generate_documentation(request: DocumentationRequest):",
        "+    prompt = f\"Generate clinical documentation from: {request.patient_notes}\"",
        "+    return {\"documentation\": generate_with_claude(prompt)}",
      ]],
      ["Express route passes the message to askGPT", "src/routes/support.ts", [
        "+import { askGPT } from '../lib/helpers';",
        "+router.post('/support', async (req, res) => {",
        "+  const answer = await askGPT(req.body.message);",
        "+  res.json({ answer });",
        "+});",
      ]],
      ["a Go handler calls a project's callOpenAI with the ticket text", "internal/handlers/ticket.go", [
        "+func (h *Handler) Summarize(w http.ResponseWriter, r *http.Request) {",
        "+\tsummary, err := h.ai.CallOpenAI(ticket.Description)",
        "+}",
      ]],
    ], true);
  });
  it("leaves the look-alikes alone", async () => {
    await expectArea("ai_use", [
      ["the helper called with a fixed prompt", "app/api/endpoints/health.py", [
        "+from app.services.claude_service import generate_with_claude",
        "+def ping():",
        "+    return generate_with_claude(\"Say OK\")",
      ]],
      ["a local model through Ollama", "app/api/endpoints/notes.py", [
        "+from app.services.local import generate_with_gemini",
        "+OLLAMA_URL = \"http://localhost:11434/api/generate\"",
        "+def summarize(request):",
        "+    return generate_with_gemini(request.patient_notes, base_url=OLLAMA_URL)",
      ]],
      ["the helper's own declaration", "app/services/claude_service.py", [
        "+def generate_with_claude(prompt):",
        "+    pass",
      ]],
      ["plumbing helpers named for the provider", "app/services/usage.py", [
        "+tokens = count_gpt_tokens(request.text)",
        "+client = get_openai_client(user.settings)",
        "+parsed = parse_claude_response(response)",
      ]],
      ["a test of the helper", "tests/test_documentation.py", [
        "+def test_generate(request):",
        "+    assert generate_with_claude(request.patient_notes)",
      ]],
    ], false);
  });
});

describe("a chat payload whose user turn is a variable", () => {
  it("finds it", async () => {
    await expectArea("ai_use", [
      ["the WhatsApp message as the user turn of callChatCompletionsWithFallback", "src/integrations/llm/intent.ts", [
        "+      callResult = await measure('LLM_INTENT_API_CALL', () =>",
        "+        callChatCompletionsWithFallback({",
        "+          baseUrl: endpoint.baseUrl,",
        "+          apiKey: endpoint.apiKey,",
        "+          payload: {",
        "+            messages: [",
        "+              { role: 'system', content: 'Classify the intent.' },",
        "+              {",
        "+                role: 'user',",
        "+                content: userMessageText,",
        "+              },",
        "+            ],",
        "+          },",
        "+        })",
        "+      );",
      ]],
      ["a Python wrapper of an llm module with the content before the role", "bot/llm/reply.py", [
        "+    result = self._post_completion(",
        "+        messages=[",
        "+            {\"content\": incoming.text, \"role\": \"user\"},",
        "+        ],",
        "+    )",
      ]],
      ["a chat completion helper outside an AI folder", "src/services/support.js", [
        "+const out = await requestChatCompletion({",
        "+  messages: [{ role: \"user\", content: ticketBody }],",
        "+});",
      ]],
    ], true);
  });
  it("leaves the look-alikes alone", async () => {
    await expectArea("ai_use", [
      ["a fixed user turn", "src/integrations/llm/health.ts", [
        "+const r = await callChatCompletionsWithFallback({",
        "+  payload: { messages: [{ role: 'user', content: 'ping' }] },",
        "+});",
      ]],
      ["a payload that is only logged", "src/integrations/llm/intent.ts", [
        "+logger.debug({",
        "+  messages: [{ role: 'user', content: userMessageText }],",
        "+});",
      ]],
      ["a local model endpoint", "src/integrations/llm/intent.ts", [
        "+const baseUrl = 'http://localhost:11434/v1';",
        "+const r = await callChatCompletionsWithFallback({",
        "+  baseUrl,",
        "+  payload: { messages: [{ role: 'user', content: userMessageText }] },",
        "+});",
      ]],
      ["a chat history saved outside any AI module", "src/services/history.ts", [
        "+await saveConversation({",
        "+  turns: [{ role: 'user', content: userMessageText }],",
        "+});",
      ]],
      ["a chat widget's message list in a UI component", "src/components/ChatWindow.tsx", [
        "+setMessages((prev) => [",
        "+  ...prev,",
        "+  { role: 'user', content: input },",
        "+]);",
      ]],
    ], false);
  });
});

describe("the clock in a prompt", () => {
  it("is nobody's data", async () => {
    await expectArea("ai_use", [
      ["today's date in the prompt of a GPT helper", "main.py", [
        "+    today = date.today()",
        "+    prompt = f\"event in USA that happens at date = {today.strftime('%d %B')} use bullet points\"",
        "+    events = askFromGpt(prompt)",
      ]],
    ], false);
  });
  it("still lets a person's text through beside it", async () => {
    await expectArea("ai_use", [
      ["today's date and the user's question to a GPT helper", "main.py", [
        "+    today = date.today()",
        "+    prompt = f\"Today is {today}. Answer: {user_question}\"",
        "+    answer = askFromGpt(prompt)",
      ]],
      ["a literal key inside a slot leaves the person's record in", "main.py", [
        "+    prompt = f\"Write to {customer['email']} about the order\"",
        "+    answer = askFromGpt(prompt)",
      ]],
    ], true);
  });
});
