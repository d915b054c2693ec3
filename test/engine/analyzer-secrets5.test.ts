// Hard-coded secrets by kind (round 5): placeholders written in other languages, Discord bot tokens, passwords handed
// positionally to connection calls, sample files judged by content, and demo programs that hash a literal.
// Only the secrets area is checked.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

type SecretCase = [name: string, path: string, lines: string[]];

const expectSecrets = (cases: SecretCase[], expected: boolean): Promise<void> => expectArea("secrets", cases, expected);

describe("placeholders written in other languages", () => {
  it("reads words with a 'your'/'here' word of another language, or in another script, as a slot to fill in", async () => {
    await expectSecrets([
      ["German spaced", "chat.py", ['+openai.api_key = "deine API_Key hier"']],
      ["German hyphens", "chat.php", ['+$OPENAI_API_KEY = "Deine-OpenAI-API";']],
      ["German umlaut", "call.py", ["+api_key = 'DEIN_OPENAI_API_SCHLÜSSEL'"]],
      ["French", "main.py", ['+api_key = "votre_cle_api"']],
      ["Spanish", "app.js", ['+const API_KEY = "tu_api_key";']],
      ["Portuguese", "app.js", ['+const apiKey = "sua_chave_aqui";']],
      ["Russian", "bot.py", ["+API_TOKEN = 'ВАШ_ТОКЕН_ЗДЕСЬ'"]],
      ["Russian single word", "weather.py", ['+api_key = "ключ"']],
    ], false);
  });

  it("still finds word-like values that are real (weak) secrets, and key-shaped ones", async () => {
    await expectSecrets([
      ["words without a fill-in word", "config.py", ['+DB_PASSWORD = "Tortuga_Verde"']],
      ["hex key", "weather.py", ["+API_key = '67647fab6c0de384c7813d151913d53a'"]],
      ["mixed password", "db.php", ["+$dbpassword = 'YYaSIfGn39';"]],
    ], true);
  });
});

describe("Discord bot tokens", () => {
  const token = "MTI1NjU2OTEwNDIzMjYxMTg1MA.GKsRMA.EnHrL4R3M6iuO_eP19KG9vrKvlrBrpnRX4Yi2c";
  it("finds the token format wherever it is, even in a sample file", async () => {
    await expectSecrets([
      ["passed to run", "bot.py", [`+client.run("${token}")`]],
      ["in a sample config", "config.sample.json", [`+  "discord_token": "${token}"`]],
    ], true);
  });

  it("leaves dotted values of another shape alone", async () => {
    await expectSecrets([
      ["placeholder token", "bot.py", ['+client.run("YOUR.BOT.TOKEN")']],
      ["version triple", "bot.py", ['+client.run("MTI1NjU2.OTEw.NDIz")']],
    ], false);
  });
});

describe("passwords handed positionally to connection calls", () => {
  it("finds the third argument of JDBC getConnection, mysqli and PDO, also when the call runs over lines", async () => {
    await expectSecrets([
      ["JDBC over two lines", "src/main/java/DatabaseConnection.java", [
        "+            Connection con=DriverManager.getConnection(",
        '+                    "jdbc:mysql://wetraindb.ckbiquzyonvq.us-east-1.rds.amazonaws.com:3306/","admin","WeTrain!");',
      ]],
      ["mysqli", "db.php", ['+$conn = mysqli_connect("sql301.epizy.com", "epiz_2871", "Kq8vLz02pX", "epiz_2871_db");']],
      ["PDO", "db.php", ['+$db = new PDO("mysql:host=db4free.net;dbname=shop", "shopadmin", "n7Hq2LwPz");']],
    ], true);
  });

  it("leaves variables, placeholders and local factory defaults alone", async () => {
    await expectSecrets([
      ["variables", "src/main/java/Db.java", ["+        return DriverManager.getConnection(URL, USER, PASSWORD);"]],
      ["placeholder", "db.php", ['+$conn = mysqli_connect("localhost", "db_user", "your_password", "db_name");']],
      ["local root", "db.php", ['+$conn = mysqli_connect("localhost", "root", "root", "shop");']],
      ["local empty", "src/main/java/Db.java", ['+        return DriverManager.getConnection("jdbc:mysql://localhost:3306/shop", "root", "");']],
    ], false);
  });
});

describe("sample files judged by content", () => {
  it("finds a credential beside a cloud database endpoint in sample.py", async () => {
    await expectSecrets([
      ["sample.py", "sample.py", [
        "+    connection = psycopg2.connect(user = \"iot\",",
        "+                                  password = \"iot1234\",",
        "+                                  host = \"ec2-3-80-128-28.compute-1.amazonaws.com\",",
      ]],
    ], true);
  });

  it("leaves template values in sample files alone", async () => {
    await expectSecrets([
      ["local sample", "config.sample.py", ["+DB_HOST = 'localhost'", "+DB_PASSWORD = 'Sup3rSecret!'"]],
      ["example env", ".env.example", ["+JWT_SECRET=k8Hq2LwPzR7vX9mN"]],
    ], false);
  });
});

describe("demo programs that hash a literal", () => {
  it("leaves a literal hashed in a main function alone", async () => {
    await expectSecrets([
      ["Go md5 demo", "pkg/encrypt/Md5.go", [
        "+func main() {",
        '+\tpassword := "abcde"',
        "+\tmd5Hash := GetMD5Hash(password)",
        '+\tfmt.Println("password result:", md5Hash)',
        "+}",
      ]],
    ], false);
  });

  it("still finds a hashed literal outside a demo program (a seeded account)", async () => {
    await expectSecrets([
      ["seed", "internal/seed/admin.go", [
        "+func SeedAdmin(db *gorm.DB) {",
        '+\tpassword := "Adm1n!2024x"',
        "+\thash, _ := bcrypt.GenerateFromPassword([]byte(password), 10)",
        "+\tdb.Create(&User{Name: \"admin\", Password: string(hash)})",
      ]],
    ], true);
  });
});
