// Hard-coded secrets, round 13: how projects commit credentials across formats, and the look-alikes beside them.
// Publishable keys by their documented prefixes, documented sandbox keys, request and connection URLs kept in
// comments, a credential slot given a name the change defines as a literal, builder methods named for a credential,
// Helm values files, and chosen passwords in connection strings to a local server. Each behaviour has positives and
// real look-alikes. Only the secrets area is checked.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

type SecretCase = [name: string, path: string, lines: string[]];

const expectSecrets = (cases: SecretCase[], expected: boolean): Promise<void> => expectArea("secrets", cases, expected);

describe("publishable keys by their documented prefix", () => {
  it("leaves Mapbox public tokens and Stripe publishable keys alone, whatever the key is called", async () => {
    await expectSecrets([
      ["Mapbox public token on mapboxgl", "index.js", ["+mapboxgl.accessToken = 'pk.eyJ1IjoiamNoaWxsIiwiYSI6ImNrZGl0cGlpbzA4ZmEzMm8wZHdkYmJiNDMifQ.C941o-cDXISu58gsmm8sIw';"]],
      ["Mapbox public token as a constant", "src/map.ts", ['+const MAPBOX_ACCESS_TOKEN = "pk.eyJ1Ijoia29zdGFzdHJpIiwiYSI6ImNtNnBmZ3Y2cjE5OTAya3NodGRpc2MwMzgifQ.i1BiNurDcmUx7-HbNIfsjA";']],
      ["Stripe publishable key", "src/stripe.js", ["+const stripeKey = 'pk_live_51PLdMqKonEVXP26LQFXVIgZFCK2Z7AW6NQLZ3W1xm0Nc';"]],
    ], false);
  });

  it("still finds a Mapbox secret token and a key without a publishable prefix", async () => {
    await expectSecrets([
      ["Mapbox secret token", "scripts/upload.js", ["+const accessToken = 'sk.eyJ1IjoiamNoaWxsIiwiYSI6ImNrZGl0cGlpbzA4ZmEzMm8wZHdkYmJiNDMifQ.Q941o-cDXISu58gsmm8sIw';"]],
      ["map service token without a public prefix", "src/tiles.js", ["+const accessToken = 'tk9Xw2LmQ7vR4sZ8pN3bJ6yH1cF5gD0a';"]],
    ], true);
  });
});

describe("documented sandbox keys", () => {
  it("leaves CoinMarketCap's published sandbox key alone", async () => {
    await expectSecrets([
      ["the quick-start's sandbox key", "coinmarket.py", ["+headers = {", "+  'Accepts': 'application/json',", "+  'X-CMC_PRO_API_KEY': 'b54bcf4d-1bca-4e8e-9a24-22ff2c3d462c',", "+}"]],
    ], false);
  });

  it("still finds an account's own key in the same header", async () => {
    await expectSecrets([
      ["a real CoinMarketCap key", "coinmarket.py", ["+headers = {", "+  'Accepts': 'application/json',", "+  'X-CMC_PRO_API_KEY': 'c0ffee12-9a7b-4d3e-8f21-6b5a4c3d2e1f',", "+}"]],
    ], true);
  });
});

