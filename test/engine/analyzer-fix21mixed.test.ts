// Round-21 kinds outside access control: counts of personal data in logs, .NET source-generated log methods, ruby-openai's
// parameters: calls beyond chat, Mixpanel's Android/Java people accessor and nodemailer transports of mail providers.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("a count of personal data named count first is a number", () => {
  it("stays quiet on counts of e-mails and phones in log lines", async () => {
    await check([
      ["kotlin numberOf", "src/main/kotlin/Sync.kt", ["+        Log.v(\"Deleted %d messages from %s\", numberOfDeletedEmails, folderId)"], null],
      ["python num_", "app/sync.py", ["+    logger.info(\"sent %d\", num_emails)"], null],
      ["go totalPhones", "sync/sync.go", ["+\tlog.Printf(\"imported %d\", totalPhones)"], null],
    ]);
  });

  it("still finds the data itself", async () => {
    await check([
      ["kotlin email", "src/main/kotlin/Sync.kt", ["+        Log.v(\"Deleted messages of %s\", userEmail)"], "logging"],
      ["python emails", "app/sync.py", ["+    logger.info(\"sent to %s\", emails)"], "logging"],
    ]);
  });
});

describe(".NET source-generated log methods", () => {
  it("finds a [LoggerMessage] method whose parameters are personal data or secrets", async () => {
    await check([
      ["email parameter", "src/Users/UserLog.cs", ["+    [LoggerMessage(Level = LogLevel.Information, Message = UserMessages.Added)]", "+    public static partial void LogAddUser(this ILogger logger, string username, string email);"], "logging"],
      ["declaration on the next lines", "src/Auth/AuthLog.cs", ["+    [LoggerMessage(EventId = 3, Level = LogLevel.Debug, Message = AuthMessages.Issued)]", "+    private static partial void LogIssued(", "+        ILogger logger,", "+        string accessToken);"], "logging"],
    ]);
  });

  it("stays quiet on ids, counts and exceptions", async () => {
    await check([
      ["ids and counts", "src/Users/UserLog.cs", ["+    [LoggerMessage(Level = LogLevel.Information, Message = \"Added {UserId}\")]", "+    public static partial void LogAddUser(this ILogger logger, int userId, int count, Exception ex);"], null],
    ]);
  });
});

describe("ruby-openai calls with parameters: beyond chat", () => {
  it("finds user audio sent for transcription", async () => {
    await expectArea("ai_use", [
      ["transcribe", "app/controllers/transcriptions_controller.rb", ["   def create", "+    audio = params[:audio].tempfile.path", "+    response = client.audio.transcribe(", "+      parameters: { model: 'whisper-1', file: File.open(audio, 'rb') }", "+    )", "   end"]],
    ], true);
  });

  it("stays quiet on a fixed demo prompt", async () => {
    await expectArea("ai_use", [
      ["fixed file", "lib/tasks/demo.rake", ["+    response = client.transcribe(", "+      parameters: { model: 'whisper-1', file: File.open('spec/fixtures/hello.mp3', 'rb') }", "+    )"]],
    ], false);
  });
});

describe("Mixpanel's people profile reached through getPeople()", () => {
  it("finds the e-mail set on the profile", async () => {
    await expectArea("subprocessors", [
      ["java", "app/src/main/java/com/example/Login.java", ["+        mixpanelApi.getPeople().set(\"$email\", user.getEmail());"]],
      ["kotlin", "app/src/main/java/com/example/Login.kt", ["+        mp.getPeople().setOnce(\"\\$email\", account.email)"]],
    ], true);
  });

  it("stays quiet on an event without identity", async () => {
    await expectArea("subprocessors", [
      ["track only", "app/src/main/java/com/example/Login.java", ["+        mixpanelApi.track(\"opened\");"]],
    ], false);
  });
});

describe("nodemailer transports of mail providers", () => {
  it("finds a provider's transport added", async () => {
    await expectArea("subprocessors", [
      ["sendgrid", "controllers/auth.js", ["+const sendgrid = require('nodemailer-sendgrid-transport');", "+const transporter = nodemailer.createTransport(sendgrid({ auth: { api_key: key } }));"]],
      ["mailgun", "src/mail.ts", ["+import mg from 'nodemailer-mailgun-transport';", "+const transport = nodemailer.createTransport(mg({ auth }));"]],
    ], true);
  });

  it("stays quiet on plain SMTP", async () => {
    await expectArea("subprocessors", [
      ["smtp", "src/mail.ts", ["+const transport = nodemailer.createTransport({ host: process.env.SMTP_HOST, port: 587 });"]],
    ], false);
  });
});

