// False positives a measuring sweep of ten fresh applications (solidtime, helpdesk, karakeep, postiz, Tandoor, corteza,
// papermark, hrms, grocy, opensourcepos; 150 commits each, every finding read) and the kinds the round-11 untuned sweep
// left (sample webhook payloads, design-token names) found, by kind: sample payloads kept in the product's code or in
// data files named for samples, CSS custom properties and Sass variables given as values, links to a provider's
// documentation, a host the file already used, a browser's fingerprint read as a biometric, a store's customer account
// number read as a bank account, a mysqldump schema, an ownership condition read as a query filter, a hash closure
// local to one function, CORS on a /.well-known/ discovery document, and a deleted migration. Each has a positive that
// must still be found.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { check, expectArea } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

describe("sample webhook payloads kept in the product", () => {
  it("leaves a samples declaration's tokens and links alone", async () => {
    await check([
      ["Slack event sample in code", "internal-packages/webhook-sources/src/handAuthored/slack.ts", [
        "+export const samples: SampleRecord[] = [",
        "+  {",
        "+    provider: \"slack\",",
        "+    body: {",
        "+      token: \"Jhj5dZrVaK7ZwHHjRyZWjbDl\",",
        "+      team_id: \"T024BE7LD\",",
        "+      api_app_id: \"A0MDYCDME\",",
        "+    },",
        "+  },",
        "+];",
      ], null],
      ["Calendly sample's resource link", "internal-packages/webhook-sources/src/handAuthored/calendly.ts", [
        "+export const samples: SampleRecord[] = [",
        "+  {",
        "+    body: {",
        "+      payload: {",
        "+        event: \"https://api.calendly.com/scheduled_events/8f2b6c1a-9d3e-4a7f-b5c2-1e6f9a0d4b7c\",",
        "+      },",
        "+    },",
        "+  },",
        "+];",
      ], null],
      ["a data file of samples", "internal-packages/webhook-sources/src/generated/hookdeck-samples.json", [
        "+          {",
        "+            \"href\": \"https://api.paypal.com/v1/billing/plans/P-5ML4271244454362WXNWU5NQ\",",
        "+            \"rel\": \"self\",",
        "+          }",
      ], null],
    ]);
  });

  it("still finds a token in a configuration object, a real key format in samples, and a call to the provider", async () => {
    await check([
      ["Slack token in a configuration object", "src/config/slack.ts", [
        "+export const slackConfig = {",
        "+  token: \"Jhj5dZrVaK7ZwHHjRyZWjbDl\",",
        "+};",
      ], "secrets"],
      ["a live Stripe key pasted into samples", "src/webhooks/handAuthored/stripe.ts", [
        "+export const samples = [",
        "+  {",
        "+    apiKey: \"sk_live_51HqLyjWDarjtT1zdp7dcXVdZ0qL8vz9pZmE6T5xq3s\",",
        "+  },",
        "+];",
      ], "secrets"],
      ["a call to the provider after the samples", "src/webhooks/calendly.ts", [
        "+export const samples = [];",
        "+export async function listEvents(user) {",
        "+  return fetch(\"https://api.calendly.com/scheduled_events\", { method: \"POST\", body: JSON.stringify({ email: user.email }) });",
        "+}",
      ], "subprocessors"],
    ]);
  });
});

describe("design-token names given as values", () => {
  it("are not credentials", async () => {
    await check([
      ["CSS custom property under a token key", "apps/webapp/app/routes/storybook.colors/route.tsx", [
        "+const navColors = [",
        "+  { token: \"--color-customDashboards\", usedBy: \"Custom dashboards nav\" },",
        "+  { token: \"--color-environmentVariables\", usedBy: \"Environment variables nav\" },",
        "+];",
      ], null],
      ["var() and Sass variables", "src/theme/tokens.ts", [
        "+export const theme = {",
        "+  secretColor: \"var(--color-secret-bg-hover)\",",
        "+  secret: \"$spacing-secret-lg\",",
        "+};",
      ], null],
    ]);
  });

  it("still finds a secret that starts with a sign", async () => {
    await check([
      ["dash-led password", "src/config/db.ts", [
        "+export const db = {",
        "+  password: \"--Xq7rT9vLm2pWz8k9\",",
        "+};",
      ], "secrets"],
      ["dash-led key with a digit in its first word", "src/config/api.ts", [
        "+export const api = {",
        "+  apiKey: \"--kq7rt9v-Lm2pWz8k9aQ\",",
        "+};",
      ], "secrets"],
    ]);
  });
});

