// Precision sweep, round 9: kinds of false positive read in the last 150 commits of 14 real applications (PHP, Python,
// Java, C#, Go, TypeScript). Every family keeps a positive and leaves the real look-alike.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { configuration, input } from "./support/configuration.js";
import { check, expectArea } from "./support/check-rule-cases.js";

/** The areas found for one file deleted whole (its lines all removed). */
async function deletedFileAreas(path: string, lines: string[]): Promise<string[]> {
  const patch = `@@ -1,${lines.length} +0,0 @@\n${lines.map((l) => `-${l}`).join("\n")}`;
  const result = await review(input([{ path, status: "removed", patch }]), configuration());
  return [...new Set(result.findings.map((f) => f.area))];
}

describe("retention: a migration deleted whole when migrations are squashed", () => {
  const cron = ["SELECT", "  cron.unschedule ('process_free_trial_expired');", "", "SELECT", "  cron.schedule ('delete_old_deleted_apps', '0 3 * * *', 'SELECT public.delete_old_deleted_apps()');", ""];

  it("still finds a purge job taken out of a migration that stays, and a deleted scheduler file", async () => {
    await check([["purge job removed from a live migration", "supabase/migrations/20251113140646_consolidate_cron_job.sql", [" SELECT", "-  cron.schedule ('delete_old_deleted_apps', '0 3 * * *', 'SELECT public.delete_old_deleted_apps()');", " "], "pii_retention"]]);
    expect(await deletedFileAreas("app/jobs/purge_expired_accounts_job.rb", ["class PurgeExpiredAccountsJob < ApplicationJob", "  def perform", "    User.where('deleted_at < ?', 30.days.ago).destroy_all", "  end", "end"])).toContain("pii_retention");
  });

  it("leaves the same schedule in a migration file deleted whole (the database already ran it)", async () => {
    expect(await deletedFileAreas("supabase/migrations/20251113140646_consolidate_cron_job.sql", cron)).toEqual([]);
    expect(await deletedFileAreas("db/migrate/20240101000000_schedule_purge.sql", cron)).toEqual([]);
  });
});

describe("secrets: version ranges, ternary branches and schema type expressions", () => {
  it("still finds a literal password or key in a manifest, a PHP assignment and a TypeScript object", async () => {
    await check([
      ["password in package.json config", "package.json", ['   "config": {', '+    "db_password": "Xk82mfQp29Lz"', "   },"], "secrets"],
      ["PHP password literal", "app/bundles/UserBundle/Entity/User.php", ["+        $password = 'Xk82mfQp29Lz';"], "secrets"],
      ["TS apikey literal", "cli/src/schemas/auth.ts", ["+  apikey: 'f3a9c2e1b7d84a6f9e0c1b2a3d4e5f60',"], "secrets"],
    ]);
  });

  it("leaves a dependency named for a password, validation group names in a ternary and an arktype schema", async () => {
    await check([
      ["package with password in its name", "package.json", ['     "@capgo/capacitor-audio-session": "^8.0.45",', '+    "@capgo/capacitor-autofill-save-password": "^8.0.35",', '     "@capgo/capacitor-background-task": "^8.1.7",'], null],
      ["bun.lock entry", "bun.lock", ['+        "@capgo/capacitor-autofill-save-password": "^8.0.35",'], null],
      ["ternary of validation groups", "app/bundles/UserBundle/Entity/User.php", ["             if ($isNewUser) {", "+                $groups[] = $hasPlainPassword ? 'CheckPassword' : 'CheckPasswordNotBlank';", "             }"], null],
      ["arktype schema", "cli/src/schemas/auth.ts", ["+export const mcpLoginInputSchema = type({", "+  apikey: type('string > 0').describe('A Capgo API key (generate one at https://console.capgo.app/connect).'),", " })"], null],
    ]);
  });
});

