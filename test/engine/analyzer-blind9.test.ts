// Kinds a blind batch of ordinary application code (mixed-round9-untuned.yaml, scored before any change) showed the
// analyzer missing: a name's copy number (password1, email_2) hid what it holds; a third party's API host behind an
// interpolated data-centre label (https://${dc}.api.mailchimp.com) was not read as that host; Sentry's earlier SDK
// (Raven) given the user's e-mail was not an error tracker's user context; a Stripe test-mode secret key was not a known
// key format; a JavaScript SDK's default export called as a factory (twilio(sid, token)) did not count as its client.
// Each has a look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("numbered names in logs", () => {
  it("reads password1, email_2 and phone2 as the password, e-mail and phone they hold", async () => {
    await check([
      ["Django sign-up form printed", "users/views.py", [
        "             form.save()",
        "+            print(form.cleaned_data.get('password1'))",
        "             return redirect('home')",
      ], "logging"],
      ["second e-mail logged", "app/services/contacts.rb", [
        "     contact.save!",
        "+    Rails.logger.info(\"secondary address #{contact.email_2}\")",
        "   end",
      ], "logging"],
      ["numbered phone field", "src/handlers/profile.ts", [
        "   const saved = await repo.save(profile);",
        "+  logger.info(`profile saved`, profile.phone2);",
        "   return saved;",
      ], "logging"],
    ]);
  });

  it("does not make a sensitive name of a numbered harmless one", async () => {
    await check([
      ["paged form field", "users/views.py", [
        "             form.save()",
        "+            print(form.cleaned_data.get('page1'))",
        "             return redirect('home')",
      ], null],
      ["a digest's size", "src/storage/blobs.ts", [
        "   const digest = createHash('sha256').update(body).digest('hex');",
        "+  logger.debug('stored blob', digest.length, sha256);",
        "   return digest;",
      ], null],
    ]);
  });
});

describe("API hosts behind an interpolated data-centre label", () => {
  it("finds a call to https://${dc}.api.mailchimp.com in Ruby and JavaScript", async () => {
    await expectArea("subprocessors", [
      ["Ruby job", "app/jobs/newsletter_job.rb", [
        "   def perform(member)",
        "+    RestClient.put(\"https://#{ENV['MAILCHIMP_DC']}.api.mailchimp.com/3.0/lists/#{ENV['MAILCHIMP_LIST']}/members/#{member.id}\", { email_address: member.email }.to_json)",
        "   end",
      ]],
      ["JavaScript fetch", "src/newsletter/subscribe.js", [
        " export async function subscribe(email) {",
        "+  return fetch(`https://${process.env.MC_DC}.api.mailchimp.com/3.0/lists/${listId}/members`, { method: 'POST', body: JSON.stringify({ email_address: email }) });",
        " }",
      ]],
    ], true);
  });

  it("does not take a tenant's own subdomain for a third party", async () => {
    await check([
      ["own tenant host", "src/tenants/client.js", [
        " export async function ping(tenant) {",
        "+  return fetch(`https://${tenant}.app.acme.internal/health`);",
        " }",
      ], null],
    ]);
  });
});

describe("Raven, Sentry's earlier SDK", () => {
  it("finds the user context given an e-mail address", async () => {
    await expectArea("subprocessors", [
      ["Raven user context", "app/controllers/application_controller.rb", [
        "   before_action :set_raven_context",
        "+  def set_raven_context",
        "+    Raven.user_context(id: current_user.id, email: current_user.email) if current_user",
        "+  end",
      ]],
    ], true);
  });

  it("does not report a user context of ids only", async () => {
    await check([
      ["Raven user id only", "app/controllers/application_controller.rb", [
        "   before_action :set_raven_context",
        "+  def set_raven_context",
        "+    Raven.user_context(id: current_user.id) if current_user",
        "+  end",
      ], null],
    ]);
  });
});

describe("Stripe test-mode secret keys", () => {
  it("finds a generated sk_test_ key written into the code", async () => {
    await expectArea("secrets", [
      ["ternary branch", "backend/constants/stripe.js", [
        "+const STRIPE_SECRET_KEY = process.env.NODE_ENV === 'production'",
        "+    ? process.env.STRIPE_LIVE_KEY",
        "+    : 'sk_test_51QaDNxril3RavGD5MfvJ7NScUykT8C8UBkkpdhiG37LeXSyYV4g6snRoUYA4fXr6nzrvZcmT4a4Ad5y2FibpBV62h9MahWLm52';",
      ]],
    ], true);
  });

  it("leaves Stripe's documented sample key, placeholders and publishable keys alone", async () => {
    await expectArea("secrets", [
      ["Stripe's documentation key", "docs/payments.js", [
        "+const stripe = require('stripe')('sk_test_4eC39HqLyjWDarjtT1zdp7dc');",
      ]],
      ["placeholder fallback", "src/payments/stripe.ts", [
        "+export const stripe = new Stripe(process.env.STRIPE_SECRET_KEY || 'sk_test_mock_key_for_local_runs_only', {",
      ]],
      ["publishable key", "web/src/checkout.js", [
        "+const stripePromise = loadStripe('pk_test_51QaDNxril3RavGD5MfvJ7NScUykT8C8UBkkpdhiG37LeXSyYV4g6snRoUYA4fXr6nzrvZcmT4a4Ad5y2FibpBV62h9MahWLm52');",
      ]],
    ], false);
  });
});

describe("a JavaScript SDK's default export called as its client factory", () => {
  it("finds twilio(sid, token), mailgun({...}) and a renamed require('stripe') called with a key", async () => {
    await expectArea("subprocessors", [
      ["twilio factory", "api/sms.js", [
        "+const twilio = require('twilio');",
        "+",
        "+const client = twilio(process.env.TWILIO_ACCOUNT_SID, process.env.TWILIO_AUTH_TOKEN);",
      ]],
      ["mailgun factory", "src/mail/send.js", [
        "+const mailgun = require('mailgun-js');",
        "+const mg = mailgun({ apiKey: process.env.MAILGUN_KEY, domain: process.env.MAILGUN_DOMAIN });",
      ]],
      ["renamed stripe", "backend/payments.js", [
        "+const configureStripe = require('stripe');",
        "+const stripe = configureStripe(process.env.STRIPE_SECRET_KEY);",
      ]],
    ], true);
  });

  it("does not count a default import used only as a type", async () => {
    await check([
      ["type only", "src/billing/format.ts", [
        "+import Stripe from 'stripe';",
        "+",
        "+export function label(customer: Stripe.Customer): string {",
        "+  return customer.description ?? customer.id;",
        "+}",
      ], null],
    ]);
  });
});
