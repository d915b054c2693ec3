// Round 12: an SDK's client built or set up the way its quickstart shows, under an import the change leaves as it is, from
// a probe of 64 documented idioms across languages (41 found before, 56 now): classes imported by name and built
// (`new Analytics({ writeKey })`, `new hubspot.Client(...)`, Python's `CustomerIO(site_id, api_key)`), factories named for a client
// (`createClient(url, key)`), set-up calls on the module (`sgMail.setApiKey`, `mailchimp.setConfig`, `admin.initializeApp`,
// `newrelic.agent.initialize`), Python classes reached through the module (`pusher.Pusher(...)`) and Go's `New...Client()`.
// Each has a look-alike: a call through a client the file already had, an SDK exception, a message object. The
// Segment case moved here from analyzer-ai6.test.ts, where round 6 counted it harmless (see the synthetic case ts-existing-segment-import).
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

describe("clients built or set up under an unchanged SDK import", () => {
  it("finds the quickstart idioms", async () => {
    await expectArea("subprocessors", [
      ["new on a class imported by name", "src/analytics.js", [" const { Analytics } = require('@segment/analytics-node');", "+const analytics = new Analytics({ writeKey: process.env.SEGMENT_KEY });"]],
      ["new on a module member", "src/crm.js", [" const hubspot = require('@hubspot/api-client');", "+const hubspotClient = new hubspot.Client({ accessToken: process.env.HUBSPOT_TOKEN });"]],
      ["Python class named for the service called", "app/track.py", [" from customerio import CustomerIO", "+cio = CustomerIO(site_id, api_key)"]],
      ["Python class through the module", "app/realtime.py", [" import pusher", "+pusher_client = pusher.Pusher(app_id=APP_ID, key=KEY, secret=SECRET, cluster='eu')"]],
      ["factory named for a client", "src/db.ts", [" import { createClient } from '@supabase/supabase-js';", "+const supabase = createClient(process.env.SUPABASE_URL, process.env.SUPABASE_KEY);"]],
      ["key setter", "src/mail.js", [" const sgMail = require('@sendgrid/mail');", "+sgMail.setApiKey(process.env.SENDGRID_API_KEY);"]],
      ["config setter", "src/newsletter.js", [" const mailchimp = require('@mailchimp/mailchimp_marketing');", "+mailchimp.setConfig({ apiKey: process.env.MC_KEY, server: 'us1' });"]],
      ["initializeApp", "src/push.js", [" const admin = require('firebase-admin');", "+admin.initializeApp({ credential: admin.credential.cert(serviceAccount) });"]],
      ["nested initialize", "app/main.py", [" import newrelic.agent", "+newrelic.agent.initialize('newrelic.ini')"]],
      ["Client.create", "app/crm.py", [" import hubspot", "+    client = hubspot.Client.create(access_token=os.environ['HUBSPOT_TOKEN'])"]],
      ["Go New...Client", "internal/sms/send.go", [' \t"github.com/twilio/twilio-go"', "+\tclient := twilio.NewRestClient()"]],
    ], true);
  });

  it("leaves calls through a client the file already had alone", async () => {
    await expectArea("subprocessors", [
      ["tracking through an existing client", "src/analytics.js", [" const { Analytics } = require('@segment/analytics-node');", " const analytics = new Analytics({ writeKey: process.env.SEGMENT_KEY });", "+analytics.track({ userId: id, event: 'Signed up' });"]],
      ["a lookup through the module", "app/realtime.py", [" import pusher", "+channels = pusher_client.channels_info(prefix_filter='presence-')"]],
      ["the client rebuilt with new options", "src/crm.js", [" const hubspot = require('@hubspot/api-client');", "-const hubspotClient = new hubspot.Client({ accessToken: token });", "+const hubspotClient = new hubspot.Client({ accessToken: token, numberOfApiCallRetries: 3 });"]],
      ["a helper of the SDK", "internal/billing/charge.go", [' \t"github.com/stripe/stripe-go/v76"', "+\tparams.Currency = stripe.String(string(stripe.CurrencyEUR))"]],
      ["a Python lookup", "app/support.py", [" from zenpy import Zenpy", "+tickets = zenpy_client.search(type='ticket', status='open')"]],
      ["an SDK exception raised", "app/sms.py", [" from twilio.base.exceptions import TwilioRestException", "+        raise TwilioRestException(400, uri)"]],
      ["a message object of the SDK", "app/mail.py", [" from sendgrid.helpers.mail import Mail", "+    message = Mail(from_email=SENDER, to_emails=user.email, subject=subject)"]],
      ["a Go helper that builds an address", "internal/mail/send.go", [' 	"github.com/sendgrid/sendgrid-go/helpers/mail"', '+	to := mail.NewEmail(user.Name, user.Email)'], ],
    ], false);
  });
});