describe("subprocessors: translation catalogues and tags on an error tracker already set up", () => {
  it("still finds a reCAPTCHA script loaded by a page and Sentry given the user's e-mail", async () => {
    await expectArea("subprocessors", [
      ["reCAPTCHA loaded by a template", "client/res/templates/login.html", ['+<script src="https://www.google.com/recaptcha/api.js" async defer></script>']],
      ["Sentry user with e-mail", "apps/api/src/rest/routers/mcp.ts", ['+import * as Sentry from "@sentry/bun";', " ", '+Sentry.setUser({ id: session.user.id, email: session.user.email });']],
      ["Sentry tag naming the user's e-mail", "apps/api/src/rest/routers/mcp.ts", ['+import * as Sentry from "@sentry/bun";', " ", '+Sentry.setTag("user.email", session.user.email);']],
    ], true);
  });

  it("leaves help text linking to a provider in a translation file, and constant tags on the Sentry scope", async () => {
    await check([
      ["i18n help text", "application/Espo/Resources/i18n/ru_RU/Integration.json", ['   "help": {', '+    "GoogleReCaptcha": "Получите ключ сайта и секретный ключ от [Google](https://www.google.com/recaptcha/)."', "   }"], null],
      ["locales YAML", "config/locales/de.yml", ['+  recaptcha_help: "Schlüssel bei https://www.google.com/recaptcha/ holen"'], null],
      ["constant Sentry tags", "apps/api/src/rest/routers/mcp.ts", ['+import * as Sentry from "@sentry/bun";', ' app.all("/", async (c) => {', "+  if (process.env.SENTRY_DSN) {", '+    Sentry.setTag("mcp", "true");', '+    Sentry.setTag("api.route", "mcp");', "+  }"], null],
    ]);
  });
});

describe("personal data: an address typed as a network address", () => {
  it("still finds a person's postal address in a Go model", async () => {
    await check([["customer address", "schema/customers.go", ["+type Customer struct {", '+	Name    string `json:"name"`', '+	Address string `json:"address"`', "+}"], "pii_retention"]]);
  });
  it("leaves an interface's Address typed net.IPNet", async () => {
    await check([
      ["net.IPNet", "schema/hosts.go", ["+// Iface struct for local interfaces of a node", "+type Iface struct {", '+	Name          string    `json:"name"`', '+	Address       net.IPNet `json:"address"`', '+	AddressString string    `json:"addressString"`', "+}"], null],
    ]);
  });
});