describe("URLs kept in comments", () => {
  it("finds a working request URL with its key, and a connection URL with its password, in a comment", async () => {
    await expectSecrets([
      ["TMDB request URL in a Java comment", "app/src/main/java/app/Constants.java", ["+// Working API request to find titanic", "+// https://api.themoviedb.org/3/search/movie?api_key=1b8bcb3f9c653e93116366378d884876&query=titanic"]],
      ["weather request URL in a Python comment", "weather.py", ["+# http://api.openweathermap.org/data/2.5/weather?q=London&appid=7f6824a9a416eabb078fbb2892379766"]],
      ["commented-out Atlas connection string", "config/prod.js", ["+  //mongodb+srv://myuser:654Abc@cluster0.kc9md.mongodb.net/dbase?retryWrites=true&w=majority"]],
    ], true);
  });

  it("leaves documented URL shapes, placeholders, example hosts and local servers in comments alone", async () => {
    await expectSecrets([
      ["placeholder key in a comment URL", "weather.js", ["+// https://api.openweathermap.org/data/2.5/weather?q=London&appid=YOUR_API_KEY_GOES_HERE"]],
      ["example host", "client.py", ["+# e.g. https://api.example.com/v1/items?api_key=3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"]],
      ["short demo key", "nasa.js", ["+// https://api.nasa.gov/planetary/apod?api_key=DEMO_KEY"]],
      ["Atlas placeholder", "db.js", ["+// mongodb+srv://<username>:<password>@cluster0.abcde.mongodb.net/test"]],
      ["local server", "db.js", ["+// postgres://app:s3cr3tPass@localhost:5432/app"]],
    ], false);
  });
});

describe("a credential slot given a name the change defines as a literal", () => {
  it("follows the literal into keyword arguments and properties named for a credential", async () => {
    await expectSecrets([
      ["Spotify client secret through a variable", "spotify_api.py", [
        '+id = "96c0eaa3eb774eb4a1ddbcc8db88e3fc"',
        '+secret_id = "907e866598ad4cfcb9038fdcae86f4cd"',
        "+sp = spotipy.Spotify(auth_manager=SpotifyOAuth(client_id= id,",
        "+                                               client_secret= secret_id,",
        '+                                               redirect_uri="http://localhost:8888/callback"))',
      ]],
      ["nodemailer pass through a constant", "mailer.js", [
        "+const gmailApp = 'luhnzvzsomkrajvg';",
        "+const transporter = nodemailer.createTransport({",
        "+  service: 'gmail',",
        "+  auth: { user: 'shop@example.org', pass: gmailApp },",
        "+});",
      ]],
    ], true);
  });

  it("leaves names read from the environment, parameters, defaults and names defined before the change alone", async () => {
    await expectSecrets([
      ["name from the environment", "spotify_api.py", [
        '+secret_id = os.environ["SPOTIFY_SECRET"]',
        "+sp = spotipy.Spotify(auth_manager=SpotifyOAuth(client_id=cid, client_secret=secret_id))",
      ]],
      ["function parameter", "client.py", ["+def connect(user, pwd):", "+    return Client(username=user, password=pwd)"]],
      ["factory default", "db.py", ['+db_pass = "root"', "+conn = connect(host=host, password=db_pass)"]],
      ["definition already committed", "spotify_api.py", [
        ' secret_id = "907e866598ad4cfcb9038fdcae86f4cd"',
        "+sp = spotipy.Spotify(auth_manager=SpotifyOAuth(client_id=cid, client_secret=secret_id))",
      ]],
      ["TypeScript parameter type", "src/auth.ts", ["+const realm = 'staff-portal-2024';", "+export function login(username: string, password: string, scope = realm) {}"]],
      ["same name on both sides", "src/db.js", ["+const password = process.env.DB_PASSWORD;", "+const pool = new Pool({ user: 'app', password: password });"]],
    ], false);
  });
});

describe("builder methods named for a credential", () => {
  it("finds a literal password given to a DataSourceBuilder for a real server", async () => {
    await expectSecrets([
      ["RDS DataSourceBuilder", "src/main/java/app/DataSourceConfig.java", [
        '+                .url("jdbc:postgresql://database-1.ckhxbf4wuzkc.us-east-1.rds.amazonaws.com:5432/exam")',
        '+                .username("postgres")',
        '+                .password("admin123")',
      ]],
      ["Jedis client config", "src/main/java/app/RedisConfig.java", ['+        DefaultJedisClientConfig.builder().user("app").password("Hq7!vLr29xTz").build();']],
    ], true);
  });

  it("leaves local throwaway passwords, placeholders and values from configuration alone", async () => {
    await expectSecrets([
      ["local database, short password", "src/main/java/DatasourceConfig.java", ['+                .url("jdbc:postgresql://127.0.0.1:5432/oop")', '+                .username("oop")', '+                .password("123")']],
      ["local database, factory default", "src/main/java/DatasourceConfig.java", ['+                .url("jdbc:mysql://localhost:3306/shop")', '+                .username("root")', '+                .password("root")']],
      ["placeholder", "src/main/java/DatasourceConfig.java", ['+                .password("your_password")']],
      ["from configuration", "src/main/java/DatasourceConfig.java", ['+                .password(env.getProperty("db.password"))']],
    ], false);
  });
});

