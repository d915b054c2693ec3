// Kinds a second blind batch (mixed-round10-untuned.yaml: 102 cases labelled by someone who never read the
// rules) showed missing, after it was scored at the start and the end of round 9 (recall 0.742 both times; encryption
// 0.400): certificate checks turned off through a dict entry or a default (kwargs.setdefault('verify', False)), an
// ADO.NET connection string with Encrypt=False, a fast hash function however named applied straight to a password,
// C# properties with C# 11 modifiers (public required DateOnly DateOfBirth), a DRF permission list opened on its own
// line with AllowAny first, a form field's .data (WTForms: form.email.data) in a log, and a model request the change
// builds (the options of an unchanged fetch to OpenAI) carrying the user's message. Each has a look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("certificate verification turned off through a dict or a default", () => {
  it("finds verify set to False as a keyword default or a dict entry", async () => {
    await check([
      ["setdefault", "lib/http_session.py", [
        " class InsecureSession(Session):",
        "+    def post(self, url, data, **kwargs):",
        "+        kwargs.setdefault('verify', False)",
        "+        return super().post(url, data, **kwargs)",
      ], "encryption"],
      ["dict entry", "app/clients/partner.py", [
        "+REQUEST_OPTIONS = {'timeout': 10, 'verify': False}",
      ], "encryption"],
    ]);
  });

  it("leaves verify kept on", async () => {
    await check([
      ["setdefault True", "lib/http_session.py", [
        " class Session(requests.Session):",
        "+    def post(self, url, data, **kwargs):",
        "+        kwargs.setdefault('verify', True)",
        "+        return super().post(url, data, **kwargs)",
      ], null],
    ]);
  });
});

describe("connection strings with encryption off", () => {
  it("finds Encrypt=False in an ADO.NET connection string", async () => {
    await check([
      ["appsettings", "PatientService/appsettings.json", [
        " {",
        "+  \"ConnectionStrings\": {",
        "+    \"DefaultConnection\": \"Server=sql.internal;Database=Patients;User Id=app;Password=${DB_PASSWORD};Encrypt=False;\"",
        "+  },",
      ], "encryption"],
    ]);
  });

  it("leaves Encrypt=True alone", async () => {
    await check([
      ["encrypted", "PatientService/appsettings.json", [
        " {",
        "+  \"ConnectionStrings\": {",
        "+    \"DefaultConnection\": \"Server=sql.internal;Database=Patients;Authentication=Active Directory Default;Encrypt=True;\"",
        "+  },",
      ], null],
    ]);
  });
});

describe("a fast hash applied straight to a password", () => {
  it("finds sha256(password + secret), md5Java(passWord) and PHP hash() of the password", async () => {
    await check([
      ["imported sha256", "application/util.py", [
        " from hashlib import sha256",
        "+def hashpw(password: str) -> str:",
        "+    return sha256((password + app.config['SECRET_KEY']).encode()).hexdigest()",
      ], "encryption"],
      ["own md5 helper", "client/src/LoginThread.java", [
        "     public void run() {",
        "+        passWord = passwordField.getText();",
        "+        passWord = md5Java(passWord);",
        "         send(userName, passWord);",
      ], "encryption"],
      ["PHP hash()", "register.php", [
        "     $pwd = filter_var($_POST['pwd'], FILTER_SANITIZE_STRING);",
        "+    $data = trim($name) . ':' . hash('haval256,5', trim($pwd)) . \"\\n\";",
      ], "encryption"],
    ]);
  });

  it("leaves a reset token's digest and file checksums alone", async () => {
    await check([
      ["reset token digest", "app/services/password_reset.py", [
        " from hashlib import sha256",
        "+    token_hash = sha256(password_reset_token.encode()).hexdigest()",
      ], null],
      ["file checksum", "app/storage/checksum.py", [
        " from hashlib import sha256",
        "+    digest = sha256(file_bytes).hexdigest()",
      ], null],
    ]);
  });
});

