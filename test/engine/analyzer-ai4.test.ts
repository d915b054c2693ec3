// Kinds widened on the round-4 batch (ai_use, subprocessors): mobile manifests and SDK set-up, optional-chained
// identify calls, code-only prompts, .NET IChatClient calls, model requests over plain HTTP and langchaingo. Each
// family has a positive and the look-alike beside it that must stay quiet.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("third-party SDKs in mobile manifests and set-up code", () => {
  it("reads CocoaPods, pubspec.yaml and Package.swift dependencies (a subspec counts as its pod)", async () => {
    await check([
      ["pod Sentry", "ios/Podfile", ["   use_frameworks!", "+  pod 'Sentry', '~> 8.0'", " end"], "subprocessors"],
      ["pod Firebase subspec", "Podfile", ["+  pod 'Firebase/Crashlytics'"], "subprocessors"],
      ["flutter sentry_flutter", "app/pubspec.yaml", [" dependencies:", "+  sentry_flutter: ^8.9.0", "   http: ^1.2.0"], "subprocessors"],
      ["swift package mixpanel", "Package.swift", ['+        .package(url: "https://github.com/mixpanel/mixpanel-swift", from: "4.0.0"),'], "subprocessors"],
      ["react-native sentry in package.json", "package.json", ['+    "@sentry/react-native": "^5.20.0",'], "subprocessors"],
      ["LLM tracing to Langfuse", "requirements.txt", ["+langfuse==2.36.0"], "subprocessors"],
    ]);
  });

  it("stays quiet on libraries that are no service, and on a version bump", async () => {
    await check([
      ["pod Alamofire", "ios/Podfile", ["+  pod 'Alamofire', '~> 5.8'", "+  pod 'SnapKit'"], null],
      ["flutter http and provider", "pubspec.yaml", [" dependencies:", "+  http: ^1.2.0", "+  provider: ^6.1.1"], null],
      ["sentry pod version bump", "Podfile", ["-  pod 'Sentry', '~> 7.0'", "+  pod 'Sentry', '~> 8.0'"], null],
      ["swift package for UI", "Package.swift", ['+        .package(url: "https://github.com/SnapKit/SnapKit.git", from: "5.0.0"),'], null],
    ]);
  });

  it("finds Firebase Analytics set up in Dart and Android code, not each logged event", async () => {
    await check([
      ["dart analytics instance", "lib/services/analytics.dart", ["+final FirebaseAnalytics analytics = FirebaseAnalytics.instance;"], "subprocessors"],
      ["android getInstance", "app/src/main/java/acme/App.java", ["+        mFirebaseAnalytics = FirebaseAnalytics.getInstance(this);"], "subprocessors"],
      ["dart sentry import and init", "lib/main.dart", ["+import 'package:sentry_flutter/sentry_flutter.dart';", "+  await SentryFlutter.init((options) => options.dsn = dsn);"], "subprocessors"],
    ]);
    await check([
      ["dart logEvent on the existing instance", "lib/screens/home.dart", ["+    await FirebaseAnalytics.instance.logEvent(name: 'open_home');"], null],
    ]);
  });
});

describe("identity traits through optional chaining", () => {
  it("reads posthog?.identify and analytics?.identify like the plain calls", async () => {
    await check([
      ["posthog?.identify with the e-mail", "web/components/Identify.tsx", ["+      posthog?.identify(session.user.email);"], "subprocessors"],
      ["analytics?.identify with traits", "src/track.ts", ["+  window.analytics?.identify(user.id, { email: user.email, name: user.name });"], "subprocessors"],
    ]);
    await check([
      ["posthog?.identify with an id", "web/components/Identify.tsx", ["+      posthog?.identify(session.user.id);"], null],
    ]);
  });
});
