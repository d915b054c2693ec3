// JSON Schemas (2020-12) of the configuration resource. Ajv validates with them and the OpenAPI
// description of /v1 is built from them, so the contract and the checks cannot drift apart.
import { COMMITMENT_AREAS, REVIEW_LANGUAGES } from "../types.js";

export const PROFILE_MAX_BYTES = 16 * 1024;
export const PROFILE_MAX_DEPTH = 4;
export const MAX_COMMITMENTS = 5;

// Single line, no control characters (C0, DEL, C1) and no Unicode line or paragraph separators.
const SINGLE_LINE = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$";

const scalar = { type: ["string", "number", "boolean"] };

/** A profile value that may nest `levels` more objects or arrays below it. */
function profileValue(levels: number): object {
  if (levels === 0) return scalar;
  const inner = profileValue(levels - 1);
  return { anyOf: [scalar, { type: "array", items: inner }, { type: "object", additionalProperties: inner }] };
}

export const profileSchema = {
  $id: "Profile",
  title: "Profile",
  description:
    "Free-form company context. Conventional string keys: company, product, data_handled, hosting, " +
    "compliance_posture. Values are strings, numbers, booleans, arrays or objects of those; no null. " +
    `Nesting depth at most ${PROFILE_MAX_DEPTH} (the profile object itself is level 1); ` +
    `serialised size at most ${PROFILE_MAX_BYTES} bytes of UTF-8 JSON.`,
  type: "object",
  properties: {
    company: { type: "string" },
    product: { type: "string" },
    data_handled: { type: "string" },
    hosting: { type: "string" },
    compliance_posture: { type: "string" },
  },
  additionalProperties: profileValue(PROFILE_MAX_DEPTH - 1),
  "x-max-bytes": PROFILE_MAX_BYTES,
} as const;

export const commitmentSchema = {
  $id: "Commitment",
  title: "Commitment",
  type: "object",
  required: ["area", "implementation"],
  additionalProperties: false,
  properties: {
    area: { type: "string", enum: [...COMMITMENT_AREAS] },
    implementation: { type: "string", minLength: 1, maxLength: 300, pattern: SINGLE_LINE },
    source: { type: "string", minLength: 1, maxLength: 120, pattern: SINGLE_LINE },
  },
} as const;

export const commitmentsSchema = {
  $id: "Commitments",
  title: "Commitments",
  description: `At most ${MAX_COMMITMENTS} rows and at most one row per area.`,
  type: "array",
  maxItems: MAX_COMMITMENTS,
  items: { $ref: "Commitment" },
  // One row per area, in plain JSON Schema: each area may be contained at most once.
  allOf: COMMITMENT_AREAS.map((area) => ({
    contains: { type: "object", properties: { area: { const: area } }, required: ["area"] },
    minContains: 0,
    maxContains: 1,
  })),
} as const;

export const frameworkIdsSchema = {
  $id: "FrameworkIds",
  title: "FrameworkIds",
  description: "Canonical framework ids from GET /v1/frameworks. Ids outside the catalogue are rejected, never dropped.",
  type: "array",
  maxItems: 200,
  uniqueItems: true,
  items: { type: "string", minLength: 1, maxLength: 64 },
} as const;

export const reviewLanguageSchema = {
  $id: "ReviewLanguage",
  title: "ReviewLanguage",
  type: "string",
  enum: [...REVIEW_LANGUAGES],
} as const;

export const configurationUpdateSchema = {
  $id: "ConfigurationUpdate",
  title: "ConfigurationUpdate",
  description:
    "Every field is optional. An omitted field is unchanged; a present field is replaced whole " +
    "(commitments: [] clears, null is rejected). At least one field must be present.",
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    profile: { $ref: "Profile" },
    frameworks: { $ref: "FrameworkIds" },
    eu_inference: { type: "boolean" },
    review_language: { $ref: "ReviewLanguage" },
    commitments: { $ref: "Commitments" },
  },
} as const;

/** The stored fields as GET returns them and PUT echoes them back. */
const storedFields = {
  profile: { $ref: "Profile" },
  frameworks: { type: "array", items: { type: "string" } },
  eu_inference: { type: "boolean" },
  review_language: { $ref: "ReviewLanguage" },
  commitments: { $ref: "Commitments" },
} as const;

export const configurationSchema = {
  $id: "Configuration",
  title: "Configuration",
  type: "object",
  additionalProperties: false,
  required: ["profile", "frameworks", "eu_inference", "review_language", "commitments", "commitments_updated_at"],
  properties: {
    ...storedFields,
    commitments_updated_at: {
      type: ["string", "null"],
      format: "date-time",
      description: "ISO 8601 UTC time of the last commitments change; null until commitments are first written.",
    },
  },
} as const;

export const configurationUpdateResultSchema = {
  $id: "ConfigurationUpdateResult",
  title: "ConfigurationUpdateResult",
  description: "ok, plus exactly the fields that were sent, as stored.",
  type: "object",
  additionalProperties: false,
  required: ["ok"],
  properties: {
    ok: { const: true },
    ...storedFields,
  },
} as const;

export const frameworkSchema = {
  $id: "Framework",
  title: "Framework",
  type: "object",
  additionalProperties: false,
  required: ["id", "name", "region"],
  properties: { id: { type: "string" }, name: { type: "string" }, region: { type: "string" } },
} as const;

export const frameworkListSchema = {
  $id: "FrameworkList",
  title: "FrameworkList",
  type: "object",
  additionalProperties: false,
  required: ["frameworks"],
  properties: { frameworks: { type: "array", items: { $ref: "Framework" } } },
} as const;

export const errorSchema = {
  $id: "Error",
  title: "Error",
  type: "object",
  additionalProperties: false,
  required: ["error"],
  properties: {
    error: {
      type: "object",
      additionalProperties: false,
      required: ["code", "message"],
      properties: {
        code: { type: "string" },
        message: { type: "string" },
        unknown: { type: "array", items: { type: "string" }, description: "Only with unknown_frameworks: the rejected ids." },
      },
    },
  },
} as const;

export const allSchemas = [
  profileSchema,
  commitmentSchema,
  commitmentsSchema,
  frameworkIdsSchema,
  reviewLanguageSchema,
  configurationUpdateSchema,
  configurationSchema,
  configurationUpdateResultSchema,
  frameworkSchema,
  frameworkListSchema,
  errorSchema,
];
