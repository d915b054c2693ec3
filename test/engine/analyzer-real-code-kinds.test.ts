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
  it("reads builder chains, appended messages, triple-quoted literals and type names the way the code means them", async () => {
    await check([
      ["user text appended to the message list", "app/chat.py", ["+    messages = [{\"role\": \"system\", \"content\": \"You are a support agent.\"}]", "+    messages.append({\"role\": \"user\", \"content\": ticket_text})", "+    response = client.chat.completions.create(model=\"gpt-4o\", messages=messages)"], "ai_use"],
      ["request data appended to a prompt object", "lib/automation/triage.rb", ["+        prompt = DiscourseAi::Completions::Prompt.new(s_prompt)", "+        prompt.push(type: :user, content: post.raw)", "+        result = llm.generate(prompt, user: Discourse.system_user)"], "ai_use"],
      ["C# completion request filled from a parameter", "Ai/Class1.cs", ["+public async Task<string> UseChatGPT(string chatMessages)", "+{", "+        completionRequest.Prompt = chatMessages;", "+        var completions = await openai.Completions.CreateCompletionAsync(completionRequest);", "+}"], "ai_use"],
      ["cohere client under another name", "utils/extract_summary.py", ["+def make_summary(text):", "+    response = co_client.summarize(text=text, model='summarize-xlarge')"], "ai_use"],
    ]);
    await check([
      ["builder chain of literals", "main.java", ['+final String constantContent = "This will always be the same";', '+String variableContent = "This might change";', "+ChatCompletionCreateParams params = ChatCompletionCreateParams.builder()", "+    .addUserMessage(constantContent + variableContent)", "+    .model(ChatModel.O3_MINI)", "+    .build();", "+ChatCompletion chatCompletion = client.chat().completions().create(params);"], null],
      ["triple-quoted sample text", "backend/model_cohere.py", ['+text ="""It\'s an exciting day for the development community.', "+Developers can deploy the model on SageMaker.", '+"""', "+response = co.summarize(text=text, model='command')"], null],
      ["static factories of message types", "chat_roles.cs", ['+ChatClient client = new("gpt-4.1", key);', "+ChatCompletion acompletion = client.CompleteChat([", '+    ChatMessage.CreateDeveloperMessage("Talk like a pirate."),', '+    ChatMessage.CreateUserMessage("Are semicolons optional in JavaScript?")', "+]);"], null],
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

describe("new services as real code adds them", () => {
  it("finds clients built or configured in any case and style, Algolia indexes, and Elixir dependencies", async () => {
    await check([
      ["lower-case twilio constructor", "backend/utils/twilio.js", ['+const twilio = require("twilio");', "+const client = new twilio(accountSid, authToken);", "+client.messages.create({ body, from, to: customer.phone });"], "subprocessors"],
      ["ruby stripe configured and called", "app/services/stripe_service.rb", ["+  require 'stripe'", "+  Stripe.api_key = Rails.application.credentials.stripe[:api_key]", "+    Stripe::Customer.create({ name: name, email: email })"], "subprocessors"],
      ["algolia index of users", "functions/src/addUserToIndex.ts", ['+    const index = algoliaClient.initIndex("Users");', "+    return index.addObject({ name: data.name, phone: data.phone });"], "subprocessors"],
      ["stripity_stripe in mix.exs", "mix.exs", ['       {:pow, "~> 1.0.18"},', '+      {:stripity_stripe, "~> 2.0"},', '       {:sentry, "8.0.0"}'], "subprocessors"],
      ["call through the imported binding", "node-api/app.js", ["+var client = require('@mailchimp/mailchimp_marketing');", '+  const response = await client.lists.addListMember("ede0d60f63", { email_address: email, status: "subscribed" });'], "subprocessors"],
      ["resend client without its import in view", "src/pages/api/send.js", ["+const resend = new Resend(process.env.RESEND_API_KEY);", "+const data = await resend.sendEmail({ to: process.env.TO_EMAIL, react: EmailTemplate({ name, email }) });"], "subprocessors"],
      ["identity traits as push tags", "src/notifications/tags.ts", [" import OneSignal from 'react-native-onesignal';", "+export function tagUserInfoCreate(name: string, email: string) {", "+  OneSignal.sendTags({ user_name: name, user_email: email });", "+}"], "subprocessors"],
    ]);
  });

  it("stays quiet on an existing dependency that only gains a comma and on an import without a client", async () => {
    await check([
      ["sentry line re-punctuated in mix.exs", "mix.exs", ['-      {:sentry, "8.0.0"}', '+      {:sentry, "8.0.0"},', '+      {:phoenix_swagger, "~> 0.8"}'], null],
      ["twilio type import only", "backend/types.ts", ['+import type { Twilio } from "twilio";', "+export type Sender = Twilio;"], null],
    ]);
  });
});

describe("weak hashing written the way real code writes it", () => {
  it("finds an algorithm named by string in any factory (CryptoConfig.CreateFromName(\"MD5\")) beside a password", async () => {
    await check([
      ["cryptoconfig md5 password", "Security/MD5H.cs", ["+            byte[] encodedPassword = new UTF8Encoding().GetBytes(password);", '+            byte[] hash = ((HashAlgorithm)CryptoConfig.CreateFromName("MD5")).ComputeHash(encodedPassword);'], "encryption"],
    ]);
    await check([
      ["cryptoconfig sha256 of a file", "Security/Checksum.cs", ['+            byte[] hash = ((HashAlgorithm)CryptoConfig.CreateFromName("MD5")).ComputeHash(fileBytes);'], null],
    ]);
  });

  it("leaves an MD5 helper alone when it hashes files", async () => {
    await check([
      ["md5 helper beside getMd5(File file)", "src/main/java/acme/FileUtil.java", ["+    private static String getMd5(byte[] bytes) {", '+        MessageDigest mdTemp = MessageDigest.getInstance("MD5");', "+        mdTemp.update(bytes);", "+        return hex(mdTemp.digest());", "+    }", "+    public static String getMd5(File file) {", "+        return getMd5(getByte(file));", "+    }"], null],
    ]);
    await check([
      ["md5 helper on strings", "src/main/java/acme/Md5Util.java", ["+    public static String md5(String input) {", '+        MessageDigest md = MessageDigest.getInstance("MD5");', "+        return hex(md.digest(input.getBytes()));", "+    }"], "encryption"],
    ]);
  });
});

describe("the fourth probe of real code", () => {
  it("reads Ruby's shorthand hash keys and a setter's parameter, and ignores a model URL that is sent nothing", async () => {
    await check([
      ["ruby shorthand messages:", "app/models/chat.rb", ["+  def message=(message)", "+    messages = [{ 'role' => 'system', content: message }]", "+    response_raw = client.chat(", "+      parameters: {", "+        model: 'gpt-3.5-turbo',", "+        messages:,", "+      }", "+    )", "+  end"], "ai_use"],
    ]);
    await check([
      ["request param read but a fixed message sent", "app/controllers/chat_controller.rb", ["+    message = params[:message]", "+    client = OpenAI::Client.new", "+    response = client.chat(", "+    parameters: {", '+        model: "gpt-3.5-turbo",', '+        messages: [{ role: "user", content: "Hello!"}],', "+    })"], null],
      ["openai url with no request body", "info.php", ["+$ch = curl_init();", '+curl_setopt($ch, CURLOPT_URL, "https://api.openai.com/v1/chat/completions");', "+$response = curl_exec($ch);"], null],
    ]);
  });

  it("finds national registration cards and leaves a patient foreign key alone", async () => {
    await check([
      ["laravel NRC column", "database/migrations/2021_06_17_create_patients_table.php", ["+            $table->string('NRC');", "+            $table->string('place_of_birth');"], "pii_retention"],
    ]);
    await check([
      ["patient foreign key on attachments", "db/migration/V3__attachment_patient.sql", ["+ALTER TABLE attachments", "+    ADD patient_id BIGINT;"], null],
    ]);
  });

  it("leaves TLS checks switched off only for development alone", async () => {
    await check([
      ["axios agent without certificate checks", "lib/utils/axios.js", ["+module.exports = axios.create({", "+  httpsAgent: new https.Agent({", "+    rejectUnauthorized: false,", "+  }),", "+});"], "encryption"],
    ]);
    await check([
      ["development-only agent", "src/lib/axios.tsx", ["+if (process.env.NODE_ENV === 'development') {", "+  const httpsAgent = new https.Agent({", "+    rejectUnauthorized: false,", "+  })", "+  axios.defaults.httpsAgent = httpsAgent", "+}"], null],
    ]);
  });
});

describe("Gemini on mobile and LangChain4j models", () => {
  it("finds a Gemini chat sent what the caller passes in, interpolated in Dart's single quotes", async () => {
    await check([
      ["dart chat with interpolated parameters", "lib/services/trip_service.dart", ["+Future<String> plan(String city, int days) async {", "+  final chat = model.startChat();", "+  final prompt = 'Plan $days days in $city';", "+  final response = await chat.sendMessage(Content.text(prompt));", "+  return response.text ?? '';", "+}"], "ai_use"],
      ["langchain4j language model given the user's message", "src/main/java/acme/ChatService.java", ["+import dev.langchain4j.model.language.LanguageModel;", "+", "+public class ChatService {", "+    public String chat(String userMessage) {", "+        return model.generate(userMessage).content();", "+    }", "+}"], "ai_use"],
    ]);
    await check([
      ["dart chat with a fixed question", "lib/main.dart", ["+  final chat = model.startChat();", "+  final response = await chat.sendMessage(Content.text('How many paws are in my house?'));"], null],
      ["transformers generate without any AI provider", "app/local_generate.py", ["+def complete(inputs):", "+    return model.generate(inputs, max_new_tokens=20)"], null],
      ["php single quotes do not interpolate", "app/Ask.php", ["+    $prompt = 'Say hello to $name';", "+    $response = $chat->sendMessage($prompt);"], null],
    ]);
  });
});

describe("AI frameworks beyond the provider SDKs", () => {
  it("finds Semantic Kernel, LlamaIndex engines, Elixir's OpenAI and a C# options initializer sent people's text", async () => {
    await check([
      ["semantic kernel prompt with the customer's email", "src/Summarizer.cs", ["+    public async Task<string> SummarizeAsync(string customerEmail)", "+    {", '+        var result = await _kernel.InvokePromptAsync("Summarize: {{$input}}", new KernelArguments { ["input"] = customerEmail });', "+        return result.ToString();", "+    }"], "ai_use"],
      ["llamaindex query engine asked the user's question", "app/rag.py", ["+def ask(index, question):", "+    query_engine = index.as_query_engine()", "+    return query_engine.query(question)"], "ai_use"],
      ["elixir openai chat with a message body", "lib/app/assistant.ex", ["+  def reply(message) do", '+    OpenAI.chat_completion(model: "gpt-4o", messages: [%{role: "user", content: message.body}])', "+  end"], "ai_use"],
      ["azure options initializer on the next line", "src/Triage.cs", ["+        var options = new ChatCompletionsOptions", "+        {", '+            DeploymentName = "gpt-4",', "+            Messages = { new ChatRequestUserMessage(ticket.Body) }", "+        };", "+        var response = await _client.GetChatCompletionsAsync(options);"], "ai_use"],
    ]);
    await check([
      ["semantic kernel fixed prompt", "src/Demo.cs", ['+var result = await kernel.InvokePromptAsync("Tell me a joke about a pirate");'], null],
      ["llamaindex quick start question", "app/starter.py", ["+query_engine = index.as_query_engine()", '+response = query_engine.query("What did the author do growing up?")'], null],
      ["azure options initializer with a fixed message", "src/Demo.cs", ["+        var options = new ChatCompletionsOptions", "+        {", '+            Messages = { new ChatRequestUserMessage("Say hello") }', "+        };", "+        var response = await client.GetChatCompletionsAsync(options);"], null],
    ]);
  });
});

describe("models declared the plain way", () => {
  it("finds health fields in a GORM model without tags and a national id on a JPA @Entity without brackets", async () => {
    await check([
      ["gorm model with health fields", "internal/models/patient.go", ["+type Patient struct {", "+	gorm.Model", "+	Name      string", "+	BloodType string", "+	Allergies string", "+}"], "pii_retention"],
      ["jpa entity with cpf and a fingerprint", "src/main/java/gov/Citizen.java", ["+@Entity", "+public class Citizen {", "+    @Id private Long id;", '+    @Column(name = "cpf") private String cpf;', "+    private byte[] fingerprintTemplate;", "+}"], "pii_retention"],
    ]);
    await check([
      ["go settings struct that is not a model", "internal/config/alerts.go", ["+type AlertSettings struct {", "+	BloodTypeLabel string", "+	Phone          string", "+}"], null],
      ["java class that is not an entity", "src/main/java/app/SmsRequest.java", ["+public class SmsRequest {", "+    private String phoneNumber;", "+}"], null],
    ]);
  });
});

describe("schemas named in other languages", () => {
  it("finds Spanish and Portuguese names for national ids, birth dates and sex, and leaves a film's genero alone", async () => {
    await check([
      ["spanish patients table", "db/migrate/20170620004934_create_pacientes.rb", ["+    create_table :pacientes do |t|", "+      t.string :rut", "+      t.string :sexo", "+      t.date :fecha_nacimiento", "+    end"], "pii_retention"],
    ]);
    await check([
      ["spanish films table with a genre", "db/migrate/20170902043128_create_peliculas.rb", ["+    create_table :peliculas do |t|", "+      t.string :director", "+      t.string :genero", "+    end"], null],
    ]);
  });
});

describe("service clients made where no import is in view", () => {
  it("finds a client whose constructor names the service (Rails autoload, Go, PHP, Java) and App Insights / RevenueCat set-up", async () => {
    await check([
      ["rails job making a twilio client", "app/jobs/twilio_job.rb", ["+  def perform(to, body)", "+    twilio = Twilio::REST::Client.new(ENV['TWILIO_SID'], ENV['TWILIO_TOKEN'])", "+    twilio.messages.create(from: FROM, to: to, body: body)", "+  end"], "subprocessors"],
      ["go sendgrid client", "internal/mail/welcome.go", ['+	client := sendgrid.NewSendClient(os.Getenv("SENDGRID_API_KEY"))', "+	_, err := client.Send(message)"], "subprocessors"],
      ["php mailchimp client", "app/Newsletter.php", ["+$mailchimp = new \\MailchimpMarketing\\ApiClient();", "+$mailchimp->lists->addListMember($listId, ['email_address' => $user->email]);"], "subprocessors"],
      ["application insights in ASP.NET Core", "src/Api/Program.cs", ['+builder.Services.AddApplicationInsightsTelemetry();'], "subprocessors"],
      ["revenuecat configured in swift", "App/AppDelegate.swift", ["+        Purchases.configure(withAPIKey: Config.revenueCatKey, appUserID: user.id)"], "subprocessors"],
    ]);
    await check([
      ["the same client moved within the file", "app/jobs/twilio_job.rb", ["-    client = Twilio::REST::Client.new(sid, token)", "+    twilio = Twilio::REST::Client.new(sid, token)"], null],
      ["a geometry segment is no service", "src/geometry/path.ts", ["+const s = new Segment(a, b);", "+const client = new HttpClient();"], null],
    ]);
  });
});

describe("weak keys, hashers and certificate checks named by option", () => {
  it("finds DES key specs, Django's MD5 hasher and MongoDB's invalid-certificate options", async () => {
    await check([
      ["des key spec", "src/main/java/app/Crypto.java", ['+        SecretKeySpec keySpec = new SecretKeySpec(keyBytes, "DES");'], "encryption"],
      ["django md5 hasher", "app/settings.py", ['+PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]'], "encryption"],
      ["mongo client accepting invalid certificates", "app/db.py", ["+client = MongoClient(uri, tls=True, tlsAllowInvalidCertificates=True)"], "encryption"],
    ]);
    await check([
      ["aes key spec", "src/main/java/app/Crypto.java", ['+        SecretKeySpec keySpec = new SecretKeySpec(keyBytes, "AES");'], null],
      ["md5 hasher kept after PBKDF2 to upgrade old hashes", "app/settings.py", ["+PASSWORD_HASHERS = [", '+    "django.contrib.auth.hashers.PBKDF2PasswordHasher",', '+    "django.contrib.auth.hashers.MD5PasswordHasher",', "+]"], null],
      ["fast hasher for the test run", "app/settings.py", ["+# Use a fast hasher to speed up tests", '+PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]'], null],
    ]);
  });
});

describe("legacy LangChain chains, agents and embeddings", () => {
  it("finds chains, agents, Spring AI's ChatClient.call, query embeddings and an opened upload sent to a model", async () => {
    await check([
      ["retrieval qa chain run with the query", "app/rag.py", ["+qa = RetrievalQA.from_chain_type(llm=llm, retriever=db.as_retriever())", "+def answer(query):", "+    return qa.run(query)"], "ai_use"],
      ["named qa chain without its construction in view", "rag_api.py", ["+async def ask_question(request: QueryRequest):", "+    response = qa_chain.run(request.query)"], "ai_use"],
      ["conversation chain predict", "app/chat.py", ["+conversation = ConversationChain(llm=ChatOpenAI(), memory=memory)", "+def talk(user_input):", "+    return conversation.predict(input=user_input)"], "ai_use"],
      ["spring ai chat client call", "src/main/java/app/ChatController.java", ["+    public String chat(String message) {", "+        return chatClient.call(message);", "+    }"], "ai_use"],
      ["question embedded with openai", "app/search.py", ["+embeddings = OpenAIEmbeddings()", "+def search(question):", "+    vector = embeddings.embed_query(question)"], "ai_use"],
      ["uploaded audio opened and transcribed", "app/transcribe.py", ["+def transcribe(upload):", '+    with open(upload.path, "rb") as f:', '+        return client.audio.transcriptions.create(model="whisper-1", file=f)'], "ai_use"],
    ]);
    await check([
      ["a job agent that is no model", "app/jobs.py", ['+agent = Agent(queue="jobs")', "+def process(job_data):", "+    return agent.run(job_data)"], null],
      ["quick-start question to a qa chain", "app/starter.py", ["+qa = RetrievalQA.from_chain_type(llm=llm, retriever=retriever)", '+print(qa.run("What is the capital of France?"))'], null],
      ["a prompt file opened and sent", "app/prompts.py", ['+    with open("prompts/system.txt") as f:', '+        return client.chat.completions.create(model="gpt-4o", messages=[{"role": "system", "content": f.read()}])'], null],
    ]);
  });
});

describe("older SDK generations and task APIs", () => {
  it("finds openai v3/v0 calls and Hugging Face task methods given people's text, without the import in view", async () => {
    await check([
      ["openai v3 createCompletion", "routes/summarize.js", ["+  const completion = await openai.createCompletion({ model: \"text-davinci-003\", prompt: `Summarize: ${req.body.text}` });"], "ai_use"],
      ["openai v0 Embedding.create", "app/embed.py", ["+def embed(doc_text):", '+    return openai.Embedding.create(input=doc_text, model="text-embedding-ada-002")'], "ai_use"],
      ["hugging face text classification of a review", "src/classify.ts", ["+export async function classify(review: string) {", '+  return hf.textClassification({ model: "distilbert-base-uncased-finetuned-sst-2-english", inputs: review });', "+}"], "ai_use"],
    ]);
    await check([
      ["an i18n translation call", "src/greet.js", ['+const t = i18n.translation("greeting", { name: user.name });'], null],
      ["openai v3 completion of a fixed prompt", "scripts/hello.js", ['+const completion = await openai.createCompletion({ model: "text-davinci-003", prompt: "Say hello" });'], null],
    ]);
  });
});

describe("agent frameworks and model routers", () => {
  it("finds LiteLLM, AutoGen, CrewAI and a remote Ollama REST call given people's text", async () => {
    await check([
      ["litellm completion with a ticket", "app/triage.py", ["+def answer(ticket):", '+    return litellm.completion(model="gpt-4o", messages=[{"role": "user", "content": ticket.body}])'], "ai_use"],
      ["autogen chat started with the user's task", "app/agents.py", ["+def start(task_description):", "+    user_proxy.initiate_chat(assistant, message=task_description)"], "ai_use"],
      ["crewai kickoff with the user's topic", "app/research.py", ["+def research(user_topic):", '+    return crew.kickoff(inputs={"topic": user_topic})'], "ai_use"],
      ["ollama REST on another machine", "app/notes.py", ["+def summarise(note_text):", '+    return requests.post("http://gpu-box.internal:11434/api/generate", json={"model": "llama3", "prompt": note_text}).json()'], "ai_use"],
    ]);
    await check([
      ["ollama REST on this machine", "app/notes.py", ["+def summarise(note_text):", '+    return requests.post("http://localhost:11434/api/generate", json={"model": "llama3", "prompt": note_text}).json()'], null],
      ["autogen demo task", "examples_app/demo.py", ['+user_proxy.initiate_chat(assistant, message="Plot a chart of NVDA stock price change YTD.")'], null],
      ["crewai fixed topic", "app/main.py", ['+result = crew.kickoff(inputs={"topic": "AI LLMs"})'], null],
    ]);
  });
});

describe("error tracking told who the user is, in more languages", () => {
  it("finds Sentry's Kotlin sendDefaultPii, PHP $scope->setUser and C# scope.User with an e-mail", async () => {
    await check([
      ["kotlin isSendDefaultPii", "app/src/main/java/app/App.kt", ["+SentryAndroid.init(this) { options ->", "+    options.dsn = BuildConfig.SENTRY_DSN", "+    options.isSendDefaultPii = true", "+}"], "subprocessors"],
      ["php scope setUser with email", "app/Providers/SentryServiceProvider.php", ["+\\Sentry\\configureScope(function (\\Sentry\\State\\Scope $scope) use ($user): void {", "+    $scope->setUser(['id' => $user->id, 'email' => $user->email]);", "+});"], "subprocessors"],
      ["c# scope user with email", "src/Api/Middleware/SentryUser.cs", ["+SentrySdk.ConfigureScope(scope => scope.User = new User { Email = user.Email, Username = user.Name });"], "subprocessors"],
    ]);
    await check([
      ["php scope setUser with an id only", "app/Providers/SentryServiceProvider.php", ["+\\Sentry\\configureScope(function (\\Sentry\\State\\Scope $scope) use ($user): void {", "+    $scope->setUser(['id' => $user->id]);", "+});"], null],
      ["kotlin sendDefaultPii off", "app/src/main/java/app/App.kt", [" SentryAndroid.init(this) { options ->", "+    options.isSendDefaultPii = false", " }"], null],
    ]);
  });
});

describe("error trackers started on mobile", () => {
  it("finds Sentry started on Android, Flutter and iOS, and a DSN whose host follows its key", async () => {
    await check([
      ["sentry android init", "app/src/main/java/app/App.kt", ["+        SentryAndroid.init(this) { options ->", "+            options.dsn = BuildConfig.SENTRY_DSN", "+        }"], "subprocessors"],
      ["sentry ios start", "App/AppDelegate.swift", ["+        SentrySDK.start { options in", "+            options.dsn = Config.sentryDsn", "+        }"], "subprocessors"],
      ["dsn with key before host", "src/config.ts", ['+export const SENTRY_DSN = "https://abc123@o4507398745358336.ingest.us.sentry.io/4507828391575552";'], "subprocessors"],
    ]);
    await check([
      ["sentry android init only moved", "app/src/main/java/app/App.kt", ["-        SentryAndroid.init(this) { options ->", "+        SentryAndroid.init(this) { options ->"], null],
    ]);
  });
});

describe("derived values are not the personal data", () => {
  it("leaves hashed, tokenised and masked columns alone and still finds the value itself", async () => {
    await check([
      ["ssn column", "db/migrations/0042_ssn.sql", ["+ALTER TABLE customers ADD COLUMN ssn VARCHAR(11);"], "pii_retention"],
    ]);
    await check([
      ["ssn hash column", "db/migrations/0042_hashes.sql", ["+ALTER TABLE customers ADD COLUMN ssn_hash CHAR(64);"], null],
      ["hashed bank numbers", "db/migrate/20211022214045_add_hashed_attributes_to_bank_account.rb", ["+    add_column :bank_accounts, :hashed_routing_number, :string", "+    add_column :bank_accounts, :hashed_account_number, :string"], null],
      ["card last four", "db/migrate/20240101_add_card_last4.rb", ["+    add_column :payments, :card_last4, :string"], null],
    ]);
  });
});

describe("framework imports say a model is used, not which provider", () => {
  it("leaves a Semantic Kernel demo with a fixed prompt alone though it imports the kernel", async () => {
    await check([
      ["semantic kernel knock-knock demo", "dotnet/ch1/ex02/Program.cs", ["+using Microsoft.SemanticKernel;", "+", '+string prompt = "Finish the following knock-knock joke. Who\'s there? {{$input}}";', "+var jokeFunction = kernel.CreateSemanticFunction(prompt, temperature: 0.8);", '+var joke = await jokeFunction.InvokeAsync("Boo");'], null],
    ]);
    await check([
      ["semantic kernel import and a prompt with the user's message", "src/Chat.cs", ["+using Microsoft.SemanticKernel;", "+public async Task<string> Reply(string userMessage) =>", '+    (await _kernel.InvokePromptAsync($"Reply politely: {userMessage}")).ToString();'], "ai_use"],
    ]);
  });
});
