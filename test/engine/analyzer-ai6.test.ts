// Kinds widened on the round-6 ai6 batch (ai_use, subprocessors). Each family has positives in more than one language
// and a real look-alike that must stay quiet.
import { describe, expect, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";
import { growthWhenDoubled } from "./support/regex-work.js";

describe("a named argument whose value starts on the next line is a key, not a variable", () => {
  it("stays quiet on a fixed question passed as PHP's named request: argument", async () => {
    await check([
      ["openai-php named request with fixed content", "examples/chat.php", [
        "+$OpenAI = new OpenAI(api_key: \"YOUR_API_KEY\");",
        "+$response = $OpenAI->chat(request:",
        "+[",
        "+    \"model\"    => \"gpt-3.5-turbo\",",
        "+    \"messages\" => [\"role\" => \"user\", \"content\" => \"Do you know Elon Musk?\"]",
        "+], response: OpenAI::PHP_OPENAI_RESPONSE_ARRAY);",
      ], null],
    ]);
  });

  it("still finds the posted text in the same call, and Ruby's shorthand messages:", async () => {
    await check([
      ["openai-php named request with posted content", "public/chat.php", [
        "+$OpenAI = new OpenAI(api_key: getenv(\"OPENAI_API_KEY\"));",
        "+$response = $OpenAI->chat(request:",
        "+[",
        "+    \"model\"    => \"gpt-3.5-turbo\",",
        "+    \"messages\" => [\"role\" => \"user\", \"content\" => $_POST[\"question\"]]",
        "+], response: OpenAI::PHP_OPENAI_RESPONSE_ARRAY);",
      ], "ai_use"],
      ["ruby shorthand messages: before a closing brace", "app/services/reply.rb", [
        "+    messages = [{ role: \"user\", content: ticket.body }]",
        "+    response = client.chat(parameters: {",
        "+      model: \"gpt-4o\",",
        "+      messages:",
        "+    })",
      ], "ai_use"],
    ]);
  });
});

describe("Cohere's classify, embed and rerank send the caller's text", () => {
  it("finds reviews and tickets sent to classify and embed", async () => {
    await check([
      ["cohere.classify on posted reviews (node)", "api/reviews.js", [
        "+const cohere = require('cohere-ai');",
        "+app.post('/classify', async (req, res) => {",
        "+  const response = await cohere.classify({ inputs: [req.body.review], examples });",
        "+  res.json(response.classifications);",
        "+});",
      ], "ai_use"],
      ["co.embed on support tickets (python)", "search/index_tickets.py", [
        "+import cohere",
        "+co = cohere.Client(os.environ[\"COHERE_API_KEY\"])",
        "+def index(tickets):",
        "+    vectors = co.embed(texts=[t.description for t in tickets], model=\"embed-english-v3.0\").embeddings",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on classify run over fixed example sentences", async () => {
    await expectArea("ai_use", [
      ["cohere.classify on written-in inputs", "healthAI/api.js", [
        "+const cohere = require('cohere-ai');",
        "+const examples = [",
        "+  { text: 'The order came 5 days early', label: 'positive review' },",
        "+  { text: 'The package was damaged', label: 'negative review' },",
        "+];",
        "+const inputs = [",
        "+  'This item was broken when it arrived',",
        "+  'The product is amazing',",
        "+];",
        "+(async () => {",
        "+  const response = await cohere.classify({ inputs: inputs, examples: examples });",
        "+  console.log(response);",
        "+})();",
      ]],
    ], false);
  });
});

describe("a client pointed at a loopback URL runs a model on this machine", () => {
  it("stays quiet on InferenceClient and an OpenAI-compatible client served on localhost", async () => {
    await check([
      ["text-generation-inference on 127.0.0.1", "chat.py", [
        "+from huggingface_hub import InferenceClient",
        "+client = InferenceClient(model=\"http://127.0.0.1:8080\")",
        "+def inference(message, history):",
        "+    for token in client.text_generation(message, max_new_tokens=20, stream=True):",
        "+        yield token",
      ], null],
      ["LM Studio behind the OpenAI SDK", "src/local_llm.ts", [
        "+import OpenAI from \"openai\";",
        "+const client = new OpenAI({",
        "+  baseURL: \"http://localhost:1234/v1\",",
        "+  apiKey: \"lm-studio\",",
        "+});",
        "+export async function reply(userMessage: string) {",
        "+  return client.chat.completions.create({ model: \"local-model\", messages: [{ role: \"user\", content: userMessage }] });",
        "+}",
      ], null],
    ]);
  });

  it("still finds a remote endpoint, and a localhost URL that is not the client's", async () => {
    await check([
      ["InferenceClient on a hosted endpoint", "chat.py", [
        "+from huggingface_hub import InferenceClient",
        "+client = InferenceClient(model=\"https://xyz.us-east-1.aws.endpoints.huggingface.cloud\")",
        "+def inference(message, history):",
        "+    return client.text_generation(message, max_new_tokens=200)",
      ], "ai_use"],
      ["OpenAI with a CORS origin on localhost", "server/app.py", [
        "+from openai import OpenAI",
        "+client = OpenAI()",
        "+origins = [\"http://localhost:3000\"]",
        "+@app.post(\"/ask\")",
        "+def ask(question: str):",
        "+    return client.chat.completions.create(model=\"gpt-4o\", messages=[{\"role\": \"user\", \"content\": question}])",
      ], "ai_use"],
    ]);
  });
});

describe("a client injected by a type named for a model or an AI service", () => {
  it("finds request data sent to a LangChain4j assistant and a Microsoft.Extensions.AI chat client", async () => {
    await check([
      ["LangChain4j @AiService field", "src/main/java/acme/AssistantController.java", [
        "+import dev.langchain4j.service.spring.AiService;",
        "+@RestController",
        "+class AssistantController {",
        "+    Assistant assistant;",
        "+    AssistantController(Assistant assistant) {",
        "+        this.assistant = assistant;",
        "+    }",
        "+    @GetMapping(\"/assistant\")",
        "+    public String assistant(@RequestParam(value = \"message\") String message) {",
        "+        return assistant.chat(message);",
        "+    }",
        "+}",
      ], "ai_use"],
      ["IChatClient constructor parameter (C#)", "Api/Controllers/SupportController.cs", [
        "+using Microsoft.Extensions.AI;",
        "+public class SupportController(IChatClient chat) : ControllerBase",
        "+{",
        "+    [HttpPost]",
        "+    public async Task<string> Reply([FromBody] TicketDto ticket)",
        "+    {",
        "+        var response = await chat.GetResponseAsync(ticket.Description);",
        "+        return response.Text;",
        "+    }",
        "+}",
      ], "ai_use"],
      ["Kotlin property typed as an AI service", "src/main/kotlin/acme/ChatRoutes.kt", [
        "+import dev.langchain4j.service.AiServices",
        "+class ChatRoutes(private val bot: SupportAssistant) {",
        "+    fun answer(call: ApplicationCall, question: String): String {",
        "+        return bot.chat(question)",
        "+    }",
        "+}",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on a fixed prompt to the same assistant and on services that are no model", async () => {
    await check([
      ["LangChain4j assistant asked a fixed question", "src/main/java/acme/Demo.java", [
        "+import dev.langchain4j.service.AiServices;",
        "+public class Demo {",
        "+    private final Assistant assistant;",
        "+    public String hello() {",
        "+        return assistant.chat(\"What is the capital of France?\");",
        "+    }",
        "+}",
      ], null],
      ["e-mail service in a file that also mentions OpenAI", "src/main/java/acme/Notify.java", [
        "+// Replies are drafted by OpenAI elsewhere; this only mails them.",
        "+public class Notify {",
        "+    private final EmailService emailService;",
        "+    public void send(User user, String body) {",
        "+        emailService.send(user.getEmail(), body);",
        "+    }",
        "+}",
      ], null],
    ]);
  });
});

describe("a receiver named for a provider or a model reaches it, wherever its client is made", () => {
  it("finds a message passed to a project's openai package (Go) and a claude client (Python)", async () => {
    await check([
      ["go package named openai", "handler/telegram/telegram.go", [
        "+package telegram",
        "+import (",
        "+\t\"github.com/wechatgpt/wechatbot/openai\"",
        "+)",
        "+func Handle(msg string, model string) *string {",
        "+\trequestText := strings.TrimSpace(msg)",
        "+\treply, err := openai.Completions(requestText, model)",
        "+\treturn reply",
        "+}",
      ], "ai_use"],
      ["python claude_client from another module", "app/routes/summary.py", [
        "+from app.clients import claude_client",
        "+@router.post(\"/summarise\")",
        "+def summarise(note: NoteIn):",
        "+    return claude_client.ask(note.text)",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on a fixed prompt and on configuring the package", async () => {
    await check([
      ["go package named openai with a fixed prompt", "cmd/smoke/main.go", [
        "+package main",
        "+import \"github.com/acme/bot/openai\"",
        "+func main() {",
        "+\treply, _ := openai.Completions(\"Say hello\", \"gpt-3.5-turbo\")",
        "+\tfmt.Println(*reply)",
        "+}",
      ], null],
      ["ruby-openai configured in an initializer", "config/initializers/openai.rb", [
        "+OpenAI.configure do |config|",
        "+  config.access_token = ENV.fetch('OPENAI_ACCESS_TOKEN')",
        "+  config.request_timeout = 240",
        "+end",
      ], null],
    ]);
  });
});

describe("a client class imported from a service's SDK and constructed", () => {
  it("finds Twilio's Client built in Python and Postmark's ServerClient built from a named import", async () => {
    await expectArea("subprocessors", [
      ["twilio.rest Client(sid, token)", "accounts/utils.py", [
        "+from twilio.rest import Client",
        "+client = Client(account_sid, auth_token)",
        "+def send_sms(user_code, phone_number):",
        "+    client.messages.create(body=f'Your code: {user_code}', from_=SENDER, to=phone_number)",
      ]],
      ["postmark ServerClient from a named import", "emails/send.js", [
        "+import { ServerClient } from \"postmark\";",
        "+const client = new ServerClient(process.env.POSTMARK_TOKEN);",
        "+export const sendReceipt = (to) => client.sendEmail({ From: \"shop@acme.io\", To: to, Subject: \"Receipt\" });",
      ]],
    ], true);
  });

  it("stays quiet on the import alone, a type annotation, and a class that is no client", async () => {
    await expectArea("subprocessors", [
      ["twilio Client only imported for a type", "app/types.py", [
        "+from twilio.rest import Client",
        "+def send(client: Client, to: str) -> None:",
        "+    pass",
      ]],
    ], false);
  });
});

describe("an analytics event keyed by the person's e-mail address", () => {
  it("finds PostHog, Mixpanel and Segment events whose distinct id or user id is the e-mail", async () => {
    await expectArea("subprocessors", [
      ["posthog.capture distinct_id=user.email (python)", "core/utils/analytics.py", [
        "+def posthog_capture(event_name, user, properties):",
        "+    posthog.capture(",
        "+        event_name, distinct_id=user.email if user else None, properties=properties",
        "+    )",
      ]],
      ["mixpanel.track distinct_id: email (node)", "src/services/mixpanel.ts", [
        "+export function trackEvent(eventName: string, email: string, filter: string) {",
        "+  mixpanel.track(eventName, {",
        "+    distinct_id: email,",
        "+    filter",
        "+  });",
        "+}",
      ]],
      ["segment analytics.track userId: user.email (ruby)", "app/jobs/track_job.rb", [
        "+    Analytics.track(",
        "+      user_id: user.email,",
        "+      event: 'Order Completed')",
      ]],
    ], true);
  });

  it("stays quiet on an opaque id, a hashed e-mail, and a comment", async () => {
    await expectArea("subprocessors", [
      ["posthog.capture distinct_id=user.id", "core/utils/analytics.py", [
        "+def posthog_capture(event_name, user, properties):",
        "+    posthog.capture(event_name, distinct_id=str(user.id), properties=properties)",
      ]],
      ["segment userId from a hashed e-mail", "src/track.ts", [
        "+const userId = sha256(user.email);",
        "+analytics.track({ userId: userId, event: \"Signed up\" });",
      ]],
      ["comment describing the old keying", "src/track.ts", [
        "+// we used to send distinct_id: user.email here",
        "+posthog.capture({ distinctId: user.id, event: \"login\" });",
      ]],
    ], false);
  });
});

describe("identity traits are read from code and sample payloads, not from doc blocks", () => {
  it("stays quiet on a wrapper whose JSDoc mentions a property's name", async () => {
    await expectArea("subprocessors", [
      ["mixpanel people.set wrapper with @param prose", "src/mixpanel-people.js", [
        "+/**",
        "+ * Set properties on a user record",
        "+ * @param {string|object} varProperty If a string, this is the name of the property",
        "+ */",
        "+function registerUserProperties (varProperty, varValue, fncCallback) {",
        "+  mixpanel.people.set(varProperty, varValue, fncCallback);",
        "+}",
      ]],
    ], false);
  });

  it("still finds people.set with an e-mail, and traits shown in a sample payload comment", async () => {
    await expectArea("subprocessors", [
      ["people.set with $email", "src/helpers/mixpanel.js", [
        "+export function identify(user) {",
        "+  mixpanel.identify(user.id);",
        "+  mixpanel.people.set({ $email: user.email, $first_name: user.first_name });",
        "+}",
      ]],
      ["segment identify under a sample of the rows it sends", "api.py", [
        " #   'traits.email': 'c.silveri@e-motion.tv',",
        " #   'traits.first_name': 'Corrado',",
        "+def segment_api_call(segment_write_key, user_id_header, csv_output):",
        "+    segment_client = analytics.Client(segment_write_key, debug=True)",
        "+    for call_data in csv_output:",
        "+        user_id = call_data.pop(user_id_header)",
        "+        segment_client.identify(user_id, call_data)",
      ]],
    ], true);
  });
});

describe("Amplitude through Expo's module", () => {
  it("finds expo-analytics-amplitude initialised", async () => {
    await expectArea("subprocessors", [
      ["Amplitude.initialize from expo-analytics-amplitude", "src/config/amplitude.ts", [
        "+import * as Amplitude from 'expo-analytics-amplitude';",
        "+export const initialize = () => {",
        "+  Amplitude.initialize(API_KEY)",
        "+}",
      ]],
      ["Amplitude.initializeAsync without the import in view", "App.tsx", [
        "+  useEffect(() => { Amplitude.initializeAsync(Constants.manifest.extra.amplitudeKey); }, []);",
      ]],
    ], true);
  });

  it("stays quiet when the initialisation only moves", async () => {
    await expectArea("subprocessors", [
      ["initialize moved into a hook", "App.tsx", [
        "-Amplitude.initializeAsync(KEY);",
        "+  useEffect(() => { Amplitude.initializeAsync(KEY); }, []);",
      ]],
    ], false);
  });
});

describe("agents, graphs and SDK calls the catalogue had no signature for", () => {
  it("finds a person's message run through an agent, a graph, embeddings, Semantic Kernel and a chained client", async () => {
    await check([
      ["OpenAI Agents SDK Runner.run", "agents/run.py", [
        "+from agents import Agent, Runner",
        "+agent = Agent(name=\"Support\", instructions=\"Help the customer.\")",
        "+async def handle(message: IncomingMessage):",
        "+    result = await Runner.run(agent, input=message.text)",
        "+    return result.final_output",
      ], "ai_use"],
      ["@openai/agents run(agent, input)", "src/agent.ts", [
        "+import { Agent, run } from \"@openai/agents\";",
        "+export async function reply(customerMessage: string) {",
        "+  const result = await run(supportAgent, customerMessage);",
        "+  return result.finalOutput;",
        "+}",
      ], "ai_use"],
      ["LangGraph graph built elsewhere", "graph.py", [
        "+from langgraph.graph import StateGraph",
        "+def chat(user_question: str):",
        "+    return graph.invoke({\"messages\": [(\"user\", user_question)]})",
      ], "ai_use"],
      ["LangChain agent executor", "bot/agent.py", [
        "+from langchain.agents import AgentExecutor",
        "+@app.post(\"/ask\")",
        "+def ask(req: AskIn):",
        "+    return agent_executor.invoke({\"input\": req.question})",
      ], "ai_use"],
      ["go-openai CreateEmbeddings on a document", "worker/embeddings.go", [
        "+func (w *Worker) Index(ctx context.Context, doc Document) error {",
        "+\tresp, err := w.client.CreateEmbeddings(ctx, openai.EmbeddingRequest{Input: []string{doc.Body}, Model: openai.SmallEmbedding3})",
        "+\treturn w.store(doc.ID, resp, err)",
        "+}",
      ], "ai_use"],
      ["Semantic Kernel (python) kernel.invoke", "sk.py", [
        "+from semantic_kernel import Kernel",
        "+async def answer(user_input: str):",
        "+    return await kernel.invoke(chat_function, input=user_input)",
      ], "ai_use"],
      ["Semantic Kernel (java) invokePromptAsync", "src/main/java/acme/Sk.java", [
        "+import com.microsoft.semantickernel.Kernel;",
        "+public Mono<String> answer(String question) {",
        "+    return kernel.invokePromptAsync(question).map(Object::toString);",
        "+}",
      ], "ai_use"],
      ["ruby-openai client made and called on one line", "app/services/note_summary.rb", [
        "+class NoteSummary",
        "+  def call(note)",
        "+    OpenAI::Client.new.chat(parameters: { model: \"gpt-4o\", messages: [{ role: \"user\", content: note.body }] })",
        "+  end",
        "+end",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on the same calls with fixed text, and on agents and executors outside an AI framework", async () => {
    await check([
      ["Runner.run_sync with a fixed haiku request", "agents/demo.py", [
        "+from agents import Agent, Runner",
        "+agent = Agent(name=\"Assistant\", instructions=\"You are a helpful assistant\")",
        "+result = Runner.run_sync(agent, \"Write a haiku about recursion in programming.\")",
      ], null],
      ["graph invoked with a fixed question", "graph_demo.py", [
        "+from langgraph.graph import StateGraph",
        "+print(graph.invoke({\"messages\": [(\"user\", \"what is the weather in sf\")]}))",
      ], null],
      ["embeddings of a fixed sentence (go)", "cmd/embed/main.go", [
        "+func main() {",
        "+\tresp, _ := client.CreateEmbeddings(context.Background(), openai.EmbeddingRequest{Input: []string{\"The food was delicious\"}})",
        "+\tfmt.Println(len(resp.Data))",
        "+}",
      ], null],
      ["kernel.invoke_prompt with a fixed poem", "sk_demo.py", [
        "+from semantic_kernel import Kernel",
        "+result = await kernel.invoke_prompt(prompt=\"Write a poem about the sea\")",
      ], null],
      ["a job executor running an order", "src/main/java/acme/Jobs.java", [
        "+public class Jobs {",
        "+    private final JobExecutor executor;",
        "+    public void run(Order order) {",
        "+        executor.run(order);",
        "+    }",
        "+}",
      ], null],
      ["a Temporal workflow run", "app/workflows.py", [
        "+from temporalio.client import Client",
        "+async def start(order):",
        "+    await workflow.run(order)",
      ], null],
    ]);
  });
});

describe("a service's client set up in each language's own way", () => {
  it("finds clients made through a Go package, PHP's use, a vendor namespace and static set-up calls", async () => {
    await expectArea("subprocessors", [
      ["segment analytics.New through the Go package name", "internal/analytics/segment.go", [
        "+import \"github.com/segmentio/analytics-go/v3\"",
        "+var client = analytics.New(os.Getenv(\"SEGMENT_WRITE_KEY\"))",
      ]],
      ["stripe.Key set in Go", "internal/pay/stripe.go", [
        "+import \"github.com/stripe/stripe-go/v76\"",
        "+func init() {",
        "+\tstripe.Key = os.Getenv(\"STRIPE_SECRET_KEY\")",
        "+}",
      ]],
      ["Twilio client from PHP's use", "app/Services/Sms.php", [
        "+use Twilio\\Rest\\Client;",
        "+$twilio = new Client(getenv(\"TWILIO_SID\"), getenv(\"TWILIO_TOKEN\"));",
      ]],
      ["\\Stripe\\Stripe::setApiKey without an import", "app/Services/Pay.php", [
        "+\\Stripe\\Stripe::setApiKey(env('STRIPE_SECRET'));",
      ]],
      ["new \\SendGrid(key) without an import", "app/Services/Mail.php", [
        "+$sendgrid = new \\SendGrid(getenv('SENDGRID_API_KEY'));",
      ]],
      ["Segment::Analytics.new in a Rails initializer", "config/initializers/segment.rb", [
        "+Analytics = Segment::Analytics.new(write_key: ENV[\"SEGMENT_WRITE_KEY\"])",
      ]],
      ["TwilioClient.Init (C#)", "Program.cs", [
        "+using Twilio;",
        "+TwilioClient.Init(accountSid, authToken);",
      ]],
      ["StripeConfiguration.ApiKey (C#)", "Billing.cs", [
        "+using Stripe;",
        "+StripeConfiguration.ApiKey = builder.Configuration[\"Stripe:SecretKey\"];",
      ]],
      ["newrelic.agent.initialize (python)", "apm.py", [
        "+import newrelic.agent",
        "+newrelic.agent.initialize(\"newrelic.ini\")",
      ]],
      ["ddtrace patch_all imported by name", "app/tracing.py", [
        "+from ddtrace import patch_all, tracer",
        "+patch_all()",
      ]],
    ], true);
  });

  it("stays quiet on types, exceptions and functions of an SDK set up elsewhere", async () => {
    await expectArea("subprocessors", [
      ["sentry capture_exception imported by name", "app/views.py", [
        "+from sentry_sdk import capture_exception",
        "+def handle(e):",
        "+    capture_exception(e)",
      ]],
      ["amplitude track imported by name", "src/analytics.ts", [
        "+import { track } from \"@amplitude/analytics-browser\";",
        "+export const onClick = () => track(\"Button Clicked\");",
      ]],
      ["a Stripe type in a Go signature", "internal/x.go", [
        "+import \"github.com/stripe/stripe-go/v76\"",
        "+func price(p *stripe.Price) int64 { return p.UnitAmount }",
      ]],
      ["a Stripe exception caught in PHP", "app/Services/Pay.php", [
        "+use Stripe\\Exception\\CardException;",
        "+try { $this->charge(); } catch (CardException $e) { report($e); }",
      ]],
      ["a Twilio exception raised in Python", "app/t2.py", [
        "+from twilio.base.exceptions import TwilioRestException",
        "+def notify():",
        "+    raise TwilioRestException(400, \"uri\")",
      ]],
      ["gevent's monkey.patch_all", "app/tasks.py", [
        "+from gevent import monkey",
        "+monkey.patch_all()",
      ]],
    ], false);
  });
});

describe("prompts written as heredocs and Spring AI prompts with a system message first", () => {
  it("finds an entry interpolated into a Ruby heredoc and a PHP heredoc, and a user message after .system(...)", async () => {
    await check([
      ["ruby <<~PROMPT with #{entry.text}", "app/services/coach.rb", [
        "+  def feedback(entry)",
        "+    prompt = <<~PROMPT",
        "+      Give feedback on this journal entry:",
        "+      #{entry.text}",
        "+    PROMPT",
        "+    client.chat(parameters: { model: \"gpt-4o\", messages: [{ role: \"user\", content: prompt }] })",
        "+  end",
      ], "ai_use"],
      ["php <<<EOT with {$review['body']}", "app/Ai.php", [
        "+function summarise($client, $review) {",
        "+    $prompt = <<<EOT",
        "+Summarise this review: {$review['body']}",
        "+EOT;",
        "+    return $client->chat()->create(['model' => 'gpt-4o', 'messages' => [['role' => 'user', 'content' => $prompt]]]);",
        "+}",
      ], "ai_use"],
      ["Spring AI prompt().system(...).user(...)", "src/main/java/acme/Triage.java", [
        "+public String triage(EmailMessage email) {",
        "+    return chatClient.prompt().system(\"You triage support e-mails.\").user(email.getBody()).call().content();",
        "+}",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on a heredoc of fixed text, a quoted heredoc, and a fixed user message after .system(...)", async () => {
    await check([
      ["ruby heredoc without interpolation", "lib/tasks/demo.rb", [
        "+    prompt = <<~PROMPT",
        "+      Write a limerick about Ruby.",
        "+    PROMPT",
        "+    client.chat(parameters: { model: \"gpt-4o\", messages: [{ role: \"user\", content: prompt }] })",
      ], null],
      ["ruby <<~'PROMPT' keeps #{...} as text", "lib/tasks/template.rb", [
        "+    prompt = <<~'PROMPT'",
        "+      Fill in #{name} later.",
        "+    PROMPT",
        "+    client.chat(parameters: { model: \"gpt-4o\", messages: [{ role: \"user\", content: prompt }] })",
      ], null],
      ["Spring AI fixed joke after a system message", "src/main/java/acme/Joke.java", [
        "+public String joke() {",
        "+    return chatClient.prompt().system(\"You are funny.\").user(\"Tell me a joke\").call().content();",
        "+}",
      ], null],
    ]);
  });
});

describe("a thing's members are nobody's data", () => {
  it("stays quiet on product descriptions and recipes generated from their own fields", async () => {
    await check([
      ["product name, category and price", "app/catalog.py", [
        "+def describe(product):",
        "+    prompt = f\"Write a catchy description for {product.name}, a {product.category} priced at {product.price}.\"",
        "+    return client.chat.completions.create(model=\"gpt-4o\", messages=[{\"role\": \"user\", \"content\": prompt}])",
      ], null],
      ["recipe ingredients (node)", "src/recipes.ts", [
        "+export async function tips(recipe: Recipe) {",
        "+  return openai.chat.completions.create({ model: \"gpt-4o\", messages: [{ role: \"user\", content: `Suggest swaps for ${recipe.ingredients.join(\", \")}` }] });",
        "+}",
      ], null],
    ]);
  });

  it("still finds a person beside the product, and a person named on it", async () => {
    await check([
      ["product recommended to a named user", "app/recommend.py", [
        "+def recommend(product, user):",
        "+    prompt = f\"Recommend {product.name} to {user.first_name}, who bought {user.last_order}.\"",
        "+    return client.chat.completions.create(model=\"gpt-4o\", messages=[{\"role\": \"user\", \"content\": prompt}])",
      ], "ai_use"],
      ["the seller's e-mail on a product", "app/listing.py", [
        "+def draft(product):",
        "+    return client.chat.completions.create(model=\"gpt-4o\", messages=[{\"role\": \"user\", \"content\": f\"Email {product.seller_email} about stock\"}])",
      ], "ai_use"],
    ]);
  });
});

describe("records looked up in a store, and the Ruby anthropic gem", () => {
  it("finds a call transcript loaded by id and sent with Anthropic::Client (ruby), and a note fetched by primary key (python)", async () => {
    await check([
      ["Anthropic::Client.new.messages on a record found by id", "app/jobs/summarize_call_job.rb", [
        "+class SummarizeCallJob",
        "+  def perform(call_id)",
        "+    call = Call.find(call_id)",
        "+    summary = Anthropic::Client.new.messages(parameters: { model: \"claude-3-haiku-20240307\", max_tokens: 500, messages: [{ role: \"user\", content: call.transcript }] })",
        "+  end",
        "+end",
      ], "ai_use"],
      ["client.messages(parameters:) on a found record", "app/services/triage.rb", [
        "+  def triage(ticket_id)",
        "+    ticket = Ticket.find_by(id: ticket_id)",
        "+    client.messages(parameters: { model: \"claude-3-5-sonnet-latest\", max_tokens: 300, messages: [{ role: \"user\", content: ticket.body }] })",
        "+  end",
      ], "ai_use"],
      ["a note loaded with objects.get", "notes/views.py", [
        "+def summarise(request, pk):",
        "+    note = Note.objects.get(pk=pk)",
        "+    return client.chat.completions.create(model=\"gpt-4o\", messages=[{\"role\": \"user\", \"content\": note.text}])",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on a setting looked up in the same store and on a fixed message to the gem", async () => {
    await check([
      ["prompt setting found by key", "app/services/greeter.rb", [
        "+    setting = Setting.find_by(key: \"greeting\")",
        "+    client.messages(parameters: { model: \"claude-3-5-sonnet-latest\", max_tokens: 300, messages: [{ role: \"user\", content: setting.value }] })",
      ], null],
      ["fixed hello to the gem", "script/try_claude.rb", [
        "+puts Anthropic::Client.new.messages(parameters: { model: \"claude-3-haiku-20240307\", max_tokens: 50, messages: [{ role: \"user\", content: \"Hello, Claude\" }] })",
      ], null],
    ]);
  });
});

describe("the project's own files, read by a literal path, are nobody's data", () => {
  it("stays quiet on embeddings of the repository's docs and FAQ", async () => {
    await check([
      ["DirectoryLoader over ./docs into embed_documents", "ingest_docs.py", [
        "+from langchain_community.document_loaders import DirectoryLoader",
        "+from langchain_openai import OpenAIEmbeddings",
        "+loader = DirectoryLoader(\"./docs\", glob=\"**/*.md\")",
        "+docs = loader.load()",
        "+vectors = OpenAIEmbeddings().embed_documents([d.page_content for d in docs])",
      ], null],
      ["a FAQ file split into chunks and embedded", "faq_index.py", [
        "+from openai import OpenAI",
        "+client = OpenAI()",
        "+with open(\"data/faq.txt\") as f:",
        "+    chunks = f.read().split(\"\\n\\n\")",
        "+embeddings = client.embeddings.create(model=\"text-embedding-3-small\", input=chunks)",
      ], null],
    ]);
  });

  it("still finds an uploaded PDF, a patients file and a variable path", async () => {
    await check([
      ["uploaded PDF loaded and embedded", "upload_index.py", [
        "+from langchain_community.document_loaders import PyPDFLoader",
        "+@app.post(\"/upload\")",
        "+async def upload(file: UploadFile):",
        "+    path = save(file)",
        "+    docs = PyPDFLoader(path).load()",
        "+    vectors = OpenAIEmbeddings().embed_documents([d.page_content for d in docs])",
      ], "ai_use"],
      ["patients.csv read by its literal path", "scripts/summarise_patients.py", [
        "+with open(\"exports/patients.csv\") as f:",
        "+    rows = f.read().splitlines()",
        "+summary = client.chat.completions.create(model=\"gpt-4o\", messages=[{\"role\": \"user\", \"content\": \"\\n\".join(rows)}])",
      ], "ai_use"],
      ["a resume read from a path the caller gives", "cv/review.py", [
        "+def review(path):",
        "+    resume = open(path).read()",
        "+    return client.chat.completions.create(model=\"gpt-4o\", messages=[{\"role\": \"user\", \"content\": resume}])",
      ], "ai_use"],
    ]);
  });
});

describe("providers the catalogue lacked: IBM watsonx.ai, Cloudflare Workers AI, Azure AI Inference", () => {
  it("finds a person's question sent through each", async () => {
    await check([
      ["watsonx ModelInference.generate_text", "wx.py", [
        "+from ibm_watsonx_ai.foundation_models import ModelInference",
        "+model = ModelInference(model_id=\"ibm/granite-13b-chat-v2\", credentials=creds, project_id=PROJECT)",
        "+def answer(question):",
        "+    return model.generate_text(prompt=question)",
      ], "ai_use"],
      ["Workers AI env.AI.run on a posted message", "worker/src/index.ts", [
        "+export default {",
        "+  async fetch(request: Request, env: Env) {",
        "+    const { message } = await request.json();",
        "+    const answer = await env.AI.run(\"@cf/meta/llama-3-8b-instruct\", { messages: [{ role: \"user\", content: message }] });",
        "+    return Response.json(answer);",
        "+  },",
        "+};",
      ], "ai_use"],
      ["azure-ai-inference ChatCompletionsClient.complete", "az2.py", [
        "+from azure.ai.inference import ChatCompletionsClient",
        "+client = ChatCompletionsClient(endpoint=ENDPOINT, credential=AzureKeyCredential(KEY))",
        "+def ask(question):",
        "+    return client.complete(messages=[UserMessage(content=question)])",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on their quick-starts with fixed prompts", async () => {
    await check([
      ["watsonx fixed question", "wxdemo.py", [
        "+from ibm_watsonx_ai.foundation_models import ModelInference",
        "+model = ModelInference(model_id=\"ibm/granite-13b-chat-v2\", credentials=creds, project_id=PROJECT)",
        "+print(model.generate_text(prompt=\"What is a granite?\"))",
      ], null],
      ["Workers AI fixed joke", "cfdemo.ts", [
        "+export default {",
        "+  async fetch(request: Request, env: Env) {",
        "+    return Response.json(await env.AI.run(\"@cf/meta/llama-3-8b-instruct\", { prompt: \"Tell me a joke\" }));",
        "+  },",
        "+};",
      ], null],
    ]);
  });
});

describe("identity traits through PHP's ->, a getter in the chain, Klaviyo profiles and CleverTap logins", () => {
  it("finds e-mails and names sent to Mixpanel (PHP), Braze, Klaviyo and CleverTap", async () => {
    await expectArea("subprocessors", [
      ["$mixpanel->people->set with $email", "app/Analytics.php", [
        "+$mixpanel->people->set($user->id, ['$email' => $user->email, '$first_name' => $user->first_name]);",
      ]],
      ["braze.getUser()?.setEmail", "src/braze.ts", [
        "+braze.changeUser(user.id);",
        "+braze.getUser()?.setEmail(user.email);",
      ]],
      ["klaviyo create_profile with email", "crm/klaviyo.py", [
        "+klaviyo.Profiles.create_profile({\"data\": {\"type\": \"profile\", \"attributes\": {\"email\": user.email}}})",
      ]],
      ["cleverTapApi.onUserLogin with hashMapOf", "app/src/main/kotlin/acme/Track.kt", [
        "+cleverTapApi.onUserLogin(hashMapOf(\"Identity\" to user.id, \"Email\" to user.email, \"Name\" to user.name))",
      ]],
    ], true);
  });

  it("stays quiet on an id and a plan, and on a hashed e-mail", async () => {
    await expectArea("subprocessors", [
      ["$mixpanel->people->set with a plan only", "app/Analytics.php", [
        "+$mixpanel->people->set($user->id, ['plan' => $user->plan]);",
      ]],
      ["cleverTap login with a hashed e-mail", "app/src/main/kotlin/acme/Track.kt", [
        "+cleverTapApi.onUserLogin(hashMapOf(\"Identity\" to sha256(user.email)))",
      ]],
    ], false);
  });
});

describe("component files (Vue, Svelte, Astro) and Elixir's ex_openai", () => {
  it("finds a person's input sent to a model from a Vue component and Elixir, and SDKs set up in Svelte and Astro", async () => {
    await check([
      ["OpenAI from a Vue component", "src/App.vue", [
        "+async function send() {",
        "+  const res = await openai.chat.completions.create({ model: \"gpt-4o\", messages: [{ role: \"user\", content: userInput.value }], dangerouslyAllowBrowser: true });",
        "+}",
      ], "ai_use"],
      ["ExOpenAI create_chat_completion", "lib/chat.ex", [
        "+def reply(%{\"message\" => message}) do",
        "+  {:ok, resp} = ExOpenAI.Chat.create_chat_completion([%{role: \"user\", content: message}], \"gpt-4o\")",
        "+  resp",
        "+end",
      ], "ai_use"],
      ["mixpanel.init in Astro frontmatter", "src/pages/index.astro", [
        "+---",
        "+import mixpanel from \"mixpanel-browser\";",
        "+mixpanel.init(import.meta.env.PUBLIC_MIXPANEL_TOKEN);",
        "+---",
      ], "subprocessors"],
    ]);
  });

  it("stays quiet on a fixed prompt in a Svelte component", async () => {
    await check([
      ["fixed question from a Svelte component", "src/routes/+page.svelte", [
        "+<script>",
        "+  const r = await openai.chat.completions.create({ model: \"gpt-4o\", messages: [{ role: \"user\", content: \"Say hi\" }] });",
        "+</script>",
      ], null],
    ]);
  });
});

describe("the new reads stay linear on hostile input", () => {
  // Reading is counted, not timed: twice the lines must cost about twice the reading (four times would be a rescan).
  it("reads long files of comprehensions, AI-typed names, heredoc openers, long imports and long prompt chains in linear work", async () => {
    const { areasOf } = await import("./support/check-rule-cases.js");
    const inputs: Array<[string, (n: number) => string[]]> = [
      ["a.py", (n) => Array.from({ length: n }, (_, i) => `+x${i} = [d.page_content for d in docs${i}] + (${"(".repeat(50)} for y in z`)],
      ["A.java", (n) => Array.from({ length: n / 2 }, (_, i) => `+${"Ai".repeat(900)}X name${i} = assistant.chat(message);`)],
      ["c.rb", (n) => Array.from({ length: n }, () => "+prompt = <<~PROMPT")],
      ["d.py", (n) => Array.from({ length: n }, () => `+from m import ${"a, ".repeat(200)}`)],
      ["e.go", (n) => Array.from({ length: n }, () => `+import "github.com/${"a/".repeat(150)}x"`)],
      ["f.java", (n) => Array.from({ length: n / 2 }, () => `+chatClient.prompt()${".system(\"x\")".repeat(100)}.user(q)`)],
    ];
    for (const [path, linesOf] of inputs) {
      const growth = await growthWhenDoubled((scale) => areasOf(path, linesOf(1000 * scale)));
      expect({ path, linear: growth <= 2.4 }).toEqual({ path, linear: true });
    }
  });
});
