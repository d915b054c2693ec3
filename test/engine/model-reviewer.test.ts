import { afterEach, beforeEach, describe, expect, it } from "@jest/globals";
import nock from "nock";
import { review, EuInferenceError } from "../../src/engine/index.js";
import type { EngineOptions } from "../../src/engine/index.js";
import { configuration, input, TLS_OFF } from "./support/configuration.js";

const MODEL = { baseUrl: "https://models.example.com/v1", apiKey: "test-key", model: "reviewer-large" };
const EU_MODEL = { baseUrl: "https://eu.models.example.eu/v1", apiKey: "eu-key", model: "reviewer-eu" };
const FAST: EngineOptions = { retryBaseDelayMs: 1, maxRetries: 2, timeoutMs: 2000 };

const CORS_FILE = {
  path: "src/server.ts",
  status: "modified" as const,
  patch: "@@ -10,4 +10,5 @@ const app = express();\n app.use(express.json());\n+app.use(session({ cookie: { sameSite: \"none\" } }));\n app.use(\"/api\", apiRouter);",
};

function answer(findings: unknown[], usage = { prompt_tokens: 1200, completion_tokens: 80 }) {
  return { id: "cmpl-1", choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify({ findings }) } }], usage };
}

const MODEL_FINDING = {
  path: "src/server.ts",
  line: 11,
  area: "access_mfa",
  severity: "medium",
  message: "Session cookies are now sent on cross-site requests; check CSRF protection for state-changing routes.",
  controls: [
    { framework: "ISO_27001", id: "A.8.5" },
    { framework: "ISO_27001", id: "A.12.4.1" }, // 2013 id: not in the catalogue
    { framework: "HIPAA", id: "164.312(d)" }, // not a selected framework
    { framework: "SOC_2", id: "CC6.1" },
  ],
};

beforeEach(() => {
  nock.disableNetConnect();
});

afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

