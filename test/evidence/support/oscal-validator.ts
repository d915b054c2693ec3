// NIST's OSCAL Assessment Results JSON Schema (1.0.6, draft-07; see fixtures/oscal/README.md),
// compiled once with Ajv and ajv-formats (date-time, uri, uri-reference).
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
let validate: ValidateFunction | undefined;

export function validateOscal(document: unknown): string[] {
  if (!validate) {
    const schema = JSON.parse(readFileSync(new URL("../../../fixtures/oscal/oscal_assessment-results_schema.json", import.meta.url), "utf8"));
    validate = addFormats(new Ajv({ allErrors: true, strict: true })).compile(schema);
  }
  return validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}
