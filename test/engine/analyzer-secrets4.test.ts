// Hard-coded secrets by kind (round 4): each family has lines that hold a credential and real-code look-alikes that
// do not. Only the secrets area is checked: some snippets rightly raise other areas (a new Slack or Stripe client).
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

type SecretCase = [name: string, path: string, lines: string[]];

const expectSecrets = (cases: SecretCase[], expected: boolean): Promise<void> => expectArea("secrets", cases, expected);

const JWT_HEADER = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9";
const jwt = (claims: object) => `${JWT_HEADER}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.dc_X5iR_VP_qT0zsiyj_I_OZ2T9FtRU2BBNWN8Bu4GE`;

describe("key names split into words", () => {
  it("reads 'pass' as a credential word of its own", async () => {
    await expectSecrets([
      ["env mail pass", ".env", [" MAIL_PORT=587", "+MAIL_USER=ops@acme.io", "+MAIL_PASS=avmyzbgpsdlbyosg"]],
      ["camelCase pass", "src/mailer.js", ["+const smtpPass = 'kq83hd7Ghs2';"]],
    ], true);
  });

  it("does not read it inside other words", async () => {
    await expectSecrets([
      ["bypass", "src/cache.js", ["+  bypass: 'cache123456',"]],
      ["compass", "src/map.js", ["+const compass = 'north-west-22';"]],
    ], false);
  });
});

describe("assignments in C#, setters, builders and XML", () => {
  it("finds a literal in a C# property initialiser, a setter call and an XML property or element", async () => {
    await expectSecrets([
      ["C# property", "ApiConnector/ApiClientHelper.cs", ['+        public static string RapidApiKey { get; private set; } = "d38d73d424msh39e37145a05b762p1aa05fjsnae1b946853fa";']],
      ["Java setter", "src/main/java/app/MailConfig.java", ['+        javaMailSender.setUsername("1562016984@qq.com");', '+        javaMailSender.setPassword("vajgtbobfxggbage");']],
      ["Python setter", "app/client.py", ["+client.set_api_key('a81be0f7c2d94b1e9f3a')"]],
      ["Hibernate property", "src/main/resources/hibernate.cfg.xml", ['     <property name="hibernate.connection.url">jdbc:mariadb://49.234.155.178:3306/shop</property>', '+    <property name="hibernate.connection.password">admin</property>']],
      ["XML element", "conf/settings.xml", ["+      <password>Zr8!vQ2m</password>"]],
    ], true);
  });

  it("stays quiet on empty initialisers, values from input, placeholders and names of stored secrets", async () => {
    await expectSecrets([
      ["C# empty", "src/Settings.cs", ["+        public string Password { get; set; } = string.Empty;"]],
      ["C# placeholder", "src/Settings.cs", ['+        public string ApiKey { get; set; } = "YOUR_API_KEY";']],
      ["setter from input", "src/Login.jsx", ["+    setPassword(e.target.value);"]],
      ["setter encodes", "src/main/java/app/Seed.java", ['+        user.setPassword(encoder.encode("admin"));']],
      ["stored secret name", "src/main/java/app/Deploy.java", ['+        builder.withSecret("db-credentials");']],
      ["XML reference", "src/main/resources/hibernate.cfg.xml", ['+    <property name="hibernate.connection.password">${db.password}</property>']],
      ["helm existing secret", "charts/app/values.yaml", ["+  existingSecret: postgres-credentials"]],
    ], false);
  });
});

describe("passwords in URLs and DSNs", () => {
  it("finds word passwords on named or public hosts and Go DSNs", async () => {
    await expectSecrets([
      ["mLab URI", "config/keys.js", ["+  mongoURI: 'mongodb://Alex:Alex@ds063919.mlab.com:63919/devconnector'"]],
      ["Atlas JSON", "config/default.json", ['+\t"mongoURI": "mongodb+srv://yasir:merisa@contactkeeper-pnebd.mongodb.net/test?retryWrites=true",']],
      ["Go DSN", "mysql/mysql.go", ['+\tdsn := "root:128505Tan..@tcp(8.134.196.206:3306)/demo"']],
    ], true);
  });

  it("stays quiet on anonymous FTP, Compose service names, format strings and localhost", async () => {
    await expectSecrets([
      ["anonymous FTP", "src/mirror.py", ["+FTP_URL = 'ftp://anonymous:guest@ftp.gnu.org/pub'"]],
      ["Compose service", "docker-compose.yml", ["+      DATABASE_URL: postgres://app:app@postgres:5432/app"]],
      ["format string", "src/db.go", ['+\tdsn := fmt.Sprintf("%s:%s@tcp(%s:%d)/%s", u, p, h, port, n)']],
      ["local DSN", "src/db.go", ['+\tdsn := "root:root@tcp(127.0.0.1:3306)/test"']],
      ["placeholder URI", "database.js", ['+const connection = "mongodb+srv://username:<password>@<cluster>/<database>?retryWrites=true"']],
    ], false);
  });
});

