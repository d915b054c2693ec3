// Kinds widened on the round-4 batch (ai_use, subprocessors): mobile manifests and SDK set-up, optional-chained
// identify calls, code-only prompts, .NET IChatClient calls, model requests over plain HTTP and langchaingo. Each
// family has a positive and the look-alike beside it that must stay quiet.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("third-party SDKs in mobile manifests and set-up code", () => {
  it("reads CocoaPods, pubspec.yaml and Package.swift dependencies (a subspec counts as its pod)", async () => {
    await check([
      ["pod Sentry", "ios/Podfile", ["   use_frameworks!", "+  pod 'Sentry', '~> 8.0'", " end"], "subprocessors"],
      ["pod Firebase subspec", "Podfile", ["+  pod 'Firebase/Crashlytics'"], "subprocessors"],
      ["flutter sentry_flutter", "app/pubspec.yaml", [" dependencies:", "+  sentry_flutter: ^8.9.0", "   http: ^1.2.0"], "subprocessors"],
      ["swift package mixpanel", "Package.swift", ['+        .package(url: "https://github.com/mixpanel/mixpanel-swift", from: "4.0.0"),'], "subprocessors"],
      ["react-native sentry in package.json", "package.json", ['+    "@sentry/react-native": "^5.20.0",'], "subprocessors"],
      ["LLM tracing to Langfuse", "requirements.txt", ["+langfuse==2.36.0"], "subprocessors"],
    ]);
  });

  it("stays quiet on libraries that are no service, and on a version bump", async () => {
    await check([
      ["pod Alamofire", "ios/Podfile", ["+  pod 'Alamofire', '~> 5.8'", "+  pod 'SnapKit'"], null],
      ["flutter http and provider", "pubspec.yaml", [" dependencies:", "+  http: ^1.2.0", "+  provider: ^6.1.1"], null],
      ["sentry pod version bump", "Podfile", ["-  pod 'Sentry', '~> 7.0'", "+  pod 'Sentry', '~> 8.0'"], null],
      ["swift package for UI", "Package.swift", ['+        .package(url: "https://github.com/SnapKit/SnapKit.git", from: "5.0.0"),'], null],
    ]);
  });

  it("finds Firebase Analytics set up in Dart and Android code, not each logged event", async () => {
    await check([
      ["dart analytics instance", "lib/services/analytics.dart", ["+final FirebaseAnalytics analytics = FirebaseAnalytics.instance;"], "subprocessors"],
      ["android getInstance", "app/src/main/java/acme/App.java", ["+        mFirebaseAnalytics = FirebaseAnalytics.getInstance(this);"], "subprocessors"],
      ["dart sentry import and init", "lib/main.dart", ["+import 'package:sentry_flutter/sentry_flutter.dart';", "+  await SentryFlutter.init((options) => options.dsn = dsn);"], "subprocessors"],
    ]);
    await check([
      ["dart logEvent on the existing instance", "lib/screens/home.dart", ["+    await FirebaseAnalytics.instance.logEvent(name: 'open_home');"], null],
    ]);
  });
});

describe("identity traits through optional chaining", () => {
  it("reads posthog?.identify and analytics?.identify like the plain calls", async () => {
    await check([
      ["posthog?.identify with the e-mail", "web/components/Identify.tsx", ["+      posthog?.identify(session.user.email);"], "subprocessors"],
      ["analytics?.identify with traits", "src/track.ts", ["+  window.analytics?.identify(user.id, { email: user.email, name: user.name });"], "subprocessors"],
    ]);
    await check([
      ["posthog?.identify with an id", "web/components/Identify.tsx", ["+      posthog?.identify(session.user.id);"], null],
    ]);
  });
});

