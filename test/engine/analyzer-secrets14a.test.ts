// Round 14a (secrets in source code): a hex bearer token judged by the spread a hex alphabet allows, the Authorization
// header set value-first (Foundation's setValue(_:forHTTPHeaderField:)) or through Dart's HttpHeaders.authorizationHeader,
// the bare Spanish/Portuguese/Italian word for "key" naming an account's password beside its user, a client secret kept
// under a "secret id" name, OpenWeatherMap's key kept under an "app id" name, and SendGrid clients constructed in every
// SDK. Read from the validation batch after it was scored: a password slot filled with "pass" (its own short form), and
// Twilio's Go client constructors. Each kind has look-alikes that must stay silent.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("round-14a secrets in source code", () => {
  it("finds them", async () => {
    await check([
      ["a hex bearer token in an OkHttp interceptor", "app/src/main/java/com/acme/TokenInterceptor.kt", [
        "         val newRequest: Request = chain.request().newBuilder()",
        '+            .header("Authorization", "Bearer 64343ea1293fa64343ea1293fd")',
        "             .build()",
      ], "secrets"],
      ["a bearer token in a Go request header", "client/api.go", ['+\treq.Header.Set("Authorization", "Bearer 7f3e9a1c5b2d8e4f6a0c7b3d9e1f5a2c")'], "secrets"],
      ["a bearer token set value-first on a URLRequest", "App/Network/APIClient.swift", [
        '+        request.setValue("Bearer 9d2f7c1a4e8b3f6d0a5c9e2b7f4d1a8c", forHTTPHeaderField: "Authorization")',
      ], "secrets"],
      ["a bearer token added with addValue", "App/Network/Feed.swift", [
        '+        req.addValue("Bearer Zx81kQm2Lp0sVt7RwY4nHj6bGd3cFe9a", forHTTPHeaderField: "Authorization")',
      ], "secrets"],
      ["a bearer token under Dart's authorizationHeader", "lib/api/client.dart", [
        "+    headers: {HttpHeaders.authorizationHeader: 'Bearer 4b9e2d7a1c6f3e8b5d0a9c2e7f1b4d6a'},",
      ], "secrets"],
      ["a Spanish 'clave' beside its user in a JDBC test", "src/TestConexion.java", [
        '+        String usuario = "remoto";',
        '+        String clave = "malagaserade2Bproximamente";',
        '+        String url = "jdbc:mysql://vps456458.ovh.net:3306/INMOLOSA";',
      ], "secrets"],
      ["a Portuguese 'chave' beside the login", "app/config.py", [
        '+login = "operador"',
        '+chave = "Rk29vLmq7TzP"',
      ], "secrets"],
      ["a client secret under a Swift 'secretID'", "Balance/Music/Config.swift", [
        "+enum SpotifyKeys {",
        '+    static var secretID = "d389fb0d126f4960ba79b031145f6f49"',
        "+}",
      ], "secrets"],
      ["a client secret under a Python 'secret_id'", "spotify_api.py", ['+secret_id = "907e866598ad4cfcb9038fdcae86f4cd"'], "secrets"],
      ["OpenWeatherMap's key under a Dart 'appId'", "lib/constants.dart", [
        "+class Constants {",
        "+  static const String weatherBaseUrl = 'api.openweathermap.org';",
        '+  static const String weatherAppId = "82cbf1dd2b3a96bc592a27c4d501f02a";',
        "+}",
      ], "secrets"],
      ["OpenWeatherMap's key under a JS APP_ID with the API URL in context", "src/weather.js", [
        ' const BASE = "https://api.openweathermap.org/data/2.5/weather";',
        '+const OWM_APP_ID = "5c1f9e3a7b2d4c8e6f0a1b3d5e7f9a2c";',
      ], "secrets"],
    ]);
    await expectArea("subprocessors", [
      ["a SendGrid client built in Python", "notify/send.py", ["+    sg = SendGridAPIClient(os.environ.get('SENDGRID_API_KEY'))"]],
      ["a SendGrid client built in C#", "Services/Mailer.cs", ["+        var client = new SendGridClient(apiKey);"]],
      ["a SendGrid client built in PHP", "src/Mailer.php", ["+$sendgrid = new \\SendGrid(getenv('SENDGRID_API_KEY'));"]],
      ["a SendGrid client built in Go", "mail/send.go", ['+\tclient := sendgrid.NewSendClient(os.Getenv("SENDGRID_API_KEY"))']],
      ["a Twilio client built in Go (read from the validation batch)", "sms/send.go", ["+\tclient := twilio.NewRestClientWithParams(twilio.ClientParams{", "+\t\tUsername: accountSid,", "+\t})"]],
      ["a Twilio client built in Go without parameters", "sms/send.go", ["+\tclient := twilio.NewRestClient()"]],
    ], true);
    await check([
      ["a chosen password is still one beside 'pass'-named slots", "src/db.c", ['+static char *opt_password = "Tr0ub4dor&3x";'], "secrets"],
    ]);
  });

  it("leaves the look-alikes alone", async () => {
    await check([
      ["a bearer 'token' of one repeated character", "app/src/main/java/com/acme/TokenInterceptor.kt", ['+            .header("Authorization", "Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaa")'], null],
      ["a bearer 'token' typed as a run of hex digits", "client/api.go", ['+\treq.Header.Set("Authorization", "Bearer 0123456789abcdef0123456789abcdef")'], null],
      ["a bearer token interpolated into setValue", "App/Network/APIClient.swift", ['+        request.setValue("Bearer \\(token)", forHTTPHeaderField: "Authorization")'], null],
      ["a literal set on another header value-first", "App/Network/APIClient.swift", ['+        request.setValue("application/json", forHTTPHeaderField: "Content-Type")'], null],
      ["Dart's authorizationHeader with a placeholder", "lib/networking/authenticated_requests.dart", ["+    headers: {HttpHeaders.authorizationHeader: \"Basic your_api_token_here\"},"], null],
      ["'clave' naming a map key", "src/util.js", ['+const clave = "nombre_usuario";'], null],
      ["'clave' as a product code, no account nearby", "src/Producto.java", ['+    private String clave = "A1B2C3D4E5";', '+    private String descripcion = "Tornillo";'], null],
      ["'chave' read from the environment beside the user", "app/config.py", ['+usuario = os.environ["DB_USER"]', '+chave = os.environ["DB_PASS"]'], null],
      ["a Secrets Manager 'SecretId' naming the secret", "infra/secrets.py", ['+SECRET_ID = "prod/db/password"'], null],
      ["Tencent Cloud's SecretId (not hex)", "cos/client.py", ['+secret_id = "AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA"'], null],
      ["a 'secretId' holding a hex run typed in order", "App/Keys.swift", ['+    static let secretId = "0123456789abcdef0123456789abcdef"'], null],
      ["Facebook's numeric app id", "src/facebook.js", ['+const FB_APP_ID = "1234567890123";'], null],
      ["a 32-hex app id of another vendor, no OpenWeatherMap call", "lib/agora.dart", ['+  static const String agoraAppId = "d1b4c4b2e5d44e8f9f3a4b7c9e0f1a2b";'], null],
      ["an OpenWeatherMap app id placeholder", "lib/constants.dart", [
        "+  static const String weatherBaseUrl = 'api.openweathermap.org';",
        '+  static const String weatherAppId = "YOUR_APP_ID";',
      ], null],
    ]);
    await check([
      ["connection options filled with their own names (read from the validation batch)", "Lib/sql.c", [
        '+static char *opt_host_name = "host"; /* HOST */',
        '+static char *opt_user_name = "user"; /* USERNAME */',
        '+static char *opt_password = "pass"; /* PASSWORD */',
      ], null],
      ["a password slot holding 'pwd'", "config/db.py", ['+DB_PASSWORD = "pwd"'], null],
    ]);
    await expectArea("subprocessors", [
      ["a comment naming the SendGrid client", "notify/send.py", ["+    # SendGridAPIClient(key) is built in mailer.py"]],
      ["a class merely named like the client", "Services/MySendGridClientFactory.cs", ["+    public class MySendGridClientFactory { }"]],
    ], false);
  });
});