describe("model reviewer", () => {
  it("sends the hunks with profile, selected controls and commitments, and merges valid findings with filtered citations", async () => {
    let body: any;
    let authorization: string | undefined;
    const scope = nock("https://models.example.com")
      .post("/v1/chat/completions", (b) => { body = b; return true; })
      .reply(function () { authorization = this.req.headers.authorization as string; return [200, answer([MODEL_FINDING])]; });

    const commitments = [{ area: "access_mfa" as const, implementation: "SSO with MFA for all staff" }];
    const result = await review(input([TLS_OFF, CORS_FILE]), configuration({ commitments, profile: { company: "Acme", hosting: "AWS" } }), { ...FAST, model: MODEL });

    expect(scope.isDone()).toBe(true);
    expect(authorization).toBe("Bearer test-key");
    expect(body.model).toBe("reviewer-large");
    const system = body.messages[0].content as string;
    expect(system).toContain('"company":"Acme"');
    expect(system).toContain("SSO with MFA for all staff");
    expect(system).toContain("ISO_27001: ");
    expect(system).toContain("A.8.24 (Use of cryptography)");
    expect(system).not.toContain("HIPAA");
    expect(system).toContain("English");
    expect(body.messages[1].content).toContain("+    11| app.use(session(");

    expect(result.summary.engine).toBe("analyzer+model");
    expect(result.usage).toEqual({ promptTokens: 1200, completionTokens: 80 });
    const model = result.findings.find((f) => f.source === "model")!;
    expect(model).toMatchObject({ path: "src/server.ts", line: 11, side: "RIGHT", area: "access_mfa", severity: "medium", ruleId: "model:access_mfa" });
    expect(model.controls).toEqual([
      { framework: "ISO_27001", id: "A.8.5", title: "Secure authentication" },
      { framework: "SOC_2", id: "CC6.1", title: "Logical access security" },
    ]);
    expect(model.commitment?.implementation).toBe("SSO with MFA for all staff");
    expect(model.message).toContain("Session cookies are now sent");
    expect(result.findings.filter((f) => f.source === "analyzer")).toHaveLength(1);
  });

  it("drops model findings that duplicate an analyzer finding or point outside the diff", async () => {
    nock("https://models.example.com").post("/v1/chat/completions").reply(200, answer([
      { path: TLS_OFF.path, line: 7, area: "encryption", severity: "high", message: "TLS verification is off.", controls: [] },
      { path: TLS_OFF.path, line: 400, area: "encryption", severity: "low", message: "Not in the diff.", controls: [] },
      { path: "src/other.ts", line: 1, area: "secrets", severity: "low", message: "Not a changed file.", controls: [] },
    ]));
    const result = await review(input([TLS_OFF]), configuration(), { ...FAST, model: MODEL });
    expect(result.findings.map((f) => f.source)).toEqual(["analyzer"]);
    expect(result.summary.engine).toBe("analyzer+model");
  });

  it.each([
    ["not JSON", "Here are my findings: none."],
    ["wrong schema", JSON.stringify({ findings: [{ path: "src/server.ts", line: "eleven", area: "everything", message: "x", controls: [] }] })],
    ["no findings array", JSON.stringify({ result: [] })],
  ])("keeps the analyzer's findings and notes an unusable answer (%s)", async (_name, content) => {
    nock("https://models.example.com").post("/v1/chat/completions").reply(200, { choices: [{ message: { content } }], usage: { prompt_tokens: 900, completion_tokens: 20 } });
    const result = await review(input([TLS_OFF, CORS_FILE]), configuration(), { ...FAST, model: MODEL });
    expect(result.findings.map((f) => f.source)).toEqual(["analyzer"]);
    expect(result.summary.engine).toBe("analyzer");
    expect(result.summary.notes).toContain("The model returned an answer that could not be used for 1 part(s) of the diff; those parts were reviewed by the built-in analyzer only.");
    expect(result.usage).toEqual({ promptTokens: 900, completionTokens: 20 });
  });

  it("retries 429 and 5xx answers and then uses the answer", async () => {
    const scope = nock("https://models.example.com")
      .post("/v1/chat/completions").reply(429, { error: "rate limited" })
      .post("/v1/chat/completions").reply(503, "unavailable")
      .post("/v1/chat/completions").reply(200, answer([MODEL_FINDING]));
    const result = await review(input([CORS_FILE]), configuration(), { ...FAST, model: MODEL });
    expect(scope.isDone()).toBe(true);
    expect(result.summary.engine).toBe("analyzer+model");
    expect(result.findings.some((f) => f.source === "model")).toBe(true);
  });

  it("falls back to the analyzer with a note when a non-EU model keeps failing", async () => {
    const scope = nock("https://models.example.com").post("/v1/chat/completions").times(3).reply(500, "boom");
    const result = await review(input([TLS_OFF]), configuration(), { ...FAST, model: MODEL });
    expect(scope.isDone()).toBe(true);
    expect(result.findings.map((f) => f.ruleId)).toEqual(["tls-verification-disabled"]);
    expect(result.summary.engine).toBe("analyzer");
    expect(result.summary.notes).toEqual(["The model review was unavailable (model endpoint answered 500): this review used the built-in analyzer only."]);
  });

  it("does not retry a 4xx other than 429", async () => {
    const scope = nock("https://models.example.com").post("/v1/chat/completions").once().reply(401, "bad key");
    const result = await review(input([TLS_OFF]), configuration(), { ...FAST, model: MODEL });
    expect(scope.isDone()).toBe(true);
    expect(result.summary.notes[0]).toContain("answered 401");
  });

  it("treats a timeout as a failed call", async () => {
    nock("https://models.example.com").post("/v1/chat/completions").times(1).delay(500).reply(200, answer([]));
    const result = await review(input([TLS_OFF]), configuration(), { retryBaseDelayMs: 1, maxRetries: 0, timeoutMs: 20, model: MODEL });
    expect(result.summary.notes[0]).toContain("timeout");
  });

  it("splits a large diff into chunks, records the tokens of every call and stops at the token budget", async () => {
    const big = Array.from({ length: 6 }, (_, i) => ({
      path: `src/module${i}.ts`,
      status: "modified" as const,
      patch: `@@ -1,1 +1,80 @@\n${Array.from({ length: 80 }, (_, j) => `+export const value${j} = computeSomethingReasonablyLong(${j}, "module${i}");`).join("\n")}`,
    }));
    const requests: string[] = [];
    nock("https://models.example.com").post("/v1/chat/completions").times(20).reply((_uri, body: any) => {
      requests.push(body.messages[1].content);
      return [200, answer([], { prompt_tokens: 1000, completion_tokens: 10 })];
    });
    const result = await review(input(big), configuration(), { ...FAST, model: MODEL, chunkTokens: 2500, tokenBudget: 9000 });
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const content of requests) expect(content.length / 4).toBeLessThan(2500);
    expect(result.usage).toEqual({ promptTokens: 1000 * requests.length, completionTokens: 10 * requests.length });
    const sentFiles = new Set(requests.flatMap((c) => [...c.matchAll(/^### (\S+)$/gm)].map((m) => m[1])));
    expect(sentFiles.size).toBeLessThan(big.length);
    expect(result.summary.notes).toContain(`The pull request exceeded the model's token budget: ${sentFiles.size} of 6 files were reviewed by the model; all files were reviewed by the built-in analyzer.`);
  });
});

describe("EU inference routing", () => {
  it("uses only the EU endpoint for an eu_inference organisation and says so", async () => {
    const other = nock("https://models.example.com").post("/v1/chat/completions").reply(200, answer([MODEL_FINDING]));
    const eu = nock("https://eu.models.example.eu").post("/v1/chat/completions").reply(200, answer([MODEL_FINDING]));
    const result = await review(input([CORS_FILE]), configuration({ eu_inference: true, review_language: "de" }), { ...FAST, model: MODEL, euModel: EU_MODEL });
    expect(eu.isDone()).toBe(true);
    expect(other.isDone()).toBe(false);
    expect(result.summary.engine).toBe("analyzer+eu_model");
    // The EU line is kept apart from the notes, so the summary shows it once.
    expect(result.summary.euNote).toBe("Die Modellprüfung lief über den EU-Inferenz-Endpunkt.");
    expect(result.summary.notes).toEqual([]);
  });

  it("fails the review when the EU call fails, without calling the other endpoint", async () => {
    const other = nock("https://models.example.com").post("/v1/chat/completions").reply(200, answer([]));
    const eu = nock("https://eu.models.example.eu").post("/v1/chat/completions").times(3).reply(502, "bad gateway");
    await expect(review(input([TLS_OFF]), configuration({ eu_inference: true }), { ...FAST, model: MODEL, euModel: EU_MODEL })).rejects.toBeInstanceOf(EuInferenceError);
    expect(eu.isDone()).toBe(true);
    expect(other.isDone()).toBe(false);
  });

  it("runs the analyzer alone, with a note, when no EU endpoint is configured", async () => {
    const other = nock("https://models.example.com").post("/v1/chat/completions").reply(200, answer([]));
    const result = await review(input([TLS_OFF]), configuration({ eu_inference: true }), { ...FAST, model: MODEL });
    expect(other.isDone()).toBe(false);
    expect(result.summary.engine).toBe("analyzer");
    expect(result.findings).toHaveLength(1);
    expect(result.summary.euNote).toBe("EU inference is on and no EU model is configured: this review used the built-in analyzer only.");
    expect(result.summary.notes).toEqual([]);
  });

  it("uses the non-EU endpoint for other organisations", async () => {
    const eu = nock("https://eu.models.example.eu").post("/v1/chat/completions").reply(200, answer([]));
    const other = nock("https://models.example.com").post("/v1/chat/completions").reply(200, answer([]));
    const result = await review(input([TLS_OFF]), configuration(), { ...FAST, model: MODEL, euModel: EU_MODEL });
    expect(other.isDone()).toBe(true);
    expect(eu.isDone()).toBe(false);
    expect(result.summary.engine).toBe("analyzer+model");
  });
});
