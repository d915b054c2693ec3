// Round 12 (ai12): the AI catalogue grown across ecosystems (go-anthropic, RubyLLM, LangChain4j AI Services,
// chat_gpt_sdk, flutter_gemini, self-hosted Ollama clients) and the data-flow reading that generalises beyond them:
// wrappers named for their provider, text-field controllers and the command line as a person's input, members of
// imported packages as types, request bodies followed through Go's pair assignments, values on the next line.
// Each behaviour has a positive and a real look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("Go: liushuangls/go-anthropic's CreateMessages", () => {
  it("finds a note sent to Claude, and reads anthropic.X members as types", async () => {
    await expectArea("ai_use", [
      ["a caller's note summarised with go-anthropic", "internal/summary/claude.go", [
        "+import (",
        "+\t\"context\"",
        "+\t\"github.com/liushuangls/go-anthropic/v2\"",
        "+)",
        "+func Summarize(client *anthropic.Client, note string) (string, error) {",
        "+\tresp, err := client.CreateMessages(context.Background(), anthropic.MessagesRequest{",
        "+\t\tModel:     anthropic.ModelClaude3Haiku20240307,",
        "+\t\tMessages:  []anthropic.Message{anthropic.NewUserTextMessage(note)},",
        "+\t\tMaxTokens: 1000,",
        "+\t})",
        "+\treturn resp.Content[0].GetText(), err",
        "+}",
      ]],
    ], true);
  });

  it("stays quiet on the SDK's example with a fixed question, written through an aliased package's types", async () => {
    await check([
      ["go-anthropic example asking a fixed question", "examples/main.go", [
        "+import (",
        "+\t\"context\"",
        "+\t\"fmt\"",
        "+\t\"os\"",
        "+\tclaude \"github.com/liushuangls/go-anthropic/v2\"",
        "+)",
        "+func main() {",
        "+\tclient := claude.NewClient(os.Getenv(\"ANTHROPIC_API_KEY\"))",
        "+\treq := claude.MessagesRequest{",
        "+\t\tModel:     claude.ModelClaude3Haiku20240307,",
        "+\t\tMessages:  []claude.Message{claude.NewUserTextMessage(\"What is your name?\")},",
        "+\t\tMaxTokens: 1000,",
        "+\t}",
        "+\tresp, err := client.CreateMessages(context.Background(), req)",
        "+\tfmt.Println(resp, err)",
        "+}",
      ], null],
    ]);
  });
});

describe("Ruby: RubyLLM (one API for many providers)", () => {
  it("finds a support ticket's body asked of RubyLLM.chat", async () => {
    await expectArea("ai_use", [
      ["RubyLLM chat asked about a ticket", "app/services/ticket_summarizer.rb", [
        "+class TicketSummarizer",
        "+  def call(ticket)",
        "+    chat = RubyLLM.chat(model: \"gpt-4o-mini\")",
        "+    chat.ask(\"Summarize this support ticket: #{ticket.body}\")",
        "+  end",
        "+end",
      ]],
    ], true);
  });

  it("stays quiet on the getting-started question", async () => {
    await check([
      ["RubyLLM getting started", "scripts/hello_llm.rb", [
        "+chat = RubyLLM.chat",
        "+response = chat.ask \"What is Ruby on Rails?\"",
        "+puts response.content",
      ], null],
    ]);
  });
});

describe("Java: LangChain4j AI Services", () => {
  it("finds a customer's message given to an AiServices.create agent", async () => {
    await expectArea("ai_use", [
      ["AI Service answering a customer", "src/main/java/com/acme/Support.java", [
        "+    public String handle(String customerMessage, ChatModel model) {",
        "+        SupportAgent agent = AiServices.create(SupportAgent.class, model);",
        "+        return agent.answer(customerMessage);",
        "+    }",
      ]],
    ], true);
  });

  it("stays quiet on an AI Service asked a fixed question", async () => {
    await check([
      ["AI Service demo", "src/main/java/com/acme/Demo.java", [
        "+    public static void main(String[] args) {",
        "+        Assistant assistant = AiServices.create(Assistant.class, model);",
        "+        System.out.println(assistant.chat(\"Tell me a joke\"));",
        "+    }",
      ], null],
    ]);
  });
});