describe("links to a provider's documentation and hosts the file already uses", () => {
  it("are not new flows", async () => {
    await check([
      ["docs and developer portal links", "internal-packages/webhook-sources/catalog/build-v1.ts", [
        "+  zendesk: {",
        "+    verificationDocsUrl:",
        "+      \"https://developer.zendesk.com/documentation/webhooks/verifying/\",",
        "+  },",
        "+  sentry: {",
        "+    verificationDocsUrl: \"https://docs.sentry.io/product/integrations/integration-platform/webhooks/\",",
        "+  },",
      ], null],
      ["a wrapper around an existing call (postiz)", "libraries/nestjs-libraries/src/integrations/social/instagram.provider.ts", [
        "     postDetails: PostDetails<InstagramDto>[],",
        "     integration: Integration,",
        "     type = 'graph.facebook.com'",
        "   ): Promise<PostResponse[]> {",
        "+  async post(",
        "+    id: string,",
        "+    type = 'graph.facebook.com'",
        "+  ): Promise<PostResponse[]> {",
      ], null],
    ]);
  });

  it("still finds a call to the provider's API", async () => {
    await check([
      ["Zendesk API on a support sub-domain", "src/lib/zendesk.ts", [
        "+export async function ticket(user) {",
        "+  await fetch(\"https://support.zendesk.com/api/v2/tickets.json\", { method: \"POST\", body: JSON.stringify({ email: user.email }) });",
        "+}",
      ], "subprocessors"],
    ]);
  });
});

describe("fingerprints and account numbers in their other senses", () => {
  it("reads a session's fingerprint and a store's customer account number as what they are", async () => {
    await check([
      ["link session fingerprint (papermark)", "lib/auth/link-session.ts", [
        " export const LinkSessionSchema = z.object({",
        "   ipAddress: z.string(),",
        "   userAgent: z.string(),",
        "+  fingerprint: z.string().optional(),",
        "   verified: z.boolean(),",
        " });",
      ], null],
      ["projection fingerprint", "internal-packages/clickhouse/src/taskEvents.ts", [
        " export const TaskEventSummaryV1Result = z.object({",
        "+  projection_fingerprint_string: z.string().optional(),",
        " });",
      ], null],
      ["customer account number in a store's migration", "database/migrations/create_customers.sql", [
        "+CREATE TABLE customers (",
        "+    person_id int NOT NULL,",
        "+    company_name varchar(255) DEFAULT NULL,",
        "+    account_number varchar(255) DEFAULT NULL,",
        "+    taxable int NOT NULL DEFAULT 1",
        "+);",
      ], null],
    ]);
  });

  it("still finds a biometric template and a bank account number", async () => {
    await check([
      ["attendance enrolment", "database/migrations/create_enrolment.sql", [
        "+CREATE TABLE enrolment (",
        "+  employee_id INT NOT NULL,",
        "+  device_id INT NOT NULL,",
        "+  fingerprint TEXT NOT NULL,",
        "+  thumb_template BLOB",
        "+);",
      ], "pii_retention"],
      ["employee fingerprint with no device words", "app/models/employee.ts", [
        " export const EmployeeSchema = z.object({",
        "   name: z.string(),",
        "+  fingerprint: z.string().optional(),",
        " });",
      ], "pii_retention"],
      ["bank account number", "src/models/user.js", [
        "   const User = sequelize.define('User', {",
        "+      bank_code: { type: DataTypes.STRING },",
        "+      account_number: { type: DataTypes.STRING },",
        "   });",
      ], "pii_retention"],
    ]);
  });
});

describe("schema dumps", () => {
  it("leaves a phpMyAdmin/mysqldump schema alone and still reads a migration", async () => {
    await check([
      ["dump with table-structure comments", "app/Database/Migrations/sqlscripts/initial_schema.sql", [
        "+--",
        "+-- Table structure for table `ospos_people`",
        "+--",
        "+",
        "+CREATE TABLE `ospos_people` (",
        "+    `first_name` varchar(255) NOT NULL,",
        "+    `phone_number` varchar(255) NOT NULL,",
        "+    `address_1` varchar(255) NOT NULL,",
        "+    `person_id` int(10) NOT NULL AUTO_INCREMENT",
        "+) ENGINE=InnoDB DEFAULT CHARSET=utf8;",
      ], null],
      ["a migration adding a date of birth", "database/migrations/2024_add_people.sql", [
        "+CREATE TABLE `people` (",
        "+    `first_name` varchar(255) NOT NULL,",
        "+    `date_of_birth` date NOT NULL",
        "+) ENGINE=InnoDB DEFAULT CHARSET=utf8;",
      ], "pii_retention"],
    ]);
  });
});