describe("AI calls: code-only prompts, .NET IChatClient, plain HTTP and langchaingo", () => {
  it("does not count a diff, patch or stack trace as anyone's data", async () => {
    await check([
      ["commit message from a diff", "tools/commit_msg.py", [
        "+def commit_message(diff_text, api_key):",
        "+    client = OpenAI(api_key=api_key)",
        '+    prompt = f"Write a commit message for:\\n{diff_text}"',
        '+    return client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])',
      ], null],
      ["explain a stack trace", "src/explain.ts", [
        "+export async function explain(stackTrace: string) {",
        '+  return openai.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: stackTrace }] });',
        "+}",
      ], null],
    ]);
    await check([
      ["a customer's message in the same shape", "tools/reply.py", [
        "+def draft_reply(message_text, api_key):",
        "+    client = OpenAI(api_key=api_key)",
        '+    prompt = f"Draft a reply to:\\n{message_text}"',
        '+    return client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])',
      ], "ai_use"],
      ["a postal code is not source code", "src/geo.py", [
        "+def region_for(postal_code):",
        '+    return client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": postal_code}])',
      ], "ai_use"],
    ]);
  });

  it("recognises Microsoft.Extensions.AI calls: a fixed question is a demo, a customer's text is not", async () => {
    await check([
      ["IChatClient fixed question", "Samples/Chat.cs", [
        "+using Microsoft.Extensions.AI;",
        "+using OpenAI;",
        '+IChatClient client = new OpenAIClient(key).AsChatClient("gpt-4o-mini");',
        '+Console.WriteLine(await client.GetResponseAsync("What is AI?"));',
      ], null],
    ]);
    await check([
      ["IChatClient with a ticket", "Services/TicketTriage.cs", [
        "+using Microsoft.Extensions.AI;",
        "+    public async Task<string> Triage(Ticket ticket)",
        "+    {",
        "+        var response = await _chatClient.GetResponseAsync(ticket.Description);",
      ], "ai_use"],
    ]);
  });

  it("reads a model request sent over HTTP through its builder chain", async () => {
    await check([
      ["reqwest with a fixed question", "src/main.rs", [
        "+    let body = json!({",
        '+        "model": "gpt-4o-mini",',
        '+        "messages": [{ "role": "user", "content": "What is Rust?" }],',
        "+    });",
        '+    let res = client.post("https://api.openai.com/v1/chat/completions")',
        "+        .bearer_auth(api_key)",
        "+        .body(body.to_string())",
        "+        .send()",
        "+        .await?;",
      ], null],
    ]);
    await check([
      ["reqwest with the user's question", "src/ask.rs", [
        "+async fn ask(question: &str) -> Result<String> {",
        "+    let body = json!({",
        '+        "model": "gpt-4o-mini",',
        '+        "messages": [{ "role": "user", "content": question }],',
        "+    });",
        '+    let res = client.post("https://api.openai.com/v1/chat/completions")',
        "+        .json(&body)",
        "+        .send()",
        "+        .await?;",
      ], "ai_use"],
    ]);
  });

  it("knows langchaingo's one-shot call and provider packages", async () => {
    await check([
      ["langchaingo with a request's question", "internal/chat/handler.go", [
        '+\t"github.com/tmc/langchaingo/llms"',
        '+\t"github.com/tmc/langchaingo/llms/openai"',
        "+\tanswer, err := llms.GenerateFromSinglePrompt(ctx, llm, req.Question)",
      ], "ai_use"],
    ]);
    await check([
      ["langchaingo with a fixed prompt", "cmd/demo/main.go", [
        '+\t"github.com/tmc/langchaingo/llms/openai"',
        '+\tprompt := "What is the capital of France?"',
        "+\tcompletion, err := llms.GenerateFromSinglePrompt(ctx, llm, prompt)",
      ], null],
    ]);
  });
});

describe("manifests: a package known by its scope, namespace or Maven group", () => {
  it("maps an uncatalogued package to its service through the npm scope, the NuGet namespace or the groupId above", async () => {
    await check([
      ["npm @sentry scope", "package.json", ['+    "@sentry/profiling-node": "^8.0.0",'], "subprocessors"],
      ["NuGet Sentry namespace", "src/Api/Api.csproj", ['+    <PackageReference Include="Sentry.Serilog" Version="4.0.0" />'], "subprocessors"],
      ["Maven io.sentry group", "pom.xml", ["     <dependency>", "+      <groupId>io.sentry</groupId>", "+      <artifactId>sentry-spring-boot-starter-jakarta</artifactId>", "     </dependency>"], "subprocessors"],
    ]);
  });

  it("not for scopes shared by many products, nor framework namespaces and groups", async () => {
    await check([
      ["@mapbox build tool", "package.json", ['+    "@mapbox/node-pre-gyp": "^1.0.11",'], null],
      ["@aws-sdk storage client", "package.json", ['+    "@aws-sdk/client-s3": "^3.500.0",'], null],
      ["Microsoft logging", "src/Api/Api.csproj", ['+    <PackageReference Include="Microsoft.Extensions.Logging" Version="8.0.0" />'], null],
      ["Spring Boot web", "pom.xml", ["     <dependency>", "+      <groupId>org.springframework.boot</groupId>", "+      <artifactId>spring-boot-starter-web</artifactId>", "     </dependency>"], null],
    ]);
  });
});

