// Round 13 (encai13): encryption and AI use.
// - Certificate or host-name checks switched off in the documented settings of directory (OpenLDAP, python-ldap, PHP,
//   sssd, Vault, .NET, JNDI), cache (redis-py, Celery, Lettuce, StackExchange.Redis), database (MySQL Connector/J,
//   MySqlConnector, Npgsql, mysql-connector-python, go-sql-driver/mysql, pgJDBC, SQL Server), mail (PHP SSL context,
//   JavaMail) and Kafka clients, with their safe settings as look-alikes.
// - A vector store built from documents (LangChain from_documents / from_texts, LlamaIndex VectorStoreIndex) embeds
//   them with the provider: the repository's own files read at a literal path are fixed text, a person's upload is not.
// - PHP's cURL request body (curl_setopt CURLOPT_POSTFIELDS) read like any HTTP post, PHP's `$name = ...` followed.
// - Password hashing with plain digests in more languages and libraries (Ruby Digest::SHA2, Elixir :crypto.hash, Dart
//   package:crypto, Web Crypto, MySQL SHA2(), hashlib.new, Guava, Spring Security's deprecated encoders) and in framework
//   configuration (devise-encryptable's encryptor, Symfony's password hashers).
// - In a file that uses a text tokenizer (tiktoken, Hugging Face), a logged `token` is a piece of text, not a credential.
import { describe, expect, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("verification switched off in directory, cache, database, mail and queue clients", () => {
  it("finds the documented switches", async () => {
    await check([
      ["python-ldap require cert never", "app/ldap_auth.py", ["+    ldap.set_option(ldap.OPT_X_TLS_REQUIRE_CERT, ldap.OPT_X_TLS_NEVER)"], "encryption"],
      ["python-ldap require cert allow", "app/ldap_auth.py", ["+    conn.set_option(ldap.OPT_X_TLS_REQUIRE_CERT, ldap.OPT_X_TLS_ALLOW)"], "encryption"],
      ["django-auth-ldap global options", "app/settings.py", ["+AUTH_LDAP_GLOBAL_OPTIONS = {ldap.OPT_X_TLS_REQUIRE_CERT: ldap.OPT_X_TLS_NEVER}"], "encryption"],
      ["PHP ldap_set_option", "src/Ldap.php", ["+        ldap_set_option(null, LDAP_OPT_X_TLS_REQUIRE_CERT, LDAP_OPT_X_TLS_NEVER);"], "encryption"],
      ["LDAPTLS_REQCERT in PHP", "src/Ldap.php", ["+        putenv('LDAPTLS_REQCERT=never');"], "encryption"],
      ["ldap.conf TLS_REQCERT", "etc/openldap/ldap.conf", ["+TLS_REQCERT never"], "encryption"],
      ["sssd ldap_tls_reqcert", "etc/sssd/sssd.conf", ["+ldap_tls_reqcert = allow"], "encryption"],
      ["LDAPTLS_REQCERT in compose", "docker-compose.yml", ["+      LDAPTLS_REQCERT: never"], "encryption"],
      ["Vault LDAP insecure_tls", "infra/vault.tf", ["+  insecure_tls = true"], "encryption"],
      [".NET LDAP VerifyServerCertificate", "src/Ldap.cs", ["+            connection.SessionOptions.VerifyServerCertificate = (conn, cert) => true;"], "encryption"],
      ["StackExchange.Redis CertificateValidation", "src/Redis.cs", ["+            options.CertificateValidation += (sender, cert, chain, errors) => true;"], "encryption"],
      ["JNDI endpoint identification off", "src/main/java/x/Ldap.java", ["+        System.setProperty(\"com.sun.jndi.ldap.object.disableEndpointIdentification\", \"true\");"], "encryption"],
      ["redis-py ssl_cert_reqs None", "app/cache.py", ["   redis_client = redis.Redis(", "+    ssl=use_ssl,", "+    ssl_cert_reqs=None if use_ssl else \"none\","], "encryption"],
      ["Celery broker_use_ssl none", "app/celery.py", ["+broker_use_ssl = {'ssl_cert_reqs': 'none'}"], "encryption"],
      ["rediss URL ssl_cert_reqs=none", "app/settings.py", ["+CELERY_BROKER_URL = 'rediss://:pw@cache:6380/0?ssl_cert_reqs=none'"], "encryption"],
      ["Lettuce verifyPeer false", "src/main/java/x/RedisConfig.java", ["+        RedisURI uri = RedisURI.builder().withSsl(true).withVerifyPeer(false).build();"], "encryption"],
      ["Lettuce SslVerifyMode.NONE", "src/main/java/x/RedisConfig.java", ["+        uri.setVerifyPeer(SslVerifyMode.NONE);"], "encryption"],
      ["Connector/J sslMode=DISABLED", "src/main/resources/application.properties", ["+spring.datasource.url=jdbc:mysql://db:3306/app?sslMode=DISABLED"], "encryption"],
      ["Npgsql SSL Mode=Disable", "appsettings.json", ["+    \"Default\": \"Host=db;Database=app;SSL Mode=Disable\""], "encryption"],
      ["MySqlConnector SslMode=None", "appsettings.json", ["+    \"Default\": \"Server=db;Database=app;SslMode=None\""], "encryption"],
      ["pgJDBC NonValidatingFactory", "src/main/resources/application.yml", ["+    url: jdbc:postgresql://db:5432/app?sslfactory=org.postgresql.ssl.NonValidatingFactory"], "encryption"],
      ["mysql-connector-python ssl_disabled", "app/db.py", ["+    conn = mysql.connector.connect(host=h, ssl_disabled=True)"], "encryption"],
      ["go-sql-driver tls=skip-verify", "internal/db/db.go", ["+\tdsn := fmt.Sprintf(\"%s:%s@tcp(%s)/%s?tls=skip-verify\", u, p, h, d)"], "encryption"],
      ["SQLAlchemy ssl dict check_hostname", "app/db.py", ["+engine = create_engine(url, connect_args={'ssl': {'check_hostname': False}})"], "encryption"],
      ["PHP allow_self_signed", "config/mail.php", ["+            'allow_self_signed' => true,"], "encryption"],
      ["JavaMail checkserveridentity false", "src/main/java/x/Mail.java", ["+        props.put(\"mail.smtp.ssl.checkserveridentity\", \"false\");"], "encryption"],
      ["Kafka endpoint identification off", "config/kafka.properties", ["+ssl.endpoint.identification.algorithm="], "encryption"],
    ]);
  });

  it("leaves the safe settings, loopback hosts and prose alone", async () => {
    await check([
      ["ldap.conf TLS_REQCERT demand", "etc/openldap/ldap.conf", ["+TLS_REQCERT demand"], null],
      ["python-ldap require cert demand", "app/ldap_auth.py", ["+    ldap.set_option(ldap.OPT_X_TLS_REQUIRE_CERT, ldap.OPT_X_TLS_DEMAND)"], null],
      ["redis-py cert required", "app/cache.py", ["+    ssl_cert_reqs=\"required\","], null],
      ["a check of the setting", "app/cache.py", ["+    if ssl_cert_reqs is None:"], null],
      ["Connector/J sslMode=VERIFY_IDENTITY", "src/main/resources/application.properties", ["+spring.datasource.url=jdbc:mysql://db:3306/app?sslMode=VERIFY_IDENTITY"], null],
      ["MySqlConnector SslMode=Required", "appsettings.json", ["+    \"Default\": \"Server=db;Database=app;SslMode=Required\""], null],
      ["MySqlConnector SslMode=None on LocalDB", "appsettings.json", ["+    \"Default\": \"Server=(localdb)\\\\mssqllocaldb;Database=app;SslMode=None\""], null],
      ["Connector/J on localhost", "src/main/resources/application.properties", ["+spring.datasource.url=jdbc:mysql://localhost:3306/app?sslMode=DISABLED"], null],
      ["ssl_disabled False", "app/db.py", ["+    conn = mysql.connector.connect(host=h, ssl_disabled=False)"], null],
      ["go-sql-driver tls=true", "internal/db/db.go", ["+\tdsn := fmt.Sprintf(\"%s:%s@tcp(%s)/%s?tls=true\", u, p, h, d)"], null],
      ["check_hostname True", "app/db.py", ["+engine = create_engine(url, connect_args={'ssl': {'check_hostname': True}})"], null],
      ["allow_self_signed false", "config/mail.php", ["+            'allow_self_signed' => false,"], null],
      ["Kafka https identification", "config/kafka.properties", ["+ssl.endpoint.identification.algorithm=https"], null],
      ["Vault insecure_tls false", "infra/vault.tf", ["+  insecure_tls = false"], null],
      ["Lettuce verifyPeer true", "src/main/java/x/RedisConfig.java", ["+        RedisURI.builder().withSsl(true).withVerifyPeer(true);"], null],
      [".NET callback that checks", "src/Ldap.cs", ["+            connection.SessionOptions.VerifyServerCertificate = (conn, cert) => cert.Subject == expected;"], null],
      ["a README mentioning it", "README.md", ["+Set `TLS_REQCERT never` only for testing."], null],
    ]);
  });

  it("reports PostgreSQL's lowercase sslmode once", async () => {
    const { areasOf } = await import("./support/check-rule-cases.js");
    const { rules } = await areasOf("internal/db/db.go", ["+\tdsn := \"host=db user=app dbname=app sslmode=disable\""]);
    expect(rules).toEqual(["tls-verification-disabled"]);
  });
});

describe("a vector store built from documents", () => {
  it("is AI use when the documents are a person's", async () => {
    await expectArea("ai_use", [
      ["chunks of an uploaded PDF", "app/rag.py", [
        "+from langchain_openai import OpenAIEmbeddings",
        "+uploaded = st.file_uploader('Upload a PDF')",
        "+text = extract_text(uploaded)",
        "+chunks = splitter.split_text(text)",
        "+store = FAISS.from_texts(chunks, OpenAIEmbeddings())",
      ]],
      ["a user's notes", "app/rag.py", [
        "+from langchain_openai import OpenAIEmbeddings",
        "+def index_user_notes(user_notes):",
        "+    return Chroma.from_texts(user_notes, OpenAIEmbeddings())",
      ]],
      ["LlamaIndex over a customer's files", "app/index.py", [
        "+from llama_index.core import VectorStoreIndex",
        "+def index_customer_files(customer_files):",
        "+    return VectorStoreIndex.from_documents(customer_files)",
      ]],
    ], true);
  });

  it("is no AI use when the documents are the repository's own, read at a literal path", async () => {
    await expectArea("ai_use", [
      ["a loader named for documents", "backend/app/utils/create_index.py", [
        "+from langchain_community.vectorstores.faiss import FAISS",
        "+from langchain_openai import OpenAIEmbeddings",
        "+from .embedding_utils import load_documents, save_db",
        "+",
        "+embeddings = OpenAIEmbeddings()",
        "+documents = load_documents(\"data/\")",
        "+",
        "+db = FAISS.from_documents(documents, embeddings)",
        "+save_db(db)",
      ]],
      ["LlamaIndex over the docs folder", "scripts/build_index.py", [
        "+from llama_index.core import VectorStoreIndex, SimpleDirectoryReader",
        "+documents = SimpleDirectoryReader(\"./docs\").load_data()",
        "+index = VectorStoreIndex.from_documents(documents)",
      ]],
    ], false);
  });
});

describe("PHP cURL requests to a model API", () => {
  const request = (message: string) => [
    "+<?php",
    "+$apiKey = getenv('OPENAI_API_KEY');",
    "+$endpointUrl = \"https://api.openai.com/v1/chat/completions\";",
    "+$data = [",
    "+    'model' => 'gpt-3.5-turbo',",
    "+    'messages' => [",
    `+        ['role' => 'user', 'content' => ${message}]`,
    "+    ],",
    "+];",
    "+$ch = curl_init($endpointUrl);",
    "+curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);",
    "+curl_setopt($ch, CURLOPT_POST, true);",
    "+curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode($data));",
    "+$response = curl_exec($ch);",
  ];
  it("is AI use when the body carries the visitor's message", async () => {
    await expectArea("ai_use", [["a form message", "chat.php", request("$_POST['message']")]], true);
  });
  it("is a demo when the body is fixed text", async () => {
    await expectArea("ai_use", [["a fixed greeting", "test.php", request("'Hello, world!'")]], false);
  });
});

describe("tokens of a text tokenizer", () => {
  it("are not credentials when the file uses a tokenizer", async () => {
    await check([
      ["tiktoken tokens printed", "tokenizer/count.py", [
        "+import tiktoken",
        "+encoding = tiktoken.encoding_for_model(\"gpt-4\")",
        "+tokens = encoding.encode(input(\"Enter text: \"))",
        "+for token in tokens:",
        "+    print(f\"{token}: {encoding.decode([token])}\")",
      ], null],
      ["Hugging Face tokens printed", "app/nlp.py", [
        "+from transformers import AutoTokenizer",
        "+tok = AutoTokenizer.from_pretrained('bert-base-uncased')",
        "+tokens = tok.tokenize(text)",
        "+print(tokens)",
      ], null],
    ]);
  });
  it("still reports a credential logged beside a tokenizer, and a token logged without one", async () => {
    await check([
      ["an access token in a tokenizer file", "app/nlp.py", ["+import tiktoken", "+access_token = get_token()", "+print(access_token)"], "logging"],
      ["a token without a tokenizer", "app/auth.py", ["+    token = create_access_token(user)", "+    print(f\"{token}\")"], "logging"],
    ]);
  });
});

describe("passwords hashed with a plain digest, more languages and libraries", () => {
  it("finds them", async () => {
    await check([
      ["Ruby Digest::SHA2", "app/models/user.rb", ["+    self.encrypted_password = Digest::SHA2.hexdigest(password)"], "encryption"],
      ["Elixir :crypto.hash md5", "lib/app/accounts.ex", ["+    hash = :crypto.hash(:md5, password) |> Base.encode16()"], "encryption"],
      ["Dart package:crypto sha256", "lib/services/auth.dart", ["+    final hashed = sha256.convert(utf8.encode(password)).toString();"], "encryption"],
      ["Web Crypto SHA-256", "src/auth.ts", ["+  const hashed = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(password));"], "encryption"],
      ["MySQL SHA2", "db/queries.sql", ["+UPDATE users SET password = SHA2(?, 256) WHERE id = ?;"], "encryption"],
      ["hashlib.new sha256", "app/auth.py", ["+    pw_hash = hashlib.new('sha256', pw.encode()).hexdigest()"], "encryption"],
      ["Guava sha256", "src/main/java/x/User.java", ["+        this.password = Hashing.sha256().hashString(password, StandardCharsets.UTF_8).toString();"], "encryption"],
      ["Spring Md5PasswordEncoder", "src/main/java/x/User.java", ["+        user.setPassword(new Md5PasswordEncoder().encodePassword(pwd, null));"], "encryption"],
      ["Spring StandardPasswordEncoder", "src/main/java/x/Sec.java", ["+        return new StandardPasswordEncoder();"], "encryption"],
      ["devise-encryptable sha1", "config/initializers/devise.rb", ["+  config.encryptor = :sha1"], "encryption"],
      ["Symfony password hasher md5", "config/packages/security.yaml", ["     password_hashers:", "+        App\\Entity\\User:", "+            algorithm: md5"], "encryption"],
    ]);
  });
  it("leaves strong hashers and other digests alone", async () => {
    await check([
      ["Symfony auto", "config/packages/security.yaml", ["     password_hashers:", "+        App\\Entity\\User:", "+            algorithm: auto"], null],
      ["a JWT signature algorithm", "config/packages/jwt.yaml", ["+        signature:", "+            algorithm: sha256"], null],
      ["devise-encryptable bcrypt", "config/initializers/devise.rb", ["+  config.encryptor = :bcrypt"], null],
      ["an ETag with SHA2", "app/controllers/feed.rb", ["+    etag = Digest::SHA2.hexdigest(body)"], null],
      ["a Dart cache key", "lib/cache.dart", ["+    final key = sha256.convert(utf8.encode(url)).toString();"], null],
      ["BCryptPasswordEncoder", "src/main/java/x/Sec.java", ["+        return new BCryptPasswordEncoder();"], null],
    ]);
  });
});

describe("transport encryption off in more infrastructure attributes", () => {
  it("finds them", async () => {
    await check([
      ["azurerm 4 https_traffic_only_enabled", "infra/storage.tf", ["+  https_traffic_only_enabled = false"], "encryption"],
      ["Cloud SQL ssl_mode", "infra/sql.tf", ["     ip_configuration {", "+      ssl_mode = \"ALLOW_UNENCRYPTED_AND_ENCRYPTED\""], "encryption"],
      ["MSK client_broker PLAINTEXT", "infra/msk.tf", ["     encryption_in_transit {", "+      client_broker = \"PLAINTEXT\""], "encryption"],
      ["MSK in_cluster false", "infra/msk.tf", ["     encryption_in_transit {", "+      in_cluster = false"], "encryption"],
    ]);
  });
  it("leaves the encrypted settings alone", async () => {
    await check([
      ["https_traffic_only_enabled true", "infra/storage.tf", ["+  https_traffic_only_enabled = true"], null],
      ["Cloud SQL encrypted only", "infra/sql.tf", ["     ip_configuration {", "+      ssl_mode = \"ENCRYPTED_ONLY\""], null],
      ["MSK client_broker TLS", "infra/msk.tf", ["     encryption_in_transit {", "+      client_broker = \"TLS\""], null],
      ["MSK in_cluster true", "infra/msk.tf", ["     encryption_in_transit {", "+      in_cluster = true"], null],
    ]);
  });
});
