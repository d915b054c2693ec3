// From the round-19 blind batch of logging, personal data, encryption and subprocessors (mixed-round19b-untuned.yaml),
// read after it was scored: a log level whose short name prefixes the real one ($log->warning), an audit logger reached
// through a namespace removed, a leading-underscore password beside a plain digest, Kotlin Exposed entity properties
// delegated to columns, an age-based SQL purge whose cutoff is bound in, Ruby identity calls without parentheses, the
// older iOS SDKs started from Objective-C and Swift, and analytics SDKs only used (not set up) through an import. Each
// kind has a look-alike.
import { describe, it } from "@jest/globals";
import { check, expectArea } from "./support/check-rule-cases.js";

describe("round-19b blind batch fixes", () => {
  it("a log level method whose short name prefixes the real one ($log->warning, Log.Information)", async () => {
    await check([
      ["Monolog warning of the whole request input", "webhooks/ipn.php", [
        "+$logger = new Logger('ipn');",
        "+$logger->warning(print_r($_REQUEST, true));",
      ], "logging"],
      ["look-alike: a warning with an id only", "webhooks/ipn.php", [
        "+$logger = new Logger('ipn');",
        "+$logger->warning('payment notification received', ['id' => $paymentId]);",
      ], null],
    ]);
  });

  it("an audit logger reached through a namespace, removed", async () => {
    await check([
      ["Ruby Audit::Logger in an after_action removed", "app/controllers/admin/comments_controller.rb", [
        "   class CommentsController < Admin::ApplicationController",
        "-    after_action only: %i[update destroy] do",
        "-      Audit::Logger.log(:admin, current_user, params.dup)",
        "-    end",
        " ",
        "     def update",
      ], "logging"],
      ["PHP Audit\\Logger::log removed", "src/Controller/RefundController.php", [
        "     $refund->approve();",
        "-    Audit\\Logger::log('refund.approved', $user->id, $refund->id);",
        "     return $this->json(['ok' => true]);",
      ], "logging"],
      ["look-alike: the audit call kept, its category renamed", "app/controllers/admin/comments_controller.rb", [
        "     after_action only: %i[update destroy] do",
        "-      Audit::Logger.log(:admin, current_user, params.dup)",
        "+      Audit::Logger.log(:moderator, current_user, params.dup)",
        "     end",
      ], null],
    ]);
  });

  it("a leading-underscore password beside a plain digest", async () => {
    await check([
      ["C# SHA-256 of _pwd", "Helpers/Crypto.cs", [
        "+public static string Compute(string _pwd)",
        "+{",
        "+    using (var sha = SHA256.Create())",
        "+    {",
        "+        return Convert.ToHexString(sha.ComputeHash(Encoding.UTF8.GetBytes(_pwd)));",
        "+    }",
        "+}",
      ], "encryption"],
      ["look-alike: SHA-256 of a file stream", "Helpers/Files.cs", [
        "+public static string Checksum(Stream _stream)",
        "+{",
        "+    using (SHA256 sha = SHA256.Create())",
        "+    {",
        "+        return Convert.ToHexString(sha.ComputeHash(_stream));",
        "+    }",
        "+}",
      ], null],
    ]);
  });

  it("Kotlin Exposed entity properties delegated to a table's columns", async () => {
    await check([
      ["patient entity maps date of birth and national id", "src/main/kotlin/com/clinic/dao/PatientEntity.kt", [
        "+class PatientEntity(id: EntityID<Int>) : IntEntity(id) {",
        "+    companion object : IntEntityClass<PatientEntity>(Patients)",
        "+    var fullName by Patients.fullName",
        "+    var dateOfBirth by Patients.dateOfBirth",
        "+    var nationalId by Patients.nationalId",
        "+}",
      ], "pii_retention"],
      ["look-alike: a product entity", "src/main/kotlin/com/shop/dao/ProductEntity.kt", [
        "+class ProductEntity(id: EntityID<Int>) : IntEntity(id) {",
        "+    companion object : IntEntityClass<ProductEntity>(Products)",
        "+    var name by Products.name",
        "+    var price by Products.price",
        "+}",
      ], null],
    ]);
  });

  it("an age-based SQL purge whose cutoff is bound in, removed", async () => {
    await check([
      ["nightly script deleting old customers with a bound cutoff", "jobs/cleanup.py", [
        "     cutoff = datetime.utcnow() - timedelta(days=365)",
        "-    cur.execute(\"DELETE FROM customers WHERE last_login_date < %s\", (cutoff,))",
        "     conn.commit()",
      ], "pii_retention"],
      ["look-alike: expired sessions", "jobs/cleanup.py", [
        "     cutoff = datetime.utcnow()",
        "-    cur.execute(\"DELETE FROM sessions WHERE expires_at < %s\", (cutoff,))",
        "     conn.commit()",
      ], null],
      ["look-alike: one row deleted by id", "app/Repository/UserRepository.php", [
        "-    $db->query(\"DELETE FROM users WHERE id = '$id'\");",
      ], null],
    ]);
  });

  it("Ruby identity calls without parentheses", async () => {
    await check([
      ["people.set with names", "app/observers/account_observer.rb", [
        "+  def after_create(account)",
        "+    tracker.people.set account.id, {",
        "+      '$email' => account.email,",
        "+      '$first_name' => account.first_name",
        "+    }",
        "+  end",
      ], "subprocessors"],
      ["look-alike: an event with the id only", "app/observers/account_observer.rb", [
        "+  def after_create(account)",
        "+    tracker.track account.id, 'Account Created'",
        "+  end",
      ], null],
    ]);
  });

  it("the older iOS SDKs started from Objective-C and Swift", async () => {
    await expectArea("subprocessors", [
      ["Mixpanel started in an app delegate", "App/AppDelegate.m", [
        "+- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {",
        "+    [Mixpanel sharedInstanceWithToken:MIXPANEL_TOKEN];",
        "+    return YES;",
        "+}",
      ]],
      ["Amplitude started from Swift", "App/Analytics.swift", [
        "+final class Analytics {",
        "+    init(key: String) {",
        "+        Amplitude.instance().initializeApiKey(key)",
        "+    }",
        "+}",
      ]],
    ], true);
    await expectArea("subprocessors", [
      ["look-alike: an event sent through the shared instance", "App/CheckoutViewController.m", [
        "+- (void)viewDidAppear:(BOOL)animated {",
        "+    [[Mixpanel sharedInstance] track:@\"Checkout Opened\"];",
        "+}",
      ]],
    ], false);
  });

  it("an analytics SDK imported only to use the client set up elsewhere", async () => {
    await expectArea("subprocessors", [
      ["look-alike: PostHog identify by an opaque id", "components/analytics/identify.tsx", [
        "+import posthog from \"posthog-js\"",
        "+export function Identify({ userId }: { userId: string }) {",
        "+  useEffect(() => { posthog.identify(userId) }, [userId])",
        "+  return null",
        "+}",
      ]],
      ["look-alike: an event captured", "components/analytics/track.tsx", [
        "+import posthog from \"posthog-js\"",
        "+export const track = (name: string, props?: Record<string, unknown>) => posthog.capture(name, props)",
      ]],
    ], false);
    await expectArea("subprocessors", [
      ["identify with the e-mail", "components/analytics/identify.tsx", [
        "+import posthog from \"posthog-js\"",
        "+export function Identify({ user }: { user: User }) {",
        "+  useEffect(() => { posthog.identify(user.id, { email: user.email }) }, [user])",
        "+  return null",
        "+}",
      ]],
    ], true);
  });

  it("Avro fields written one key a line, in a schema held in code", async () => {
    await check([
      ["a producer's customer schema gains a date of birth", "ingest/schemas/patient_schema.py", [
        "     {",
        "         \"name\" : \"mrn\",",
        "         \"type\" : \"string\"",
        "     },",
        "+    {",
        "+        \"name\" : \"date_of_birth\",",
        "+        \"type\" : [\"null\", \"string\"]",
        "+    },",
      ], "pii_retention"],
      ["look-alike: a form definition's input type", "forms/signup_form.py", [
        "+    {",
        "+        \"name\" : \"date_of_birth\",",
        "+        \"type\" : \"date\"",
        "+    },",
      ], null],
    ]);
  });

  it("a payment provider's webhook event data logged whole", async () => {
    await check([
      ["Express Stripe webhook logs the event's object", "src/routes/billing-webhook.js", [
        "+router.post('/stripe', express.raw({ type: 'application/json' }), (req, res) => {",
        "+  const event = stripe.webhooks.constructEvent(req.body, req.headers['stripe-signature'], secret);",
        "+  console.log('stripe event', event.type, event.data.object);",
        "+  res.sendStatus(200);",
        "+});",
      ], "logging"],
      ["look-alike: only the event's type and object id", "src/routes/billing-webhook.js", [
        "+router.post('/stripe', express.raw({ type: 'application/json' }), (req, res) => {",
        "+  const event = stripe.webhooks.constructEvent(req.body, req.headers['stripe-signature'], secret);",
        "+  console.log('stripe event', event.type, event.data.object.id);",
        "+  res.sendStatus(200);",
        "+});",
      ], null],
    ]);
  });

  it("the DrewM Mailchimp wrapper imported by namespace and built", async () => {
    await expectArea("subprocessors", [
      ["newsletter sign-up through DrewM\\MailChimp", "public/subscribe.php", [
        "+use DrewM\\MailChimp\\MailChimp;",
        "+$mc = new MailChimp(getenv('MAILCHIMP_KEY'));",
        "+$mc->post(\"lists/$listId/members\", ['email_address' => $_POST['email'], 'status' => 'subscribed']);",
      ]],
    ], true);
    await expectArea("subprocessors", [
      ["look-alike: a class of one's own named MailChimp", "src/Newsletter/MailChimp.php", [
        "+namespace App\\Newsletter;",
        "+class MailChimp { public function render(): string { return 'Subscribe'; } }",
      ]],
    ], false);
  });

  it("a payment card's own number read inside the card's type", async () => {
    await check([
      ["TypeScript CreditCard class logs its own number", "src/billing/credit-card.ts", [
        "+export class CreditCard implements PaymentMethod {",
        "+  constructor(private number: string, private expiry: string) {}",
        "+  charge(amount: number) {",
        "+    logger.info(`charging ${amount} to card ${this.number}`);",
        "+  }",
        "+}",
      ], "logging"],
      ["look-alike: a playing card's number in a game", "src/game/card.ts", [
        "+export class Card {",
        "+  constructor(private suit: string, private number: number) {}",
        "+  show() {",
        "+    console.log(`card ${this.number} of ${this.suit}`);",
        "+  }",
        "+}",
      ], null],
    ]);
  });

  it("a JavaScript SDK's client factory called with credentials, its require above the hunk", async () => {
    await expectArea("subprocessors", [
      ["twilio(accountSid, authToken) in a notifier", "server/notify.js", [
        "+function smsClient() {",
        "+  const accountSid = process.env.TWILIO_SID;",
        "+  const authToken = process.env.TWILIO_TOKEN;",
        "+  return twilio(accountSid, authToken);",
        "+}",
      ]],
    ], true);
    await expectArea("subprocessors", [
      ["look-alike: a function of one's own named like a word, given other arguments", "server/images.js", [
        "+const parts = segment(image, mask);",
        "+const sent = twilio(message, options);",
      ]],
    ], false);
  });

  it("an SDK's client constructor whose arguments start on the next line", async () => {
    await expectArea("subprocessors", [
      ["Mixpanel built with its token on the next line (Swift)", "App/Tracking.swift", [
        "+let mixpanel = Mixpanel(",
        "+    token: Secrets.mixpanelToken",
        "+)",
      ]],
    ], true);
    await expectArea("subprocessors", [
      ["look-alike: an empty call of a type of one's own", "App/Tracking.swift", [
        "+let stub = Mixpanel()",
      ]],
    ], false);
  });

  it("a file's, folder's or type's full name is a path or a class name", async () => {
    await check([
      ["look-alike: FileInfo.FullName", "Services/ImportService.cs", [
        "+foreach (var file in new DirectoryInfo(inbox).GetFiles(\"*.csv\"))",
        "+{",
        "+    _logger.LogInformation(\"Importing {File}\", file.FullName);",
        "+}",
      ], null],
      ["look-alike: a full name built from a folder", "Services/ReportService.cs", [
        "+var fullName = Path.Combine(_reportDirectory, reportName);",
        "+_logger.LogWarning(\"Report {Report} is missing\", fullName);",
      ], null],
      ["a customer's full name", "Services/ReportService.cs", [
        "+var fullName = $\"{customer.FirstName} {customer.LastName}\";",
        "+_logger.LogInformation(\"Report for {Name}\", fullName);",
      ], "logging"],
    ]);
  });
});