describe("identity traits built as values, SDK set-up on mobile, and scrubbing taken out", () => {
  it("reads Go identify structs and Amplitude Identify objects that carry an e-mail or name", async () => {
    await check([
      ["segment go Identify struct", "internal/track/track.go", [
        "+\tclient.Enqueue(analytics.Identify{",
        "+\t\tUserId: user.ID,",
        '+\t\tTraits: analytics.NewTraits().SetEmail(user.Email).SetName(user.Name),',
        "+\t})",
      ], "subprocessors"],
      ["amplitude identify.set email", "src/analytics.ts", ["+  const identify = new amplitude.Identify();", "+  identify.set('email', user.email);", "+  amplitude.identify(identify);"], "subprocessors"],
    ]);
    await check([
      ["segment go Identify with an id only", "internal/track/track.go", ["+\tclient.Enqueue(analytics.Identify{", "+\t\tUserId: user.ID,", "+\t})"], null],
      ["amplitude identify.set plan", "src/analytics.ts", ["+  identify.set('plan', account.plan);"], null],
    ]);
  });

  it("finds Mixpanel and PostHog set up in Swift, not events tracked on them", async () => {
    await check([
      ["swift Mixpanel.initialize", "App/AppDelegate.swift", ['+        Mixpanel.initialize(token: "MIXPANEL_TOKEN", trackAutomaticEvents: true)'], "subprocessors"],
      ["swift PostHogSDK setup", "App/AppDelegate.swift", ["+        PostHogSDK.shared.setup(config)"], "subprocessors"],
    ]);
    await check([
      ["swift Mixpanel track", "App/Checkout.swift", ['+        Mixpanel.mainInstance().track(event: "checkout")'], null],
    ]);
  });

  it("flags a removed beforeSend that scrubbed events, not one rewritten in the same change", async () => {
    await check([
      ["beforeSend removed", "src/sentry.ts", [
        " Sentry.init({",
        "   dsn: process.env.SENTRY_DSN,",
        "-  beforeSend(event) {",
        "-    if (event.user) delete event.user.email;",
        "-    return event;",
        "-  },",
        " });",
      ], "subprocessors"],
    ]);
    await check([
      ["beforeSend rewritten", "src/sentry.ts", [
        " Sentry.init({",
        "   dsn: process.env.SENTRY_DSN,",
        "-  beforeSend(event) {",
        "-    if (event.user) delete event.user.email;",
        "-    return event;",
        "-  },",
        "+  beforeSend: scrubUser,",
        " });",
      ], null],
    ]);
  });
});

