// From the round-12 blind batches (mixed-round12-untuned.yaml, mixed-round12b-untuned.yaml), read only after they were
// scored before and after the round: a service's other packages by Composer vendor and gem name (sentry/sentry-symfony,
// sentry-raven), Fiber's agent.InsecureSkipVerify(), digests compared in constant time (Sidekiq's Basic auth), MySQL's
// SHA() of a password, a setting flag named for an identifier (bsn_enabled), a logger reached through instance(), and
// public pages of a Rails app (terms, privacy) that skip sign-in. Each has a look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("round-12 blind batch kinds", () => {
  it("finds them", async () => {
    await check([
      ["Composer package of a catalogued vendor", "site/composer.json", ['         "ramsey/uuid": "^4.9.2",', '+        "sentry/sentry-symfony": "^5.10",'], "subprocessors"],
      ["gem named for the service", "Gemfile", [" gem 'openstax_rescue_from'", "+gem 'sentry-raven', require: 'raven/base'"], "subprocessors"],
      ["Fiber agent verification off", "middlewares/permission.go", ['+\tagent := fiber.Get(os.Getenv("CMS_AUTH_URL") + "/api/v1/member/" + id)', "+\tagent.InsecureSkipVerify()"], "encryption"],
      ["a digest of the password stored", "app/models/user.rb", ["+    self.password_digest = ::Digest::SHA256.hexdigest(password)"], "encryption"],
      ["MySQL SHA() of the password", "www/login.php", ["+\t\t\t$query =\"INSERT INTO `signup` (username, password) VALUES ('$username', SHA('$password2'))\";"], "encryption"],
      ["an identifier column", "database/migrations/2022_01_25_124721_add_bsn_to_people.php", ["         Schema::table('people', function (Blueprint $table) {", "+            $table->string('bsn')->nullable();"], "pii_retention"],
      ["a logger reached through instance()", "src/providers/twilio.messaging.service.ts", ["     sendSMS = async (toPhone: string, message: string): Promise<boolean> => {", "+            Logger.instance().log(`To phone: '${toPhone}', Message: '${message}'`);"], "logging"],
      ["sign-in skipped on orders", "app/controllers/orders_controller.rb", [" class OrdersController < ApplicationController", "+  skip_before_action :authenticate_user!, only: [:index, :show]"], "access_mfa"],
    ]);
  });

  it("leaves the look-alikes alone", async () => {
    await check([
      ["Composer package of another vendor", "site/composer.json", ['         "ramsey/uuid": "^4.9.2",', '+        "symfony/mailer": "7.4.*",'], null],
      ["a test double of the service", "Gemfile", [" group :test do", "+  gem 'stripe-ruby-mock'"], null],
      ["Fiber verification on", "middlewares/permission.go", ["+\tagent.TLSConfig(&tls.Config{InsecureSkipVerify: false})"], null],
      ["Sidekiq Basic auth compared in constant time", "config/routes.rb", [
        "+    Sidekiq::Web.use Rack::Auth::Basic do |username, password|",
        "+      ActiveSupport::SecurityUtils.secure_compare(::Digest::SHA256.hexdigest(password), ::Digest::SHA256.hexdigest(Rails.application.credentials.dig(:SIDEKIQ_AUTH_PASSWORD)))",
        "+    end",
      ], null],
      ["a setting flag", "database/migrations/2022_01_25_124721_add_bsn_enabled_to_organizations.php", ["         Schema::table('organizations', function (Blueprint $table) {", "+            $table->boolean('bsn_enabled')->default(false);"], null],
      ["a logger through instance() with a status", "src/providers/twilio.messaging.service.ts", ["+            Logger.instance().log(`SMS sent, status: ${response.status}`);"], null],
      ["the terms pages are public", "app/controllers/terms_controller.rb", [" class TermsController < ApplicationController", "+  skip_before_action :authenticate_user!, only: [:index, :show]"], null],
    ]);
  });
});