describe("Dart: chat_gpt_sdk and text-field controllers", () => {
  it("finds a text sent with chat_gpt_sdk's onChatCompletion", async () => {
    await expectArea("ai_use", [
      ["chat_gpt_sdk chat completion of the caller's text", "lib/services/gpt.dart", [
        "+final openAI = OpenAI.instance.build(token: const String.fromEnvironment('OPENAI_KEY'));",
        "+Future<void> send(String text) async {",
        "+  final request = ChatCompleteText(messages: [Map.of({\"role\": \"user\", \"content\": text})], maxToken: 200, model: GptTurboChatModel());",
        "+  final response = await openAI.onChatCompletion(request: request);",
        "+}",
      ]],
    ], true);
  });

  it("finds what is typed in a TextEditingController sent through a field named for Gemini", async () => {
    await expectArea("ai_use", [
      ["Flutter chat screen with a Gemini wrapper", "lib/screens/chat_screen.dart", [
        "+  final _geminiAIChat = GeminiAIChat(apiKey: 'YOUR_API_KEY');",
        "+  final _userInputController = TextEditingController();",
        "+  void _send() {",
        "+    final entry = _userInputController.text;",
        "+    _geminiAIChat.sendMessage(entry).then((response) => setState(() => _messages.add(response)));",
        "+  }",
      ]],
    ], true);
  });

  it("stays quiet when the controller's text is not what the app sends", async () => {
    await check([
      ["Flutter screen sending a fixed greeting", "lib/screens/hello_screen.dart", [
        "+  final _geminiAIChat = GeminiAIChat(apiKey: const String.fromEnvironment('GEMINI_KEY'));",
        "+  final _nameController = TextEditingController();",
        "+  void _greet() {",
        "+    _geminiAIChat.sendMessage('Say hello in French').then((response) => setState(() => _reply = response));",
        "+  }",
      ], null],
    ]);
  });
});

describe("self-hosted Ollama clients and packages are no third party", () => {
  it("stays quiet on LangChain's ChatOllama answering a user's question", async () => {
    await check([
      ["LangChain ChatOllama", "app/chat.py", [
        "+from langchain_ollama import ChatOllama",
        "+llm = ChatOllama(model=\"llama3.1\")",
        "+def answer(user_question):",
        "+    return llm.invoke(user_question).content",
      ], null],
      ["langchain-ollama in requirements", "requirements.txt", ["+langchain-ollama==0.2.0"], null],
    ]);
  });

  it("finds the same question sent to ChatOpenAI, and flutter_gemini added to pubspec.yaml", async () => {
    await expectArea("ai_use", [
      ["LangChain ChatOpenAI", "app/chat.py", [
        "+from langchain_openai import ChatOpenAI",
        "+llm = ChatOpenAI(model=\"gpt-4o-mini\")",
        "+def answer(user_question):",
        "+    return llm.invoke(user_question).content",
      ]],
      ["flutter_gemini dependency", "pubspec.yaml", ["+  flutter_gemini: ^3.0.0"]],
    ], true);
  });
});

describe("wrappers named for the provider they call", () => {
  it("finds a Telegram user's text handed to get_openai_response", async () => {
    await expectArea("ai_use", [
      ["Telegram handler", "bot/handlers/text_handler.py", [
        "+from bot.altman.chat_api import get_openai_response",
        "+async def handle_text(update, context):",
        "+    user_message = update.message.text",
        "+    response = get_openai_response(user_message)",
      ]],
    ], true);
  });

  it("stays quiet on the wrapper's own declaration and on its client and key getters", async () => {
    await check([
      ["client getter and a declaration", "app/llm.py", [
        "+def get_openai_client(api_key):",
        "+    return build(api_key)",
        "+def ask_gpt(message):",
        "+    return None",
        "+client = get_openai_client(settings.OPENAI_KEY)",
      ], null],
    ]);
  });
});

describe("request bodies followed through assignments, the command line, values on the next line", () => {
  it("stays quiet on a Go REST call whose body is a fixed prompt marshalled into a pair assignment", async () => {
    await check([
      ["Gemini REST with a fixed prompt", "cmd/try/main.go", [
        "+\tprompt := \"Hello Gemini, can you review my code?\"",
        "+\treqBody := map[string]interface{}{",
        "+\t\t\"contents\": []map[string]interface{}{{\"parts\": []map[string]string{{\"text\": prompt}}}},",
        "+\t}",
        "+\tdata, _ := json.Marshal(reqBody)",
        "+\turl := \"https://generativelanguage.googleapis.com/v1beta/models/gemini-pro:generateContent?key=\" + os.Getenv(\"GEMINI_API_KEY\")",
        "+\tresp, err := http.Post(url, \"application/json\", bytes.NewBuffer(data))",
      ], null],
    ]);
  });

  it("finds the same request carrying a form's question", async () => {
    await expectArea("ai_use", [
      ["Gemini REST with the request's question", "cmd/ask/main.go", [
        "+\tprompt := r.FormValue(\"question\")",
        "+\treqBody := map[string]interface{}{",
        "+\t\t\"contents\": []map[string]interface{}{{\"parts\": []map[string]string{{\"text\": prompt}}}},",
        "+\t}",
        "+\tdata, _ := json.Marshal(reqBody)",
        "+\turl := \"https://generativelanguage.googleapis.com/v1beta/models/gemini-pro:generateContent?key=\" + os.Getenv(\"GEMINI_API_KEY\")",
        "+\tresp, err := http.Post(url, \"application/json\", bytes.NewBuffer(data))",
      ]],
    ], true);
  });

  it("finds a Discord command's words joined into the prompt", async () => {
    await expectArea("ai_use", [
      ["Discord command", "bot/commands.py", [
        "+    async def gpt(ctx, *args):",
        "+        query = \" \".join(args)",
        "+        response = openai.ChatCompletion.create(model=\"gpt-3.5-turbo\", messages=[{\"role\": \"user\", \"content\": query}])",
      ]],
    ], true);
  });

  it("finds a prompt whose value starts on the line below, carrying the method's argument", async () => {
    await expectArea("ai_use", [
      ["Ruby prompt assigned on the next line", "lib/ai_helper/titler.rb", [
        "+      def call_llm(thread_content)",
        "+        chat = \"<input>\\n#{thread_content}\\n</input>\"",
        "+        prompt =",
        "+          Completions::Prompt.new(",
        "+            \"Suggest a title\",",
        "+            messages: [{ type: :user, content: chat }],",
        "+          )",
        "+        Llm.proxy(SiteSetting.ai_helper_model).generate(prompt, user: Discourse.system_user)",
        "+      end",
      ]],
    ], true);
  });
});

