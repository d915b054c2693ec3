// The pure renderers of what a review publishes: short inline comments, the engine's one-click
// fixes, the neutralisation of model text, the summary's finding list, one term for "finding".
import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import { REVIEW_LANGUAGES } from "../../src/domain/types.js";
import { review } from "../../src/engine/index.js";
import { buildSuggestion, environmentName } from "../../src/engine/findings/build-suggestion.js";
import { shortenBody, splitSentences } from "../../src/engine/findings/shorten-body.js";
import { messagesFor as engineMessagesFor } from "../../src/engine/messages/review-messages.js";
import { neutraliseModelText } from "../../src/engine/model/neutralise-model-text.js";
import { renderFindingsText } from "../../src/engine/summary/build-summary.js";
import { codeSpan } from "../../src/engine/summary/code-span.js";
import { MESSAGES } from "../../src/github/messages/index.js";
import { lineLink } from "../../src/github/publish/render-summary.js";
import { configuration, input, LOG_RETENTION_30, TLS_OFF } from "./support/configuration.js";

const ALL_FRAMEWORKS: string[] = JSON.parse(readFileSync(new URL("../../src/catalogue/frameworks.json", import.meta.url), "utf8")).frameworks.map((f: { id: string }) => f.id);

const MANY_FINDINGS = [
  TLS_OFF,
  LOG_RETENTION_30,
  { path: "src/signup.ts", status: "modified" as const, patch: '@@ -1,2 +1,3 @@\n export function onSignup(user) {\n+  logger.info("user signed up", { email: user.email, password: user.password });\n }' },
  { path: "src/billing.ts", status: "modified" as const, patch: '@@ -1,1 +1,3 @@\n+import OpenAI from "openai";\n+const client = new OpenAI();\n+const stripe = new Stripe("sk_live_51HxQ2eLkdIwHu7ixJ0Rk9aZ3");' },
  { path: "config/settings.ts", status: "modified" as const, patch: "@@ -1,1 +1,1 @@\n-export const audit = { auditLogEnabled: true };\n+export const audit = { auditLogEnabled: false };" },
];

