// From the round-17 blind batch (ailog-round17-untuned.yaml), read after it was scored: a chat model's user turn logged,
// a decoded token's payload or claims logged whole, a prescription logged, and a language model's token counts (which are
// not credentials), and the prompt a model-calling wrapper is handed. Each has a look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("round-17 blind batch logging kinds (blind17-logging)", () => {
  it("logs what the code sends a chat model as the user's turn", async () => {
    await expectArea("logging", [
      ["a Python assistant logs the question it sends as the user message", "app/assistant/service.py", [
        "+def answer(question, history):",
        "+    logger.info(\"asking the model: %s\", question)",
        "+    reply = client.chat.completions.create(",
        "+        model=\"gpt-4o-mini\",",
        "+        messages=[{\"role\": \"system\", \"content\": SYSTEM}, {\"role\": \"user\", \"content\": question}],",
        "+    )",
      ]],
      ["a Kotlin bot logs the text it wraps in a LangChain4j UserMessage", "src/main/kotlin/app/bot/Assistant.kt", [
        "+    fun reply(text: String): String {",
        "+        log.debug(\"inbound {}\", text)",
        "+        val answer = model.generate(UserMessage(text))",
        "+        return answer.content().text()",
        "+    }",
      ]],
    ], true);
    await expectArea("logging", [
      ["the same call logging only the model's name stays quiet", "app/assistant/service.py", [
        "+def answer(question, history):",
        "+    logger.info(\"asking the model: %s\", model_name)",
        "+    reply = client.chat.completions.create(",
        "+        model=model_name,",
        "+        messages=[{\"role\": \"system\", \"content\": SYSTEM}, {\"role\": \"user\", \"content\": question}],",
        "+    )",
      ]],
    ], false);
  });

  it("logs the prompt a model-calling wrapper is handed", async () => {
    await check([
      ["an LLM client's debug log of the prompt and the answer", "src/llm/client.ts", [
        "+  logger.debug(`llm request prompt=${prompt}`);",
        "+  const res = await openai.chat.completions.create({ model, messages: toMessages(prompt) });",
      ], "logging"],
    ]);
    await expectArea("logging", [
      ["a prompt the hunk builds from fixed text stays quiet", "src/llm/client.ts", [
        "+  const prompt = `Write a haiku about ${season}`;",
        "+  logger.debug(`llm request prompt=${prompt}`);",
        "+  const res = await openai.chat.completions.create({ model, messages: toMessages(prompt) });",
      ]],
    ], false);
  });

  it("logs a decoded token's payload or claims whole", async () => {
    await check([
      ["a FastAPI dependency logs the claims serialised", "app/security/deps.py", [
        "+    token_claims = TokenClaims(**decoded)",
        "+    logger.debug(\"claims: %s\", token_claims.dict())",
      ], "logging"],
      ["a Node middleware logs the JWT payload", "src/middleware/auth.js", [
        "+  const jwtPayload = parseJwt(header);",
        "+  console.log('auth ok', jwtPayload);",
      ], "logging"],
      ["the payload's expiry alone stays quiet", "app/security/deps.py", [
        "+    token_claims = TokenClaims(**decoded)",
        "+    logger.debug(\"token expires at %s\", token_claims.exp)",
      ], null],
    ]);
  });

  it("logs a prescription", async () => {
    await check([
      ["a Spring service logs the prescription it saves", "src/main/java/com/clinic/PrescriptionService.java", [
        "+        Prescription saved = repository.save(prescription);",
        "+        log.info(\"saved prescription {}\", prescription);",
      ], "logging"],
      ["its id alone stays quiet", "src/main/java/com/clinic/PrescriptionService.java", [
        "+        Prescription saved = repository.save(prescription);",
        "+        log.info(\"saved prescription {}\", saved.getId());",
      ], null],
    ]);
  });

  it("reads a language model's token counts as numbers, not credentials", async () => {
    await expectArea("logging", [
      ["a JavaScript client logs the usage's input and output tokens", "src/services/model-client.js", [
        "+  const usage = response.usage;",
        "+  console.log(`Tokens: ${usage.input_tokens} in, ${usage.output_tokens} out`);",
      ]],
      ["a Java client logs the total tokens", "src/main/java/app/ai/Client.java", [
        "+        log.info(\"tokens: {}\", result.getUsage().getTotalTokens());",
      ]],
    ], false);
    await expectArea("logging", [
      ["the session's token itself is still a secret", "src/services/model-client.js", [
        "+  console.log(`Token: ${session.token}`);",
      ]],
    ], true);
  });
});
