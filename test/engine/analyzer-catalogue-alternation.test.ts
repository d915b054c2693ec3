// The third-party catalogue's per-service patterns are first tried as one alternation (anyPatternOf): a text none of
// them matches is answered by one regex call. The alternation must match exactly when some pattern does, and lists it
// cannot join that way are left to the per-service patterns.
import { describe, expect, it } from "@jest/globals";
import { anyPatternOf, THIRD_PARTY_SERVICES } from "../../src/engine/analyzer/detectors/detect-third-parties.js";
import { check } from "./support/check-rule-cases.js";

const TEXTS = [
  "Sentry.init({ dsn: process.env.SENTRY_DSN });",
  "mixpanel.init(import.meta.env.PUBLIC_MIXPANEL_TOKEN);",
  "posthog.init('phc_x', { api_host: 'https://eu.posthog.com' })",
  "client = OpenAI(api_key=key)",
  "const anthropic = new Anthropic();",
  "response = client.chat.completions.create(model=\"gpt-4o\", messages=messages)",
  "model: 'claude-3-haiku-20240307'",
  "const order = await orders.find(req.params.id);",
  "sendDefaultPii: true,",
  "",
];

describe("anyPatternOf", () => {
  it("matches a text exactly when one of the catalogue's patterns does", () => {
    const lists = [
      THIRD_PARTY_SERVICES.flatMap((s) => (s.inits ?? []).map((init) => ({ pattern: new RegExp(init, "m") }))),
      THIRD_PARTY_SERVICES.flatMap((s) => (s.personalDataOptions ?? []).map((option) => ({ pattern: new RegExp(option, "i") }))),
      THIRD_PARTY_SERVICES.filter((s) => s.calls?.length).map((s) => ({ pattern: new RegExp(s.calls!.join("|")) })),
      THIRD_PARTY_SERVICES.filter((s) => s.models?.length).map((s) => ({ pattern: new RegExp(`["'\`/](?:${s.models!.join("|")})`, "i") })),
    ];
    for (const list of lists) {
      const any = anyPatternOf(list);
      expect(any).not.toBeNull();
      for (const text of TEXTS) expect({ text, any: any!.test(text) }).toEqual({ text, any: list.some((e) => e.pattern.test(text)) });
    }
    // Some text of the samples is matched by each kind of list, so the gate is seen letting one through.
    expect(lists.map((list) => TEXTS.some((t) => anyPatternOf(list)!.test(t)))).toEqual([true, true, true, true]);
  });

  it("joins no list whose patterns differ in flags or refer back to a group", () => {
    expect(anyPatternOf([{ pattern: /sentry/i }, { pattern: /Stripe/ }])).toBeNull();
    expect(anyPatternOf([{ pattern: /(a)\1/ }, { pattern: /b/ }])).toBeNull();
    expect(anyPatternOf([{ pattern: /(?<q>["'])x\k<q>/ }, { pattern: /y/ }])).toBeNull();
    expect(anyPatternOf([{ pattern: /a/g }, { pattern: /b/g }])).toBeNull();
  });
});

describe("catalogue matches the alternation lets through", () => {
  it("still finds an SDK initialised and an option sending personal data", async () => {
    await check([
      ["mixpanel.init in Astro frontmatter", "src/pages/index.astro", [
        "+---",
        "+import mixpanel from \"mixpanel-browser\";",
        "+mixpanel.init(import.meta.env.PUBLIC_MIXPANEL_TOKEN);",
        "+---",
      ], "subprocessors"],
      ["sentry js sendDefaultPii", "src/instrument.ts", ["   Sentry.init({", "+    sendDefaultPii: true,"], "subprocessors"],
    ]);
  });
});
