// From the round-15 blind batch (mixed-round15-untuned.yaml), read after it was scored: a saved person's record logged
// in the save's callback (or as the save's awaited result), SQL DDL for a person's table held in a host-language string,
// and a hash helper named for MD5/SHA-1 (GetMd5Hash, toMd5Hex) applied to a password. Each has a look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("round-15 blind batch kinds (blind15-data)", () => {
  it("logs a saved person's record", async () => {
    await check([
      ["a Mongoose user logged in the save's then-callback", "routes/auth.js", [
        "+router.post('/signup', (req, res) => {",
        "+  const user = new User({",
        "+    email: req.body.email,",
        "+    password: req.body.password,",
        "+  });",
        "+  user",
        "+    .save()",
        "+    .then((savedUser) => {",
        "+      console.log(savedUser);",
        "+      res.status(201).json({ ok: true });",
        "+    })",
        "+    .catch((err) => res.status(500).json(err));",
        "+});",
      ], "logging"],
      ["a customer created from the body and logged in a function callback", "src/controllers/customer.js", [
        "+exports.create = function (req, res) {",
        "+  Customer.create({ name: req.body.name, phone: req.body.phone }).then(function (doc) {",
        "+    logger.info(doc);",
        "+    res.json({ id: doc._id });",
        "+  });",
        "+};",
      ], "logging"],
      ["a patient logged in Mongoose's error-first save callback", "server/routes/patients.js", [
        "+  const patient = new Patient(req.body);",
        "+  patient.save(function (err, result) {",
        "+    if (err) return next(err);",
        "+    console.log(result);",
        "+  });",
      ], "logging"],
      ["a member's awaited save logged", "src/routes/members.ts", [
        "+  const member = new Member(req.body);",
        "+  const stored = await member.save();",
        "+  console.log(stored);",
      ], "logging"],
    ]);
  });

  it("leaves counts, ids and non-person saves alone", async () => {
    await check([
      ["the saved user's id logged", "routes/auth.js", [
        "+  const user = new User({ email: req.body.email, password: req.body.password });",
        "+  user.save().then((saved) => {",
        "+    console.log('created user', saved.id);",
        "+  });",
      ], null],
      ["a count logged after a save", "routes/auth.js", [
        "+  const user = new User({ email: req.body.email });",
        "+  user.save().then((saved) => {",
        "+    console.log('users now', total);",
        "+  });",
      ], null],
      ["the options passed to a user's save logged", "routes/auth.js", [
        "+  const user = new User({ email: req.body.email });",
        "+  user.save(saveOptions);",
        "+  console.log(saveOptions);",
      ], null],
      ["a saved order logged", "src/routes/orders.js", [
        "+  const order = new Order({ sku: req.body.sku, qty: req.body.qty });",
        "+  order.save().then((result) => {",
        "+    console.log(result);",
        "+  });",
      ], null],
    ]);
  });

  it("reads a person's table in a string", async () => {
    await check([
      ["a Go constant holding a customers table", "internal/store/schema.go", [
        "+const createCustomers = `",
        "+CREATE TABLE IF NOT EXISTS customers (",
        "+    id BIGSERIAL PRIMARY KEY,",
        "+    full_name TEXT NOT NULL,",
        "+    phone_number VARCHAR(32),",
        "+    home_address TEXT",
        "+);`",
      ], "pii_retention"],
      ["a Python execute with the DDL inline", "app/db.py", [
        "+    cur.execute('''CREATE TABLE IF NOT EXISTS members (",
        "+        id INTEGER PRIMARY KEY AUTOINCREMENT,",
        "+        name TEXT,",
        "+        date_of_birth DATE,",
        "+        mobile TEXT",
        "+    )''')",
      ], "pii_retention"],
    ]);
  });

  it("leaves non-personal tables in strings alone", async () => {
    await check([
      ["an orders table in a Python string", "backend/app.py", [
        "+create_table_query = \"\"\"",
        "+CREATE TABLE IF NOT EXISTS orders (",
        "+    order_id SERIAL PRIMARY KEY,",
        "+    status VARCHAR(20),",
        "+    total NUMERIC(10, 2),",
        "+    created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP",
        "+);",
        "+\"\"\"",
      ], null],
      ["a users table with only an e-mail", "internal/store/schema.go", [
        "+const createUsers = `",
        "+CREATE TABLE users (",
        "+    id BIGSERIAL PRIMARY KEY,",
        "+    email VARCHAR(255) UNIQUE NOT NULL",
        "+);`",
      ], null],
      ["a typed Go declaration outside any DDL", "internal/store/phone.go", [
        "+var (",
        "+    phone_number string",
        "+)",
      ], null],
    ]);
  });

  it("finds an MD5 or SHA-1 helper applied to a password", async () => {
    await expectArea("encryption", [
      ["a Java helper returning an MD5 hex of the password", "src/main/java/com/acme/auth/PasswordService.java", [
        "+    public String hashPassword(String rawPassword) {",
        "+        return toMd5Hex(rawPassword);",
        "+    }",
      ]],
      ["a C# password stored through CreateMD5Hash", "Services/AccountService.cs", [
        "+            user.PasswordHash = Utils.CreateMD5Hash(model.Password);",
        "+            _db.Users.Add(user);",
      ]],
      ["a Python SHA-1 digest helper on the password", "accounts/service.py", [
        "+    stored = compute_sha1_digest(password)",
      ]],
    ], true);
  });

  it("leaves MD5 of files and key-derivation helpers alone", async () => {
    await expectArea("encryption", [
      ["a PBKDF2-SHA256 helper on the password", "src/main/scala/app/AccountController.scala", [
        "+            updateAccount(account.copy(password = pbkdf2_sha256(form.password)))",
      ]],
      ["an MD5 of a file's bytes for a checksum", "Services/UploadService.cs", [
        "+            var checksum = GetMd5Hash(File.ReadAllBytes(path));",
        "+            upload.Checksum = checksum;",
      ]],
      ["an MD5 helper over a download", "src/main/java/com/acme/sync/Downloader.java", [
        "+        String digest = computeMd5Hex(downloadedBytes);",
        "+        log.debug(\"downloaded {} bytes\", downloadedBytes.length);",
      ]],
    ], false);
  });
});
