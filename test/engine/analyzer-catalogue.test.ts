// The third-party catalogue is data: at least 150 services, each with a category, a default region and where its
// names were checked; AI providers as their own category with the calls and clients the AI detector reads.
import { describe, expect, it } from "@jest/globals";
import { THIRD_PARTY_SERVICES } from "../../src/engine/analyzer/detectors/detect-third-parties.js";
import { review } from "../../src/engine/index.js";
import { configuration, input } from "./support/configuration.js";

describe("third-party catalogue", () => {
  it("lists at least 150 services, each named once with a category, a region and a source", () => {
    expect(THIRD_PARTY_SERVICES.length).toBeGreaterThanOrEqual(150);
    const names = THIRD_PARTY_SERVICES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const s of THIRD_PARTY_SERVICES) {
      expect({ name: s.name, category: typeof s.category, region: ["US", "EU", "Other"].includes(s.region), source: (s.source ?? "").length > 10 })
        .toEqual({ name: s.name, category: "string", region: true, source: true });
      expect(s.packages.length + s.modules.length + s.hosts.length + (s.calls?.length ?? 0)).toBeGreaterThan(0);
      for (const pattern of [...(s.calls ?? []), ...(s.models ?? []), ...(s.clients ?? []), ...(s.personalDataOptions ?? [])]) expect(() => new RegExp(pattern)).not.toThrow();
    }
  });

  it("keeps AI providers in their own category, with calls or clients for the prompt detector", () => {
    const ai = THIRD_PARTY_SERVICES.filter((s) => s.category === "ai");
    expect(ai.length).toBeGreaterThanOrEqual(15);
    for (const name of ["OpenAI", "Azure OpenAI", "Anthropic", "Google Gemini", "Google Vertex AI", "Amazon Bedrock", "Mistral AI", "Cohere"]) {
      const service = ai.find((s) => s.name === name);
      expect({ name, listed: service !== undefined, readable: (service?.calls?.length ?? 0) + (service?.clients?.length ?? 0) > 0 }).toEqual({ name, listed: true, readable: true });
    }
  });

  it("reports a newly added SDK from the catalogue in each ecosystem's manifest", async () => {
    const manifests: Array<[string, string, string]> = [
      ["package.json", '+    "@onfido/api": "^3.0.0",', "Onfido"],
      ["requirements.txt", "+klaviyo-api==8.0.0", "Klaviyo"],
      ["Gemfile", "+gem 'honeybadger'", "Honeybadger"],
      ["go.mod", "+\tgithub.com/adyen/adyen-go-api-library v1.0.0", "Adyen"],
      ["src/App/App.csproj", '+    <PackageReference Include="AWSSDK.BedrockRuntime" Version="3.7.0" />', "Amazon Bedrock"],
      ["Cargo.toml", '+async-openai = "0.24"', "OpenAI"],
    ];
    for (const [path, line, vendor] of manifests) {
      const result = await review(input([{ path, status: "modified", patch: `@@ -1,1 +1,2 @@\n context\n${line}` }]), configuration());
      expect({ path, vendors: result.findings.map((f) => f.message.includes(vendor)) }).toEqual({ path, vendors: [true] });
    }
  });

  it("reports an option that makes a service collect personal data, from the catalogue", async () => {
    const lines: Array<[string, string]> = [
      ["src/rum.ts", "+  defaultPrivacyLevel: 'allow',"],
      ["src/errors.ts", "+  captureIp: true,"],
      ["config/sentry.properties", "+sentry.send-default-pii=true"],
    ];
    for (const [path, line] of lines) {
      const result = await review(input([{ path, status: "modified", patch: `@@ -1,1 +1,2 @@\n context\n${line}` }]), configuration());
      expect({ path, rules: result.findings.map((f) => f.ruleId) }).toEqual({ path, rules: ["error-tracking-pii"] });
    }
  });
});
