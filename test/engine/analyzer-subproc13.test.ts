// Round 13 (subproc13): how real projects add third parties, across manifests and client code. New catalogue entries
// (Polar, Paystack, Mercado Pago, Telnyx, Highlight.io, Vercel Web Analytics, chat widgets), Fabric-era Crashlytics start
// calls, chat widgets and replay tools told who the visitor is through their command queues (clarity("identify"),
// $crisp.push(["set", "user:email"]), Beacon("identify")), people-shaped records created through a client named for the
// service (`polarClient.customers.create({ email })`), more manifest formats (requirements/ folders, PEP 621 bare names,
// setup.py, Gradle version catalogs, NuGet central packages) and development-only sections per format (require-dev,
// dev-dependencies, Gemfile groups, Mix's only:, Gradle test configurations, pubspec dev_dependencies, Podfile test targets).
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { expectArea } from "./support/check-rule-cases.js";
import { configuration, input } from "./support/configuration.js";

describe("third parties added in the catalogue's new entries", () => {
  it("finds the new SDKs in manifests and their scripts in pages", async () => {
    await expectArea("subprocessors", [
      ["Polar SDK", "package.json", ['   "dependencies": {', '+    "@polar-sh/sdk": "^0.34.3",']],
      ["Paystack inline", "package.json", ['   "dependencies": {', '+    "react-paystack": "^6.0.0",']],
      ["Mercado Pago", "requirements.txt", [" django==5.0", "+mercadopago==2.2.1"]],
      ["Telnyx gem", "Gemfile", [" gem 'rails'", "+gem 'telnyx'"]],
      ["Highlight.io", "package.json", ['   "dependencies": {', '+    "highlight.run": "^9.0.0",']],
      ["Vercel Web Analytics", "package.json", ['   "dependencies": {', '+    "@vercel/analytics": "^1.3.1",']],
      ["Tidio widget", "templates/base.html", ["   <body>", '+    <script src="//code.tidio.co/abcdef123456.js" async></script>']],
      ["LiveChat widget", "public/index.html", ["   <head>", '+    <script src="https://cdn.livechatinc.com/tracking.js" async></script>']],
      ["Meta Pixel for React", "package.json", ['   "dependencies": {', '+    "react-facebook-pixel": "^1.0.4",']],
    ], true);
  });

  it("leaves their bumps and removals alone", async () => {
    await expectArea("subprocessors", [
      ["Polar bumped", "package.json", ['   "dependencies": {', '-    "@polar-sh/sdk": "^0.34.3",', '+    "@polar-sh/sdk": "^0.35.0",']],
      ["Paystack removed", "package.json", ['   "dependencies": {', '-    "react-paystack": "^6.0.0",']],
    ], false);
  });
});

describe("Fabric-era Crashlytics start calls", () => {
  it("finds Crashlytics.start and Fabric.with", async () => {
    await expectArea("subprocessors", [
      ["Crashlytics.start", "app/src/main/java/org/example/App.java", ["     super.onCreate();", "+    Crashlytics.start(this);"]],
      ["Fabric.with on Android", "app/src/main/java/org/example/App.java", ["     super.onCreate();", "+    Fabric.with(this, new Crashlytics());"]],
    ], true);
  });

  it("leaves other Fabric and Crashlytics calls alone", async () => {
    await expectArea("subprocessors", [
      ["a log line through the existing SDK", "app/src/main/java/org/example/Reader.java", ["     render();", '+    Crashlytics.log("page rendered");']],
      ["Fabric.with on a removed line too (a move)", "app/src/main/java/org/example/App.java", ["-    Fabric.with(this, new Crashlytics());", "     super.onCreate();", "+    Fabric.with(this, new Crashlytics());"]],
    ], false);
  });
});

