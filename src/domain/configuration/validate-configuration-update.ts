// One validation of a configuration update, for the API and the console alike. Shape errors
// (400 invalid_request) are decided before any semantic error (422), as the contract requires.
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { unknownFrameworkIds } from "../catalogue.js";
import type { Commitment, Profile, ReviewLanguage } from "../types.js";
import { allSchemas, MAX_COMMITMENTS, PROFILE_MAX_BYTES, PROFILE_MAX_DEPTH } from "./schemas.js";

export interface ConfigurationUpdate {
  profile?: Profile;
  frameworks?: string[];
  eu_inference?: boolean;
  review_language?: ReviewLanguage;
  commitments?: Commitment[];
}

export type ValidationErrorCode =
  | "invalid_request"
  | "invalid_profile"
  | "unknown_frameworks"
  | "invalid_review_language"
  | "invalid_commitments";

export interface ValidationFailure {
  ok: false;
  status: 400 | 422;
  code: ValidationErrorCode;
  message: string;
  unknown?: string[];
}

export type ValidationResult = { ok: true; update: ConfigurationUpdate } | ValidationFailure;

export const UPDATE_FIELDS = ["profile", "frameworks", "eu_inference", "review_language", "commitments"] as const;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export const ajv = addFormats(new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }));
ajv.addKeyword({
  keyword: "x-max-bytes",
  type: "object",
  schemaType: "number",
  // JSON.stringify recurses: a profile nested thousands of levels overflows the stack, and is
  // too deep anyway, so it is measured (iteratively) before it is serialised.
  validate: (max: number, data: unknown) => !deeperThan(data, PROFILE_MAX_DEPTH) && Buffer.byteLength(JSON.stringify(data), "utf8") <= max,
  errors: false,
});
for (const schema of allSchemas) ajv.addSchema(schema);
const validateSchema = ajv.getSchema("ConfigurationUpdate")!;

export function validateConfigurationUpdate(body: unknown): ValidationResult {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return badRequest("The body must be a JSON object.");
  }
  const fields = Object.keys(body);
  const unknownFields = fields.filter((f) => !(UPDATE_FIELDS as readonly string[]).includes(f));
  if (unknownFields.length > 0) {
    return badRequest(`Unknown field${unknownFields.length > 1 ? "s" : ""}: ${unknownFields.join(", ")}. Allowed: ${UPDATE_FIELDS.join(", ")}.`);
  }
  if (fields.length === 0) return badRequest(`Empty update: send at least one of ${UPDATE_FIELDS.join(", ")}.`);
  const record = body as Record<string, unknown>;
  if (record.commitments === null) return badRequest("commitments must not be null; send [] to clear them.");

  const errors = validateSchema(body) ? [] : (validateSchema.errors ?? []);
  const shape = errors.find(isShapeError);
  if (shape) return badRequest(describeShapeError(shape));

  const byField = (field: string) => errors.filter((e) => e.instancePath === `/${field}` || e.instancePath.startsWith(`/${field}/`));
  if (byField("profile").length > 0) {
    return unprocessable(
      "invalid_profile",
      `profile must be a JSON object of at most ${PROFILE_MAX_BYTES} bytes, nested at most ${PROFILE_MAX_DEPTH} levels, ` +
        `whose values are strings, numbers, booleans, arrays or objects (no null)${where(byField("profile"), "/profile")}.`,
    );
  }
  if (record.frameworks !== undefined) {
    const unknown = unknownFrameworkIds(record.frameworks as string[]);
    if (unknown.length > 0) {
      return {
        ok: false,
        status: 422,
        code: "unknown_frameworks",
        message: `Unknown framework id${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. GET /v1/frameworks lists the valid ids.`,
        unknown,
      };
    }
  }
  if (byField("review_language").length > 0) {
    return unprocessable("invalid_review_language", `review_language must be one of ${(ajv.getSchema("ReviewLanguage")!.schema as { enum: string[] }).enum.join(", ")}.`);
  }
  const commitmentErrors = byField("commitments");
  if (commitmentErrors.length > 0) return unprocessable("invalid_commitments", describeCommitmentError(commitmentErrors));
  if (errors.length > 0) return badRequest(describeShapeError(errors[0]!)); // not reached by the schema as written
  // Valid JSON that PostgreSQL's json and text types refuse (and so would fail as a 500): a NUL
  // character or an unpaired UTF-16 surrogate. Refused, not rewritten, so what is stored is
  // exactly what was sent. The schema has bounded the depth by now, so the walk is shallow.
  if (record.profile !== undefined && !storable(record.profile)) {
    return unprocessable("invalid_profile", `profile must not contain ${UNSTORABLE}, in keys or values.`);
  }
  if (record.commitments !== undefined && !storable(record.commitments)) {
    return unprocessable("invalid_commitments", `commitments must not contain ${UNSTORABLE}.`);
  }
  return { ok: true, update: body as ConfigurationUpdate };
}

