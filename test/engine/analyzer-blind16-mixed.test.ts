// From the round-16 blind batch (mixed-round16-untuned.yaml), read after it was scored: message senders and texts logged
// by code that relays people's messages, WhatsApp ids, values logged only as booleans or by their id, sbt dependencies,
// the Cloudinary client of .NET/Java/PHP, a bare "ID number" column of persons, a provider file posting through an
// injected fetch, and chat turns typed as an LLM SDK's messages. Each has a look-alike that must stay quiet.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("round-16 blind batch kinds (blind16-mixed)", () => {
  it("logs a message's sender and text where people's messages are relayed", async () => {
    await check([
      ["an SMS webhook logs the sender and the body", "src/sms/inbound.ts", [
        "+export async function onInbound(from: string, body: string) {",
        "+  logger.info(`SMS from ${from}: ${body}`);",
        "+}",
      ], "logging"],
      ["a WhatsApp handler logs who wrote, keyed", "src/whatsapp/handler.js", [
        "+  if (seen.has(id)) {",
        "+    console.warn('duplicate message ignored', { from, id });",
        "+    return;",
        "+  }",
      ], "logging"],
      ["a SignalR hub writes a message's content", "Server/Hubs/SupportHub.cs", [
        "+            await _store.SaveAsync(entry);",
        "+            Console.WriteLine($\"Relaying to {userId}: {content}\");",
      ], "logging"],
      ["a reminder job logs the WhatsApp id", "app/jobs/reminders.py", [
        "+    for row in due:",
        "+        logger.info(\"reminding %s\", row[\"wa_id\"])",
      ], "logging"],
    ]);
  });

  it("leaves lengths, ranges, model chats and other code alone", async () => {
    await check([
      ["only the text's length", "src/whatsapp/handler.ts", [
        "+  console.log(`got message of ${text.length} chars`);",
      ], null],
      ["a date range in a chat export", "src/chat/export.ts", [
        "+  logger.info('exporting history', { from, to });",
      ], null],
      ["content logged by an importer", "src/jobs/importer.ts", [
        "+  console.log('imported', content);",
      ], null],
      ["a chatbot prints the model's reply", "chatbot/src/main.rs", [
        "+    println!(\"{}\", text);",
      ], null],
      ["a message id named after a WhatsApp message", "app/jobs/reminders.py", [
        "+        logger.info(\"sent %s\", row[\"wamid\"])",
      ], null],
    ]);
  });

  it("reads a value logged as a boolean, or a placeholder named as an id, as no value", async () => {
    await check([
      ["whether a token came back", "api/auth/exchange.js", [
        "+    console.log('refresh token obtained:', !!data.refresh_token);",
      ], null],
      ["an e-mail's id after the word Email", "service/api/emails.py", [
        "+    logger.info(f\"Email {email_id} queued\")",
      ], null],
    ]);
    await check([
      ["the token itself", "api/auth/exchange.js", [
        "+    console.log('refresh token obtained:', data.refresh_token);",
      ], "logging"],
      ["the address itself after the word Email", "service/api/emails.py", [
        "+    logger.info(f\"Email {email} bounced\")",
      ], "logging"],
    ]);
  });

  it("reads sbt dependencies and the Cloudinary client", async () => {
    await expectArea("subprocessors", [
      ["sbt adds the Twilio SDK", "build.sbt", [
        "     libraryDependencies ++= Seq(",
        "+      \"com.twilio.sdk\" % \"twilio\" % \"9.14.0\",",
        "       \"org.http4s\" %% \"http4s-dsl\" % http4sVersion",
        "     )",
      ]],
      ["a .NET service creates a Cloudinary client", "Infrastructure/Media/ImageStore.cs", [
        "+        public ImageStore(IOptions<MediaSettings> options)",
        "+        {",
        "+            var acc = new Account(options.Value.Cloud, options.Value.Key, options.Value.Secret);",
        "+            _client = new Cloudinary(acc);",
        "+        }",
      ]],
    ], true);
    await expectArea("subprocessors", [
      ["an sbt test dependency", "build.sbt", [
        "     libraryDependencies ++= Seq(",
        "+      \"com.twilio.sdk\" % \"twilio\" % \"9.14.0\" % Test,",
        "     )",
      ]],
      ["an sbt library of no service", "build.sbt", [
        "     libraryDependencies ++= Seq(",
        "+      \"org.typelevel\" %% \"cats-core\" % \"2.10.0\",",
        "     )",
      ]],
      ["the URL-building Cloudinary object of the browser SDK", "src/lib/images.ts", [
        "+const cld = new Cloudinary({ cloud: { cloudName: 'demo' } });",
      ]],
    ], false);
  });

  it("reads a bare ID number column of persons as their national id", async () => {
    await expectArea("pii_retention", [
      ["a customers table's id_number", "db/migrations/20240101_create_customers.sql", [
        "+CREATE TABLE customers (",
        "+  id SERIAL PRIMARY KEY,",
        "+  id_number VARCHAR(20) NOT NULL,",
        "+  created_at TIMESTAMP",
        "+);",
      ]],
    ], true);
    await expectArea("pii_retention", [
      ["a shipment's id number", "db/migrations/20240101_create_shipments.sql", [
        "+CREATE TABLE shipments (",
        "+  id SERIAL PRIMARY KEY,",
        "+  id_number VARCHAR(20) NOT NULL,",
        "+  created_at TIMESTAMP",
        "+);",
      ]],
    ], false);
  });

  it("reads a provider file posting through an injected fetch, and chat turns typed for an LLM SDK", async () => {
    await expectArea("ai_use", [
      ["a Gemini provider posts a ticket through its fetch", "src/providers/gemini.client.ts", [
        "+  async summarize(ticket: Ticket): Promise<string> {",
        "+    const payload = { contents: [{ parts: [{ text: ticket.description }] }] };",
        "+    const res = await this.fetchImpl(this.url, {",
        "+      method: 'POST',",
        "+      headers: { 'content-type': 'application/json' },",
        "+      body: JSON.stringify(payload),",
        "+    });",
      ]],
      ["chat turns returned as OpenAI's message type", "app/prompts/triage.py", [
        "+def build_messages(ticket: Ticket) -> list[ChatCompletionMessageParam]:",
        "+    user = f\"Subject: {ticket.subject}\\n\\n{ticket.body}\"",
        "+    return [",
        "+        {\"role\": \"system\", \"content\": SYSTEM},",
        "+        {\"role\": \"user\", \"content\": user},",
        "+    ]",
      ]],
    ], true);
    await expectArea("ai_use", [
      ["a storage client posts through its fetch", "src/providers/storage.client.ts", [
        "+  async save(ticket: Ticket): Promise<void> {",
        "+    const payload = { contents: [{ parts: [{ text: ticket.description }] }] };",
        "+    await this.fetchImpl(this.url, { method: 'POST', body: JSON.stringify(payload) });",
      ]],
      ["chat turns of an untyped list", "app/support/format.py", [
        "+def build_messages(ticket: Ticket) -> list[dict]:",
        "+    user = f\"Subject: {ticket.subject}\\n\\n{ticket.body}\"",
        "+    return [",
        "+        {\"role\": \"user\", \"content\": user},",
        "+    ]",
      ]],
    ], false);
  });
});
