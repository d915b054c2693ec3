// Round-24 kinds of the mixed-round24b batch: a password encoder that keeps passwords in plain text (Spring's
// NoOpPasswordEncoder, even beside a comment about bcrypt); a literal assigned to a cipher key setting (des_key, aes_key,
// cipher_key); Pusher's server SDKs in every manifest; Perl Moose/Moo attributes holding sensitive personal data; an
// age-based purge through a database helper's delete call removed; an AI provider wrapper named with two suffixes
// (OpenAiApiService) sending through createChatCompletion. And the look-alikes that must stay quiet: SHA-1 seeding a
// random generator, a password's SHA-1 cut to a five-character prefix for a breach range query, [AllowAnonymous] on the
// Razor page models of sign-in and sign-up pages.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

describe("plain-text password encoder", () => {
  it("finds NoOpPasswordEncoder as the password encoder, also beside a comment naming bcrypt", async () => {
    await expectArea("encryption", [
      ["bean with bcrypt comment", "src/main/java/org/clinic/portal/config/WebSecurityConfig.java", [
        "     }",
        "+    @Bean",
        "+    public PasswordEncoder passwordEncoder() {",
        "+        // bcrypt made the login too slow on the small instances, keep it simple for now",
        "+        return NoOpPasswordEncoder.getInstance();",
        "+    }",
      ]],
      ["kotlin bean", "src/main/kotlin/shop/auth/SecurityBeans.kt", [
        "+    @Bean",
        "+    fun encoder(): PasswordEncoder = NoOpPasswordEncoder.getInstance()",
      ]],
    ], true);
  });

  it("stays quiet on bcrypt encoders and on a commented-out no-op encoder", async () => {
    await expectArea("encryption", [
      ["bcrypt", "src/main/java/org/clinic/portal/config/WebSecurityConfig.java", [
        "+    @Bean",
        "+    public PasswordEncoder passwordEncoder() {",
        "+        return new BCryptPasswordEncoder(12);",
        "+    }",
      ]],
      ["commented out", "src/main/java/org/clinic/portal/config/WebSecurityConfig.java", [
        "+    @Bean",
        "+    public PasswordEncoder passwordEncoder() {",
        "+        // return NoOpPasswordEncoder.getInstance();",
        "+        return new BCryptPasswordEncoder();",
        "+    }",
      ]],
    ], false);
  });
});

describe("cipher key settings given a literal", () => {
  it("finds des_key, aes_key and cipher_key set to literal strings", async () => {
    await expectArea("secrets", [
      ["php config array", "config/main.inc.php", [
        " $config['product_name'] = 'Mailbox';",
        "+// key used to encrypt the stored IMAP password in the session",
        "+$config['des_key'] = 'q7!Zr2-mailbox-K9pLw8Xa';",
      ]],
      ["python setting", "settings/production.py", [
        "+AES_KEY = \"f3Kq9LzX7wR2mT8vB1nY6pQ4\"",
      ]],
      ["yaml", "config/app.yml", [
        "+  cipher_key: \"Zp8Kx2Lm9Qw4Rt7Vb3Nc6Hy1\"",
      ]],
    ], true);
  });

  it("stays quiet on keys read from the environment, sizes and empty values", async () => {
    await expectArea("secrets", [
      ["env", "config/main.inc.php", [
        "+$config['des_key'] = getenv('ROUNDCUBE_DES_KEY');",
      ]],
      ["size", "settings/production.py", [
        "+AES_KEY_SIZE = 256",
      ]],
      ["placeholder", "config/main.inc.php", [
        "+$config['des_key'] = '';",
      ]],
    ], false);
  });
});

describe("Pusher's server SDKs", () => {
  it("finds pusher/pusher-php-server in composer.json and pusher-http-go in go.mod", async () => {
    await expectArea("subprocessors", [
      ["composer", "composer.json", [
        "         \"laravel/framework\": \"^11.0\",",
        "+        \"pusher/pusher-php-server\": \"^7.2\",",
        "         \"spatie/laravel-permission\": \"^6.0\"",
      ]],
      ["go.mod", "go.mod", [
        " require (",
        "+\tgithub.com/pusher/pusher-http-go/v5 v5.1.1",
        " )",
      ]],
    ], true);
  });

  it("stays quiet on other packages", async () => {
    await expectArea("subprocessors", [
      ["composer", "composer.json", [
        "         \"laravel/framework\": \"^11.0\",",
        "+        \"predis/predis\": \"^2.2\",",
        "         \"spatie/laravel-permission\": \"^6.0\"",
      ]],
    ], false);
  });
});

describe("Perl Moose / Moo attributes", () => {
  it("finds a sensitive attribute declared with has", async () => {
    await expectArea("pii_retention", [
      ["ssn", "lib/Payroll/Entity/Worker.pm", [
        " has department => (is => 'rw', isa => 'Str');",
        "+",
        "+has ssn => (is => 'rw', isa => 'Str');",
      ]],
      ["date of birth quoted", "lib/Clinic/Patient.pm", [
        "+has 'date_of_birth' => (",
        "+    is  => 'ro',",
        "+    isa => 'Str',",
        "+);",
      ]],
    ], true);
  });

  it("stays quiet on ordinary attributes", async () => {
    await expectArea("pii_retention", [
      ["flags", "lib/Payroll/Entity/Worker.pm", [
        "+has is_manager => (is => 'rw', isa => 'Bool');",
        "+has sales => (is => 'rw', isa => 'Bool');",
      ]],
    ], false);
  });
});