describe("visitors identified through widget command queues", () => {
  it("finds identity traits given to Clarity, Crisp, Help Scout, Tawk.to, LiveChat and Highlight", async () => {
    await expectArea("subprocessors", [
      ["Clarity identify with the e-mail", "src/pages/_app.tsx", ["   <script>", '+  window.clarity && window.clarity("identify", "${user?.email || user?.id}");']],
      ["Crisp user e-mail", "src/chat.ts", [" export function identify(user: User) {", '+  window.$crisp.push(["set", "user:email", [user.email]]);']],
      ["Help Scout Beacon identify", "src/support.js", [" function boot(user) {", '+  Beacon("identify", { name: user.name, email: user.email });']],
      ["Tawk.to attributes", "src/tawk.js", [" onLoad() {", "+  Tawk_API.setAttributes({ name: user.fullName, email: user.email }, () => {});"]],
      ["LiveChat customer e-mail", "src/livechat.ts", [" export function login(customer: Customer) {", '+  LiveChatWidget.call("set_customer_email", customer.email);']],
      ["Highlight identify", "src/highlight.ts", [" if (session) {", "+  H.identify(session.user.email, { id: session.user.id });"]],
    ], true);
  });

  it("leaves events and opening calls without traits alone", async () => {
    await expectArea("subprocessors", [
      ["Clarity custom event", "src/analytics.ts", [" export function track(name: string) {", '+  window.clarity("event", name);']],
      ["Crisp opens the chat", "src/chat.ts", [" export function openChat() {", '+  window.$crisp.push(["do", "chat:open"]);']],
      ["Beacon opened", "src/support.js", [" function help() {", '+  Beacon("open");']],
    ], false);
  });
});

describe("people-shaped records created through a client named for the service", () => {
  it("finds customers, contacts and users created with a person's details", async () => {
    await expectArea("subprocessors", [
      ["Polar customer with an e-mail", "src/payment/polar/checkoutUtils.ts", [' import { polarClient } from "./polarClient";', " ", "+    return polarClient.customers.create({", "+      externalId: userId,", "+      email: userEmail,", "+    });"]],
      ["Stripe customer in JavaScript", "src/billing.js", [" async function subscribe(user) {", "+  const customer = await stripe.customers.create({ email: user.email, name: user.name });"]],
      ["Stripe customer in Python", "billing/views.py", [" def subscribe(request):", "+    customer = stripe.Customer.create(email=request.user.email)"]],
      ["HubSpot contact", "src/crm.ts", [" export async function sync(lead: Lead) {", "+  await hubspotClient.crm.contacts.basicApi.create({ properties: { email: lead.email, firstname: lead.firstName } });"]],
    ], true);
  });

  it("leaves lookups, records without a person's details and other clients alone", async () => {
    await expectArea("subprocessors", [
      ["a customer listed", "src/payment/polar/checkoutUtils.ts", [" import { polarClient } from './polarClient';", "+  const customers = await polarClient.customers.list({ organizationId });"]],
      ["a product created", "src/billing.js", [" async function seed() {", "+  await stripe.products.create({ name: 'Pro plan' });"]],
      ["an unrelated client named like a word", "src/ui.ts", [" export async function seed() {", "+  await frontendApi.users.create({ email: user.email });"]],
      ["a customer created again where it was before", "src/billing.js", ["-  const customer = await stripe.customers.create({ email: user.email });", "+  const customer = await stripe.customers.create({ email: user.email, metadata });"]],
    ], false);
  });
});

