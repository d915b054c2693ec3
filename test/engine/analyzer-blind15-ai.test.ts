// From the round-15 blind batch (mixed-round15-untuned.yaml), read after it was scored: Faraday's `conn.post do |req|`
// (no path) setting a model request in its block; a request body built by a method of the file (`body: payload.to_json`);
// an unchanged SDK call whose prompt the change rewrites; a provider's own service file calling its sending method on
// itself (`ask(prompt)`). Each kind has look-alikes that must stay silent: a fixed prompt, a local model, an API key read
// from the environment alone, a change to a setting of the call only.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("Faraday's conn.post do |req| with the model request set in the block", () => {
  it("finds a person's text in the body", async () => {
    await expectArea("ai_use", [
      ["a Rails service posts a support ticket's body to Anthropic", "app/services/ticket_summarizer.rb", [
        "   def summarize(ticket)",
        "+    response = conn.post do |req|",
        "+      req.headers[\"x-api-key\"] = ENV.fetch(\"ANTHROPIC_API_KEY\")",
        "+      req.headers[\"anthropic-version\"] = \"2023-06-01\"",
        "+      req.body = { model: \"claude-3-5-haiku-latest\", max_tokens: 400, messages: [{ role: \"user\", content: ticket.body }] }.to_json",
        "+    end",
        "+    JSON.parse(response.body)",
        "   end",
      ]],
    ], true);
  });
  it("leaves a fixed prompt and a key read from the environment alone", async () => {
    await check([
      ["the same block with a fixed question", "app/services/daily_quote.rb", [
        "+  def self.fetch",
        "+    conn = Faraday.new(url: \"https://api.openai.com/v1/chat/completions\")",
        "+    response = conn.post do |req|",
        "+      req.headers[\"Authorization\"] = \"Bearer #{ENV['OPENAI_API_KEY']}\"",
        "+      req.body = { model: \"gpt-4o-mini\", messages: [{ role: \"user\", content: \"Give me an encouraging quote for today\" }] }.to_json",
        "+    end",
        "+    JSON.parse(response.body)",
        "+  end",
      ], null],
      ["a Gemini connection whose key is read from the environment, nothing posted", "app/services/gemini_service.rb", [
        "+  def initialize",
        "+    @api_key = ENV.fetch(\"GEMINI_API_KEY\")",
        "+    @conn = Faraday.new(url: \"https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent\")",
        "+  end",
      ], null],
    ]);
  });
});

describe("a model request built by a method of the file", () => {
  it("finds a person's text in the method's body", async () => {
    await expectArea("ai_use", [
      ["HTTParty posts the hash a private method builds from the customer's message", "app/services/reply_drafter.rb", [
        "+  API_URL = \"https://api.openai.com/v1/chat/completions\"",
        "+",
        "+  def initialize(message)",
        "+    @message = message",
        "+  end",
        "+",
        "+  def call",
        "+    HTTParty.post(API_URL, headers: { \"Authorization\" => \"Bearer #{ENV['OPENAI_API_KEY']}\" }, body: payload.to_json)",
        "+  end",
        "+",
        "+  private",
        "+",
        "+  def payload",
        "+    {",
        "+      model: \"gpt-4o-mini\",",
        "+      messages: [{ role: \"user\", content: @message.body }]",
        "+    }",
        "+  end",
      ]],
      ["Python requests posts the body a helper method builds from a question", "app/assist/mistral_api.py", [
        "+    def answer(self, question):",
        "+        response = requests.post(self.url, headers=self.headers, json=self.build_body(question))",
        "+        return response.json()[\"choices\"][0][\"message\"][\"content\"]",
        "+",
        "+    def build_body(self, question):",
        "+        return {\"model\": \"mistral-small-latest\", \"messages\": [{\"role\": \"user\", \"content\": question}]}",
      ]],
    ], true);
  });
  it("leaves a method that builds a fixed request alone", async () => {
    await check([
      ["HTTParty posts a fixed request a method builds", "app/services/haiku_service.rb", [
        "+  API_URL = \"https://api.openai.com/v1/chat/completions\"",
        "+",
        "+  def call",
        "+    HTTParty.post(API_URL, headers: { \"Authorization\" => \"Bearer #{ENV['OPENAI_API_KEY']}\" }, body: payload.to_json)",
        "+  end",
        "+",
        "+  private",
        "+",
        "+  def payload",
        "+    {",
        "+      model: \"gpt-4o-mini\",",
        "+      messages: [{ role: \"user\", content: \"Write a haiku about autumn\" }]",
        "+    }",
        "+  end",
      ], null],
    ]);
  });
});