describe("inline comments are short", () => {
  it.each(REVIEW_LANGUAGES.map((l) => [l]))("every rule's explanation shortens to one or two whole sentences (%s)", (language) => {
    for (const [id, text] of Object.entries(engineMessagesFor(language).rules)) {
      const short = splitSentences(shortenBody(text.body, language), language);
      expect([id, short.length >= 1 && short.length <= 2]).toEqual([id, true]);
      for (const sentence of short) {
        expect([id, sentence.split("(").length, /[.!?…]["”»)]?$/.test(sentence)]).toEqual([id, sentence.split(")").length, true]);
      }
    }
  });

  it("a comment is a title, one or two sentences, the commitment if any, and at most three controls per framework", async () => {
    const commitments = [{ area: "encryption" as const, implementation: "TLS 1.2+ with certificate validation on all connections" }];
    const result = await review(input(MANY_FINDINGS), configuration({ frameworks: ALL_FRAMEWORKS, commitments, profile: { hosting: "EU (Frankfurt)" } }));
    expect(result.findings.length).toBeGreaterThanOrEqual(5);
    for (const finding of result.findings) {
      const perFramework = new Map<string, number>();
      for (const c of finding.controls) perFramework.set(c.framework, (perFramework.get(c.framework) ?? 0) + 1);
      expect(Math.max(...perFramework.values())).toBeLessThanOrEqual(3);
      expect(splitSentences(finding.body, "en").length).toBeLessThanOrEqual(2);
      const blocks = finding.message.split("\n\n");
      expect(blocks[0]).toBe(`**${finding.title}** · ${engineMessagesFor("en").areas[finding.area]} · ${finding.severity}`);
      expect(blocks[1]).toBe(finding.body);
      expect(blocks.at(-1)).toMatch(/^\*\*Controls:\*\* /);
      // With a commitment: its quote and how the change relates to it; nothing else.
      expect(blocks.length).toBe(finding.commitment ? 5 : 3);
    }
    const tls = result.findings.find((f) => f.ruleId === "tls-verification-disabled")!;
    expect(tls.message).toContain("“TLS 1.2+ with certificate validation on all connections”");
  });
});

describe("one-click fixes built by the engine", () => {
  it.each([
    ["tls-verification-disabled", "internal/client.go", "\t\tTLSClientConfig: &tls.Config{InsecureSkipVerify: true},", "\t\tTLSClientConfig: &tls.Config{InsecureSkipVerify: false},"],
    ["tls-verification-disabled", "app/client.py", "    r = requests.get(url, verify=False, timeout=5)", "    r = requests.get(url, verify=True, timeout=5)"],
    ["tls-verification-disabled", "src/agent.ts", "    rejectUnauthorized: false,", "    rejectUnauthorized: true,"],
    ["hardcoded-secret", "src/pay.ts", '  const apiKey = "sk_live_51HxQ2eLkdIwHu7ixJ0Rk9aZ3";', "  const apiKey = process.env.API_KEY;"],
    ["hardcoded-secret", "src/config.js", "  clientSecret: 'b7Qe91xLmZ2pW8vR',", "  clientSecret: process.env.CLIENT_SECRET,"],
    ["hardcoded-secret", "lib/pay.rb", 'STRIPE_SECRET_KEY = "sk_live_51HxQ2eLkdIwHu7ixJ0Rk9aZ3"', 'STRIPE_SECRET_KEY = ENV.fetch("STRIPE_SECRET_KEY")'],
    ["hardcoded-secret", "src/Main.java", '    String dbPassword = "Xy9!pLm2#qRt";', '    String dbPassword = System.getenv("DB_PASSWORD");'],
  ])("%s in %s", (ruleId, path, line, fixed) => {
    expect(buildSuggestion(ruleId, path, line)).toBe(fixed);
  });

  it("reads the environment in Python and Go only where the diff shows the import", () => {
    const py = 'API_TOKEN = "a8f5f167f44f4964e6c998dee827110c"';
    expect(buildSuggestion("hardcoded-secret", "app/settings.py", py)).toBeUndefined();
    expect(buildSuggestion("hardcoded-secret", "app/settings.py", py, `import os\n${py}`)).toBe('API_TOKEN = os.environ["API_TOKEN"]');
    const go = '\tapiKey := "a8f5f167f44f4964e6c998dee827110c"';
    expect(buildSuggestion("hardcoded-secret", "main.go", go, `import (\n\t"fmt"\n\t"os"\n)\n${go}`)).toBe('\tapiKey := os.Getenv("API_KEY")');
  });

  it("offers nothing where the fix is not certain", () => {
    expect(buildSuggestion("tls-verification-disabled", "src/a.ts", "a({ rejectUnauthorized: false }, { rejectUnauthorized: false })")).toBeUndefined();
    expect(buildSuggestion("tls-verification-disabled", "deploy/k8s.yaml", "  insecureSkipVerify: true")).toBeUndefined();
    expect(buildSuggestion("tls-verification-disabled", "src/a.ts", 'process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";')).toBeUndefined();
    expect(buildSuggestion("hardcoded-secret", "src/a.ts", 'call("x", "sk_live_51HxQ2eLkdIwHu7ixJ0Rk9aZ3")')).toBeUndefined();
    expect(buildSuggestion("hardcoded-secret", ".env", "API_KEY=sk_live_51HxQ2eLkdIwHu7ixJ0Rk9aZ3")).toBeUndefined();
    expect(buildSuggestion("pii-in-logs", "src/a.ts", 'logger.info(user.email)')).toBeUndefined();
    expect(environmentName("stripe.secretKey")).toBe("SECRET_KEY");
  });

  it("the engine attaches the fix to the finding of the changed line, and only to analyzer findings", async () => {
    const result = await review(input([TLS_OFF]), configuration());
    expect(result.findings.map((f) => [f.ruleId, f.line, f.startLine, f.suggestion])).toEqual([["tls-verification-disabled", 7, undefined, "    rejectUnauthorized: true,"]]);
  });
});

describe("model text is neutralised", () => {
  it.each([
    ["a mention", "Ping @security-team and @acme/admins now.", "Ping `@security-team` and `@acme/admins` now."],
    ["an outside link", "Read [the fix](https://evil.example/x?a=1) first.", "Read the fix `evil.example/x?a=1` first."],
    ["a bare outside address", "See https://evil.example/steal and www.evil.example.", "See `evil.example/steal` and `www.evil.example.`"],
    ["an image", "![pixel](https://tracker.example/p.gif)", "pixel `tracker.example/p.gif`"],
    ["raw HTML", 'Hi <img src=x onerror="alert(1)"> <details open>x</details>', "Hi &lt;img src=x onerror=\"alert(1)\"&gt; &lt;details open&gt;x&lt;/details&gt;"],
    ["a suggestion block", "Apply this:\n```suggestion\nrejectUnauthorized: false\n```\nDone.", "Apply this: \\`\\`\\`suggestion rejectUnauthorized: false \\`\\`\\` Done."],
    ["block syntax", "# Heading\n> quote\n- item\n| a | b |", "# Heading &gt; quote - item \\| a \\| b \\|"],
    ["a cross-reference", "Fixes other/repo#12 and #3.", "Fixes `other/repo#12` and #3."],
    ["hidden characters", "Safe\u200b text\u202e here", "Safe text here"],
    ["an entity", "&#64;team", "&amp;#64;team"],
  ])("%s", (_name, text, expected) => {
    expect(neutraliseModelText(text)).toBe(expected);
  });

  it("keeps links to GitHub and code spans", () => {
    expect(neutraliseModelText("See https://github.com/acme/app/blob/main/SECURITY.md and `verify=False`.")).toBe("See https://github.com/acme/app/blob/main/SECURITY.md and `verify=False`.");
    expect(neutraliseModelText("`a`b` @x")).toBe("`a`b\\` `@x`");
  });
});

describe("the summary's finding list", () => {
  it("lists every finding once, grouped by control, linked to the head commit, with no heading twice", async () => {
    const config = configuration({ frameworks: ["ISO_27001", "SOC_2"] });
    const result = await review(input(MANY_FINDINGS), config);
    const text = renderFindingsText(result.findings, config, {
      baseline: false,
      notes: [],
      linkFor: (f) => lineLink("https://ghe.acme.test/acme/app", "a".repeat(40), f.path, f.line, f.startLine),
    });
    for (const f of result.findings) {
      const item = `- [\`${f.path}:${f.line}\`](https://ghe.acme.test/acme/app/blob/${"a".repeat(40)}/${f.path}#L${f.line}) ${f.title} (${f.severity})`;
      expect(text.split("\n").filter((l) => l === item)).toHaveLength(1);
    }
    const headings = text.split("\n").filter((l) => /^#{1,6} /.test(l));
    expect(new Set(headings).size).toBe(headings.length);
    const groups = text.split("\n").filter((l) => l.startsWith("**ISO_27001**"));
    expect(new Set(groups).size).toBe(groups.length);
  });

  it("stops listing before the comment would outgrow GitHub's limit, and says how many more there are", async () => {
    const config = configuration({ frameworks: ["ISO_27001"] });
    const files = Array.from({ length: 600 }, (_, i) => ({ path: `src/module-with-a-rather-long-name-${i}/settings.ts`, status: "added" as const, patch: "@@ -0,0 +1 @@\n+export const settings = { auditLogEnabled: false };" }));
    const result = await review(input(files), config);
    expect(result.findings).toHaveLength(600);
    const text = renderFindingsText(result.findings, config, { baseline: false, notes: [], explain: () => true, linkFor: (f) => lineLink("https://github.com/acme/app", "a".repeat(40), f.path, f.line) });
    expect(text.length).toBeLessThan(60_000);
    const listed = text.split("\n").filter((l) => l.startsWith("- [")).length;
    expect(listed).toBeGreaterThan(50);
    expect(text).toContain(`… and ${600 - listed} more findings.`);
  });

  it("links encode the path and keep a range", () => {
    expect(lineLink("https://github.com/acme/app/", "b".repeat(40), "docs/a b#1.md", 9, 7)).toBe(`https://github.com/acme/app/blob/${"b".repeat(40)}/docs/a%20b%231.md#L7-L9`);
    expect(codeSpan("we`ird``name.ts")).toBe("```we`ird``name.ts```");
  });
});

describe("one term per language for “finding”", () => {
  const TERM: Record<string, RegExp> = { en: /finding/i, de: /befund/i, es: /hallazgo/i, fr: /constat/i, it: /rilie[vv]/i, nl: /bevinding/i, pl: /ustale/i };
  const OTHER_WORDS: Record<string, RegExp> = {
    en: /\bnote cites|review note\b|\bissues? found/i,
    de: /hinweis(?!e zum)|feststellung/i,
    es: /observaci|constataci/i,
    fr: /remarque|observation/i,
    it: /segnalazion|\bnota\b|osservazion/i,
    nl: /opmerking van|deze opmerking/i,
    pl: /\buwag/i,
  };
  it.each(REVIEW_LANGUAGES.map((l) => [l]))("%s", (language) => {
    const engine = engineMessagesFor(language);
    const github = MESSAGES[language];
    const engineText = JSON.stringify({ summary: engine.summary, model: engine.model, noControls: engine.noControls });
    const githubText = [github.checkSummary(2), github.reviewBody(2), github.notOnDiffLine, github.overInlineLimit(50)].join(" ");
    expect(engineText).toMatch(TERM[language]!);
    expect(githubText).toMatch(TERM[language]!);
    expect(engineText).not.toMatch(OTHER_WORDS[language]!);
    expect(githubText).not.toMatch(OTHER_WORDS[language]!);
  });
});