describe("more manifest formats", () => {
  it("reads requirements folders, pip-tools inputs, PEP 621 lists, setup.py, version catalogs and NuGet central packages", async () => {
    await expectArea("subprocessors", [
      ["requirements/production.txt", "requirements/production.txt", [" -r base.txt", "+sentry-sdk==2.8.0"]],
      ["pip-tools input", "requirements.in", [" django", "+posthog"]],
      ["PEP 621 bare name", "pyproject.toml", [" dependencies = [", '     "django>=5",', '+    "posthog",', " ]"]],
      ["setup.py install_requires", "setup.py", ["     install_requires=[", "         'requests>=2',", "+        'sentry-sdk>=1.40',", "     ],"]],
      ["Gradle version catalog module", "gradle/libs.versions.toml", [" [libraries]", '+sentry-android = { module = "io.sentry:sentry-android", version.ref = "sentry" }']],
      ["Gradle version catalog group and name", "gradle/libs.versions.toml", [" [libraries]", '+firebase-crashlytics = { group = "com.google.firebase", name = "firebase-crashlytics" }']],
      ["NuGet central package", "Directory.Packages.props", ["   <ItemGroup>", '+    <PackageVersion Include="Sentry.AspNetCore" Version="4.9.0" />']],
      ["packages.config", "src/Web/packages.config", [' <packages>', '+  <package id="Mindscape.Raygun4Net.AspNetCore" version="6.0.0" targetFramework="net48" />']],
    ], true);
  });

  it("leaves version entries, keyword lists and catalog versions alone", async () => {
    await expectArea("subprocessors", [
      ["a keyword list", "pyproject.toml", [" keywords = [", '     "monitoring",', '+    "sentry",', " ]"]],
      ["a setup.py classifier list", "setup.py", ["     keywords=[", "+        'sentry',", "     ],"]],
      ["a catalog version", "gradle/libs.versions.toml", [" [versions]", '-sentry = "7.0.0"', '+sentry = "7.1.0"']],
      ["a catalog module bumped inline", "gradle/libs.versions.toml", [" [libraries]", '-sentry-android = { module = "io.sentry:sentry-android", version = "7.0.0" }', '+sentry-android = { module = "io.sentry:sentry-android", version = "7.1.0" }']],
    ], false);
  });
});

describe("dependencies of development only, per manifest format", () => {
  it("leaves development sections, groups and targets alone", async () => {
    await expectArea("subprocessors", [
      ["composer require-dev", "composer.json", ['   "require-dev": {', '     "phpunit/phpunit": "^11.0",', '+    "sentry/sentry-laravel": "^4.0",']],
      ["Cargo dev-dependencies", "Cargo.toml", [" [dev-dependencies]", ' tokio-test = "0.4"', '+sentry = "0.34"']],
      ["Poetry dev group", "pyproject.toml", [" [tool.poetry.group.dev.dependencies]", ' pytest = "^8.0"', '+sentry-sdk = "^2.0"']],
      ["pubspec dev_dependencies", "pubspec.yaml", [" dev_dependencies:", "   flutter_test:", "+  sentry_flutter: ^8.0.0"]],
      ["Gemfile development group", "Gemfile", [" group :development, :test do", "   gem 'rspec-rails'", "+  gem 'stripe'"]],
      ["Gemfile inline group", "Gemfile", [" gem 'rails'", "+gem 'honeybadger', group: :development"]],
      ["Mix only dev and test", "mix.exs", ["       {:phoenix, \"~> 1.7\"},", "+      {:sentry, \"~> 10.0\", only: [:dev, :test]},"]],
      ["Gradle test configuration", "app/build.gradle", [" dependencies {", "+    testImplementation 'io.sentry:sentry-android:7.0.0'"]],
      ["Podfile test target", "Podfile", ["   target 'AppTests' do", "     inherit! :search_paths", "+    pod 'Sentry'"]],
      ["development requirements folder", "requirements/dev.txt", [" -r base.txt", "+sentry-sdk==2.8.0"]],
    ], false);
  });

  it("still finds the production sections beside them", async () => {
    await expectArea("subprocessors", [
      ["composer require", "composer.json", ['   "require": {', '     "laravel/framework": "^11.0",', '+    "sentry/sentry-laravel": "^4.0",']],
      ["Cargo dependencies", "Cargo.toml", [" [dependencies]", ' tokio = "1"', '+sentry = "0.34"']],
      ["pubspec dependencies", "pubspec.yaml", [" dependencies:", "   flutter:", "+  sentry_flutter: ^8.0.0"]],
      ["Gemfile production group", "Gemfile", [" group :production do", "   gem 'puma'", "+  gem 'stripe'"]],
      ["Gemfile top level after a group", "Gemfile", [" group :test do", "   gem 'rspec-rails'", " end", "+gem 'stripe'"]],
      ["Mix runtime dependency", "mix.exs", ["       {:phoenix, \"~> 1.7\"},", "+      {:sentry, \"~> 10.0\"},"]],
      ["Gradle implementation", "app/build.gradle", [" dependencies {", "+    implementation 'io.sentry:sentry-android:7.0.0'"]],
      ["Podfile app target", "Podfile", ["   target 'App' do", "     use_frameworks!", "+    pod 'Sentry'"]],
    ], true);
  });
});

