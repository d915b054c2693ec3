// Rule families added from the third round of real-code cases (fixtures/eval/real/dev/*-round3.yaml): each kind
// with one change it must find and one look-alike it must leave alone.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("AI calls written as real code writes them", () => {
  it("follows a method chain broken over lines (`.chat.completions` / `.create({`, Spring AI `.prompt()` / `.user()`)", async () => {
    await check([
      ["split openai chain", "server/providers/cohere.js", ["+    const result = await this.openai.chat.completions", "+      .create({", "+        model: this.model,", "+        messages,", "+      });"], "ai_use"],
      ["split spring ai chain", "src/main/java/acme/AiService.java", ["+        return chatClient", "+                .prompt()", "+                .user(prompt)", "+                .call()", "+                .content();"], "ai_use"],
    ]);
    await check([
      ["split chain with a fixed prompt", "src/main/java/acme/AiService.java", ["+        return chatClient", "+                .prompt()", '+                .user("Tell me a joke")', "+                .call()", "+                .content();"], null],
    ]);
  });

  it("counts what the caller passes in, and follows every assignment and loop variable", async () => {
    await check([
      ["function parameter in the prompt", "app/medic.py", ["+def to_medical_format(anamnesis, client):", '+    message = "Rewrite as a clinical narrative:\\n" + anamnesis', "+    response = client.chat.completions.create(", '+        model="gpt-4o",', '+        messages=[{"role": "user", "content": message}],', "+    )"], "ai_use"],
      ["subscript assignment into the request body", "app/embed.py", ['+        input_body = {}', '+        input_body["inputText"] = text', "+        body = json.dumps(input_body)", "+        response = self.client.invoke_model(body=body, modelId=self.model)"], "ai_use"],
      ["loop variable over documents", "server/embed.js", ["+    for (const chunk of textChunks) {", "+      await this.openai.embeddings.create({ model: this.model, input: chunk });", "+    }"], "ai_use"],
    ]);
    await check([
      ["parameters that only configure the call", "app/ask.py", ["+def ask(model, temperature):", '+    return client.chat.completions.create(model=model, temperature=temperature, messages=[{"role": "user", "content": "Say hello"}])'], null],
    ]);
  });

  it("reads `{name}` as interpolation only in f-strings, not in templates or JSON text", async () => {
    await check([
      ["python f-string with the user's text", "app/summary.py", ["+def summarise(text):", '+    return model.generate_content(f"Summarise:\\n{text}")'], "ai_use"],
    ]);
    await check([
      ["langchain template slot filled with a fixed sample", "app/chain.py", ['+prompt = PromptTemplate.from_template("Reply to: {customer_message}")', "+chain = prompt | model", '+response = chain.invoke({"customer_message": "I want to restart my subscription."})'], null],
      ["JSON body in a string", "app/lambda_function.py", ['+    body = "{\\"prompt\\":\\"What is AWS ?\\",\\"max_tokens\\":400}"', '+    response = bedrock.invoke_model(body=body, modelId="cohere.command-text-v14")'], null],
    ]);
  });

  it("finds a model API called over plain HTTP from a file about the provider", async () => {
    await check([
      ["faraday post to openai embeddings", "lib/inference/open_ai_embeddings.rb", ["+      def perform!(content)", "+        payload = { model: model, input: content }", "+        conn = Faraday.new { |f| f.adapter FinalDestination::FaradayAdapter }", "+        response = conn.post(endpoint, payload.to_json, headers)", "+      end"], "ai_use"],
    ]);
    await check([
      ["http post of a fixed payload in an openai file", "lib/inference/open_ai_health.rb", ["+      def ping", '+        payload = { model: "gpt-4o-mini", input: "ping" }', "+        conn.post(endpoint, payload.to_json, headers)", "+      end"], null],
    ]);
  });

  it("leaves a model on one's own machine alone unless a remote host is in view", async () => {
    await check([
      ["ollama client on a remote host", "app/embed.py", ["+from ollama import Client", "+client = Client(host='https://llm.example.net:11434')", "+def embed(text):", "+    return client.embed(model='nomic-embed-text', input=text)"], "ai_use"],
    ]);
    await check([
      ["ollama client on the default local host", "app/embed.py", ["+from ollama import Client", "+client = Client(host=self.config.ollama_base_url)", "+def embed(text):", "+    return client.embed(model='nomic-embed-text', input=text)"], null],
    ]);
  });
});

describe("personal data in more schema languages", () => {
  it("finds Ecto migrations, Mongoose schemas outside model folders, national health ids and vaccination data", async () => {
    await check([
      ["ecto customer phone and ip", "priv/repo/migrations/20200727025014_add_identifier_fields_to_customer.exs", ["+    alter table(:customers) do", "+      add(:phone, :string)", "+      add(:ip, :string)", "+    end"], "pii_retention"],
      ["mongoose schema with a multi-line field", "server/healthinfo.js", ["+const HealthInfoSchema = new mongoose.Schema({", "+  socialnumber: {", "+    type: String,", "+  },", "+  illness: { type: String, required: true },", "+});"], "pii_retention"],
      ["django AddField for an ABHA number", "care/facility/migrations/0374_abha.py", ["+        migrations.AddField(", '+            model_name="patientregistration",', '+            name="abha_number",', "+            field=models.IntegerField(null=True),", "+        ),"], "pii_retention"],
      ["vaccination status on a patient model", "care/facility/models/patient.py", ["+    is_vaccinated = models.BooleanField(default=False)", "+    vaccine_name = models.CharField(max_length=15)"], "pii_retention"],
    ]);
  });

  it("stays quiet on removed fields, machine addresses and plain JS objects", async () => {
    await check([
      ["django RemoveField", "care/facility/migrations/0454_remove_abha.py", ["+        migrations.RemoveField(", '+            model_name="patientregistration",', '+            name="abha_number",', "+        ),"], null],
      ["middleware address of an asset location", "care/facility/migrations/0389_assetlocation_middleware_address.py", ["+        migrations.AddField(", '+            model_name="assetlocation",', '+            name="middleware_address",', "+            field=models.CharField(max_length=200, null=True),", "+        ),"], null],
      ["object literal outside a schema", "src/components/form.js", ["+const defaults = {", "+  dob: {", "+    label: 'Date of birth',", "+  },", "+};"], null],
    ]);
  });

  it("finds an anonymisation job taken out of a schedule, and not one added", async () => {
    await check([
      ["celery beat anonymization removed", "backend/celery.py", [" app.conf.beat_schedule = {", '-    "daily-anonymization-12": {', '-        "task": "users.tasks.daily_anonymization_task",', '-        "schedule": crontab(hour=12, minute=0),', "-    },", " }"], "pii_retention"],
    ]);
    await check([
      ["celery beat anonymization added", "backend/celery.py", [" app.conf.beat_schedule = {", '+    "daily-anonymization-12": {', '+        "task": "users.tasks.daily_anonymization_task",', '+        "schedule": crontab(hour=12, minute=0),', "+    },", " }"], null],
    ]);
  });
});
