// Hard-coded secrets by kind (round 9): private key bodies pasted without their PEM armour, Go typed []byte signing
// keys, passwords handed positionally to login calls, bare literals exported by modules named for a credential, and
// the look-alikes: truncated key samples, public keys and certificates, PEM headers around an interpolated variable,
// values marked by a comment as a stand-in to replace. Only the secrets area is checked.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

type SecretCase = [name: string, path: string, lines: string[]];

const expectSecrets = (cases: SecretCase[], expected: boolean): Promise<void> => expectArea("secrets", cases, expected);

// Made-up values with the shape of the real thing.
const B64_A = "7VIrxaR7kQfWv52uvEgoqiXnLAC1lIAYJRfza0hW+rdE2oapzzQbkrck/z1iYyls";
const B64_B = "wfgItIepZEufUlSoU5AZzcWQa3oBC4IPlNKnhdW2/SFi2DmZVVrLvHdgwHvpsbgh";
const B64_C = "5AXLbTKs9JrlLpi15sXvJ/SmgJqwkuCbzw86Xkw9Hid3NiMiCrnm+6h+gdVF6DV/";
const HEX32 = "7121dd22615220bff02a2a0ee4cf43b7";

describe("private key bodies without their PEM header", () => {
  it("finds PKCS#8 and PKCS#1 key bodies in Java constants, config objects and concatenated strings", async () => {
    await expectSecrets([
      ["PKCS#8 RSA body in a Java static string", "src/main/java/com/shop/pay/AlipayConfig.java",
        [`+    public static String merchant_private_key = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ${B64_A}${B64_B}${B64_C}";`]],
      ["PKCS#8 RSA body under a name that says only PRIVATE", "src/com/shop/AlipayConfig.java",
        [`+    public static final String RSA_PRIVATE = "MIICdQIBADANBgkqhkiG9w0BAQEFAASCAl8wggJbAgEAAoGBA${B64_A}${B64_B}";`]],
      ["PKCS#1 RSA body as a JSON member of a JS config", "serve/config.js",
        [`+    "privateKeyPem": "MIIEpAIBAAKCAQEA${B64_C}${B64_A}",`]],
      ["PKCS#1 body split into concatenated 64-character lines", "app/src/main/java/com/app/Keys.kt",
        [`+    const val SIGNING = "MIIEowIBAAKCAQEA${B64_B.slice(0, 48)}" +`, `+        "${B64_C}"`]],
    ], true);
  });

  it("leaves public keys, certificates and truncated samples alone", async () => {
    await expectSecrets([
      ["RSA public key (SubjectPublicKeyInfo)", "src/main/java/com/shop/pay/AlipayConfig.java",
        [`+    public static String alipay_public_key = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${B64_A}${B64_B}";`]],
      ["certificate body", "src/main/java/com/shop/Certs.java", [`+    static final String CA = "MIIDdzCCAl+gAwIBAgIJAJ${B64_C}${B64_A}";`]],
      ["truncated sample in an API description", "src/main/java/com/rental/MerchantPaymentConfigRequest.java",
        ['+    @Schema(description = "商家私钥", example = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC...", required = true)']],
    ], false);
  });
});

describe("Go typed declarations of signing keys", () => {
  it("finds a []byte-typed var given a literal", async () => {
    await expectSecrets([
      ["typed var in a var block", "internal/app/middleware/middleware.go", ['+\tSecretKey      []byte      = []byte("ultraRestApiSecretKey9000")']],
      ["typed var declaration", "auth/jwt.go", ['+var jwtKey []byte = []byte("k3y-for-HS256-signing")']],
    ], true);
  });

  it("leaves a typed var read from the environment alone", async () => {
    await expectSecrets([
      ["typed var from the environment", "auth/jwt.go", ['+var jwtKey []byte = []byte(os.Getenv("JWT_KEY"))']],
      ["typed var with a placeholder", "auth/jwt.go", ['+var SecretKey []byte = []byte("your-secret-key")']],
    ], false);
  });
});