describe("an unchanged SDK call whose prompt the change rewrites", () => {
  it("finds a person's text put into the call", async () => {
    await expectArea("ai_use", [
      ["the messages of an unchanged chat completion now carry the patient's question", "app/views/triage.py", [
        "     question = request.POST.get(\"question\", \"\")",
        "     completion = client.chat.completions.create(",
        "         model=\"gpt-4o-mini\",",
        "-        messages=[{\"role\": \"user\", \"content\": \"Say hello\"}],",
        "+        messages=[{\"role\": \"system\", \"content\": TRIAGE_PROMPT}, {\"role\": \"user\", \"content\": question}],",
        "     )",
      ]],
    ], true);
  });
  it("leaves settings and fixed prompts of an unchanged call alone", async () => {
    await expectArea("ai_use", [
      ["only the temperature and token limit change", "app/views/triage.py", [
        "     completion = client.chat.completions.create(",
        "         model=\"gpt-4o-mini\",",
        "         messages=messages,",
        "-        temperature=0.9,",
        "+        temperature=0.2,",
        "+        max_tokens=300,",
        "     )",
      ]],
      ["the fixed prompt of an unchanged call is reworded", "scripts/demo.js", [
        "   const completion = await openai.createCompletion({",
        "     model: \"gpt-3.5-turbo-instruct\",",
        "-    prompt: \"Suggest three names for a cat\",",
        "+    prompt: \"Suggest three names for a black cat\",",
        "   });",
      ]],
    ], false);
  });
});

describe("a provider's service file calling its own sending method", () => {
  it("finds a person's text handed to it", async () => {
    await expectArea("ai_use", [
      ["a Python OpenAI wrapper builds a prompt from a customer's review and completes it itself", "app/integrations/openai_client.py", [
        "+    def suggest_reply(self, review):",
        "+        prompt = f\"A customer left this review: {review.text}. Draft a short, polite reply.\"",
        "+        return self._complete(prompt)",
      ]],
      ["a Ruby Gemini service asks about a member's journal entry", "app/services/gemini_service.rb", [
        "+  def reflect_on(entry)",
        "+    prompt = \"Reflect kindly on this journal entry: #{entry.content}\"",
        "+    ask(prompt)",
        "+  end",
      ]],
    ], true);
  });
  it("leaves fixed prompts, local models and other files alone", async () => {
    await expectArea("ai_use", [
      ["the wrapper completes a fixed greeting", "app/integrations/openai_client.py", [
        "+    def greeting(self):",
        "+        return self._complete(\"Write a one-line greeting for our help centre\")",
      ]],
      ["a local Ollama wrapper asks about the entry", "app/services/ollama_service.rb", [
        "+  def reflect_on(entry)",
        "+    prompt = \"Reflect kindly on this journal entry: #{entry.content}\"",
        "+    ask(prompt)",
        "+  end",
      ]],
      ["a file not named for a provider calling its own ask", "app/services/journal_service.rb", [
        "+  def reflect_on(entry)",
        "+    prompt = \"Reflect kindly on this journal entry: #{entry.content}\"",
        "+    ask(prompt)",
        "+  end",
      ]],
      ["the service only reads its key from the environment", "app/services/openai_service.rb", [
        "+  API_KEY = ENV.fetch(\"OPENAI_API_KEY\")",
        "+  def answer(question)",
        "+    respond_to(question)",
        "+  end",
      ]],
    ], false);
  });
});