/** Type errors in the request's shape. profile and commitments have their own 422 codes, per the contract. */
function isShapeError(error: ErrorObject): boolean {
  const path = error.instancePath;
  if (path === "") return true;
  if (path.startsWith("/frameworks") || path.startsWith("/eu_inference")) return true;
  if (path === "/review_language") return error.keyword === "type";
  return false;
}

function describeShapeError(error: ErrorObject): string {
  const path = error.instancePath;
  if (path.startsWith("/frameworks")) {
    if (error.keyword === "uniqueItems") return "frameworks must not list the same id twice.";
    if (error.keyword === "maxItems") return `frameworks lists more ids than the catalogue holds.`;
    return "frameworks must be an array of framework id strings.";
  }
  if (path === "/eu_inference") return "eu_inference must be true or false.";
  if (path === "/review_language") return "review_language must be a string.";
  return `The body ${error.message ?? "is invalid"}.`;
}

function describeCommitmentError(errors: ErrorObject[]): string {
  const error = errors.find((e) => e.keyword !== "anyOf" && e.keyword !== "allOf" && e.keyword !== "if") ?? errors[0]!;
  const at = error.instancePath.replace(/^\/commitments/, "commitments").replace(/\/(\d+)/g, "[$1]").replace(/\//g, ".");
  const field = error.instancePath.split("/").pop();
  switch (error.keyword) {
    case "type":
      return at === "commitments" ? "commitments must be an array of commitment rows." : `${at} must be a ${String(error.params.type)}.`;
    case "maxItems":
      return `commitments holds at most ${MAX_COMMITMENTS} rows.`;
    case "contains":
      return "commitments holds at most one row per area.";
    case "required":
      return `${at} is missing ${String(error.params.missingProperty)}.`;
    case "additionalProperties":
      return `${at} has an unknown field ${String(error.params.additionalProperty)}; rows have area, implementation and source.`;
    case "enum":
      return `${at} must be one of logging, access_mfa, encryption, pii_retention, subprocessors.`;
    case "minLength":
    case "maxLength":
    case "pattern":
      return field === "source"
        ? `${at} must be 1 to 120 characters on a single line, without control characters.`
        : `${at} must be 1 to 300 characters on a single line, without control characters.`;
    default:
      return `${at} ${error.message ?? "is invalid"}.`;
  }
}

function where(errors: ErrorObject[], root: string): string {
  const deepest = errors.map((e) => e.instancePath).sort((a, b) => b.length - a.length)[0];
  return deepest && deepest !== root ? ` (at ${deepest.slice(1).replace(/\//g, ".")})` : "";
}

const UNSTORABLE = "the NUL character (\\u0000) or an unpaired UTF-16 surrogate (\\ud800-\\udfff)";
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function storable(value: unknown): boolean {
  if (typeof value === "string") return !UNSTORABLE_TEXT.test(value);
  if (Array.isArray(value)) return value.every(storable);
  if (value && typeof value === "object") return Object.entries(value).every(([k, v]) => !UNSTORABLE_TEXT.test(k) && storable(v));
  return true;
}

/** Whether value nests objects or arrays more than `max` levels (value itself is level 1), without recursion. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

function badRequest(message: string): ValidationFailure {
  return { ok: false, status: 400, code: "invalid_request", message };
}

function unprocessable(code: ValidationErrorCode, message: string): ValidationFailure {
  return { ok: false, status: 422, code, message };
}