describe("passwords handed positionally to login calls", () => {
  it("finds literal passwords in Go PlainAuth, Python login, Java PasswordAuthentication and .NET NetworkCredential", async () => {
    await expectSecrets([
      ["Gmail app password to smtp.PlainAuth", "cmd/mail/main.go", ['+\tauth := smtp.PlainAuth("", "owner@gmail.com", "qwfp arst zxcv bkmh", "smtp.gmail.com")']],
      ["password to smtplib login", "notify.py", ['+    server.login("alerts@shopmail.io", "Tr0ub4dor&3x!")']],
      ["PasswordAuthentication", "src/main/java/com/app/Mailer.java", ['+                return new PasswordAuthentication("noreply@app.io", "Vq8#LmP2zR");']],
      ["NetworkCredential", "Services/Mailer.cs", ['+            Credentials = new NetworkCredential("mailer@corp.io", "Ut7!kd92Lq"),']],
    ], true);
  });

  it("leaves variables, placeholders and factory defaults alone", async () => {
    await expectSecrets([
      ["variables", "notify.py", ["+    server.login(sender_email, password)"]],
      ["Go variables", "cmd/mail/main.go", ['+\tauth := smtp.PlainAuth("", from, password, smtpHost)']],
      ["placeholder", "notify.py", ['+    server.login("you@gmail.com", "your_app_password")']],
      ["factory default", "ftp_sync.py", ['+    ftp.login("admin", "admin")']],
    ], false);
  });
});

describe("modules named for a credential", () => {
  it("finds a generated-looking literal exported by apiKey.js or secret.ts", async () => {
    await expectSecrets([
      ["default export", "src/utils/apiKey.js", [`+export default "${HEX32}";`]],
      ["CommonJS export", "config/secret.js", [`+module.exports = "${B64_A.slice(0, 40)}";`]],
    ], true);
  });

  it("leaves placeholders, URLs and modules named for something else alone", async () => {
    await expectSecrets([
      ["placeholder", "src/utils/apiKey.js", ['+export default "YOUR_TMDB_API_KEY_HERE";']],
      ["URL in a credential-named module", "src/utils/apiKey.js", ['+export default "https://api.themoviedb.org/3/movie";']],
      ["hash exported by another module", "src/utils/buildHash.js", [`+export default "${HEX32}";`]],
    ], false);
  });
});

describe("stand-in values marked by a comment", () => {
  it("leaves a worded value the comment says to replace alone", async () => {
    await expectSecrets([
      ["trailing comment", "email01.go", ['+    password := "super_secret_password"     // update this to reflect your value']],
      ["comment above", "config.py", ["+# Replace with your actual SMTP password", '+SMTP_PASSWORD = "MailPass2024!"']],
    ], false);
  });

  it("still finds a generated-looking key beside such a comment", async () => {
    await expectSecrets([
      ["random key with a replace comment", "config.py", [`+API_SECRET = "q7Lx2VbN9mKp3Rt8YwZc4Hf6Jd1Gs5Ae"  # replace with your own key`]],
    ], true);
  });
});

describe("PEM headers without a key body", () => {
  it("leaves a header and footer around an interpolated variable, and a header constant, alone", async () => {
    await expectSecrets([
      ["template around an environment variable", "firebase/firebaseToken.js",
        ["+    \"private_key\":  `-----BEGIN PRIVATE KEY-----\\n${process.env.FB_PRIVATE_KEY.replace(/\\\\n/g, '\\n')}\\n-----END PRIVATE KEY-----\\n`,", '+    "client_email": process.env.FB_CLIENT_EMAIL,']],
      ["header constant", "src/main/java/crypt/Crypt.java", ['+    private static final String PEM_RSA_PRIVATE_KEY_HEADER = "-----BEGIN RSA PRIVATE KEY-----";']],
    ], false);
  });

  it("still finds a PEM key whose body follows its header", async () => {
    await expectSecrets([
      ["key in a string over several lines", "issue.js", ["+const privateKey = '-----BEGIN RSA PRIVATE KEY-----", `+${B64_A}`, `+${B64_B}`, "+-----END RSA PRIVATE KEY-----';"]],
    ], true);
  });
});
