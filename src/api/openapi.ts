// The OpenAPI 3.1 description of /v1, built from the JSON Schemas Ajv validates with.
import { allSchemas } from "../domain/configuration/schemas.js";

const ERROR_CODES: Record<number, string> = {
  400: "invalid_request: non-JSON body, wrong shape, key in the URL, unknown field, empty update, commitments null, malformed Idempotency-Key.",
  401: "unauthorized: key missing, malformed, invalid, expired or revoked.",
  403: "forbidden: the key lacks the required scope.",
  405: "method_not_allowed: the method is not supported on this path; see the Allow header.",
  409: "idempotency_key_in_use: a request with the same Idempotency-Key is still running.",
  413: "payload_too_large: the body exceeds 64 KB.",
  422: "invalid_profile, unknown_frameworks (with unknown), invalid_review_language, invalid_commitments, idempotency_key_reused.",
  429: "rate_limited: too many requests; see Retry-After and the RateLimit headers.",
  500: "internal: unexpected server error; retrying with backoff is safe.",
};

function toComponents(): Record<string, unknown> {
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node)) {
        if (k === "$id") continue;
        out[k] = k === "$ref" && typeof v === "string" ? `#/components/schemas/${v}` : rewrite(v);
      }
      return out;
    }
    return node;
  };
  return Object.fromEntries(allSchemas.map((s) => [s.$id, rewrite(s)]));
}

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), { description: ERROR_CODES[s], content: json("Error") }]));

export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Clearance configuration API",
      version: "1.0.0",
      description:
        "The configuration plane of Clearance: the organisation's review configuration and the public framework catalogue. " +
        "Every field of PUT /v1/config is optional; an omitted field is unchanged and a present field is replaced whole.",
    },
    servers: [{ url: "/" }],
    components: {
      schemas: toComponents(),
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "API keys begin with clr_. Never send a key in the URL." } },
    },
    paths: {
      "/v1/frameworks": {
        get: {
          operationId: "listFrameworks",
          summary: "The catalogue of valid framework ids. It grows over time; do not hard-code it.",
          security: [],
          responses: { "200": { description: "The catalogue.", content: json("FrameworkList") }, ...errors(400, 429, 500) },
        },
      },
      "/v1/config": {
        get: {
          operationId: "getConfig",
          summary: "The configuration of the organisation that owns the key (scope config:read).",
          security: [{ apiKey: [] }],
          responses: { "200": { description: "The configuration.", content: json("Configuration") }, ...errors(400, 401, 403, 429, 500) },
        },
        put: {
          operationId: "updateConfig",
          summary: "Update the configuration (scope config:write). All fields optional; omitted fields are unchanged.",
          security: [{ apiKey: [] }],
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description: "For 24 hours, a retry with the same key and body replays the first response; another body gives 422 idempotency_key_reused.",
              schema: { type: "string", minLength: 1, maxLength: 255 },
            },
          ],
          requestBody: { required: true, content: json("ConfigurationUpdate") },
          responses: {
            "200": { description: "ok and the fields sent, as stored. Returned only after the change and its audit record are committed.", content: json("ConfigurationUpdateResult") },
            ...errors(400, 401, 403, 409, 413, 422, 429, 500),
          },
        },
      },
    },
  };
}