describe("crash reporters and error trackers told who the user is", () => {
  it("finds Crashlytics user e-mail and name, Sentry's Android manifest and Laravel default PII, Highlight unmasked", async () => {
    await expectArea("subprocessors", [
      ["Crashlytics e-mail", "app/src/main/java/org/example/Session.java", ["   void onLogin(User user) {", "+    Crashlytics.setUserEmail(user.getEmail());"]],
      ["Firebase Crashlytics id from the e-mail", "app/src/main/java/org/example/Session.kt", ["   fun onLogin(user: User) {", "+    FirebaseCrashlytics.getInstance().setUserId(user.email)"]],
      ["Sentry Android manifest", "app/src/main/AndroidManifest.xml", ['     <meta-data android:name="io.sentry.dsn" android:value="https://key@o1.ingest.sentry.io/1" />', '+    <meta-data android:name="io.sentry.send-default-pii" android:value="true" />']],
      ["sentry-laravel default on", "config/sentry.php", ["     'dsn' => env('SENTRY_LARAVEL_DSN'),", "+    'send_default_pii' => env('SENTRY_SEND_DEFAULT_PII', true),"]],
      ["Highlight unmasked", "src/highlight.ts", [" H.init(projectId, {", "+  privacySetting: 'none',"]],
    ], true);
  });

  it("leaves anonymous ids and PII kept off alone", async () => {
    await expectArea("subprocessors", [
      ["Firebase Crashlytics anonymous id", "app/src/main/java/org/example/Session.kt", ["   fun onLogin(user: User) {", "+    FirebaseCrashlytics.getInstance().setUserId(user.uid)"]],
      ["Sentry Android manifest PII off", "app/src/main/AndroidManifest.xml", ['     <meta-data android:name="io.sentry.dsn" android:value="https://key@o1.ingest.sentry.io/1" />', '+    <meta-data android:name="io.sentry.send-default-pii" android:value="false" />']],
      ["sentry-laravel default off", "config/sentry.php", ["     'dsn' => env('SENTRY_LARAVEL_DSN'),", "+    'send_default_pii' => env('SENTRY_SEND_DEFAULT_PII', false),"]],
      ["Highlight strict", "src/highlight.ts", [" H.init(projectId, {", "+  privacySetting: 'strict',"]],
    ], false);
  });
});

describe("SDKs loaded from public package CDNs", () => {
  it("finds a catalogued npm package in a jsDelivr, unpkg or esm.sh URL", async () => {
    await expectArea("subprocessors", [
      ["jsDelivr script tag", "public/index.html", ["   <head>", '+    <script src="https://cdn.jsdelivr.net/npm/posthog-js@1.96.0/dist/array.full.js"></script>']],
      ["unpkg scoped package", "templates/layout.html", ["   <head>", '+    <script src="https://unpkg.com/@amplitude/analytics-browser@2/lib/scripts/amplitude-min.js"></script>']],
      ["esm.sh import", "src/main.js", [' import { h } from "preact";', '+import * as Sentry from "https://esm.sh/@sentry/browser@8.0.0";']],
    ], true);
  });

  it("leaves other CDN packages, version moves and comments alone", async () => {
    await expectArea("subprocessors", [
      ["a UI library from jsDelivr", "public/index.html", ["   <head>", '+    <script src="https://cdn.jsdelivr.net/npm/alpinejs@3.13.0/dist/cdn.min.js"></script>']],
      ["the same SDK at a new version", "public/index.html", ['-    <script src="https://cdn.jsdelivr.net/npm/posthog-js@1.95.0/dist/array.full.js"></script>', '+    <script src="https://cdn.jsdelivr.net/npm/posthog-js@1.96.0/dist/array.full.js"></script>']],
      ["a comment naming the CDN URL", "src/main.js", [" import { h } from 'preact';", "+// see https://esm.sh/@sentry/browser for the browser build"]],
    ], false);
  });
});