describe("age-based purge through a delete helper removed", () => {
  it("finds the removed purge of a mail log or messages below a cutoff", async () => {
    await expectArea("pii_retention", [
      ["php delete_query", "inc/jobs/prune.php", [
        " \t}",
        "-\tif($settings['prune_sent_mail_days'] > 0)",
        "-\t{",
        "-\t\t$cutoff = time() - 86400 * $settings['prune_sent_mail_days'];",
        "-\t\t$db->delete_query(\"sentmaillog\", \"sent_at<'{$cutoff}'\");",
        "-\t}",
        " ",
      ]],
      ["android delete", "app/src/main/java/org/chat/store/MessageStore.java", [
        "     void prune(long cutoff) {",
        "-        db.delete(\"messages\", \"date_sent < ?\", new String[]{String.valueOf(cutoff)});",
        "     }",
      ]],
    ], true);
  });

  it("stays quiet on purges of the application's own logs and on added purges", async () => {
    await expectArea("pii_retention", [
      ["admin log", "inc/jobs/prune.php", [
        "-\t\t$db->delete_query(\"adminlog\", \"dateline<'{$cut}'\");",
      ]],
      ["added", "inc/jobs/prune.php", [
        "+\t\t$db->delete_query(\"sentmaillog\", \"sent_at<'{$cutoff}'\");",
      ]],
    ], false);
  });
});

describe("AI provider wrapper with a compound name", () => {
  it("finds user text sent through OpenAiApiService's createChatCompletion", async () => {
    await expectArea("ai_use", [
      ["php wrapper", "lib/Tasks/SummaryProvider.php", [
        " \tpublic function process(?string $userId, array $input): array {",
        "+\t\t$text = $input['input'];",
        "+\t\t$prompt = 'Summarize the following text:' . \"\\n\\n\" . $text;",
        "+\t\t$completion = $this->openAiApiService->createChatCompletion($userId, $model, $prompt, null, 1);",
      ]],
    ], true);
  });

  it("stays quiet on the wrapper's settings calls", async () => {
    await expectArea("ai_use", [
      ["settings", "lib/Tasks/SummaryProvider.php", [
        "+\t\t$model = $this->openAiSettingsService->getAdminDefaultCompletionModelId();",
        "+\t\tif ($this->openAiApiService->isUsingOpenAi()) {",
      ]],
    ], false);
  });
});

describe("harmless look-alikes of weak hashing and anonymous pages", () => {
  it("stays quiet on SHA-1 seeding a random generator", async () => {
    await expectArea("encryption", [
      ["digest random generator", "core/src/main/java/org/ledger/util/Ids.java", [
        "+    private static DigestRandomGenerator sha1Random() {",
        "+        try {",
        "+            return new DigestRandomGenerator(MessageDigest.getInstance(\"SHA-1\"));",
        "+        } catch (NoSuchAlgorithmException e) {",
        "+            throw new IllegalStateException(e);",
        "+        }",
        "+    }",
      ]],
    ], false);
  });

  it("still finds a SHA-1 hashing helper", async () => {
    await expectArea("encryption", [
      ["helper", "core/src/main/java/org/ledger/util/Hashes.java", [
        "+    public static byte[] sha1Hash(String value) throws Exception {",
        "+        MessageDigest md = MessageDigest.getInstance(\"SHA-1\");",
        "+        return md.digest(value.getBytes());",
        "+    }",
      ]],
    ], true);
  });

  it("stays quiet on a password's SHA-1 cut to a five-character range prefix", async () => {
    await expectArea("encryption", [
      ["php", "plugins/strength/breach_check.php", [
        "+    public function range_parts($password)",
        "+    {",
        "+        $digest = strtoupper(sha1($password));",
        "+        return [substr($digest, 0, 5), substr($digest, 5)];",
        "+    }",
      ]],
      ["python", "accounts/validators.py", [
        "+    digest = hashlib.sha1(password.encode()).hexdigest().upper()",
        "+    prefix, rest = digest[:5], digest[5:]",
      ]],
    ], false);
  });

  it("still finds a password's SHA-1 stored whole", async () => {
    await expectArea("encryption", [
      ["php", "lib/users.php", [
        "+    $hash = sha1($password);",
        "+    $stmt->bindParam(':hash', $hash);",
      ]],
    ], true);
  });

  it("stays quiet on [AllowAnonymous] on the sign-in and sign-up page models", async () => {
    await expectArea("access_mfa", [
      ["login", "src/Web/Areas/Identity/Pages/Account/Login.cshtml.cs", [
        " {",
        "+    [AllowAnonymous]",
        "+    public class LoginModel : PageModel",
        "     {",
      ]],
      ["register", "src/Web/Areas/Identity/Pages/Account/Register.cshtml.cs", [
        "+    [AllowAnonymous]",
        "     public class RegisterConfirmationModel : PageModel",
      ]],
    ], false);
  });

  it("still finds [AllowAnonymous] on a page model of people's records", async () => {
    await expectArea("access_mfa", [
      ["records", "src/Web/Pages/Patients/Records.cshtml.cs", [
        "+    [AllowAnonymous]",
        "     public class PatientRecordsModel : PageModel",
      ]],
    ], true);
  });
});