describe("Helm values files", () => {
  it("leave a chart's bundled database on its factory default or user name alone", async () => {
    await expectSecrets([
      ["Bitnami postgresql auth", "backend/k8s/db/postgres-values.yaml", ["+auth:", "+  username: postgres", "+  password: postgres", "+  database: copilot"]],
      ["values.yaml redis default", "charts/app/values.yaml", ["+redis:", "+  auth:", "+    password: redis", "+    username: redis"]],
    ], false);
  });

  it("still find a chosen password in a values file", async () => {
    await expectSecrets([
      ["values file with a real password", "charts/app/values-prod.yaml", ["+auth:", "+  username: app", "+  password: Xk82mQ9zLpW4"]],
    ], true);
  });
});

describe("connection strings to a local server", () => {
  it("count a chosen password", async () => {
    await expectSecrets([
      ["appsettings with a personal password", "appsettings.json", ['+    "ConnectionStrings": { "DefaultConnection": "Host=localhost;Port=5432;Database=AuthDatabase;Username=postgres;Password=G@brielp10;" },']],
    ], true);
  });

  it("leave sample and default passwords alone", async () => {
    await expectSecrets([
      ["SQL Server sample password", "appsettings.json", ['+    "DefaultConnection": "Server=localhost;Database=Shop;User Id=sa;Password=Passw0rd!;TrustServerCertificate=True;"']],
      ["numbered default", "appsettings.json", ['+    "DefaultConnection": "Server=.;Database=Shop;User Id=sa;Password=admin123;"']],
      ["Microsoft's documented strong-password sample", "appsettings.json", ['+    "DefaultConnection": "Server=localhost,1433;Database=Shop;User Id=sa;Password=yourStrong(!)Password;"']],
    ], false);
  });
});

describe("provider key formats and sinks", () => {
  it("finds a Mailchimp key by its data-centre suffix and a Cohere key given to the client", async () => {
    await expectSecrets([
      ["drewm/mailchimp-api client", "submitToMailChimp.php", ["+$MailChimp = new MailChimp('29187bb1c2791ec54bbde069d92e3c37-us19');"]],
      ["Mailchimp key in a config array", "config/mail.php", ["+    'mailchimp' => ['list' => '3796175ac2', 'api' => '5b7d9f1e3a2c4b6d8e0f1a3c5e7b9d2f-us6'],"]],
      ["cohere-node init", "api.js", ["+cohere.init('oMAjSR2qS6SCrobemgS3a2t55ZSGSE5Xu6d8dNoN')"]],
      ["cohere python client", "classify.py", ["+co = cohere.Client('Zq8RtY2vW4xN6mP0aS3dF5gH7jK9lB1c')"]],
    ], true);
  });

  it("leaves the documented samples and keys from the environment alone", async () => {
    await expectSecrets([
      ["drewm README sample", "mail.php", ["+$MailChimp = new MailChimp('abc123abc123abc123abc123abc123-us1');"]],
      ["cohere placeholder", "api.js", ["+cohere.init('YOUR_API_KEY')"]],
      ["cohere from the environment", "classify.py", ["+co = cohere.Client(os.environ['COHERE_API_KEY'])"]],
    ], false);
  });
});