describe("an environment read's fallback written as its own statement", () => {
  it("finds the literal given when the secret's variable is unset", async () => {
    await expectArea("secrets", [
      ["go", "internal/auth/secret.go", ["+func jwtSecret() []byte {", "+\tsecret := os.Getenv(\"JWT_SECRET\")", "+\tif secret == \"\" {", "+\t\tsecret = \"cristiano-ist-der-beste-spieler\"", "+\t}", "+\treturn []byte(secret)", "+}"]],
      ["javascript", "src/auth.js", ["+let signingKey = process.env.SESSION_SECRET;", "+if (!signingKey) {", "+  signingKey = 'Kq93-hjd8-ss0a-mmQ1';", "+}"]],
      ["python", "app/settings.py", ["+api_token = os.getenv(\"API_TOKEN\")", "+if not api_token:", "+    api_token = \"b7f3c9e2a1d84f60\""]],
    ], true);
  });

  it("stays quiet on placeholders and on settings that are not secrets", async () => {
    await expectArea("secrets", [
      ["placeholder", "internal/auth/secret.go", ["+\tsecret := os.Getenv(\"JWT_SECRET\")", "+\tif secret == \"\" {", "+\t\tsecret = \"your-secret-here\"", "+\t}"]],
      ["port", "cmd/server/main.go", ["+\tport := os.Getenv(\"PORT\")", "+\tif port == \"\" {", "+\t\tport = \"8080\"", "+\t}"]],
      ["not tested for empty", "internal/auth/secret.go", ["+\tmode := os.Getenv(\"JWT_SECRET\")", "+\tlog.Println(mode)", "+\tlabel = \"cristiano-ist-der-beste-spieler\""]],
    ], false);
  });
});

describe("models in a project folder named by the dotted convention", () => {
  it("finds personal fields of a class in X.Models/ or X.Domain/", async () => {
    await expectArea("pii_retention", [
      ["csharp models project", "Chef.HRMS.Models/Profile/IdentityDocument.cs", ["+public abstract class IdentityDocument : Model", "+{", "+    public DateTime DateOfBirth { get; set; }", "+}"]],
      ["csharp domain project", "src/Shop.Domain/Buyers/Buyer.cs", ["+public class Buyer", "+{", "+    public string PhoneNumber { get; set; }", "+}"]],
    ], true);
  });

  it("stays quiet on the same property outside a model project", async () => {
    await expectArea("pii_retention", [
      ["view helper", "Chef.HRMS.Web/Helpers/FormState.cs", ["+public class FormState", "+{", "+    public DateTime DateOfBirth { get; set; }", "+}"]],
    ], false);
  });
});

describe("a literal password hashed into an account", () => {
  it("finds seeded accounts whose password is a literal", async () => {
    await expectArea("secrets", [
      ["python passlib", "app/seed.py", ["+admin = User(", "+    username=\"admin\",", "+    password_hash=bcrypt.hash(\"adminpassword\"),", "+)"]],
      ["laravel seeder", "database/seeders/AdminSeeder.php", ["+            'password' => Hash::make('Sup3rAdmin!2024'),"]],
      ["spring", "src/main/java/com/acme/DataLoader.java", ["+        admin.setPassword(passwordEncoder.encode(\"clinicAdmin#77\"));"]],
    ], true);
  });

  it("stays quiet on factories, the framework's sample password and hashing what was typed", async () => {
    await expectArea("secrets", [
      ["laravel factory", "database/factories/UserFactory.php", ["+            'password' => Hash::make('Sup3rAdmin!2024'),"]],
      ["sample password", "database/seeders/UserSeeder.php", ["+            'password' => bcrypt('password'),"]],
      ["typed password", "app/auth.py", ["+    user.password_hash = bcrypt.hash(form.password.data)"]],
    ], false);
  });
});
