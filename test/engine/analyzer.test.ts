import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { parsePatch } from "../../src/engine/diff/parse-patch.js";
import { classifyFile } from "../../src/engine/diff/classify-file.js";
import { loadEvalCases, scoreEvalCases, precision, recall, AREAS } from "../../scripts/support/eval-harness.js";
import { configuration, input, TLS_OFF } from "./support/configuration.js";

describe("patch parsing", () => {
  it("numbers added and context lines on the new side and points removed lines at the nearest new-side line", () => {
    const lines = parsePatch("@@ -10,4 +20,4 @@ fn\n context\n-removed\n+added\n tail\n@@ -40,2 +50,1 @@\n keep\n-gone at end");
    expect(lines.map((l) => [l.kind, l.newLine, l.hunk])).toEqual([
      [" ", 20, 0], ["-", 21, 0], ["+", 21, 0], [" ", 22, 0],
      [" ", 50, 1], ["-", 50, 1],
    ]);
  });

  it("recognises the file kinds of a SaaS codebase and test locations", () => {
    expect(classifyFile("deploy/k8s/api.yaml").kind).toBe("yaml");
    expect(classifyFile("infra/main.tf").kind).toBe("terraform");
    expect(classifyFile("services/api/Dockerfile").kind).toBe("dockerfile");
    expect(classifyFile("go.mod").kind).toBe("manifest");
    expect(classifyFile("src/Acme.Api/Acme.Api.csproj").kind).toBe("manifest");
    expect(classifyFile("app/models/user.rb").kind).toBe("ruby");
    expect(classifyFile("src/Main.kt").kind).toBe("java");
    expect(classifyFile("src/auth/session.test.ts").isTest).toBe(true);
    expect(classifyFile("internal/auth/login_test.go").isTest).toBe(true);
    expect(classifyFile(".env.example").isTest).toBe(true);
    expect(classifyFile("src/auth/session.ts").isTest).toBe(false);
  });
});

describe("built-in analyzer", () => {
  it("meets the precision and recall targets on the labelled evaluation set", async () => {
    const cases = loadEvalCases();
    const scores = await scoreEvalCases(cases);
    // At least as many harmless look-alikes as positives, and positives for every area.
    expect(scores.negatives).toBeGreaterThanOrEqual(scores.positives);
    for (const area of AREAS) expect(cases.filter((c) => c.expect.includes(area)).length).toBeGreaterThanOrEqual(5);
    expect(precision(scores.overall)).toBeGreaterThanOrEqual(0.9);
    expect(recall(scores.overall)).toBeGreaterThanOrEqual(0.85);
  });

  it("reports a finding on the changed line with rule, area, severity, fingerprint and analyzer source", async () => {
    const result = await review(input([TLS_OFF]), configuration());
    expect(result.findings).toHaveLength(1);
    const [finding] = result.findings;
    expect(finding).toMatchObject({ ruleId: "tls-verification-disabled", path: TLS_OFF.path, line: 7, side: "RIGHT", area: "encryption", severity: "high", source: "analyzer" });
    expect(finding.fingerprint).toMatch(/^[0-9a-f]{24}$/);
    expect(result.usage).toEqual({ promptTokens: 0, completionTokens: 0 });
    expect(result.summary.engine).toBe("analyzer");
  });

  it("keeps the fingerprint when the same line moves", async () => {
    const moved = { ...TLS_OFF, patch: TLS_OFF.patch!.replace("@@ -5,6 +5,7 @@", "@@ -50,6 +50,7 @@") };
    const [a] = (await review(input([TLS_OFF]), configuration())).findings;
    const [b] = (await review(input([moved]), configuration())).findings;
    expect(b.line).toBe(a.line + 45);
    expect(b.fingerprint).toBe(a.fingerprint);
  });

  it("marks findings about removed lines as LEFT", async () => {
    const patch = "@@ -14,7 +14,6 @@\n \n-@login_required\n def download_report(request, report_id):\n     report = get_object_or_404(Report, pk=report_id)";
    const [finding] = (await review(input([{ path: "app/reports/views.py", status: "modified", patch }]), configuration())).findings;
    expect(finding).toMatchObject({ ruleId: "auth-check-removed", side: "LEFT", line: 15, area: "access_mfa" });
  });

  it("never repeats a secret's value in the comment", async () => {
    const patch = '@@ -1,1 +1,2 @@\n import stripe\n+stripe.api_key = "sk_live_51H8xYzAbCdEfGhIjKlMnOpQr"';
    const [finding] = (await review(input([{ path: "app/billing.py", status: "modified", patch }]), configuration())).findings;
    expect(finding.area).toBe("secrets");
    expect(finding.message).toContain("Stripe live key");
    expect(finding.message).not.toContain("sk_live_51H8");
  });

  it("reports one third-party service once per pull request, at the code that calls it", async () => {
    const manifest = { path: "package.json", status: "modified" as const, patch: '@@ -14,3 +14,4 @@\n   "dependencies": {\n+    "openai": "^4.67.0",\n     "express": "^5.1.0"' };
    const code = { path: "src/assistant/draft.ts", status: "added" as const, patch: '@@ -0,0 +1,2 @@\n+import OpenAI from "openai";\n+export const client = new OpenAI();' };
    const result = await review(input([manifest, code]), configuration());
    expect(result.findings.map((f) => [f.ruleId, f.path])).toEqual([["ai-provider-added", "src/assistant/draft.ts"]]);
  });

  it("skips binary or oversized files without a patch", async () => {
    const result = await review(input([{ path: "assets/logo.png", status: "added" }]), configuration());
    expect(result.findings).toEqual([]);
    expect(result.summary.markdown).toContain("No compliance-relevant changes");
  });
});