describe("AI calls on a client the file makes, whatever the method", () => {
  it("follows the client and what is opened on it (a Gemini chat, a LangChain4j model)", async () => {
    await check([
      ["gemini chat send_message", "app/assistant.py", [
        '+model = genai.GenerativeModel("gemini-1.5-flash")',
        "+chat = model.start_chat(history=[])",
        "+def reply(user_message):",
        "+    return chat.send_message(user_message).text",
      ], "ai_use"],
      ["langchain4j model.generate", "src/main/java/acme/SupportService.java", [
        "+        ChatLanguageModel model = OpenAiChatModel.builder().apiKey(key).build();",
        "+        return model.generate(ticket.getDescription());",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on fixed questions and on resources the client manages", async () => {
    await check([
      ["gemini chat with a fixed greeting", "app/demo.py", [
        '+model = genai.GenerativeModel("gemini-1.5-flash")',
        "+chat = model.start_chat(history=[])",
        '+print(chat.send_message("Hello there").text)',
      ], null],
      ["assistant created with fixed instructions", "app/setup_assistant.py", [
        "+client = OpenAI()",
        '+assistant = client.beta.assistants.create(name="Docs helper", instructions=INSTRUCTIONS, model="gpt-4o")',
      ], null],
    ]);
  });
});

describe("round 4b: Gradle plugins of a service, and requests built from fixed lists", () => {
  it("reads a Gradle plugin id like a package namespace", async () => {
    await check([
      ["sentry gradle plugin", "app/build.gradle.kts", ["   plugins {", '+    id("io.sentry.android.gradle") version "4.3.0"', "   }"], "subprocessors"],
      ["crashlytics apply plugin", "app/build.gradle", ["+apply plugin: 'com.google.firebase.crashlytics'"], "subprocessors"],
    ]);
    await check([
      ["android and kotlin plugins", "app/build.gradle.kts", ["   plugins {", '+    id("com.android.application")', '+    id("org.jetbrains.kotlin.android")', "   }"], null],
    ]);
  });

  it("counts a request built with listOf(...) of fixed messages as fixed, one built from the user's text as data", async () => {
    await check([
      ["kotlin fixed request", "src/main/kotlin/Main.kt", [
        "+    val openAI = OpenAI(token = apiKey)",
        "+    val request = ChatCompletionRequest(",
        '+        model = ModelId("gpt-4o-mini"),',
        '+        messages = listOf(ChatMessage(role = ChatRole.User, content = "Say hello"))',
        "+    )",
        "+    println(openAI.chatCompletion(request).choices.first().message.content)",
      ], null],
    ]);
    await check([
      ["kotlin request with the user's note", "src/main/kotlin/Notes.kt", [
        "+    suspend fun summarize(noteText: String): String {",
        "+        val request = ChatCompletionRequest(",
        '+            model = ModelId("gpt-4o-mini"),',
        "+            messages = listOf(ChatMessage(role = ChatRole.User, content = noteText))",
        "+        )",
        "+        return openAI.chatCompletion(request).choices.first().message.content.orEmpty()",
      ], "ai_use"],
    ]);
  });
});

describe("scripts a page loads, and regional model endpoints", () => {
  it("finds analytics and chat widgets loaded by an HTML page, not hosts named in its text", async () => {
    await check([
      ["gtag script tag", "public/index.html", ['+    <script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"></script>'], "subprocessors"],
      ["hotjar inline snippet", "templates/base.html", ["+    })(window,document,'https://static.hotjar.com/c/hotjar-','.js?sv=');"], "subprocessors"],
      ["segment loader in code", "src/analytics.js", ['+  t.src = "https://cdn.segment.com/analytics.js/v1/" + key + "/analytics.min.js";'], "subprocessors"],
    ]);
    await check([
      ["docs page text", "docs/integrations.html", ["+    <p>Requests go to https://api.segment.io once you enable the integration.</p>"], null],
      ["markdown mention", "docs/setup.md", ["+Add `<script src=\"https://www.googletagmanager.com/gtag/js\">` to your own site."], null],
    ]);
  });

  it("reads a regional Vertex AI endpoint as the provider's host", async () => {
    await check([
      ["vertex regional endpoint", "ml/predict.py", [
        '+    endpoint = f"https://{region}-aiplatform.googleapis.com/v1/projects/{project}/locations/{region}/endpoints/{endpoint_id}:predict"',
        '+    response = session.post(endpoint, json={"instances": instances})',
      ], "ai_use"],
    ]);
  });
});

describe("OpenAI-compatible providers reached by base URL", () => {
  it("names the provider of a base URL or API host (DashScope, Moonshot), not a model family that also runs locally", async () => {
    await check([
      ["dashscope compatible mode", "app/llm.py", ['+client = OpenAI(api_key=key, base_url="https://dashscope.aliyuncs.com/compatible-mode/v1")', '+resp = client.chat.completions.create(model="qwen-plus", messages=[{"role": "user", "content": question}])'], "ai_use"],
      ["moonshot over requests", "app/kimi.py", ['+    payload = {"model": "moonshot-v1-8k", "messages": [{"role": "user", "content": question}]}', '+    r = requests.post("https://api.moonshot.cn/v1/chat/completions", json=payload, headers=headers)'], "ai_use"],
    ]);
    await check([
      ["qwen on local ollama", "app/local.py", ['+resp = ollama.chat(model="qwen2.5:7b", messages=[{"role": "user", "content": question}])'], null],
    ]);
  });
});

describe("AWS service endpoints with a region", () => {
  it("reads bedrock-runtime.<region>.amazonaws.com as Bedrock's host, not another AWS host", async () => {
    await check([
      ["bedrock regional URL", "src/bedrock.ts", [
        "+  const url = `https://bedrock-runtime.us-east-1.amazonaws.com/model/${modelId}/invoke`;",
        "+  const res = await signedFetch(url, { method: 'POST', body: JSON.stringify({ messages: [{ role: 'user', content: question }] }) });",
      ], "ai_use"],
    ]);
    await check([
      ["s3 regional URL", "src/upload.ts", ["+  const url = `https://s3.us-east-1.amazonaws.com/${bucket}/${key}`;", "+  await signedFetch(url, { method: 'PUT', body: file });"], null],
    ]);
  });
});