describe("an ownership condition rewritten", () => {
  it("is not a query's scope removed", async () => {
    await check([
      ["solidtime member check", "app/Http/Controllers/Api/V1/TimeEntryController.php", [
        "     {",
        "-        /** @var Member|null $member */",
        "-        $member = $request->has('member_id') ? Member::query()->findOrFail($request->input('member_id')) : null;",
        "-        if ($member !== null && $member->user_id === Auth::id()) {",
        "+        $member = $this->member($organization);",
        "+        $memberFilter = $request->has('member_id') ? Member::query()->findOrFail($request->input('member_id')) : null;",
        "+        if ($memberFilter !== null && $memberFilter->getKey() === $member->getKey()) {",
        "             $this->checkPermission($organization, 'time-entries:view:own');",
      ], null],
    ]);
  });

  it("still finds a query's owner filter removed", async () => {
    await check([
      ["where on the owner removed", "app/Http/Controllers/TaskController.php", [
        "         $tasks = Task::query()",
        "-            ->where('user_id', Auth::id())",
        "             ->get();",
      ], "access_mfa"],
    ]);
  });
});

describe("a hash closure local to one function", () => {
  it("pseudonymising fields on deletion is not a password hash helper", async () => {
    await check([
      ["postiz deleteAccount", "libraries/nestjs-libraries/src/database/prisma/users/users.repository.ts", [
        "   async deleteAccount(userId: string) {",
        "+    const hash = (value: string) =>",
        "+      createHash('md5').update(value).digest('hex');",
        "+",
        "+    return this._user.model.user.update({",
      ], null],
    ]);
  });

  it("still finds a module helper and a local one taking a password", async () => {
    await check([
      ["exported helper", "src/lib/hash.ts", [
        "+export const hash = (value: string) =>",
        "+  createHash('md5').update(value).digest('hex');",
      ], "encryption"],
      ["local closure over a password", "src/users/register.ts", [
        "   async register(userId: string) {",
        "+    const hash = (pw: string) =>",
        "+      createHash('md5').update(pw).digest('hex');",
      ], "encryption"],
    ]);
  });
});

describe("CORS on a discovery document", () => {
  it("is public by design under /.well-known/", async () => {
    await check([
      ["openid-configuration", "libraries/nestjs-libraries/src/chat/start.mcp.ts", [
        "+  app.use('/.well-known/openid-configuration', async (req: Request, res: Response, next: () => void) => {",
        "+    if (req.path !== '/mcp-oauth') {",
        "+      next();",
        "+      return;",
        "+    }",
        "+",
        "+    res.setHeader('Access-Control-Allow-Origin', '*');",
      ], null],
    ]);
  });

  it("still finds it on an API route", async () => {
    await check([
      ["users API", "src/server.ts", [
        "+  app.use('/api/users', async (req: Request, res: Response, next: () => void) => {",
        "+    res.setHeader('Access-Control-Allow-Origin', '*');",
        "+    next();",
      ], "access_mfa"],
    ]);
  });
});

describe("a deleted migration", () => {
  const deleted = (path: string) => ({
    path,
    status: "removed" as const,
    patch: [
      "@@ -1,8 +0,0 @@",
      "-<?php",
      "-class ConvertToCi4 extends Migration",
      "-{",
      "-    private function convert_ci3_encrypted_data()",
      "-    {",
      "-        $ci4_encrypted_data = $this->encrypt($decrypted_data);",
      "-    }",
      "-}",
    ].join("\n"),
  });

  it("removes no field's encryption; a model file losing it still does", async () => {
    const migration = await review(input([deleted("app/Database/Migrations/20220127000000_convert_to_ci4.php")]), configuration());
    expect(migration.findings.map((f) => f.ruleId)).not.toContain("field-encryption-removed");
    await expectArea("encryption", [["model loses encrypt()", "app/Models/Customer.php", [
      "     public function setAccountAttribute($value)",
      "     {",
      "-        $this->attributes['account'] = $this->encrypt($value);",
      "+        $this->attributes['account'] = $value;",
      "     }",
    ]]], true);
  });
});

describe("a user-interface component named for schedules", () => {
  it("runs no deletion job", async () => {
    await check([
      ["schedule list filters (trigger.dev)", "apps/webapp/app/components/runs/v3/ScheduleFilters.tsx", [
        "   const clearFilters = useCallback(() => {",
        "-    params.delete(\"tasks\");",
        "-    params.delete(\"page\");",
        "   }, []);",
      ], null],
    ]);
  });

  it("a scheduler's own file still does", async () => {
    await check([
      ["schedule.ts loses a nightly cleanup", "src/jobs/schedule.ts", [
        " export const jobs = [",
        "-  { name: \"delete-expired-sessions\", cron: \"0 3 * * *\", handler: deleteExpiredSessions },",
        "   { name: \"send-digest\", cron: \"0 8 * * *\", handler: sendDigest },",
        " ];",
      ], "pii_retention"],
    ]);
  });
});

