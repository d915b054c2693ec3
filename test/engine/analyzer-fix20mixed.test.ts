// Kinds from the round-20 mixed batches (AI use, subprocessors, encryption, logging): each with a positive written in
// another language or library than the batch's case where sensible, and its harmless look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("error-tracker user context in a file named for the tracker", () => {
  it("finds scope.set_user with e-mail in a Sentry reporter whose import is above the hunk", async () => {
    await check([
      ["Python sentry reporter", "app/reporting/sentry_reporter.py", ["     def report(self, exc, user):", "+        with push_scope() as scope:", '+            scope.set_user({"id": user.id, "email": user.email})', "         capture(exc)"], "subprocessors"],
    ]);
  });

  it("stays quiet on a scope's setUser in a file that names no tracker", async () => {
    await check([
      ["generic scope", "app/context/request_scope.py", ["     def enter(self, user):", '+        scope.set_user({"id": user.id, "email": user.email})'], null],
    ]);
  });
});

describe("a Python request object's whole attribute table logged", () => {
  it("finds vars(request) and req.__dict__ passed to a log call", async () => {
    await check([
      ["vars(request)", "app/views.py", [" def hook(request):", '+    logger.info("incoming %s", vars(request))'], "logging"],
      ["incoming_request.__dict__", "app/handlers.py", [" def hook(incoming_request):", "+    print(incoming_request.__dict__)"], "logging"],
    ]);
  });

  it("stays quiet on one attribute of it and on other objects' attribute tables", async () => {
    await check([
      ["one key", "app/views.py", [" def hook(request):", '+    print(request.__dict__.get("path"))'], null],
      ["a settings object", "app/views.py", [" def hook(settings):", "+    print(vars(settings))"], null],
    ]);
  });
});

describe("a weak digest of the password stored beside a bcrypt hash", () => {
  it("finds an MD5 of the password assigned and inserted next to bcrypt", async () => {
    await check([
      ["Python dual hash", "app/register.py", [
        "     password = form['password']",
        "+    bcrypt_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
        "+    md5_hash = hashlib.md5(password.encode()).hexdigest()",
        '+    cursor.execute("INSERT INTO users (name, pw, pw_md5) VALUES (%s, %s, %s)", (name, bcrypt_hash, md5_hash))',
      ], "encryption"],
    ]);
  });

  it("stays quiet on a legacy MD5 compared before upgrading to bcrypt", async () => {
    await check([
      ["legacy check", "login.php", [
        "     $row = $stmt->fetch();",
        "+    $legacy = md5($password);",
        "+    if ($legacy === $row['password']) {",
        "+        $new = password_hash($password, PASSWORD_BCRYPT);",
        '+        $db->prepare("UPDATE users SET password = ? WHERE id = ?")->execute([$new, $row["id"]]);',
        "+    }",
      ], null],
    ]);
  });
});

describe("the model's reply appended to a fixed chat history", () => {
  it("still finds a person's input appended before the call", async () => {
    await check([
      ["LangChain user turn", "bot/chat.py", [
        "+from langchain_openai import ChatOpenAI",
        "+model = ChatOpenAI()",
        '+messages = [SystemMessage(content="You are helpful")]',
        "+messages.append(HumanMessage(content=user_input))",
        "+result = model.invoke(messages)",
      ], "ai_use"],
    ]);
  });

  it("stays quiet when only the assistant's turn is appended to fixed messages", async () => {
    await check([
      ["LangChain fixed", "tutorial/messages.py", [
        "+from langchain_openai import ChatOpenAI",
        "+model = ChatOpenAI()",
        '+messages = [SystemMessage(content="You are helpful"), HumanMessage(content="Tell me about LangChain")]',
        "+result = model.invoke(messages)",
        "+messages.append(AIMessage(content=result.content))",
      ], null],
    ]);
  });
});

describe("an AI SDK imported while its calls are commented out", () => {
  it("stays quiet when the only model call is in comments", async () => {
    await check([
      ["Python commented call", "app/ai.py", [
        "+from openai import OpenAI",
        "+client = OpenAI()",
        "+def suggest(issue):",
        '+    # resp = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": issue}])',
        '+    return "General Practitioner"',
      ], null],
    ]);
  });

  it("finds the same file with the call live", async () => {
    await check([
      ["Python live call", "app/ai.py", [
        "+from openai import OpenAI",
        "+client = OpenAI()",
        "+def suggest(issue):",
        '+    resp = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": issue}])',
        "+    return resp.choices[0].message.content",
      ], "ai_use"],
    ]);
  });
});

describe("Cohere's chat through the conventional co client built elsewhere", () => {
  it("finds co.chat given the user's message", async () => {
    await check([
      ["TypeScript route", "src/routes/chat.ts", [" router.post('/chat', async (req, res) => {", "+  const response = await co.chat({ message: req.body.message });", "+  res.json({ reply: response.text });"], "ai_use"],
    ]);
  });

  it("stays quiet on a fixed message", async () => {
    await check([
      ["fixed greeting", "scripts/smoke.py", ['+response = co.chat(message="Say hello")', "+print(response.text)"], null],
    ]);
  });
});

describe("analytics payload methods and intercom-rails identity", () => {
  it("finds identity traits in a method named for the analytics payload and intercom-rails' current user", async () => {
    await check([
      ["Segment traits function", "src/analytics/traits.js", ["+function segmentTraits(user) {", "+  return { email: user.email, plan: user.plan };", "+}"], "subprocessors"],
      ["intercom-rails", "config/initializers/intercom.rb", [" IntercomRails.config do |config|", "+  config.user.current = Proc.new { current_user }", " end"], "subprocessors"],
    ]);
  });

  it("stays quiet on payloads without identity traits and commented or unrelated settings", async () => {
    await check([
      ["order fields", "app/models/spree/order_decorator.rb", ["+    def mixpanel_fields", "+      {", "+        'Total' => total,", "+        'State' => state", "+      }", "+    end"], null],
      ["commented", "config/initializers/intercom.rb", [" IntercomRails.config do |config|", "+  # config.user.current = Proc.new { current_user }", " end"], null],
      ["other gem", "config/initializers/audit.rb", [" Audited.config do |config|", "+  config.user.current = Proc.new { current_user }", " end"], null],
    ]);
  });
});

describe("prompt templates of an AI feature", () => {
  it("finds a Jinja prompt that prints a ticket's text", async () => {
    await check([
      ["Jinja triage prompt", "app/llm/prompts/triage.j2", ["+Classify this ticket:", "+{{ ticket.body }}"], "ai_use"],
    ]);
  });

  it("stays quiet on HTML views of prompts and templates with only settings", async () => {
    await expectArea("ai_use", [
      ["prompt admin page", "app/views/ai/prompts/show.html.erb", ["+<p><%= @prompt.body %></p>"]],
      ["settings only", "app/llm/prompts/system.j2", ["+Answer in a {{ tone }} tone in at most {{ max_words }} words."]],
    ], false);
  });
});