describe("mobile and client SDKs in each ecosystem's manifest", () => {
  it("finds attribution, engagement, advertising and client payment SDKs", async () => {
    await expectArea("subprocessors", [
      ["AppsFlyer on Flutter", "pubspec.yaml", [" dependencies:", "   flutter:", "+  appsflyer_sdk: ^6.13.0"]],
      ["Adjust on Android", "app/build.gradle", [" dependencies {", "+    implementation 'com.adjust.sdk:adjust-android:4.38.0'"]],
      ["Branch on Android by its group", "app/build.gradle", [" dependencies {", "+    implementation 'io.branch.sdk.android:library:5.9.0'"]],
      ["CleverTap on React Native", "package.json", ['   "dependencies": {', '+    "clevertap-react-native": "^2.2.0",']],
      ["AdMob on iOS", "ios/Podfile", ["   target 'Runner' do", "     use_frameworks!", "+    pod 'Google-Mobile-Ads-SDK'"]],
      ["Stripe.js", "package.json", ['   "dependencies": {', '+    "@stripe/stripe-js": "^4.0.0",']],
      ["Stripe on Flutter", "pubspec.yaml", [" dependencies:", "   flutter:", "+  flutter_stripe: ^10.1.0"]],
    ], true);
  });

  it("leaves other Google Play services and unrelated packages alone", async () => {
    await expectArea("subprocessors", [
      ["Play services location", "app/build.gradle", [" dependencies {", "+    implementation 'com.google.android.gms:play-services-location:21.0.1'"]],
      ["a library named branch-like", "package.json", ['   "dependencies": {', '+    "git-branch": "^2.0.1",']],
    ], false);
  });
});

describe("identity traits carried by events, pixels and user ids", () => {
  it("finds events whose properties carry an e-mail, phone or name, pixels' advanced matching and ids set to the e-mail", async () => {
    await expectArea("subprocessors", [
      ["PostHog capture with the e-mail", "src/signup.ts", [" export function onSignup(user: User) {", "+  posthog.capture('signed_up', { email: user.email, plan });"]],
      ["Segment track in Ruby", "app/services/signup.rb", ["   def call", "+    Analytics.track(user_id: user.id, event: 'Signed Up', properties: { email: user.email })"]],
      ["Mixpanel track in Python", "app/events.py", [" def signed_up(user):", "+    mp.track(user.id, 'Signed Up', {'email': user.email})"]],
      ["Segment Go track", "internal/events/signup.go", [" func signedUp(u User) {", '+\tclient.Enqueue(analytics.Track{UserId: u.ID, Event: "Signed Up", Properties: analytics.NewProperties().Set("email", u.Email)})']],
      ["tag manager data layer", "src/login.ts", [" export function onLogin(user: User) {", "+  window.dataLayer.push({ event: 'login', user_email: user.email });"]],
      ["Meta Pixel advanced matching", "src/pixel.ts", [" export function initPixel(user: User) {", "+  fbq('init', PIXEL_ID, { em: user.email });"]],
      ["TikTok identify", "src/pixel.ts", [" export function identify(user: User) {", "+  ttq.identify({ email: user.email, phone_number: user.phone });"]],
      ["Klaviyo queue identify", "src/klaviyo.js", [" function identify(user) {", "+  _learnq.push(['identify', { $email: user.email }]);"]],
      ["RevenueCat e-mail", "src/purchases.ts", [" export async function login(user: User) {", "+  Purchases.setEmail(user.email);"]],
      ["Amplitude user id from the e-mail", "app/src/main/java/org/example/Session.kt", ["   fun onLogin(user: User) {", "+        Amplitude.getInstance().setUserId(user.email)"]],
    ], true);
  });

  it("leaves events with plain properties, ids and hashed e-mails alone", async () => {
    await expectArea("subprocessors", [
      ["Mixpanel plan", "src/checkout.ts", [" export function onCheckout() {", "+  mixpanel.track('Checkout', { plan: 'pro' });"]],
      ["PostHog button", "src/ui.ts", [" export function onClick() {", "+  posthog.capture('clicked', { button: 'save' });"]],
      ["data layer page view", "src/router.ts", [" router.afterEach((to) => {", "+  window.dataLayer.push({ event: 'page_view', page_path: to.fullPath });"]],
      ["Amplitude user id", "src/session.ts", [" export function onLogin(user: User) {", "+  amplitude.setUserId(user.id);"]],
      ["event with a hashed e-mail", "src/signup.ts", [" export function onSignup(user: User) {", "+  analytics.track('Signed Up', { email_hash: sha256(user.email) });"]],
      ["an e-mail verified flag", "src/signup.ts", [" export function onVerify(user: User) {", "+  posthog.capture('verified', { email_verified: true });"]],
      ["e-mail as the sign-up method", "src/signup.ts", [" export function onSignup() {", "+  analytics.track('Signed Up', { method: 'email' });"]],
    ], false);
  });
});

