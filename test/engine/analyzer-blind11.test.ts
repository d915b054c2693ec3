// Kinds a third blind batch (mixed-round11-untuned.yaml: 98 cases labelled by someone who never read the rules) showed,
// read after it was scored at the start and after round 11: DRF AllowAny on a sign-up view named for creating a user
// and on a token view where it is routed (TokenObtainPairView.as_view(permission_classes=[AllowAny])) is meant to be
// public; Spring's permitAll for OPTIONS on "/**" lets CORS preflight through and opens nothing; a value returned by a
// call named for a secret (get_github_access_token(code)) and then logged is the secret; DISABLE ROW LEVEL SECURITY
// opens a table; SHA-1 of a password sent as a five-character prefix to the Pwned Passwords API stores nothing. Each has
// its counterpart.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("public endpoints that must stay anonymous", () => {
  it("leaves AllowAny on a user-creation view and on a routed token view alone", async () => {
    await check([
      ["sign-up view", "habits_tracker/users/apis.py", [
        "+class UserCreateAPIView(APIView):",
        "+",
        "+    permission_classes = [AllowAny]",
        "+",
        "+    def post(self, request):",
      ], null],
      ["routed token view", "habits_tracker/authentication/urls.py", [
        " urlpatterns = [",
        "+    path(",
        "+        \"login/\",",
        "+        TokenObtainPairView.as_view(permission_classes=[AllowAny]),",
        "+        name=\"login\",",
        "+    ),",
      ], null],
      ["CORS preflight", "src/main/java/com/example/config/SecurityConfig.java", [
        "                 .authorizeHttpRequests(auth -> auth",
        "+                        .requestMatchers(HttpMethod.OPTIONS, \"/**\").permitAll()",
        "+                        .requestMatchers(\"/api/groups/**\").authenticated()",
      ], null],
    ]);
  });

  it("still finds AllowAny on a data view routed the same way, and GET on every path opened", async () => {
    await check([
      ["routed data view", "patients/urls.py", [
        " urlpatterns = [",
        "+    path(\"patients/\", PatientListView.as_view(permission_classes=[AllowAny])),",
      ], "access_mfa"],
      ["GET on everything", "src/main/java/com/example/config/SecurityConfig.java", [
        "                 .authorizeHttpRequests(auth -> auth",
        "+                        .requestMatchers(HttpMethod.GET, \"/**\").permitAll()",
      ], "access_mfa"],
    ]);
  });
});

describe("a value returned by a call named for a secret, then logged", () => {
  it("finds the token a getter returned in a log line", async () => {
    await check([
      ["GitHub token exchange", "app/routers/auth.py", [
        "     logger.info(\"Code received\")",
        "+    token_response = await get_github_access_token(code)",
        "+    logger.info(f\"Token response: {token_response}\")",
        "     response = RedirectResponse(url=\"/\")",
      ], "logging"],
      ["generated key", "src/keys/issue.ts", [
        "+  const created = await this.keys.generateApiKey(account.id);",
        "+  console.log('issued', created);",
      ], "logging"],
    ]);
  });

  it("leaves what a harmless getter returned alone", async () => {
    await check([
      ["settings", "app/routers/auth.py", [
        "     logger.info(\"Code received\")",
        "+    settings = await get_app_settings(code)",
        "+    logger.info(f\"Settings: {settings}\")",
      ], null],
      ["token count", "app/routers/auth.py", [
        "+    remaining = get_token_count(user_id)",
        "+    logger.info(f\"tokens left: {remaining}\")",
      ], null],
    ]);
  });
});

describe("PostgreSQL row-level security switched off", () => {
  it("finds DISABLE ROW LEVEL SECURITY in a migration", async () => {
    await check([
      ["Supabase storage", "supabase/migrations/20250101_disable_storage_rls.sql", [
        "+-- simplest way: no RLS on storage objects",
        "+ALTER TABLE storage.objects DISABLE ROW LEVEL SECURITY;",
      ], "access_mfa"],
    ]);
  });

  it("leaves ENABLE ROW LEVEL SECURITY alone", async () => {
    await check([
      ["enabled", "supabase/migrations/20250101_enable_rls.sql", [
        "+ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;",
      ], null],
    ]);
  });
});

describe("SHA-1 of a password for the Pwned Passwords range API", () => {
  it("leaves the k-anonymity prefix lookup alone", async () => {
    await check([
      ["range lookup", "Services/PwnedPasswordValidationService.cs", [
        "         public async Task<bool> IsPasswordValidAsync(string password)",
        "         {",
        "+            using (var hasher = new SHA1Cng())",
        "+            {",
        "+                passwordHash = BitConverter.ToString(hasher.ComputeHash(Encoding.UTF8.GetBytes(password)));",
        "+            }",
        "+            var request = new GetRequestService($\"{ApiConstants.PWNED_PASSWORD_URL}{passwordHash.Substring(0, 5)}\");",
      ], null],
    ]);
  });

  it("still finds SHA-1 of a password that is stored", async () => {
    await check([
      ["stored", "Services/AccountService.cs", [
        "         public void Register(string name, string password)",
        "         {",
        "+            using (var hasher = SHA1.Create())",
        "+            {",
        "+                user.PasswordHash = BitConverter.ToString(hasher.ComputeHash(Encoding.UTF8.GetBytes(password)));",
        "+            }",
      ], "encryption"],
    ]);
  });
});
