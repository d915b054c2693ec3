// Kinds widened on the round-11 subprocessors batch (subproc11). Each family has positives and a real look-alike that
// must stay quiet.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("an SDK import left unchanged, with its client built on an added line", () => {
  it("finds the client constructed, set up, or a record created with a person's details", async () => {
    await check([
      ["python Client() from an unchanged twilio import", "alerts/notify.py", [
        " import os",
        " from twilio.rest import Client",
        " ",
        "+client = Client(os.environ[\"TWILIO_SID\"], os.environ[\"TWILIO_TOKEN\"])",
        "+message = client.messages.create(body=text, from_=SENDER, to=user.phone)",
      ], "subprocessors"],
      ["java Twilio.init under unchanged imports", "src/main/java/app/Sms.java", [
        " import com.twilio.Twilio;",
        " import com.twilio.rest.api.v2010.account.Message;",
        " ",
        "+    public void send(String to, String body) {",
        "+        Twilio.init(accountSid, authToken);",
        "+        Message.creator(new PhoneNumber(to), from, body).create();",
        "+    }",
      ], "subprocessors"],
      ["php static create with e-mail under an unchanged use", "app/Http/Controllers/BillingController.php", [
        " use Illuminate\\Http\\Request;",
        " use Stripe\\Customer;",
        " ",
        "+        $customer = Customer::create([",
        "+            'email' => $request->email,",
        "+            'source' => $request->stripeToken,",
        "+        ]);",
      ], "subprocessors"],
    ]);
  });

  it("stays quiet on a call through a client the file already had, a lookup by id, and an edited constructor", async () => {
    await check([
      ["python call through an existing client", "alerts/notify.py", [
        " from twilio.rest import Client",
        " ",
        " client = Client(ACCOUNT_SID, AUTH_TOKEN)",
        "+status = client.messages(sid).fetch().status",
      ], null],
      ["php lookup of a stored customer by id", "app/Http/Controllers/BillingController.php", [
        " use Stripe\\Customer;",
        " ",
        "+        $customer = Customer::retrieve($user->stripe_id);",
        "+        return $customer->balance;",
      ], null],
      ["python constructor edited, not added", "alerts/notify.py", [
        " from twilio.rest import Client",
        " ",
        "-client = Client(ACCOUNT_SID, AUTH_TOKEN)",
        "+client = Client(ACCOUNT_SID, AUTH_TOKEN, region=\"ie1\")",
      ], null],
    ]);
  });
});

describe("a record created through a resource class in the service's namespace", () => {
  it("finds Ruby's Stripe::Customer.create and PHP's group use with a person's details", async () => {
    await check([
      ["ruby model callback sends the e-mail", "app/models/account.rb", [
        "   after_create :create_billing_customer",
        " ",
        "+  def create_billing_customer",
        "+    customer = Stripe::Customer.create(",
        "+      email: email,",
        "+      name: full_name",
        "+    )",
        "+    update!(stripe_customer_id: customer.id)",
        "+  end",
      ], "subprocessors"],
      ["php group use then Customer::create", "app/Http/Controllers/OrdersController.php", [
        "+use Stripe\\{Charge, Customer};",
        "+",
        "+        $customer = Customer::create(['email' => request('stripeEmail'), 'source' => request('stripeToken')]);",
      ], "subprocessors"],
    ]);
  });

  it("stays quiet on a subscription looked up by id and a product created with a catalogue name", async () => {
    await check([
      ["ruby subscription cancel", "app/services/billing/cancel.rb", [
        "+    subscription = Stripe::Subscription.retrieve(@subscription_id)",
        "+    subscription.cancel_at_period_end = true",
        "+    subscription.save",
      ], null],
      ["ruby product created from the catalogue", "app/services/billing/sync_plans.rb", [
        "+    product = Stripe::Product.create(",
        "+      name: plan.title,",
        "+      metadata: { plan_id: plan.id }",
        "+    )",
      ], null],
    ]);
  });
});

describe("regional SMS providers in the catalogue", () => {
  it("finds a Kavenegar client and Africa's Talking initialised", async () => {
    await check([
      ["php kavenegar client", "app/Helpers/sms.php", [
        "+function send_code($phone, $code) {",
        "+    $api = new \\Kavenegar\\KavenegarApi(config('services.kavenegar.key'));",
        "+    return $api->Send(config('services.kavenegar.sender'), [$phone], $code);",
        "+}",
      ], "subprocessors"],
      ["python kavenegar client from a star import", "accounts/otp.py", [
        "+from kavenegar import *",
        "+",
        "+def send_otp(phone, code):",
        "+    api = KavenegarAPI(settings.KAVENEGAR_API_KEY)",
        "+    api.verify_lookup({'receptor': phone, 'token': code, 'template': 'otp'})",
      ], "subprocessors"],
    ]);
    await expectArea("subprocessors", [
      ["python africastalking initialised", "notifications/sms.py", [
        "+import africastalking",
        "+",
        "+africastalking.initialize(settings.AT_USERNAME, settings.AT_API_KEY)",
        "+sms = africastalking.SMS",
      ]],
    ], true);
  });

  it("stays quiet on a setup guide and a commented-out client", async () => {
    await check([
      ["markdown setup guide", "docs/sms.md", [
        "+## SMS",
        "+Set `KAVENEGAR_API_KEY` and call `KavenegarAPI(key)` from the notifications module.",
      ], null],
      ["python commented client", "accounts/otp.py", [
        "+# api = KavenegarAPI(settings.KAVENEGAR_API_KEY)",
        "+send_via_email(user, code)",
      ], null],
    ]);
  });
});

describe("identity traits written as a traits hash (Segment's identify spec)", () => {
  it("finds e-mail or name given as traits in Ruby and JavaScript payloads", async () => {
    await check([
      ["ruby identify job payload", "app/jobs/analytics/identify_job.rb", [
        "+    def payload(user)",
        "+      {",
        "+        user_id: user.id,",
        "+        traits: {",
        "+          email: user.email,",
        "+          plan: user.plan",
        "+        }",
        "+      }",
        "+    end",
      ], "subprocessors"],
      ["ruby hash rocket traits", "lib/tracking.rb", [
        "+    payload = { :user_id => user.id, :traits => { :name => user.full_name, :email => user.email } }",
      ], "subprocessors"],
    ]);
  });

  it("stays quiet on traits that describe the account, not the person", async () => {
    await check([
      ["ruby traits with plan and role", "app/jobs/analytics/identify_job.rb", [
        "+      {",
        "+        user_id: user.id,",
        "+        traits: {",
        "+          plan: user.plan,",
        "+          role: user.role",
        "+        }",
        "+      }",
      ], null],
    ]);
  });
});