describe("personal data in C# models with C# 11 modifiers", () => {
  it("reads a required property as a field of the model", async () => {
    await check([
      ["required DateOnly", "PatientService/Models/Patient.cs", [
        "+    public class Patient",
        "+    {",
        "+        public Guid Id { get; set; }",
        "+        public required DateOnly DateOfBirth { get; set; }",
        "+    }",
      ], "pii_retention"],
      ["init-only nullable", "Clinic/Models/Patient.cs", [
        "+    public class Patient",
        "+    {",
        "+        public string? NationalId { get; init; }",
        "+    }",
      ], "pii_retention"],
    ]);
  });

  it("leaves a required property that holds no personal data", async () => {
    await check([
      ["required name of a product", "Shop/Models/Product.cs", [
        "+    public class Product",
        "+    {",
        "+        public required string Sku { get; set; }",
        "+        public required decimal Price { get; init; }",
        "+    }",
      ], null],
    ]);
  });
});

describe("DRF permission lists written over several lines", () => {
  it("finds AllowAny as the first entry of a list opened on its own line", async () => {
    await check([
      ["patient viewset", "patientportal/patient/api.py", [
        "+class PatientViewset(viewsets.ModelViewSet):",
        "+    queryset = Patient.objects.all()",
        "+    permission_classes = [",
        "+        permissions.AllowAny",
        "+    ]",
      ], "access_mfa"],
    ]);
  });

  it("leaves a list that starts with a real permission", async () => {
    await check([
      ["authenticated first", "patientportal/patient/api.py", [
        "+class PatientViewset(viewsets.ModelViewSet):",
        "+    queryset = Patient.objects.all()",
        "+    permission_classes = [",
        "+        permissions.IsAuthenticated,",
        "+    ]",
      ], null],
    ]);
  });
});

describe("a form field's .data in logs", () => {
  it("reads form.email.data as the e-mail address (WTForms)", async () => {
    await check([
      ["sign-up print", "application/controllers/auth.py", [
        "     if signup_form.validate_on_submit():",
        "+        print(f\"Adding user {signup_form.email.data} [{signup_form.name.data}]\")",
        "         db.session.commit()",
      ], "logging"],
    ]);
  });

  it("leaves a harmless field's .data alone", async () => {
    await check([
      ["submit button", "application/controllers/auth.py", [
        "     if signup_form.validate_on_submit():",
        "+        print(f\"submitted: {signup_form.submit.data}, remember: {signup_form.remember_me.data}\")",
        "         db.session.commit()",
      ], null],
    ]);
  });
});

describe("a model request the change builds, sent by an unchanged call", () => {
  it("finds the user's message in options passed to an existing fetch of OpenAI", async () => {
    await check([
      ["options above fetch", "backend/utils/openai.js", [
        " import \"dotenv/config\";",
        " ",
        "+const getReply = async (message) => {",
        "+    const options = {",
        "+        method: \"POST\",",
        "+        headers: { \"Authorization\": `Bearer ${process.env.OPENAI_API_KEY}` },",
        "+        body: JSON.stringify({ model: \"gpt-4o-mini\", messages: [{ role: \"user\", content: message }] })",
        "+    }",
        "     try {",
        "         const response = await fetch(\"https://api.openai.com/v1/chat/completions\", options);",
      ], "ai_use"],
    ]);
  });

  it("leaves a fixed question in such options alone", async () => {
    await check([
      ["fixed prompt", "backend/utils/openai.js", [
        " import \"dotenv/config\";",
        " ",
        "+const ping = async () => {",
        "+    const options = {",
        "+        method: \"POST\",",
        "+        headers: { \"Authorization\": `Bearer ${process.env.OPENAI_API_KEY}` },",
        "+        body: JSON.stringify({ model: \"gpt-4o-mini\", messages: [{ role: \"user\", content: \"Say hello\" }] })",
        "+    }",
        "     try {",
        "         const response = await fetch(\"https://api.openai.com/v1/chat/completions\", options);",
      ], null],
    ]);
  });
});
