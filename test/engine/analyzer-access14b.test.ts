// Round 14b (access_mfa, infrastructure and data layer): row-level security policies that pass every row (using true)
// for writes or for reading people's records, table grants to the anonymous role or PUBLIC, API Gateway methods with
// authorization NONE in Terraform, Firebase Realtime Database rules of bare true, NotAction lists in Deny guard rails,
// and numbered migrations whose name holds "test". Each kind has look-alikes that must stay silent.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("round-14b database and infrastructure access", () => {
  it("finds row-level security policies that open every row", async () => {
    await check([
      ["update policy for anon using (true)", "supabase/migrations/20240101000000_deliveries.sql", [
        '+create policy "Enable update access"',
        '+on "public"."deliveries"',
        "+as permissive",
        "+for update",
        "+to anon",
        "+using (true)",
        "+with check (true);",
      ], "access_mfa"],
      ["delete policy with true on its own line", "supabase/migrations/20240101000001_payments.sql", [
        '+create policy "Delete Access"',
        "+on public.payments",
        "+as PERMISSIVE",
        "+for DELETE",
        "+to authenticated",
        "+using (",
        "+  true",
        "+);",
      ], "access_mfa"],
      ["one-line update policy with no role (PUBLIC)", "fix_permissions.sql", ['+CREATE POLICY "Allow public update" ON products FOR UPDATE USING (true);'], "access_mfa"],
      ["select policy on customers for anon", "db/policies.sql", [
        '+CREATE POLICY "Anyone can read customers"',
        "+  ON public.customers",
        "+  FOR SELECT",
        "+  TO anon",
        "+  USING (true);",
      ], "access_mfa"],
      ["all-commands policy written in a TypeORM migration", "src/migrations/1700000000000-OpenOrders.ts", [
        "+    await queryRunner.query(`CREATE POLICY \"open_orders\" ON \"orders\" FOR ALL USING (true) WITH CHECK (true)`);",
      ], "access_mfa"],
      ["a one-line policy with no FOR clause (ALL by default) and no role", "db/policies.sql", ['+CREATE POLICY "open" ON public.invoices USING (true) WITH CHECK (true);'], "access_mfa"],
      ["a numbered migration whose name holds 'test' is no test", "supabase/migrations/20241228150426_test.sql", [
        "+create policy \"x\" on public.bookings for all to anon using (true) with check (true);",
      ], "access_mfa"],
    ]);
  });

  it("leaves scoped, service-role and public-content policies alone", async () => {
    await check([
      ["all-commands policy for the service role only", "supabase/migrations/20240101000002_service.sql", [
        '+CREATE POLICY "Service role has full access" ON users',
        "+FOR ALL",
        "+TO service_role",
        "+USING (true)",
        "+WITH CHECK (true);",
      ], null],
      ["public read of a catalogue after an owner-only update policy", "supabase/migrations/20240101000003_products.sql", [
        '+CREATE POLICY "Owners update" ON products FOR UPDATE USING (auth.uid() = owner_id);',
        '+CREATE POLICY "Anyone can read products" ON products FOR SELECT USING (true);',
      ], null],
      ["a select policy named 'for all users' on posts", "supabase/migrations/20240101000004_posts.sql", [
        '+create policy "Enable read access for all users"',
        '+on "public"."posts"',
        "+as permissive",
        "+for select",
        "+to public",
        "+using (true);",
      ], null],
      ["customers readable by signed-in staff only", "db/policies.sql", [
        '+CREATE POLICY "Authenticated read customers"',
        "+ON public.customers",
        "+FOR SELECT",
        "+TO authenticated",
        "+USING (true);",
      ], null],
      ["anonymous visitors may only submit a booking request", "supabase/migrations/20240101000005_trials.sql", [
        '+CREATE POLICY "Allow anonymous users to create trial bookings"',
        "+ON public.trial_bookings",
        "+FOR INSERT",
        "+TO authenticated, anon",
        "+WITH CHECK (true);",
      ], null],
      ["a one-line public read of categories below a users policy", "db/policies.sql", [
        '+CREATE POLICY "own row" ON users FOR SELECT USING (auth.uid() = id);',
        '+CREATE POLICY "read categories" ON categories FOR SELECT USING (true);',
      ], null],
      ["a one-line policy with no FOR clause for the service role", "db/policies.sql", ['+CREATE POLICY "svc" ON public.invoices TO service_role USING (true);'], null],
      ["a policy that checks the owner", "db/policies.sql", [
        '+create policy "own orders" on orders for all to authenticated using (auth.uid() = user_id);',
      ], null],
    ]);
  });

  it("finds table grants to anon or PUBLIC and leaves the others", async () => {
    await check([
      ["ALL on every table to anon", "supabase/migrations/010_final_fix.sql", ["+GRANT ALL ON ALL TABLES IN SCHEMA public TO anon;"], "access_mfa"],
      ["ALL PRIVILEGES to PUBLIC", "scripts/privileges.sql", ["+GRANT ALL PRIVILEGES ON ALL TABLES IN SCHEMA public TO PUBLIC;"], "access_mfa"],
      ["write privileges on future tables to anon", "db/grants.sql", ["+ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO anon;"], "access_mfa"],
      ["ALL on one table to anon and authenticated", "fix-bookings.sql", ["+GRANT ALL ON TABLE public.bookings TO anon, authenticated;"], "access_mfa"],
      ["ALL to the service role only", "db/grants.sql", ["+GRANT ALL ON ALL TABLES IN SCHEMA public TO service_role;"], null],
      ["schema usage to anon", "db/grants.sql", ["+GRANT USAGE ON SCHEMA public TO anon;"], null],
      ["read and write on profiles to signed-in users", "db/grants.sql", ["+GRANT SELECT, INSERT, UPDATE ON TABLE public.profiles TO authenticated;"], null],
      ["the per-table grants of a schema dump", "supabase/schema.sql", [
        '+ALTER TABLE "public"."profiles" OWNER TO "postgres";',
        '+GRANT ALL ON TABLE "public"."profiles" TO "anon";',
        '+GRANT ALL ON TABLE "public"."profiles" TO "authenticated";',
        '+GRANT ALL ON TABLE "public"."profiles" TO "service_role";',
      ], null],
      ["a grant in a test suite's migration", "tests/migrations/001_grants.sql", ["+GRANT ALL ON ALL TABLES IN SCHEMA public TO anon;"], null],
    ]);
  });

  it("finds API Gateway methods and Realtime Database rules open to everyone", async () => {
    await check([
      ["a POST method with authorization NONE", "api/methods.tf", [
        '+resource "aws_api_gateway_method" "request_method" {',
        '+  rest_api_id   = aws_api_gateway_rest_api.api.id',
        '+  resource_id   = aws_api_gateway_resource.default.id',
        '+  http_method   = "POST"',
        '+  authorization = "NONE"',
        "+}",
      ], "access_mfa"],
      ["the CORS preflight OPTIONS method with NONE", "api/methods.tf", [
        '+resource "aws_api_gateway_method" "options_method" {',
        '+  rest_api_id   = var.rest_api.id',
        '+  http_method   = "OPTIONS"',
        '+  authorization = "NONE"',
        "+}",
      ], null],
      ["a method behind a Cognito authorizer", "api/methods.tf", [
        '+resource "aws_api_gateway_method" "get_items" {',
        '+  http_method   = "GET"',
        '+  authorization = "COGNITO_USER_POOLS"',
        "+}",
      ], null],
      ["Realtime Database rules readable and writable by everyone", "database.rules.json", ['+{', '+  "rules": {', '+    ".read": true,', '+    ".write": true', "+  }", "+}"], "access_mfa"],
      ["Realtime Database rules for signed-in users", "database.rules.json", ['+{', '+  "rules": {', '+    ".read": "auth != null",', '+    ".write": "auth != null"', "+  }", "+}"], null],
    ]);
  });

  it("reads a NotAction list in a Deny guard rail as exclusions", async () => {
    await check([
      ["Deny outside approved regions, sparing global services", "policies/region.tf", [
        "+            \"Effect\": \"Deny\",",
        "+            \"NotAction\": [",
        "+                \"aws-portal:*\",",
        "+                \"iam:*\",",
        "+                \"s3:read*\",",
        "+                \"s3:list*\",",
        "+                \"support:*\",",
        "+                \"sts:*\"",
        "+            ],",
        "+            \"Resource\": \"*\",",
      ], null],
      ["an Allow list of whole services on every resource", "policies/admin.tf", [
        "+            \"Effect\": \"Allow\",",
        "+            \"Action\": [",
        "+                \"s3:*\",",
        "+                \"dynamodb:*\"",
        "+            ],",
        "+            \"Resource\": \"*\",",
      ], "access_mfa"],
    ]);
  });
});
