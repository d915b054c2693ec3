// A configuration for tests, with overrides.
import type { OrganisationConfiguration } from "../../../src/domain/types.js";
import type { ChangedFile, ReviewInput } from "../../../src/engine/index.js";

export function configuration(overrides: Partial<OrganisationConfiguration> = {}): OrganisationConfiguration {
  return {
    profile: { company: "Acme", hosting: "AWS", data_handled: "customer contact data" },
    frameworks: ["ISO_27001", "SOC_2", "GDPR"],
    eu_inference: false,
    review_language: "en",
    commitments: [],
    commitments_updated_at: null,
    ...overrides,
  };
}

export function input(files: ChangedFile[]): ReviewInput {
  return { repository: "acme/app", pullNumber: 7, headSha: "a".repeat(40), files };
}

export const TLS_OFF: ChangedFile = {
  path: "src/integrations/erp-client.ts",
  status: "modified",
  patch: "@@ -5,6 +5,7 @@ export function erpAgent() {\n   return new https.Agent({\n     keepAlive: true,\n+    rejectUnauthorized: false,\n   });\n }",
};

export const LOG_RETENTION_30: ChangedFile = {
  path: "infra/observability/log-groups.tf",
  status: "modified",
  patch: '@@ -10,6 +10,6 @@ resource "aws_cloudwatch_log_group" "api" {\n   name              = "/ecs/api"\n-  retention_in_days = 400\n+  retention_in_days = 30\n }',
};