describe("a model request to an endpoint from configuration names its provider by the model", () => {
  it("finds a ticket's body posted with model gpt-4o-mini to a configured URL", async () => {
    await expectArea("ai_use", [
      ["fetch to a configured LLM endpoint", "src/lib/summarize.ts", [
        "+export async function summarize(ticketBody: string) {",
        "+  const res = await fetch(process.env.LLM_API_URL!, {",
        "+    method: \"POST\",",
        "+    body: JSON.stringify({ model: \"gpt-4o-mini\", messages: [{ role: \"user\", content: ticketBody }] }),",
        "+  });",
        "+  return res.json();",
        "+}",
      ]],
    ], true);
  });

  it("stays quiet on the same request to the app's own /api path, and on a fixed ping", async () => {
    await check([
      ["fetch to the app's own API route", "src/lib/send.ts", [
        "+export async function send(userText: string) {",
        "+  const res = await fetch(\"/api/chat\", {",
        "+    method: \"POST\",",
        "+    body: JSON.stringify({ model: \"gpt-4o-mini\", messages: [{ role: \"user\", content: userText }] }),",
        "+  });",
        "+  return res.json();",
        "+}",
      ], null],
      ["fixed ping to a configured endpoint", "src/lib/ping.ts", [
        "+export async function ping() {",
        "+  const res = await fetch(process.env.LLM_API_URL!, {",
        "+    method: \"POST\",",
        "+    body: JSON.stringify({ model: \"claude-3-5-haiku-latest\", messages: [{ role: \"user\", content: \"ping\" }] }),",
        "+  });",
        "+  return res.ok;",
        "+}",
      ], null],
    ]);
  });
});

describe(".NET Anthropic.SDK, Elixir openai_ex and Rust genai", () => {
  it("finds a ticket sent with each", async () => {
    await expectArea("ai_use", [
      ["Anthropic.SDK GetClaudeMessageAsync", "src/Triage.cs", [
        "+    public async Task<string> Classify(string ticketText)",
        "+    {",
        "+        var parameters = new MessageParameters { Messages = new List<Message> { new Message(RoleType.User, ticketText) }, MaxTokens = 512 };",
        "+        var res = await _client.Messages.GetClaudeMessageAsync(parameters);",
        "+        return res.Message.ToString();",
        "+    }",
      ]],
      ["openai_ex chat completion", "lib/my_app/summarizer.ex", [
        "+  def summarize(openai, note) do",
        "+    req = Chat.Completions.new(model: \"gpt-4o-mini\", messages: [ChatMessage.user(note)])",
        "+    OpenaiEx.Chat.Completions.create(openai, req)",
        "+  end",
      ]],
      ["genai exec_chat", "src/ask.rs", [
        "+pub async fn ask(user_text: &str) -> Result<String, genai::Error> {",
        "+    let chat_req = ChatRequest::new(vec![ChatMessage::user(user_text)]);",
        "+    let res = client.exec_chat(\"gpt-4o-mini\", chat_req, None).await?;",
        "+}",
      ]],
    ], true);
  });

  it("stays quiet on each with a fixed question", async () => {
    await check([
      ["Anthropic.SDK fixed", "samples/Hello.cs", [
        "+var parameters = new MessageParameters { Messages = new List<Message> { new Message(RoleType.User, \"Who won the world series in 2020?\") }, MaxTokens = 512 };",
        "+var res = await client.Messages.GetClaudeMessageAsync(parameters);",
      ], null],
      ["genai exec_chat fixed", "examples/hello.rs", [
        "+    let chat_req = ChatRequest::new(vec![ChatMessage::user(\"Why is the sky red?\")]);",
        "+    let res = client.exec_chat(\"gpt-4o-mini\", chat_req, None).await?;",
      ], null],
    ]);
  });
});
