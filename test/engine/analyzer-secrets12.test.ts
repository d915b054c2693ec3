// Hard-coded secrets by credential sink (round 12): the table of APIs that take a secret at a known argument position
// (credential-sinks.yaml) and environment reads with a literal fallback. A literal in the secret position is a secret
// whatever the variables are called; placeholders, environment lookups and documented samples are not. Each behaviour
// has a positive and a real look-alike. Only the secrets area is checked.
import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import yaml from "js-yaml";
import { expectArea } from "./support/check-rule-cases.js";

type SecretCase = [name: string, path: string, lines: string[]];

const expectSecrets = (cases: SecretCase[], expected: boolean): Promise<void> => expectArea("secrets", cases, expected);

describe("the credential sink table", () => {
  it("gives every entry a documentation source, callees and a position", () => {
    const table = yaml.load(readFileSync(new URL("../../src/engine/analyzer/credential-sinks.yaml", import.meta.url), "utf8")) as {
      calls: Array<{ api: string; callees: string[]; argument: number; kind: string; source: string }>;
      fallbacks: Array<{ form: string; pattern: string; source: string }>;
    };
    expect(table.calls.length).toBeGreaterThanOrEqual(10);
    for (const call of table.calls) {
      expect(call.source).toMatch(/https:\/\//);
      expect(call.callees.length).toBeGreaterThan(0);
      expect(call.argument).toBeGreaterThanOrEqual(1);
      expect(["key", "password"]).toContain(call.kind);
    }
    for (const fallback of table.fallbacks) {
      expect(fallback.source.length).toBeGreaterThan(0);
      expect(() => new RegExp(fallback.pattern)).not.toThrow();
    }
  });
});

describe("a literal in a signing-key position", () => {
  it("finds JWT and cookie keys written into the call, whatever the names around them", async () => {
    await expectSecrets([
      ["jsonwebtoken verify in a middleware", "server/utils/checkAuth.js", ["+            const decoded = jwt.verify(token, '12058080');"]],
      ["jsonwebtoken sign over two lines", "routes/auth.js", ["+        const token = jwt.sign({ username: 'user1' },", "+            'titkos', { expiresIn: '30m' })"]],
      ["PyJWT encode", "api/views.py", ['+            jwt_token = jwt.encode(payload, "helloworld")']],
      ["PyJWT decode by keyword", "api/auth.py", ['+    data = jwt.decode(token, key="Vb7qPz2mK", algorithms=["HS256"])']],
      ["ruby-jwt encode", "app/controllers/application_controller.rb", ["+    JWT.encode(payload, 'Tr4ilH34d', 'HS256')"]],
      ["php-jwt encode", "api/login.php", ["+$jwt = JWT::encode($payload, 'k3yF0rT0k3ns', 'HS256');"]],
      ["java-jwt HMAC256", "src/main/java/app/TokenService.java", ['+        Algorithm algorithm = Algorithm.HMAC256("zhikang360");']],
      ["jjwt signWith", "src/main/java/app/JwtUtil.java", ['+                .signWith(SignatureAlgorithm.HS512, "itcast2024")']],
      ["golang-jwt SignedString", "pkg/token/token.go", ['+\ttokenString, err := token.SignedString([]byte("cloudstoragesystem"))']],
      ["Rust EncodingKey", "src/auth.rs", ['+    let key = EncodingKey::from_secret("w4rp-dr1ve".as_ref());']],
      ["cookie-parser", "src/main.ts", ["+  app.use(cookieParser('Rahasia'));"]],
    ], true);
  });

  it("leaves keys from the environment or configuration, placeholders and documented samples alone", async () => {
    await expectSecrets([
      ["jsonwebtoken with the environment", "utils/generateToken.js", ["+    const token = await jwt.sign(payload, process.env.JWT_SECRET_KEY, { expiresIn: '1m' })"]],
      ["jsonwebtoken README sample", "scratch/jwt.js", ["+var token = jwt.sign({ foo: 'bar' }, 'shhhhh');"]],
      ["PyJWT placeholder", "api/auth.py", ['+    token = jwt.encode(payload, "your-secret-key", algorithm="HS256")']],
      ["PyJWT with configuration", "backend/utils/auth_jwt.py", ["+            data = jwt.decode(token, app.config['SECRET_KEY'], algorithms=[\"HS256\"])"]],
      ["jwt-decode options", "src/session.js", ["+const claims = jwt.decode(token, { complete: true });"]],
      ["golang-jwt with the environment", "backend/jwt.go", ['+\treturn token.SignedString([]byte(os.Getenv("JWT_SECRET")))']],
      ["golang-jwt documented sample", "utils/jwt/foo/main.go", ['+var hmacSampleSecret = []byte("AllYourBase")']],
      ["php-jwt README sample", "try.php", ["+$jwt = JWT::encode($payload, 'example_key', 'HS256');"]],
      ["cookie-parser with the environment", "server.js", ["+app.use(cookieParser(process.env.COOKIE_SECRET));"]],
      ["RSA key read from a file", "src/sign.js", ["+const token = jwt.sign(payload, fs.readFileSync('private.key'), { algorithm: 'RS256' });"]],
    ], false);
  });
});

describe("keys handed to HMAC, JOSE and .NET token APIs", () => {
  it("finds literal keys in the key position of each", async () => {
    await expectSecrets([
      [".NET SymmetricSecurityKey", "Api/Program.cs", ['+    var key = new SymmetricSecurityKey(Encoding.UTF8.GetBytes("MinhaChaveSuperSecreta2024"));']],
      ["jose jwtVerify with an encoded literal", "src/lib/auth.ts",
        ["+const secretBytes = new TextEncoder().encode('kd83Hq0sLw');", "+const { payload } = await jwtVerify(token, secretBytes);"]],
      ["passport-jwt secretOrKey", "config/passport.js", ["+opts.secretOrKey = 'Tiger-Lily-77';"]],
      ["Go crypto/hmac", "internal/sign/sign.go", ['+	mac := hmac.New(sha256.New, []byte("webhook-7Hq2"))']],
      ["PHP hash_hmac", "api/webhook.php", ["+$signature = hash_hmac('sha256', $payload, 'Zx81kPq0');"]],
    ], true);
  });

  it("leaves keys from configuration, generated keys and placeholders alone", async () => {
    await expectSecrets([
      [".NET key from configuration", "Api/Program.cs", ['+    var key = new SymmetricSecurityKey(Encoding.UTF8.GetBytes(builder.Configuration["Jwt:Key"]));']],
      ["passport-jwt from the environment", "config/passport.js", ["+opts.secretOrKey = process.env.JWT_SECRET;"]],
      ["Go hmac with a variable", "internal/sign/sign.go", ["+	mac := hmac.New(sha256.New, key)"]],
      ["Fernet with a generated key", "app/crypto.py", ["+cipher = Fernet(Fernet.generate_key())"]],
      ["PHP hash_hmac placeholder", "api/webhook.php", ["+$signature = hash_hmac('sha256', $payload, 'your_secret_here');"]],
    ], false);
  });
});

describe("a name the change defines as a literal, passed to a sink", () => {
  it("follows the name to its literal within the file", async () => {
    await expectSecrets([
      ["a Spanish-named key", "middleware/jwt.js",
        ["+const jwt = require('jsonwebtoken');", "+const clave = 'Clave Secreta';", "+const token = jwt.sign(tokenData, clave, { expiresIn: 60 });"]],
      ["a Ruby method returning the key", "app/controllers/application_controller.rb",
        ["+  def secret_key", "+    'h3llo'", "+  end", "+", "+  def encode(payload)", "+    JWT.encode(payload, secret_key, 'HS256')", "+  end"]],
    ], true);
  });

  it("leaves names read from the environment, built from parts or defined before the change alone", async () => {
    await expectSecrets([
      ["name from the environment", "helpers/jwt.js",
        ["+const JWT_SECRET = process.env.JWT_SECRET;", "+function sign(payload) {", "+  return jwt.sign(payload, JWT_SECRET);", "+}"]],
      ["a literal prefix joined to an id", "lib/sign.js",
        ["+const k = 'user:' + userId;", "+const token = jwt.sign(payload, k);"]],
      ["definition unchanged, only the call added", "helpers/jwt.js",
        [" const k = 'Clave Secreta';", "+const token = jwt.sign(tokenData, k);"]],
    ], false);
  });
});

describe("a password in a password position", () => {
  it("finds the literal password given to a mail authenticator", async () => {
    await expectSecrets([
      ["JavaMail PasswordAuthentication", "Gmail/src/Gmail.java", ['+                        return new PasswordAuthentication(from, "BeNice");']],
    ], true);
  });

  it("leaves factory defaults and variables alone", async () => {
    await expectSecrets([
      ["factory default", "src/Mailer.java", ['+        return new PasswordAuthentication("admin", "admin");']],
      ["variables", "src/Mailer.java", ["+        return new PasswordAuthentication(username, password);"]],
    ], false);
  });
});

describe("a Google app password under a pass key", () => {
  it("finds the four groups of four letters Google shows an app password in", async () => {
    await expectSecrets([
      ["nodemailer auth.pass", "common/common.js", ["+            auth: {", "+                user: 'buspass.office@gmail.com',", "+                pass: 'qtrk vmzo lhaw ncbe',", "+            },"]],
    ], true);
  });

  it("leaves a prose placeholder under a pass key alone", async () => {
    await expectSecrets([
      ["nodemailer placeholder", "common/mailer.js", ["+                pass: 'your app password here',"]],
    ], false);
  });
});

describe("a literal fallback of an environment read", () => {
  it("finds a secret given as the default when the variable is unset", async () => {
    await expectSecrets([
      ["Python os.getenv default", "config/database.py", ["+    'password': os.getenv('DB_PASSWORD', 'X(VB#G0FAfDth')"]],
      ["Node || fallback", "middlewares/analytics.js", ["+  secret: process.env.SEGMENT_IO_SECRET || 'vxd6e6zsh5e6oc82j9ab',"]],
      ["Ruby ENV.fetch block", "config/initializers/jwt.rb", ["+JWT_SECRET = ENV.fetch('JWT_SECRET') { 'a8Kq2Lm9Zx7T' }"]],
      ["Spring placeholder default", "src/main/resources/application.yml", ["+  secret: ${JWT_SECRET:Qm9rT5zWp2Lx8Vn}"]],
    ], true);
  });

  it("leaves placeholders, local stand-ins, factory defaults and names that are not secrets alone", async () => {
    await expectSecrets([
      ["placeholder fallback", "graphql/auth/constants.ts", ["+export const JWT_SECRET = process.env.JWT_SECRET || 'your-secret-key';"]],
      ["stand-in for local runs", "config/jwt.py", ["+    JWT_SECRET_KEY = os.getenv('SECRET_KEY') or 'dev_default_jwt_secret_change_me'"]],
      ["fallback word", "src/auth/constants.ts", ["+    secret: process.env.JWT_SECRET || 'fallback_secret',"]],
      ["factory default", "src/db.js", ["+  password: process.env.MYSQL_PASSWORD || 'root',"]],
      ["default that names the variable", "app/config.py", ['+SECRET_KEY = os.getenv("SECRET_KEY", "JWT_SECRET_KEY")']],
      ["not a secret", "src/config.js", ["+const expiresIn = process.env.JWT_EXPIRES_IN || '7d';"]],
      ["generated at start", "settings.py", ["+SECRET_KEY = os.getenv('JWT_KEY', f'{md5(randbytes(128)).hexdigest()}')"]],
    ], false);
  });
});