describe("SDK set-up calls from each quickstart, with no import in view", () => {
  it("finds the set-up of messaging, analytics, flag, attribution and advertising SDKs", async () => {
    await expectArea("subprocessors", [
      ["Intercom messenger", "src/app.ts", [" export function boot() {", "+  Intercom({ app_id: 'abc123' });"]],
      ["Crisp web SDK", "src/app.ts", [" export function boot() {", "+  Crisp.configure(process.env.NEXT_PUBLIC_CRISP_ID);"]],
      ["Clarity package", "src/app.ts", [" export function boot() {", "+  Clarity.init(projectId);"]],
      ["react-ga4", "src/app.ts", [" export function boot() {", "+  ReactGA.initialize('G-ABC123');"]],
      ["Segment snippet load", "src/app.ts", [" export function boot() {", "+  analytics.load('7Hd2kqLmZx9PwQ3rTy5uVb8nC1eF4gJ6');"]],
      ["LaunchDarkly client", "src/flags.ts", [" export function flags(context: LDContext) {", "+  const ldClient = LDClient.initialize(clientSideId, context);"]],
      ["AppsFlyer on Android", "app/src/main/java/org/example/App.kt", ["     super.onCreate()", "+        AppsFlyerLib.getInstance().init(AF_DEV_KEY, null, this)"]],
      ["AdMob on Android", "app/src/main/java/org/example/App.kt", ["     super.onCreate()", "+        MobileAds.initialize(this) {}"]],
      ["Polar client", "src/payment/polar/polarClient.ts", [' import { Polar } from "@polar-sh/sdk";', "+export const polarClient = new Polar({", "+  accessToken: process.env.POLAR_ACCESS_TOKEN,"]],
    ], true);
  });

  it("leaves calls on an SDK set up elsewhere alone", async () => {
    await expectArea("subprocessors", [
      ["Intercom shown", "src/app.ts", [" export function help() {", "+  Intercom('show');"]],
      ["PostHog reset", "src/app.ts", [" export function logout() {", "+  posthog.reset();"]],
      ["a local analytics loader", "src/app.ts", [" export function boot() {", "+  analytics.load(config);"]],
    ], false);
  });
});