describe("a subscript assignment split by a formatter", () => {
  it("reads the key and the value lines as one statement", async () => {
    await expectSecrets([
      ["Flask JWT key split by Black", "login_index.py", ['+app.config[', '+    "JWT_SECRET_KEY"', '+] = "7$*&?>fhd3433@#4227"  # Change this to a secure random key in production']],
    ], true);
  });

  it("leaves split subscripts given the environment or a placeholder alone", async () => {
    await expectSecrets([
      ["from the environment", "app.py", ['+app.config[', '+    "JWT_SECRET_KEY"', '+] = os.environ["JWT_SECRET_KEY"]']],
      ["placeholder", "app.py", ['+app.config[', '+    "SECRET_KEY"', '+] = "change-me"']],
      ["value already committed", "app.py", [' app.config[', '+    "JWT_SECRET_KEY"', ' ] = "7$*&?>fhd3433@#4227"']],
    ], false);
  });
});

describe("configuration templates named by a suffix", () => {
  it("finds known key formats filled into an .env.example", async () => {
    await expectSecrets([
      ["Mailgun secret in .env.example", ".env.example", ["+MAILGUN_DOMAIN=sandbox32894f920f614df88e9390751ad72745.mailgun.org", "+MAILGUN_SECRET=400bd0125ca4040e062c2726663356e0-8889127d-a45d611e"]],
      ["Stripe live key in a .dist file", "config/parameters.yml.dist", ["+    stripe_secret: sk_live_51HxT9aKq2LmNoPqRsTuVwXyZ0123abcd"]],
    ], true);
  });

  it("leaves placeholders and plain words in templates alone, and templates inside test folders", async () => {
    await expectSecrets([
      ["placeholder password", ".env.example", ["+DB_PASSWORD=secret", "+MAIL_PASSWORD=your-mail-password"]],
      ["chosen-looking password in a template", ".env.example", ["+DB_PASSWORD=Kq93mZ!t7"]],
      ["PEM placeholder body", ".env.example", ['+ATTESTATION_SIGNING_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\nreplace-me\\n-----END PRIVATE KEY-----"']],
      ["template in a test folder", "tests/fixtures/.env.example", ["+MAILGUN_SECRET=400bd0125ca4040e062c2726663356e0-8889127d-a45d611e"]],
    ], false);
  });
});

describe("values that name the slot instead of filling it", () => {
  it("leaves the word for password in other languages, slot descriptions and upper-case slot tokens alone", async () => {
    await expectSecrets([
      ["Portuguese 'senha'", "src/acesso_a_dado/Database.java", ['+    private static final String PASSWORD = "senha";']],
      ["German 'Passwort'", "config.php", ["+$config['db_password'] = 'Passwort';"]],
      ["slot description", "ExampleEmailSender.java", ['+        final String password = "Sender_Email_Password";']],
      ["upper-case slot token", "app/config/database.php", ["+    'password' => 'MYSQLPASSWORD',"]],
    ], false);
  });

  it("still finds weak secrets written as words for 'secret', and real passwords", async () => {
    await expectSecrets([
      ["cookie secret 'Rahasia'", "src/main.ts", ["+  app.use(cookieParser('Rahasia'));"]],
      ["a chosen password", "src/Database.java", ['+    private static final String PASSWORD = "Bq7!senhaForte";']],
    ], true);
  });
});

describe("private key headers", () => {
  it("need a body: a long base64 run on the header's line or the next two", async () => {
    await expectSecrets([
      ["header with its body", "keys.go", ["+var key = `-----BEGIN RSA PRIVATE KEY-----", "+MIIEpQIBAAKCAQEAumH27frnBBnP/sgSbgiGkkxUGflZOJU0AZ+zDlGh4xIsam+8", "+mSI/DKGodwQ6rDtjpWhLmIAPEusRC0Pw78+zxGZihxNEmuHM4vEQkwBLKAPAX8oo"]],
    ], true);
    await expectSecrets([
      ["header with a placeholder body", "config/keys.js", ['+  privateKey: "-----BEGIN PRIVATE KEY-----\\nPASTE-YOUR-KEY\\n-----END PRIVATE KEY-----",']],
    ], false);
  });
});
