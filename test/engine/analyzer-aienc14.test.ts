// Round 14 (aienc14), from the tuning batch encai-round14.yaml: hostname verifiers whose lambda parameters carry their
// types (Kotlin `{ hostname: String?, session: SSLSession? -> true }`, Java `(String h, SSLSession s) -> true`); a
// provider-neutral AI framework (Spring AI, LangChain4j, Microsoft.Extensions.AI, LiteLLM) in a module named for the
// model it is built for, so a local Ollama module is no AI provider; LiteLLM model ids routed to Ollama; and embedding models of Spring AI, LangChain4j and
// Microsoft.Extensions.AI given a user's text. Each kind has a look-alike that must stay silent.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("hostname verifiers with typed lambda parameters", () => {
  it("finds a verifier that accepts every host", async () => {
    await check([
      ["Kotlin HostnameVerifier SAM with typed parameters", "app/src/main/java/com/acme/util/request.kt", [
        "+fun client(): OkHttpClient = OkHttpClient.Builder()",
        "+    .hostnameVerifier(HostnameVerifier { hostname: String?, session: SSLSession? -> true })",
        "+    .build()",
      ], "encryption"],
      ["Kotlin trailing lambda with typed parameters", "app/src/main/java/com/acme/net/Http.kt", [
        "+val client = OkHttpClient.Builder()",
        "+    .hostnameVerifier { hostname: String, session: SSLSession -> true }",
        "+    .build()",
      ], "encryption"],
      ["Java explicitly typed lambda", "src/main/java/com/acme/net/HttpClients.java", [
        "+        builder.hostnameVerifier((String host, SSLSession session) -> true);",
      ], "encryption"],
    ]);
  });

  it("leaves verifiers that check the host alone", async () => {
    await check([
      ["Kotlin typed lambda comparing the host", "app/src/main/java/com/acme/net/Http.kt", [
        "+val client = OkHttpClient.Builder()",
        "+    .hostnameVerifier { hostname: String, session: SSLSession -> hostname == \"api.example.com\" }",
        "+    .build()",
      ], null],
      ["Java typed lambda delegating to the default verifier", "src/main/java/com/acme/net/HttpClients.java", [
        "+        builder.hostnameVerifier((String host, SSLSession session) -> HttpsURLConnection.getDefaultHostnameVerifier().verify(\"api.example.com\", session));",
      ], null],
    ]);
  });
});

describe("a provider-neutral AI framework in a module named for its model", () => {
  it("stays quiet on the framework in a local Ollama module", async () => {
    await check([
      ["Spring AI ChatClient in an ollama module", "spring-boot-ai-ollama/src/main/java/com/acme/ai/ollama/service/ChatService.java", [
        "+import org.springframework.ai.chat.client.ChatClient;",
        "+@Service",
        "+public class ChatService {",
        "+    private final ChatClient chatClient;",
        "+    public String getResponse(String prompt) {",
        "+        return chatClient.prompt().user(prompt).call().content();",
        "+    }",
        "+}",
      ], null],
      ["Microsoft.Extensions.AI IChatClient in an Ollama namespace", "src/Services/AskService.cs", [
        "+using Microsoft.Extensions.AI;",
        "+namespace Acme.Assistant.Ollama;",
        "+public class AskService(IChatClient chat)",
        "+{",
        "+    public Task<ChatResponse> Ask(string question) => chat.GetResponseAsync(question);",
        "+}",
      ], null],
    ]);
  });

  it("still finds it in a module named for a hosted provider, or pointed at a remote host", async () => {
    await check([
      ["Spring AI ChatClient in an openai module", "openai.basic.chat/src/main/java/dev/acme/openai/chat/BasicChatController.java", [
        "+import org.springframework.ai.chat.client.ChatClient;",
        "+@RestController",
        "+public class BasicChatController {",
        "+    private final ChatClient chatClient;",
        "+    @GetMapping()",
        "+    public String basicChat(@RequestBody String prompt) {",
        "+        return chatClient.prompt(prompt).call().content();",
        "+    }",
        "+}",
      ], "ai_use"],
      ["Spring AI ChatClient in an ollama module served from a remote host", "src/main/java/com/acme/ai/ollama/ChatService.java", [
        "+import org.springframework.ai.chat.client.ChatClient;",
        "+public class ChatService {",
        "+    static final String OLLAMA_URL = \"https://ollama.example-cloud.com\";",
        "+    private final ChatClient chatClient;",
        "+    public String getResponse(String prompt) {",
        "+        return chatClient.prompt().user(prompt).call().content();",
        "+    }",
        "+}",
      ], "ai_use"],
    ]);
  });
});

