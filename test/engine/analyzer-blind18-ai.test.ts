// From the round-18 blind batch (aisub-round18-untuned.yaml), read after it was scored: a `${...}` slot whose
// expression has quotes of its own (`"${symptoms.join(", ")}"`) still puts its names into the prompt; a request's
// model or deployment name (`model=deployment_name`) is not data. Each has a look-alike that must stay silent.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("a string slot whose expression holds quotes", () => {
  it("finds the names read inside the slot", async () => {
    await expectArea("ai_use", [
      ["Kotlin prompt joining the user's answers, posted to Gemini's REST API", "app/src/main/java/com/acme/triage/TriageClient.kt", [
        "+    private val url = \"https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent\"",
        "+    suspend fun triage(answers: List<String>): String {",
        "+        val body = \"\"\"{\"contents\": [{\"parts\": [{\"text\": \"Triage: ${answers.joinToString(\"; \")}\"}]}]}\"\"\"",
        "+        val response = http.post(\"$url?key=$apiKey\") { setBody(body) }",
        "+        return response.bodyAsText()",
        "+    }",
      ]],
      ["Dart symptom list in a Gemini request body", "lib/services/triage_service.dart", [
        "+  final String baseUrl = \"https://generativelanguage.googleapis.com/v1beta/models/gemini-pro:generateContent\";",
        "+  Future<String> triage(List<String> complaints) async {",
        "+    final response = await http.post(",
        "+      Uri.parse(\"$baseUrl?key=$apiKey\"),",
        "+      body: jsonEncode({",
        "+        \"contents\": [",
        "+          {\"parts\": [{\"text\": \"The person reports: ${complaints.join(\", \")}. Suggest next steps.\"}]}",
        "+        ]",
        "+      }),",
        "+    );",
      ]],
    ], true);
  });
  it("leaves a fixed text with a quoted slot of constants alone", async () => {
    await check([
      ["Dart request whose slot joins fixed words", "lib/services/demo_service.dart", [
        "+  final String baseUrl = \"https://generativelanguage.googleapis.com/v1beta/models/gemini-pro:generateContent\";",
        "+  Future<String> demo() async {",
        "+    final response = await http.post(",
        "+      Uri.parse(\"$baseUrl?key=${Env.key}\"),",
        "+      body: jsonEncode({",
        "+        \"contents\": [",
        "+          {\"parts\": [{\"text\": \"List three colours: ${[\"red\", \"green\"].join(\", \")} and one more.\"}]}",
        "+        ]",
        "+      }),",
        "+    );",
      ], null],
    ]);
  });
});

describe("the model a request goes to", () => {
  it("does not read a deployment or model name as someone's data", async () => {
    await check([
      ["Azure OpenAI call with a fixed question and the deployment in a variable", "scripts/azure_check.py", [
        "+client = AzureOpenAI(api_key=os.getenv(\"AZURE_OPENAI_API_KEY\"), api_version=\"2024-02-01\", azure_endpoint=os.getenv(\"AZURE_OPENAI_ENDPOINT\"))",
        "+deployment_name = \"gpt-4o\"",
        "+response = client.chat.completions.create(",
        "+    model=deployment_name,",
        "+    messages=[",
        "+        {\"role\": \"system\", \"content\": \"You are a helpful assistant.\"},",
        "+        {\"role\": \"user\", \"content\": \"Name three prime numbers.\"}",
        "+    ]",
        "+)",
      ], null],
      ["a model name from a user's settings", "src/ai/summary.ts", [
        "+const res = await openai.chat.completions.create({",
        "+  model: userModelName,",
        "+  messages: [{ role: \"user\", content: \"Say hello.\" }],",
        "+});",
      ], null],
    ]);
  });
  it("still finds the data sent beside the model name", async () => {
    await expectArea("ai_use", [
      ["Azure OpenAI call with a customer's note", "app/services/notes_summary.py", [
        "+response = client.chat.completions.create(",
        "+    model=deployment_name,",
        "+    messages=[{\"role\": \"user\", \"content\": customer_note}],",
        "+)",
      ]],
    ], true);
  });
});
