// From the round-16 blind batch (access-round16-untuned.yaml), read after it was scored: access opened in
// infrastructure, database rules and configuration. Database grants whose role list runs one role a line, an admin
// engine's basic auth switched off, Firestore/Realtime Database rules in the console's test mode or writable by
// unauthenticated clients, a bucket policy whose principal list is written one element a line, and a second-factor
// middleware that lets a request through on a header the client sets. Each kind has a look-alike that must stay silent.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("round-16 blind access_mfa fixes (infrastructure and rules)", () => {
  it("GRANT with its roles listed one a line", async () => {
    await check([
      ["grant on all tables to a list holding anon", "supabase/migrations/20240101_grants.sql", [
        "+GRANT ALL ON ALL TABLES IN SCHEMA public TO",
        "+  authenticated,",
        "+  anon;",
      ], "access_mfa"],
      ["grant of write privileges listing public", "db/grants.sql", [
        "+grant select, insert, update, delete on all tables in schema app to app_user,",
        "+    public;",
      ], "access_mfa"],
      ["look-alike: grant listing only server roles", "db/grants.sql", [
        "+grant all privileges on all tables in schema public to postgres,",
        "+  service_role,",
        "+  supabase_admin;",
      ], null],
    ]);
  });

  it("an admin engine's basic auth switched off", async () => {
    await check([
      ["Mission Control basic auth off in an environment file", "config/environments/production.rb", [
        "   Rails.application.configure do",
        "+    config.mission_control.jobs.http_basic_auth_enabled = false",
        "     config.log_level = :info",
      ], "access_mfa"],
      ["look-alike: basic auth off because a signed-in base controller guards it", "config/application.rb", [
        '+    config.mission_control.jobs.base_controller_class = "Admin::BaseController"',
        "+    config.mission_control.jobs.http_basic_auth_enabled = false",
      ], null],
      ["look-alike: basic auth kept on", "config/application.rb", [
        "+    config.mission_control.jobs.http_basic_auth_enabled = true",
      ], null],
    ]);
  });

  it("Firestore and Realtime Database rules in test mode or writable when unauthenticated", async () => {
    await check([
      ["Firestore test mode on every document", "firestore.rules", [
        "+service cloud.firestore {",
        "+  match /databases/{database}/documents {",
        "+    match /{document=**} {",
        "+      allow read, write: if request.time < timestamp.date(2024, 3, 9);",
        "+    }",
        "+  }",
        "+}",
      ], "access_mfa"],
      ["Firestore writes allowed to unauthenticated clients", "firestore.rules", [
        "     match /invoices/{invoiceId} {",
        "+      allow read: if request.auth.uid == resource.data.ownerId;",
        "+      allow create, update: if request.auth == null;",
        "     }",
      ], "access_mfa"],
      ["Realtime Database open until a date", "database.rules.json", [
        "+{",
        '+  "rules": {',
        '+    ".read": "now < 1735689600000",',
        '+    ".write": "now < 1735689600000"',
        "+  }",
        "+}",
      ], "access_mfa"],
      ["look-alike: writes require a signed-in caller", "firestore.rules", [
        "     match /invoices/{invoiceId} {",
        "+      allow create, update: if request.auth != null && request.auth.uid == request.resource.data.ownerId;",
        "     }",
      ], null],
      ["look-alike: Realtime Database rules for signed-in users", "database.rules.json", [
        '+    ".read": "auth != null && now < 1735689600000",',
        '+    ".write": "auth != null"',
      ], null],
      ["look-alike: a catalogue readable in test mode", "firestore.rules", [
        "     match /products/{productId} {",
        "+      allow read: if request.time < timestamp.date(2024, 3, 9);",
        "     }",
      ], null],
    ]);
  });

  it("bucket policies whose principal is a wildcard written in a list", async () => {
    await check([
      ["Terraform heredoc with the principal list one element a line", "infra/storage.tf", [
        '+resource "aws_s3_bucket_policy" "assets" {',
        "+  bucket = aws_s3_bucket.assets.id",
        "+  policy = <<EOF",
        "+{",
        '+  "Version": "2012-10-17",',
        '+  "Statement": [{',
        '+    "Sid": "PublicRead",',
        '+    "Effect": "Allow",',
        '+    "Principal": {',
        '+      "AWS": [',
        '+        "*"',
        "+      ]",
        "+    },",
        '+    "Action": ["s3:GetObject"],',
        '+    "Resource": "${aws_s3_bucket.assets.arn}/*"',
        "+  }]",
        "+}",
        "+EOF",
        "+}",
      ], "access_mfa"],
      ["jsonencode principal as a one-element list", "infra/storage.tf", [
        "+  policy = jsonencode({",
        "+    Statement = [{",
        '+      Effect    = "Allow"',
        '+      Principal = { AWS = ["*"] }',
        '+      Action    = "s3:GetObject"',
        "+    }]",
        "+  })",
      ], "access_mfa"],
      ["aws_iam_policy_document with identifiers one a line", "infra/bucket.tf", [
        '+data "aws_iam_policy_document" "public_read" {',
        "+  statement {",
        "+    principals {",
        '+      type = "AWS"',
        "+      identifiers = [",
        '+        "*",',
        "+      ]",
        "+    }",
        '+    actions   = ["s3:GetObject"]',
        "+  }",
        "+}",
      ], "access_mfa"],
      ["look-alike: every action listed one a line, principal a named account", "infra/storage.tf", [
        "+  policy = <<EOF",
        "+{",
        '+  "Statement": [{',
        '+    "Effect": "Allow",',
        '+    "Principal": { "AWS": "arn:aws:iam::123456789012:root" },',
        '+    "Action": [',
        '+      "*"',
        "+    ],",
        '+    "Resource": "arn:aws:s3:::logs/*"',
        "+  }]",
        "+}",
        "+EOF",
      ], null],
      ["look-alike: wildcard principal limited to the organisation", "infra/storage.tf", [
        '+    "Effect": "Allow",',
        '+    "Principal": {',
        '+      "AWS": [',
        '+        "*"',
        "+      ]",
        "+    },",
        '+    "Action": "s3:GetObject",',
        '+    "Condition": { "StringEquals": { "aws:PrincipalOrgID": "o-abc123" } }',
      ], null],
    ]);
  });

  it("a second-factor middleware that lets a request through on a client-set value", async () => {
    await expectArea("access_mfa", [
      ["Express TOTP middleware skipped on a header", "src/middleware/verifyOtp.js", [
        " module.exports = (req, res, next) => {",
        "+  if (req.headers['x-client'] === 'ios') { return next(); }",
        "   const ok = speakeasy.totp.verify({ secret: req.user.totpSecret, token: req.body.code });",
        "   if (!ok) return res.status(401).end();",
      ]],
      ["Laravel two-factor middleware skipped on a query value", "app/Http/Middleware/EnsureTwoFactor.php", [
        "     public function handle($request, Closure $next)",
        "     {",
        "+        if ($request->query('skip') == '1') return $next($request);",
        "         if (! $request->session()->get('two_factor_passed')) {",
      ]],
    ], true);
    await check([
      ["look-alike: a CORS preflight let through in an auth middleware", "src/middleware/auth.js", [
        " module.exports = (req, res, next) => {",
        "+  if (req.headers.origin === undefined) return next();",
        "   const token = req.headers.authorization;",
      ], null],
      ["look-alike: 2FA middleware skipping users without a second factor", "src/middleware/2fa.js", [
        " module.exports = (req, res, next) => {",
        "+  if (!req.user.totpEnabled) return next();",
        "   if (!authenticator.check(req.body.token, req.user.totpSecret)) return res.status(401).end();",
      ], null],
    ]);
  });
});
