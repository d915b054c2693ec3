// Kinds widened on the round-5 batch (ai_use): text a person types (console, stdin, form widgets) is data whatever
// the name it lands in; Semantic Kernel prompt functions run on a kernel; LangChain chains made by a factory in another
// file and then called; constants interpolated into f-strings stay fixed text. Each has a look-alike that stays quiet.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("text a person types reaches the prompt", () => {
  it("finds console input sent through Semantic Kernel and a chat client", async () => {
    await check([
      ["console line to InvokePromptStreamingAsync", "src/Chat/Program.cs", [
        "+string entered;",
        "+entered = Console.ReadLine();",
        "+await foreach (var update in kernel.InvokePromptStreamingAsync(entered))",
        "+{",
        "+    Console.Write(update);",
        "+}",
      ], "ai_use"],
      ["console line inside a chat message", "src/Samples/Program.cs", [
        "+        var message = new List<ChatMessage>()",
        "+        {",
        "+            new SystemChatMessage(Console.ReadLine())",
        "+        };",
        "+        ChatCompletion completion = chatClient.CompleteChat(message);",
      ], "ai_use"],
      ["python input() to an llm", "app/cli.py", [
        "+level = input(\"Ask: \")",
        "+answer = llm.invoke(level)",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on a fixed prompt and on a line read from a file", async () => {
    await check([
      ["fixed text to InvokePromptAsync", "src/Chat/Program.cs", [
        "+string entered = \"Tell me a joke about sailors\";",
        "+var result = await kernel.InvokePromptAsync(entered);",
      ], null],
      ["a file's line to a chat model", "src/main/java/acme/Loader.java", [
        "+        String line = reader.readLine();",
        "+        String out = chatModel.generate(line);",
      ], null],
    ]);
  });
});

describe("Semantic Kernel prompt functions run on the kernel", () => {
  it("finds a question passed in KernelArguments to function.InvokeAsync(kernel, ...)", async () => {
    await check([
      ["question in arguments", "ChatApp/Program.cs", [
        "+KernelArguments arguments = new();",
        "+string? asked = ReadLine();",
        "+arguments[\"question\"] = asked;",
        "+WriteLine(await function.InvokeAsync(kernel, arguments));",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on a plugin run with fixed arguments", async () => {
    await check([
      ["fixed chords", "cs/Chords.cs", [
        "+var plugins = kernel.CreatePluginFromPromptDirectory(\"Prompts\");",
        "+string input = \"G, C\";",
        "+var result = await kernel.InvokeAsync(plugins[\"SuggestChords\"], new() {{ \"startingChords\", input }});",
      ], null],
    ]);
  });
});

describe("LangChain chains made by a factory in another file", () => {
  it("finds a chain invoked, run or called with what the user typed", async () => {
    await check([
      ["chain.invoke", "app/main.py", [
        "+from langchain_helper import get_chain",
        "+question = st.text_input(\"Question: \")",
        "+chain = get_chain()",
        "+response = chain.invoke(question)",
      ], "ai_use"],
      ["chain called directly", "app/main.py", [
        "+from app import qa_chain",
        "+st.title(\"LangChain demo\")",
        "+question = st.text_input(\"Question: \")",
        "+chain = qa_chain()",
        "+response = chain(question)",
      ], "ai_use"],
      ["result of chain() run", "app/main.py", [
        "+from langchain_helper import chain",
        "+question = st.text_input(\"Question \")",
        "+response = chain()",
        "+response = response.run(question)",
      ], "ai_use"],
    ]);
  });

  it("stays quiet on a fixed question and on chains that are no model", async () => {
    await check([
      ["fixed question", "app/main.py", [
        "+from langchain_helper import get_chain",
        "+chain = get_chain()",
        "+response = chain.invoke(\"What is LangChain?\")",
      ], null],
      ["middleware chain of an llm app", "app/server.py", [
        "+from llm_app import middleware_chain",
        "+handlers = middleware_chain()",
        "+handlers(request_body)",
      ], null],
    ]);
  });
});

describe("constants interpolated into f-strings", () => {
  it("reads a constant prompt in an f-string as fixed text", async () => {
    await check([
      ["bedrock with a fixed prompt", "src/invoke/run_model.py", [
        "+system_prompt = \"You are an assistant that answers questions concisely.\"",
        "+prompt = \"hogehoge\"",
        "+client = boto3.client(service_name=\"bedrock-runtime\")",
        "+response = client.invoke_model(",
        "+    body=json.dumps({",
        "+        \"messages\": [{\"role\": \"user\", \"content\": f\"{prompt}\"}],",
        "+        \"system\": f\"{system_prompt}\",",
        "+    }),",
        "+    modelId=model_id,",
        "+)",
      ], null],
    ]);
  });

  it("still finds a caller's text interpolated beside the constant", async () => {
    await check([
      ["bedrock with the caller's email", "src/invoke/run_model.py", [
        "+system_prompt = \"You are an assistant that answers questions concisely.\"",
        "+def reply(email_body):",
        "+    response = client.invoke_model(",
        "+        body=json.dumps({",
        "+            \"messages\": [{\"role\": \"user\", \"content\": f\"{email_body}\"}],",
        "+            \"system\": f\"{system_prompt}\",",
        "+        }),",
        "+        modelId=model_id,",
        "+    )",
      ], "ai_use"],
    ]);
  });
});
