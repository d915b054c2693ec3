import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import { configuration, input, LOG_RETENTION_30, TLS_OFF } from "./support/configuration.js";

const NEW_LOG_GROUP = {
  path: "infra/observability/audit.tf",
  status: "added" as const,
  patch: '@@ -0,0 +1,4 @@\n+resource "aws_cloudwatch_log_group" "audit" {\n+  name              = "/acme/audit"\n+  retention_in_days = 30\n+}',
};

describe("commitments", () => {
  const logging = { area: "logging" as const, implementation: "Audit logs are retained for 400 days", source: "SOC 2 report 2025" };

  it("quotes the commitment of the finding's area and compares a retention period with it", async () => {
    const [finding] = (await review(input([NEW_LOG_GROUP]), configuration({ commitments: [logging] }))).findings;
    expect(finding.commitment).toEqual(logging);
    expect(finding.message).toContain("“Audit logs are retained for 400 days” (source: SOC 2 report 2025)");
    expect(finding.message).toContain("This change sets 30 days, shorter than the 400 days the commitment states.");
  });

  it("reports a new retention setting only when a commitment gives something to compare with", async () => {
    expect((await review(input([NEW_LOG_GROUP]), configuration())).findings).toEqual([]);
  });

  it("says a shortened period still meets the commitment when it does", async () => {
    const patch = LOG_RETENTION_30.patch!.replace("= 400", "= 730").replace("= 30", "= 400");
    const [finding] = (await review(input([{ ...LOG_RETENTION_30, patch }]), configuration({ commitments: [logging] }))).findings;
    expect(finding.message).toContain("consistent with the 400 days");
  });

  it("relates a weakening change to the commitment of its area only", async () => {
    const encryption = { area: "encryption" as const, implementation: "TLS 1.2+ with certificate validation on all connections" };
    const result = await review(input([TLS_OFF, LOG_RETENTION_30]), configuration({ commitments: [encryption] }));
    const tls = result.findings.find((f) => f.area === "encryption")!;
    const logs = result.findings.find((f) => f.area === "logging")!;
    expect(tls.commitment?.implementation).toBe(encryption.implementation);
    expect(tls.message).toContain("relaxes or removes a safeguard");
    expect(logs.commitment).toBeUndefined();
    // Named in words, as the review language says them, never by the area's id.
    expect(result.summary.markdown).toContain("Commitments touched: Encryption.");
  });

  it("asks whether personal data newly logged is covered by the logging commitment, without claiming a safeguard was relaxed", async () => {
    const patch = '@@ -1,2 +1,3 @@\n export function onSignup(user) {\n+  logger.info("user signed up", { email: user.email });\n }';
    const [finding] = (await review(input([{ path: "src/signup.ts", status: "modified", patch }]), configuration({ commitments: [logging] }))).findings;
    expect(finding.ruleId).toBe("pii-in-logs");
    expect(finding.commitment).toEqual(logging);
    expect(finding.message).toContain("Check that this change stays within what the commitment describes");
    expect(finding.message).not.toContain("relaxes or removes a safeguard");
  });

  it("reads a personal-data retention commitment as a maximum", async () => {
    const patch = "@@ -1,3 +1,3 @@\n closed_accounts:\n-  delete_after_days: 30\n+  delete_after_days: 365\n";
    const commitment = { area: "pii_retention" as const, implementation: "Closed accounts are deleted within 90 days" };
    const [finding] = (await review(input([{ path: "config/data-retention.yaml", status: "modified", patch }]), configuration({ commitments: [commitment] }))).findings;
    expect(finding.ruleId).toBe("data-retention-changed");
    expect(finding.message).toContain("longer than the 90 days");
  });
});

describe("profile grounding", () => {
  const USE_OPENAI = { path: "app/support/draft.py", status: "added" as const, patch: "@@ -0,0 +1,2 @@\n+from openai import OpenAI\n+client = OpenAI()" };

  it("adds the international-transfer controls and a note when an EU-hosted product sends data to a US provider", async () => {
    const [finding] = (await review(input([USE_OPENAI]), configuration({ profile: { hosting: "EU (Frankfurt)" } }))).findings;
    expect(finding.message).toContain("Your profile gives the hosting as “EU (Frankfurt)”, and OpenAI processes data outside the EU/EEA");
    expect(finding.controls.map((c) => `${c.framework} ${c.id}`)).toEqual(expect.arrayContaining(["GDPR Art. 44", "GDPR Art. 46"]));
  });

  it("adds no transfer note when the profile does not place hosting in the EU only", async () => {
    const [finding] = (await review(input([USE_OPENAI]), configuration({ profile: { hosting: "US and EU" } }))).findings;
    expect(finding.message).not.toContain("outside the EU/EEA");
    expect(finding.controls.map((c) => c.id)).not.toContain("Art. 44");
  });

  it("flags a region outside the EU only for an EU-hosted product", async () => {
    const patch = '@@ -1,1 +1,3 @@\n+provider "aws" {\n+  region = "us-east-1"\n+}';
    const file = { path: "infra/provider.tf", status: "modified" as const, patch };
    const eu = await review(input([file]), configuration({ profile: { hosting: "eu-central-1" } }));
    expect(eu.findings.map((f) => f.ruleId)).toEqual(["region-outside-hosting"]);
    expect(eu.findings[0].message).toContain("places resources in us-east-1");
    expect((await review(input([file]), configuration({ profile: { hosting: "AWS" } }))).findings).toEqual([]);
  });

  it("raises new personal-data fields to high severity and says why when the product handles health data", async () => {
    const patch = "@@ -0,0 +1,1 @@\n+ALTER TABLE patients ADD COLUMN email VARCHAR(255);";
    const file = { path: "db/migrations/0042_patient_email.sql", status: "added" as const, patch };
    const plain = (await review(input([file]), configuration())).findings[0];
    const health = (await review(input([file]), configuration({ profile: { data_handled: ["patient records", "appointments"] } }))).findings[0];
    expect(plain.severity).toBe("low");
    expect(health.severity).toBe("high");
    expect(health.message).toContain("“patient records, appointments”");
  });

  it("does not report a service the profile already lists as a subprocessor", async () => {
    const result = await review(input([USE_OPENAI]), configuration({ profile: { subprocessors: ["OpenAI"] } }));
    expect(result.findings).toEqual([]);
  });
});
