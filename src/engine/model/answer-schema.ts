// The JSON the model must answer with; anything else is discarded.
import { Ajv } from "ajv";
import type { FindingArea, Severity } from "../types.js";

export interface ModelAnswer {
  findings: Array<{
    path: string;
    line: number;
    startLine?: number;
    side?: "RIGHT" | "LEFT";
    area: FindingArea;
    severity: Severity;
    message: string;
    controls: Array<{ framework: string; id: string }>;
    commitmentArea?: string | null;
  }>;
}

export const FINDING_AREAS: FindingArea[] = ["logging", "access_mfa", "encryption", "pii_retention", "subprocessors", "secrets", "ai_use"];

export const MODEL_ANSWER_SCHEMA = {
  type: "object",
  required: ["findings"],
  properties: {
    findings: {
      type: "array",
      maxItems: 50,
      items: {
        type: "object",
        required: ["path", "line", "area", "severity", "message", "controls"],
        properties: {
          path: { type: "string", minLength: 1, maxLength: 1000 },
          line: { type: "integer", minimum: 1 },
          startLine: { type: "integer", minimum: 1 },
          side: { enum: ["RIGHT", "LEFT"] },
          area: { enum: FINDING_AREAS },
          severity: { enum: ["low", "medium", "high"] },
          message: { type: "string", minLength: 1, maxLength: 2000 },
          controls: {
            type: "array",
            maxItems: 20,
            items: {
              type: "object",
              required: ["framework", "id"],
              properties: { framework: { type: "string" }, id: { type: "string" } },
            },
          },
          commitmentArea: { type: ["string", "null"] },
        },
      },
    },
  },
} as const;

const ajv = new Ajv({ allErrors: false, strict: false });
export const validateModelAnswer = ajv.compile<ModelAnswer>(MODEL_ANSWER_SCHEMA);