describe("error trackers and log shippers set up by configuration blocks and constructors", () => {
  it("finds Raven, Airbrake, Elixir config, New Relic's require, TrackJS and log transports", async () => {
    await expectArea("subprocessors", [
      ["Elixir Sentry config", "config/prod.exs", [" import Config", "+config :sentry,", '+  dsn: System.get_env("SENTRY_DSN")']],
      ["sentry-raven configure", "config/initializers/raven.rb", [" # frozen_string_literal: true", "+Raven.configure do |config|", "+  config.dsn = ENV['SENTRY_DSN']"]],
      ["Airbrake configure", "config/initializers/airbrake.rb", [" # frozen_string_literal: true", "+Airbrake.configure do |c|", "+  c.project_id = ENV['AIRBRAKE_ID']"]],
      ["New Relic agent required first", "server.js", ["+require('newrelic');", " const express = require('express');"]],
      ["TrackJS install", "src/errors.js", [" export function setup() {", "+  TrackJS.install({ token: 'abc' });"]],
      ["Logtail transport", "src/log.ts", [" const logger = winston.createLogger({});", "+export const logtail = new Logtail(process.env.LOGTAIL_TOKEN);"]],
    ], true);
  });

  it("leaves the same set-up moved within the file alone", async () => {
    await expectArea("subprocessors", [
      ["New Relic require moved", "server.js", ["-require('newrelic');", " const express = require('express');", "+require('newrelic');"]],
      ["Elixir Sentry config moved", "config/prod.exs", ["-config :sentry, dsn: System.get_env(\"SENTRY_DSN\")", " import Config", "+config :sentry, dsn: System.get_env(\"SENTRY_DSN\")"]],
    ], false);
  });
});

// Read from the validation batch's misses after its second scoring (tuned): a React Native module linked by hand in Gradle,
// a vendor's bundler plugin, and a user handed to the app's own error-tracking wrapper.
describe("after the validation batch: linked native modules, build plugins and error-tracking wrappers", () => {
  it("finds a React Native SDK linked as a Gradle project and a user given to an error-tracking wrapper", async () => {
    await expectArea("subprocessors", [
      ["react-native-sentry linked", "android/app/build.gradle", [" dependencies {", "+    compile project(':react-native-sentry')", "     compile project(':react-native-photo-view')"]],
      ["error tracker wrapper given the user", "src/auth/AuthProvider.tsx", ["   useEffect(() => {", "     if (userContext) {", "+      errorTracker.setUserData({ email, id, username: `${firstName} ${lastName}` });"]],
    ], true);
  });

  it("leaves bundler plugins and CLIs of a vendor, other linked modules and anonymous users alone", async () => {
    await expectArea("subprocessors", [
      ["Sentry webpack plugin", "package.json", ['     "@pollyjs/core": "^5.0.0",', '+    "@sentry/webpack-plugin": "^1.14.0",']],
      ["Sentry vite plugin", "package.json", ['     "@saleor/sdk": "0.6.0",', '+    "@sentry/vite-plugin": "^2.15.0",']],
      ["Sentry CLI", "package.json", ['     "prettier": "^3.0.0",', '+    "@sentry/cli": "^2.20.6",']],
      ["a UI module linked", "android/app/build.gradle", [" dependencies {", "+    compile project(':react-native-photo-view')"]],
      ["error tracker wrapper given an id", "src/auth/AuthProvider.tsx", ["   useEffect(() => {", "+      errorTracker.setUserData({ id });"]],
    ], false);
  });
});

describe("an event carrying an identity trait, for a product that handles health data", () => {
  it("says which data the product handles, like the other identity findings", async () => {
    const patch = "@@ -10,1 +10,2 @@\n export function onSignup(user: User) {\n+  posthog.capture('signed_up', { email: user.email, plan });";
    const file = { path: "src/signup.ts", status: "modified" as const, patch };
    const plain = (await review(input([file]), configuration())).findings.find((f) => f.ruleId === "analytics-event-identity-traits");
    const health = (await review(input([file]), configuration({ profile: { data_handled: ["patient records"] } }))).findings.find((f) => f.ruleId === "analytics-event-identity-traits");
    expect(plain?.message).not.toContain("patient records");
    expect(health?.message).toContain("patient records");
  });
});