describe("keys written in structured forms", () => {
  it("finds the private members of a JSON Web Key and a bcrypt-shaped API key", async () => {
    const d = "SqKwrFVdF5_Luk660LufB81W5-ibQyNOZdXdn3YbnJbz6Y-O6ePuio89yassbaMy8ayYfyq_TAKRRiarZNTAtcHJ7VN0YCGdY5EUUibe93u2cx7d";
    await expectSecrets([
      ["JWK", "utilities/jwt/keypair.go", ["+var pvtKeyRaw = `", "+{", '+    "kty": "RSA",', `+    "d": "${d}",`, '+    "e": "AQAB",']],
      ["bcrypt-shaped key", "HttpClients/CurseApiClient.cs", ['+        private readonly string ApiKey = "$2a$10$ELJ0FcxFLTXGmPRWzynsYOj051DwZtEuuyK8ALgZUho3CIuYbvQZS";']],
    ], true);
  });

  it("stays quiet on public JWKS and password hashes", async () => {
    await expectSecrets([
      ["public JWKS", "public/jwks.json", ['+{"keys": [{"kty": "RSA", "e": "AQAB", "kid": "k1",', '+  "n": "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v"}]}']],
      ["hash under a password name", "config/users.yml", ['+  admin_password: "$2b$12$2uSUm0tOHR.6.otAic0zZuHNLjH2TJ5fymD3GwDgEGJx6Mfqbcn/u"']],
    ], false);
  });
});

describe("keys that are public by design", () => {
  it("still finds a Google key outside a Firebase web config and a Supabase service-role key", async () => {
    await expectSecrets([
      ["maps key", "src/geo.ts", ["+export const GOOGLE_MAPS_API_KEY = 'AIzaSyDT6Sa3s0zsYqSi5Tukh4q7qhSTVGeBGuY';"]],
      ["service role", "src/admin.ts", [`+const serviceKey = '${jwt({ iss: "supabase", ref: "abcdefghijklmnop", role: "service_role", iat: 1641769200 })}';`]],
    ], true);
  });

  it("stays quiet on a Firebase web config, a Supabase anon key and a Stripe publishable key", async () => {
    await expectSecrets([
      ["Firebase web config", "src/environments/environment.prod.ts", ["   firebase: {", "+    apiKey: 'AIzaSyCBvqvCqneKMR_yX28VyuEZ24GpK7ynrO4',", "+    authDomain: 'fireapp-dfee7.firebaseapp.com',", "+    projectId: 'fireapp-dfee7',"]],
      ["Supabase anon", "src/supabase.ts", [`+const supabaseAnonKey = '${jwt({ iss: "supabase", ref: "abcdefghijklmnop", role: "anon", iat: 1641769200 })}';`]],
      ["Stripe publishable", "src/pay.ts", ["+const stripeKey = 'pk_live_51HxQ2eLkdIwHu7ixJ0Rk9aZ3abcdEFGH';"]],
    ], false);
  });
});

describe("values that only stand in for a secret", () => {
  it("finds a strong password beside a localhost URL and a default password for a remote host", async () => {
    await expectSecrets([
      ["strong local", "src/main/resources/application-prod.yml", ["       url: jdbc:mysql://127.0.0.1:3306/shop?useUnicode=true", '+      username: "duoyibu"', '+      password: "!W7Ei3UN"']],
      ["default remote", "src/main/resources/application.yml", ["+    url: jdbc:mysql://10.0.0.5:3306/shop", "+    username: root", "+    password: root"]],
      ["private key", "src/keys.js", ["+const rsaPrivateKey =", "+`-----BEGIN PRIVATE KEY-----"]],
    ], true);
  });

  it("stays quiet on default passwords of local or Compose databases, template tokens and keys a comment calls public", async () => {
    await expectSecrets([
      ["localhost default", "src/main/resources/application-prod.yml", ["   datasource:", "+    url: jdbc:mysql://localhost:3306/my_db", "+    username: root", "+    password: 123456"]],
      ["Compose default", "docker-compose.yml", ["   db:", "     image: postgres:15", "     environment:", "+      POSTGRES_PASSWORD: postgres"]],
      ["template token", "content.js", ["+    clientToken: '__YourClientToken___',"]],
      ["demo key comment", "src/editor/default-tokens.js", [" // Yes, all keys here are supposed to be exposed, you can commit", " // them safely to GitHub.", " ", "+const rsaPrivateKey =", "+`-----BEGIN PRIVATE KEY-----"]],
    ], false);
  });
});