describe("LiteLLM model ids routed to Ollama", () => {
  it("stays quiet on a user's question sent to ollama/ and ollama_chat/ models on this machine", async () => {
    await check([
      ["litellm ollama/ model", "app/chat.py", [
        "+import litellm",
        "+def answer(question):",
        "+    return litellm.completion(model='ollama/llama3', messages=[{'role': 'user', 'content': question}])",
      ], null],
      ["litellm ollama_chat/ model with a loopback api_base", "app/chat.py", [
        "+from litellm import completion",
        "+def answer(question):",
        "+    return completion(model=\"ollama_chat/mistral\", messages=[{\"role\": \"user\", \"content\": question}], api_base=\"http://localhost:11434\")",
      ], null],
    ]);
  });

  it("still finds a hosted model, or Ollama on a remote host", async () => {
    await check([
      ["litellm gpt-4o", "app/chat.py", [
        "+import litellm",
        "+def answer(question):",
        "+    return litellm.completion(model='gpt-4o', messages=[{'role': 'user', 'content': question}])",
      ], "ai_use"],
      ["litellm ollama/ model on a remote api_base", "app/chat.py", [
        "+import litellm",
        "+def answer(question):",
        "+    return litellm.completion(model='ollama/llama3', api_base='https://ollama.example-cloud.com', messages=[{'role': 'user', 'content': question}])",
      ], "ai_use"],
    ]);
  });
});

describe("embedding models given a user's text", () => {
  it("finds Spring AI, LangChain4j and Microsoft.Extensions.AI embeddings of request text", async () => {
    await check([
      ["Spring AI EmbeddingModel.embedForResponse of the request body", "src/main/java/dev/acme/embedding/EmbeddingController.java", [
        "+import org.springframework.ai.embedding.EmbeddingModel;",
        "+@RestController",
        "+public class EmbeddingController {",
        "+    private final EmbeddingModel embeddingModel;",
        "+    @PostMapping(\"/embed\")",
        "+    public Map embed(@RequestBody String prompt) {",
        "+        EmbeddingResponse embeddingResponse = this.embeddingModel.embedForResponse(List.of(prompt));",
        "+        return Map.of(\"embedding\", embeddingResponse);",
        "+    }",
        "+}",
      ], "ai_use"],
      ["LangChain4j EmbeddingModel.embed of the user's question", "src/main/java/com/acme/search/SearchService.java", [
        "+import dev.langchain4j.model.embedding.EmbeddingModel;",
        "+public class SearchService {",
        "+    private final EmbeddingModel embeddingModel;",
        "+    public List<Match> search(String userQuestion) {",
        "+        Embedding queryEmbedding = embeddingModel.embed(userQuestion).content();",
        "+        return store.findRelevant(queryEmbedding, 5);",
        "+    }",
        "+}",
      ], "ai_use"],
      ["Microsoft.Extensions.AI GenerateVectorAsync of the request's query", "src/Api/SearchEndpoint.cs", [
        "+using Microsoft.Extensions.AI;",
        "+public class SearchEndpoint(IEmbeddingGenerator<string, Embedding<float>> embeddingGenerator)",
        "+{",
        "+    public async Task<IResult> Search(SearchRequest request)",
        "+    {",
        "+        var vector = await embeddingGenerator.GenerateVectorAsync(request.Query);",
        "+        return Results.Ok(await _store.SearchAsync(vector));",
        "+    }",
        "+}",
      ], "ai_use"],
    ]);
  });

  it("leaves embeddings of fixed text alone", async () => {
    await check([
      ["Spring AI embedding of a fixed phrase", "src/main/java/com/acme/ai/WarmUp.java", [
        "+import org.springframework.ai.embedding.EmbeddingModel;",
        "+public class WarmUp {",
        "+    private final EmbeddingModel embeddingModel;",
        "+    public int dimensions() {",
        "+        return embeddingModel.embed(\"Hello World\").length;",
        "+    }",
        "+}",
      ], null],
      ["Microsoft.Extensions.AI warm-up vector of a fixed word", "src/Api/WarmUp.cs", [
        "+using Microsoft.Extensions.AI;",
        "+public class WarmUp(IEmbeddingGenerator<string, Embedding<float>> embeddingGenerator)",
        "+{",
        "+    public Task Run() => embeddingGenerator.GenerateVectorAsync(\"warm-up\");",
        "+}",
      ], null],
    ]);
  });
});