describe("a redaction helper's definition removed", () => {
  it("redacts nothing by itself (dead code dropped)", async () => {
    await check([
      ["redactKeys removed (trigger.dev)", "packages/core/src/v3/runEngineWorker/supervisor/util.ts", [
        " }",
        "-",
        "-export function redactKeys<T extends Record<string, any>>(obj: T, keys: Array<keyof T>): T {",
        "-  const redacted = { ...obj };",
        "-  return redacted;",
        "-}",
      ], null],
    ]);
  });

  it("its registration removed still counts", async () => {
    await check([
      ["pino redact paths removed", "src/logger.ts", [
        " const logger = pino({",
        "-  redact: ['req.headers.authorization', 'user.password'],",
        "   level: 'info',",
        " });",
      ], "logging"],
    ]);
  });
});

describe("an admin check moved within its handler", () => {
  it("is not removed when its denial, message and all, is added elsewhere in the file", async () => {
    await check([
      ["papermark invite", "pages/api/teams/[teamId]/invite.ts", [
        "     try {",
        "+      if (userTeam.role !== \"ADMIN\") {",
        "+        res.status(403).json(\"Only admins can send the invitation!\");",
        "+        return;",
        "+      }",
        "       const teamUsers = team.users;",
        "-      const isUserAdmin = teamUsers.some(",
        "-        (user) => user.role === \"ADMIN\" && user.userId === (session.user as CustomUser).id,",
        "-      );",
        "-      if (!isUserAdmin) {",
        "-        res.status(403).json(\"Only admins can send the invitation!\");",
        "-        return;",
        "-      }",
        " ",
      ], null],
    ]);
  });

  it("still counts when the message is not added again, or is too bare to name the check", async () => {
    await check([
      ["denial gone", "pages/api/teams/[teamId]/invite.ts", [
        "       const teamUsers = team.users;",
        "-      if (!isUserAdmin) {",
        "-        res.status(403).json(\"Only admins can send the invitation!\");",
        "-        return;",
        "-      }",
        " ",
      ], "access_mfa"],
    ]);
    // Another check elsewhere in the file denying with a bare 403 does not stand for the one removed.
    const patch = [
      "@@ -20,3 +20,6 @@",
      "     try {",
      "+      if (!userTeam) {",
      "+        return res.status(403).json(\"Forbidden\");",
      "+      }",
      "       const team = await findTeam(teamId);",
      "@@ -60,7 +63,4 @@",
      "       const teamUsers = team.users;",
      "-      if (!isUserAdmin) {",
      "-        return res.status(403).json(\"Forbidden\");",
      "-      }",
      " ",
    ].join("\n");
    const result = await review(input([{ path: "pages/api/teams/[teamId]/members.ts", status: "modified", patch }]), configuration());
    expect(result.findings.map((f) => f.ruleId)).toContain("auth-check-removed");
  });
});

describe("a Playwright suite", () => {
  it("is test code", async () => {
    await check([
      ["test user's password", "playwright/config.ts", [
        " export const MAILPIT_BASE_URL = process.env.MAILPIT_BASE_URL ?? 'http://mailpit:8025';",
        "+export const TEST_USER_PASSWORD = 'amazingpassword123';",
      ], null],
    ]);
  });

  it("a config module of the app is not", async () => {
    await check([
      ["app config password", "src/config.ts", [
        " export const BASE_URL = process.env.BASE_URL ?? 'http://solidtime.test';",
        "+export const ADMIN_PASSWORD = 'amazingpassword123';",
      ], "secrets"],
    ]);
  });
});

describe("a provider's host only compared", () => {
  it("is a test of a value, not a request", async () => {
    await check([
      ["instagram graph host compared (postiz)", "libraries/nestjs-libraries/src/integrations/social/instagram.provider.ts", [
        "+        if (",
        "+          type === 'graph.facebook.com' &&",
        "+          isStory",
        "+        ) {",
      ], null],
      ["hostname suffix test", "src/lib/url.ts", [
        "+  if (url.hostname.endsWith(\".sentry.io\")) return true;",
      ], null],
    ]);
  });

  it("a request to it still counts", async () => {
    await check([
      ["call to the Graph API", "src/lib/facebook.ts", [
        "+  const res = await fetch('https://graph.facebook.com/v20.0/me', { method: 'POST', body: JSON.stringify({ email: user.email }) });",
      ], "subprocessors"],
    ]);
  });
});