describe("more token formats and keys in request URLs", () => {
  it("finds Telegram bot tokens (even in comments), Azure storage account keys and keys in a URL's query", async () => {
    await expectSecrets([
      ["Telegram in a comment", "demo/tgbot/main.go", ["+// 1394140187:AAF1D9bRoMeCkaXa1y2H5ZvG0Ec9j7qqWFU", " func main() {"]],
      ["Azure storage", "src/Storage.cs", ['+    var cs = "DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey=q8Zk3v9W2xYt7Lm4Np6Rs1Tu0Vw5Xy8Za3Bc6De9Fg2Hi5Jk8Lm1No4Pq7Rs0Tu3Vw6Xy9Za2Bc5De8Fg==;";']],
      ["key in a URL", "assets/script.js", ['+var requestUrl = "https://api.openweathermap.org/data/2.5/weather?q=London&appid=4f112ad8f388d7d13afdcbf2472fed94"']],
    ], true);
  });

  it("stays quiet on the storage emulator's published key, public map tokens and URL parameters that are not keys", async () => {
    await expectSecrets([
      ["Azurite key", "src/Storage.cs", ['+    var cs = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;";']],
      ["Mapbox public token", "src/map.js", ["+const tiles = `https://api.mapbox.com/styles/v1/acme/tiles/{z}/{x}/{y}?access_token=pk.eyJ1IjoiYWNtZSIsImEiOiJjazEyMyJ9.abc123def456`;"]],
      ["key from a variable", "src/api.js", ["+fetch(`https://api.example.com/v1/items?api_key=${API_KEY}`)"]],
      ["version and word token", "src/load.js", ["+const u = 'https://cdn.example.org/lib.js?v=3.2.1&token=abcdefghijklmnopqrstu';"]],
    ], false);
  });
});

describe("throwaway accounts of local databases", () => {
  it("still finds an account whose password repeats its name on a remote database", async () => {
    await expectSecrets([["remote", "src/main/resources/application.yml", ["+    url: jdbc:mysql://db.acme.io:3306/shop", "+    username: shop", "+    password: shop"]]], true);
  });

  it("stays quiet when the password repeats the user name of a localhost or Compose database", async () => {
    await expectSecrets([
      ["localhost", "src/main/resources/application-prod.yml", ["+    url: jdbc:mysql://localhost:3306/haoapi_db", "+    username: xuhao", "+    password: xuhao"]],
      ["Compose", "docker-compose.yml", ["     environment:", "+      POSTGRES_USER: shop", "+      POSTGRES_PASSWORD: shop"]],
    ], false);
  });
});

describe("constants naming a stored key versus random mixed-case values", () => {
  it("finds a random mixed-case password in an upper-case constant", async () => {
    await expectSecrets([["Java constant", "src/jdbc/DatabaseConnection.java", ['+\t\tfinal String PASSWORD = "aenJX7VLJC";']]], true);
  });

  it("stays quiet on a constant whose value is a camelCase name made of words", async () => {
    await expectSecrets([["storage key name", "app/src/main/kotlin/AuthDiskSource.kt", ['+private const val PRIVATE_KEY_KEY = "encPrivateKey"']]], false);
  });
});

describe("shared links and factory defaults on private networks", () => {
  it("still finds a non-default password on a private address", async () => {
    await expectSecrets([["private non-default", "scripts/backup.py", ["+NAS_URL = 'smb://backup:Tr0ub4dor&3@192.168.1.20/share'"]]], true);
  });

  it("stays quiet on a device's factory login and a Firebase Storage download link", async () => {
    await expectSecrets([
      ["router default", "scripts/reboot.py", ["+ROUTER = 'http://admin:admin@192.168.1.1/reboot.cgi'"]],
      ["Firebase download", "src/assets.ts", ["+export const HERO = 'https://firebasestorage.googleapis.com/v0/b/acme.appspot.com/o/hero.png?alt=media&token=8c1c3f2e-2c6e-4d5c-9f6e-1234567890ab';"]],
    ], false);
  });
});

describe("'pass' as an outcome", () => {
  it("stays quiet on pass/fail words under a pass key", async () => {
    await expectSecrets([
      ["status constant", "src/grading.py", ["+STATUS_PASS = 'passed'"]],
      ["result map", "src/report.js", ["+const resultPass = 'pass-through';"]],
    ], false);
  });
});
