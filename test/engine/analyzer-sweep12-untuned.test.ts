// From an untuned commit sweep after round 12 (docmost, vikunja, LinkAce, linkding; 500 commits each), fixed after the
// sweep was labelled: a secret reformatted in place (a formatter's quotes), a validator's rule string for a password
// field, lock files for third parties, TypeScript declaration files and security telemetry tables (sessions, audit)
// holding an IP address, Nginx access logs off for static files, and a query's scope kept by an access helper or passed
// as a member (`workspace.id` for `workspaceId`). Each has a positive beside it.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("untuned sweep after round 12", () => {
  it("leaves the sweep's false findings alone", async () => {
    await check([
      ["secret reformatted by a formatter", "siteroot/settings/base.py", ["-SECRET_KEY = 'kgq$h3@!!vbb6*nzfz(dbze=*)zsroqa8gvc0#1gx$3cd8z99^'", '+SECRET_KEY = "kgq$h3@!!vbb6*nzfz(dbze=*)zsroqa8gvc0#1gx$3cd8z99^"'], null],
      ["validation rule for a password field", "app/Http/Requests/SetupDatabaseRequest.php", ["             'db_user' => 'required',", "+            'db_password' => 'nullable',"], null],
      ["a lock file's homepage", "composer.lock", ['+            "homepage": "http://sentry.io",'], null],
      ["a declaration file generated from the schema", "apps/server/src/database/types/db.d.ts", [" export interface UserSessions {", "+  ipAddress: string | null;"], null],
      ["IP address of a session", "apps/server/src/database/migrations/20260326T121350-user-sessions.ts", ["   await db.schema", "     .createTable('user_sessions')", "+    .addColumn('ip_address', sql`inet`)"], null],
      ["Nginx access log off for assets", "nginx.conf", ["+    location ~* \\.(?:css|js|map|jpg|jpeg|png|gif|woff|woff2|ico|svg)$ {", "+      expires max;", "+      access_log off;"], null],
      ["scope kept by an access helper", "bookmarks/api/routes.py", [
        "         user = self.request.user",
        "-        if not Bookmark.objects.filter(id=bookmark_id, owner=user).exists():",
        "-            raise Http404(\"Bookmark does not exist\")",
        "-        bookmark = Bookmark.objects.get(id=bookmark_id, owner=user)",
        "+        bookmark = access.bookmark_write(self.request, self.kwargs[\"bookmark_id\"])",
      ], null],
      ["a local test set-up's configuration", "scripts/unsecure-test-setups/authelia-oidc/authelia/configuration.yml", ["+    jwt_secret: 'a_very_important_secret_abc123abc123'"], null],
      ["scope passed as a member", "apps/server/src/core/auth/services/auth.service.ts", [
        "-    const user = await this.userRepo.findById(userToken.userId, workspaceId);",
        "+    const user = await this.userRepo.findById(userToken.userId, workspace.id, {",
        "+      includeUserMfa: true,",
        "+    });",
      ], null],
    ]);
  });

  it("still finds the positives beside them", async () => {
    await check([
      ["a new secret", "siteroot/settings/base.py", ["-SECRET_KEY = os.environ['SECRET_KEY']", '+SECRET_KEY = "kgq$h3@!!vbb6*nzfz(dbze=*)zsroqa8gvc0#1gx$3cd8z99^"'], "secrets"],
      ["a password given", "config/database.php", ["             'username' => 'linkace',", "+            'db_password' => 'Wq8#vLp2!rTz9xKe',"], "secrets"],
      ["IP address of a patient", "src/database/migrations/20260326T121350-patients.ts", ["     .createTable('patients')", "+    .addColumn('ip_address', sql`inet`)"], "pii_retention"],
      ["Nginx access log off for the API", "nginx.conf", ["+    location /api/ {", "+      access_log off;"], "logging"],
      ["scope dropped", "bookmarks/api/routes.py", ["-        bookmark = Bookmark.objects.get(id=bookmark_id, owner=request.user)", "+        bookmark = Bookmark.objects.get(id=bookmark_id)"], "access_mfa"],
    ]);
  });
});
