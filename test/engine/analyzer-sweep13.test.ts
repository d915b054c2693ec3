// From an untuned commit sweep in round 13 (coolify, miniflux, traccar, Tandoor, karakeep, manyfold; 300 commits each),
// fixed after the sweep was labelled: an access check in the body of a method removed whole (the line rule now reads
// it as the detector does), Compose files named for development or tests, "demo" stand-ins and placeholder PEM bodies,
// a value spelling its key's own words with a credential word, a read statement removed whole in Go (`rows, err :=`),
// as a property assignment or inside a removed `if` block, and a router middleware moved to a wrapper of the handlers;
// then, from a further repository (sure): index names, an AI call rewritten in place, GitHub Actions' artifact
// retention and pull-request previews, an import's look-back window, URL-namespaced JWT claims, and password digests
// compared in constant time on the lines below; and after the set-aside sweep (Sonarr, hedgedoc, wallabag; scored
// untuned first): Yarn's committed release, Localization/ catalogues, a notification's switches, literal arguments of a
// log call, checks given only the configuration. Each has a positive beside it.
import { describe, it } from "@jest/globals";
import { check, type Case } from "./support/check-rule-cases.js";

describe("untuned sweep in round 13", () => {
  const lookAlikes: Case[] = [
      ["authorize() in a PHP action removed whole", "app/Livewire/Project/Shared/Storages/All.php", [
        "         $this->submit($storageId);",
        "     }",
        "-    public function clearHostPath(int $storageId): void",
        "-    {",
        "-        $this->authorize('update', $this->resource);",
        "-",
        "-        $storage = $this->findStorageOrFail($storageId);",
        "-        $storage->host_path = null;",
        "-        $storage->save();",
        "-    }",
      ], null],
      ["a secret fallback in a development Compose file", "docker-compose.dev-multi.yml", ['       PUSHER_APP_KEY: "${PUSHER_APP_KEY:-coolify}"', '+      PUSHER_APP_SECRET: "${PUSHER_APP_SECRET:-coolify}"'], null],
      ["MinIO's defaults in a local Compose file", "docker-compose.local.yml", ["     environment:", "+      MINIO_ACCESS_KEY: minioadmin", "+      MINIO_SECRET_KEY: minioadmin"], null],
      ["Postgres trust in a development Compose file", "docker-compose.dev.yml", ['       POSTGRES_DB: "${DB_DATABASE:-coolify}"', '+      POSTGRES_HOST_AUTH_METHOD: "trust"'], null],
      ["a demo secret", "scripts/seed-transfer-demo.php", ["         'client_id' => 'Iv1.transfer-demo',", "+        'webhook_secret' => 'gh-webhook-secret-demo',"], null],
      ["a password spelled from its key", "scripts/seed.php", ["     'mongo_initdb_root_username' => 'root',", "+    'mongo_initdb_root_password' => 'mongo-root-secret',"], null],
      ["a placeholder PEM body", "scripts/seed.php", ["+    'ssl_private_key' => \"-----BEGIN PRIVATE KEY-----\\nMIIDemoTransferKeyPlaceholder\\n-----END PRIVATE KEY-----\\n\","], null],
      ["a Go read removed whole", "internal/storage/feed.go", [
        " func (s *Storage) RemoveFeed(userID, feedID int64) error {",
        "-\trows, err := s.db.Query(`SELECT id FROM entries WHERE user_id=$1 AND feed_id=$2`, userID, feedID)",
        "-\tif err != nil {",
        "-\t\treturn err",
        "-\t}",
        "-\tdefer rows.Close()",
        "-",
        " \tif _, err := s.db.Exec(`DELETE FROM feeds WHERE id=$1 AND user_id=$2`, feedID, userID); err != nil {",
      ], null],
      ["a scoped query in a removed feature block", "app/Livewire/Project/Resource/Index.php", [
        "             return $application;",
        "         });",
        "-        if (V5Feature::enabled()) {",
        "-            $this->applications = $this->applications->merge(V5Application::query()",
        "-                ->where('team_id', currentTeam()->id)",
        "-                ->where('project_id', $this->project->id)",
        "-                ->get());",
        "-        }",
        "-",
        "         $this->applications = $this->applications->sortBy('name');",
      ], null],
      ["router middleware moved to a handler wrapper", "internal/googlereader/handler.go", [
        "-\tsr := router.PathPrefix(\"/reader/api/0\").Subrouter()",
        "-\tsr.Use(middleware.apiKeyAuth)",
        "-\tsr.HandleFunc(\"/token\", handler.tokenHandler).Methods(http.MethodGet)",
        "+\tmux := http.NewServeMux()",
        "+\tmux.Handle(\"GET /reader/api/0/token\", withApiKeyAuth(h.tokenHandler))",
      ], null],
      ["router middleware moved around the mux", "internal/api/api.go", [
        "-\tsr.Use(middleware.apiKeyAuth)",
        "-\tsr.Use(middleware.basicAuth)",
        "+\tmux := http.NewServeMux()",
        "+\treturn middleware.handleCORS(middleware.apiKeyAuth(middleware.basicAuth(mux)))",
      ], null],
      ["index name ending in _address", "db/migrate/20260818120000_create_onchain_wallet_items_and_accounts.rb", [
        "     add_index :onchain_wallet_accounts, [ :onchain_wallet_item_id, :chain, :wallet_address ],",
        "+              name: \"index_onchain_wallet_accounts_on_item_and_address\"",
      ], null],
      ["an AI call rewritten to take its parameters from above", "src/ai/chat.ts", [
        "   const input = buildInput(req.body.message);",
        "-  const response = await openai.responses.create({ model, input });",
        "+  const params = { model, input, max_output_tokens: maxTokens };",
        "+  const response = await openai.responses.create(params);",
      ], null],
      ["an upload-artifact step's retention removed", ".github/workflows/pr.yml", [
        "-        uses: actions/upload-artifact@v6",
        "-        with:",
        "-          name: preview-image",
        "-          path: ${{ runner.temp }}/sure-preview-image.tar.gz",
        "-          if-no-files-found: error",
        "-          retention-days: 3",
      ], null],
      ["a scheduled cleanup of PR previews removed", "deploy/preview-cleanup.yml", [
        "-name: Cleanup PR Previews",
        "-",
        "-on:",
        "-  schedule:",
        "-    - cron: '0 * * * *'",
      ], null],
      ["how far back an import reads", "app/models/wise_item/importer.rb", [
        " class WiseItem::Importer",
        "-  DEFAULT_HISTORY_DAYS = 90",
        "+  DEFAULT_HISTORY_DAYS = 365",
      ], null],
      ["a JWT claim namespaced by a provider's URL", "app/models/provider/openai.rb", [
        "+    payload = access_token.to_s.split(\".\", 3).second",
        "+    claims = JSON.parse(Base64.urlsafe_decode64(payload))",
        "+    claims.dig(\"https://api.openai.com/auth\", \"chatgpt_account_id\").presence",
      ], null],
      ["digests compared in constant time below", "config/initializers/sidekiq.rb", [
        "   Sidekiq::Web.use(Rack::Auth::Basic) do |username, password|",
        "+    configured_password = ::Digest::SHA256.hexdigest(ENV[\"SIDEKIQ_WEB_PASSWORD\"])",
        " ",
        "     ActiveSupport::SecurityUtils.secure_compare(::Digest::SHA256.hexdigest(password), configured_password)",
      ], null],
      ["Yarn's committed release", ".yarn/releases/yarn-4.12.0.cjs", ["+var dut={configuration:{initScope:{},token:\"npm_Xk29dLmQp8vRt5sWz1yB4nC7hF3jK6gT0eU2\"},url:\"https://api.segment.io/v1/track\"};"], null],
      ["a translation catalogue under Localization/", "src/NzbDrone.Core/Localization/Core/pl.json", ['     "ApiKey": "Klucz API",', '+    "NotificationsTwitterSettingsConsumerSecret": "Sekret konsumenta",'], null],
      ["a notification's health switches", "src/Sonarr.Api.V5/openapi.json", [
        '           "onEpisodeFileDelete": {',
        '             "type": "boolean"',
        '           },',
        '+          "onHealthIssue": {',
        '+            "type": "boolean"',
        '+          },',
        '+          "includeHealthWarnings": {',
        '+            "type": "boolean"',
        '+          },',
        '+          "supportsOnHealthIssue": {',
        '+            "type": "boolean"',
        '+          },',
      ], null],
      ["a log call given undefined beside the error", "backend/src/auth/oidc/oidc.service.ts", [
        "     } catch (error) {",
        "+      this.logger.error(",
        "+        `Failed to validate logout token: ${String(error)}`,",
        "+        undefined,",
        "+        'processBackchannelLogout',",
        "+      );",
      ], null],
      ["checks of the configuration removed", "backend/src/config/note.config.ts", [
        "     return printConfigErrorAndExit(errorMessage);",
        "   }",
        "-  const config = noteConfig.data;",
        "-  checkDefaultPermissions(config);",
        "-  checkMaxGuestLevel(config);",
        "-  return config;",
        "+  return noteConfig.data;",
        " });",
      ], null],
  ];
  const positives: Case[] = [
      ["authorize() removed from an action that stays", "app/Livewire/Project/Shared/Storages/All.php", [
        "     public function clearHostPath(int $storageId): void",
        "     {",
        "-        $this->authorize('update', $this->resource);",
        "-",
        "         $storage = $this->findStorageOrFail($storageId);",
      ], "access_mfa"],
      ["a secret in the production Compose file", "docker-compose.prod.yml", ["     environment:", "+      MINIO_SECRET_KEY: Zk8#pQ2vLx9!rTe4"], "secrets"],
      ["Postgres trust in the production Compose file", "docker-compose.yml", ['+      POSTGRES_HOST_AUTH_METHOD: "trust"'], "access_mfa"],
      ["a real-looking password in a seed", "scripts/seed.php", ["+    'mongo_initdb_root_password' => 'Wq8#vLp2!rTz9xKe',"], "secrets"],
      ["a private key body", "scripts/seed.php", ["+$key = \"-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\\n-----END OPENSSH PRIVATE KEY-----\";"], "secrets"],
      ["a Go read's scope dropped", "internal/storage/feed.go", [
        "-\trows, err := s.db.Query(`SELECT id FROM entries WHERE user_id=$1 AND feed_id=$2`, userID, feedID)",
        "+\trows, err := s.db.Query(`SELECT id FROM entries WHERE feed_id=$1`, feedID)",
      ], "access_mfa"],
      ["router middleware removed", "internal/googlereader/handler.go", [
        "-\tsr.Use(middleware.apiKeyAuth)",
        "+\tsr.Use(middleware.handleCORS)",
      ], "access_mfa"],
      ["a home address column", "db/migrate/20260818120000_create_customers.rb", [
        "     create_table :customers, id: :uuid do |t|",
        "+      t.string :home_address",
      ], "pii_retention"],
      ["a new AI call with the user's message", "src/ai/chat.ts", [
        "   const input = buildInput(req.body.message);",
        "+  const response = await openai.responses.create({ model, input });",
      ], "ai_use"],
      ["a retention period of personal data changed", "app/models/account_purger.rb", [
        " class AccountPurger",
        "-  DATA_RETENTION_DAYS = 90",
        "+  DATA_RETENTION_DAYS = 365",
      ], "pii_retention"],
      ["a password digest stored unsalted", "app/models/user.rb", [
        "   def password=(password)",
        "+    digest = ::Digest::SHA256.hexdigest(password)",
        "+    self.password_digest = digest",
      ], "encryption"],
      ["a class guard taken off a controller", "backend/src/api/public/monitoring/monitoring.controller.ts", [
        "-@UseGuards(ApiTokenGuard)",
        " @ApiTags('monitoring')",
        " @Controller('monitoring')",
        " export class MonitoringController {",
      ], "access_mfa"],
      ["a check of the caller removed", "backend/src/notes/notes.service.ts", [
        "   const user = await this.usersService.getUser(userId);",
        "-  checkPermissions(user);",
        "   return this.notesService.getNote(noteId);",
      ], "access_mfa"],
      ["a secret in a JSON file outside a catalogue", "src/NzbDrone.Core/Config/pl.json", ['+    "ConsumerSecret": "Xk29dLmQp8vRt5sWz1yB"'], "secrets"],
      ["a token logged", "backend/src/auth/oidc/oidc.service.ts", [
        "+      this.logger.error(`Failed to validate logout token: ${logoutToken}`, undefined, 'processBackchannelLogout');",
      ], "logging"],
      ["a health column", "db/migrate/20260101_add_health_to_patients.rb", ["     create_table :patients do |t|", "+      t.string :health_issue"], "pii_retention"],
  ];
  for (const c of lookAlikes) it(`leaves alone: ${c[0]}`, () => check([c]));
  for (const c of positives) it(`still finds: ${c[0]}`, () => check([c]));
});