describe("access: a team-scoped read removed whole, moved into a helper, or written as SQL; a removed log line", () => {
  it("still finds a scope taken out of a query that stays, or a helper called without the team", async () => {
    await check([
      ["knex where dropped", "data/helpers/todos-model.js", [" function get(userID) {", "-    return db('todos').where('user_id', userID);", "+    return db('todos');", " }"], "access_mfa"],
      ["drizzle statement rewritten without its team filter", "packages/db/src/queries/inbox.ts", ["   }", " ", "-  const [existingMatch] = await db", "-    .select({ id: inbox.id })", "-    .from(inbox)", "-    .where(and(eq(inbox.transactionId, transactionId), eq(inbox.teamId, teamId)))", "-    .limit(1);", "+  const [existingMatch] = await db", "+    .select({ id: inbox.id })", "+    .from(inbox)", "+    .where(eq(inbox.transactionId, transactionId))", "+    .limit(1);"], "access_mfa"],
      ["helper called without the team", "packages/db/src/queries/inbox.ts", ["-    .from(inbox)", "-    .where(and(eq(inbox.id, id), eq(inbox.teamId, teamId)))", "-    .limit(1);", "-", "-  return data;", "+  return fetchInboxWithTransaction(db, id);", " }"], "access_mfa"],
    ]);
  });

  it("leaves a scoped check removed with its statement, a helper called with the team id, raw SQL keeping team_id and a removed console.log", async () => {
    await check([
      ["read statement removed whole", "packages/db/src/queries/inbox.ts", ['     throw new Error("Transaction not found or belongs to another team");', "   }", " ", "-  // Check if the target transaction is already matched to another inbox item (not in this group)", "-  const [existingMatch] = await db", "-    .select({ id: inbox.id })", "-    .from(inbox)", "-    .where(", "-      and(", "-        eq(inbox.transactionId, transactionId),", "-        eq(inbox.teamId, teamId),", "-      ),", "-    )", "-    .limit(1);", "-", "-  if (existingMatch) {", '-    throw new Error("Transaction is already matched to another inbox item");', "-  }", "-", "   const attachmentIds = new Map<string, string>();"], null],
      ["counts removed with their statement", "packages/db/src/queries/teams.ts", [" export async function getAvailablePlans(", "-  db: Database,", "-  teamId: string,", "+  _db: Database,", "+  _teamId: string,", " ): Promise<GetAvailablePlansResult> {", "-  const [teamMembersCountResult, bankConnectionsCountResult] =", "-    await Promise.all([", "-      db.query.usersOnTeam.findMany({", "-        where: eq(usersOnTeam.teamId, teamId),", "-        columns: { id: true },", "-      }),", "-    ]);", "-"], null],
      ["helper called with the team id", "packages/db/src/queries/inbox.ts", ["-    .from(inbox)", "-    .leftJoin(transactions, eq(inbox.transactionId, transactions.id))", "-    .where(and(eq(inbox.id, id), eq(inbox.teamId, teamId)))", "-    .limit(1);", "-", "-  return data;", "+  return fetchInboxWithTransaction(db, id, teamId);", " }"], null],
      ["raw SQL keeps team_id", "packages/db/src/queries/transactions.ts", ["     await db.execute(sql`", "-      UPDATE transactions SET base_amount = v.base_amount FROM (VALUES ${valuesClause}) AS v(id, base_amount) WHERE transactions.id = v.id", "-    `).where(eq(transactions.teamId, teamId));", "+      UPDATE transactions AS t SET base_amount = v.base_amount FROM (VALUES ${valuesClause}) AS v(id, base_amount)", "+      WHERE t.id = v.id AND t.team_id = ${teamId}", "+    `);"], null],
      ["removed console.log", "src/stores/organization.ts", ["     const currentOrg = _organizations.value.get(orgId)", "-    console.log('Delete org check:', { orgId, currentOrg, role: currentOrg?.role, userId: currentUserId })", "     if (!currentOrg || !canDeleteOrganization(orgId)) {"], null],
    ]);
  });
});

describe("access: PL/pgSQL declarations, argument lists and log calls in SQL", () => {
  it("still finds a Ruby check called without parentheses, and an SQL condition on the org bound to a parameter", async () => {
    await check([
      ["Ruby authorize", "app/controllers/posts_controller.rb", ["   def show", "-    authorize @post", "   end"], "access_mfa"],
      ["SQL org condition", "src/repositories/projects.sql", ["   SELECT * FROM projects", "   WHERE id = $1", "-    AND org_id = $2;"], "access_mfa"],
    ]);
  });

  it("leaves a DECLARE block, a permission helper's arguments and a pg_log call taken out of PL/pgSQL", async () => {
    await check([
      ["DECLARE variable", "supabase/schemas/prod.sql", ["-DECLARE", "-  api_key_text text;", "-  api_key public.apikeys%ROWTYPE;", "-  target_app record;", "-  required_permission text;", "-BEGIN", "-  SELECT public.get_apikey_header() INTO api_key_text;"], null],
      ["permission helper arguments", "supabase/schemas/prod.sql", ["+  WHERE org_users.user_id = OLD.user_id", "+    AND org_users.org_id = OLD.org_id", "+    AND (org_users.app_id IS NOT NULL OR org_users.channel_id IS NOT NULL);", " ", "-  v_perm := public.rbac_permission_for_legacy(min_right, v_scope);", "-  RETURN public.rbac_check_permission_direct_no_password_policy(v_perm, user_id, org_id, app_id, channel_id, NULL);", "+  RETURN OLD;", " END;", " $$;"], null],
      ["pg_log call", "supabase/schemas/prod.sql", ["   WHERE key=apikey;", "-    PERFORM public.pg_log('deny: NO_RIGHTS', jsonb_build_object('app_id', get_org_owner_id.app_id, 'org_id', org_id, 'real_user_id', real_user_id));", "     raise exception 'NO_RIGHTS';"], null],
    ]);
  });
});
