import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { bearer, startHarness, type Harness } from "../support/api-harness.js";

let h: Harness;
let doc: any;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
beforeAll(async () => {
  h = await startHarness();
  doc = (await h.request("GET", "/v1/openapi.json")).body;
});
afterAll(async () => h.close());

/** Validates a real response against the operation's response schema in the served document. */
function check(method: string, path: string, res: { status: number; body: unknown; headers: Headers }) {
  const operation = doc.paths[path][method.toLowerCase()];
  const response = operation.responses[String(res.status)];
  expect(response).toBeDefined();
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addSchema({ $id: "doc", components: doc.components });
  const schema = JSON.parse(JSON.stringify(response.content["application/json"].schema).replaceAll("#/components", "doc#/components"));
  const validate = ajv.compile(schema);
  const valid = validate(res.body);
  if (!valid) throw new Error(`${method} ${path} ${res.status}: ${JSON.stringify(validate.errors)}`);
}

describe("the OpenAPI description", () => {
  it("is OpenAPI 3.1, version 1.0.0, and equal to the copy in the repository", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    const committed = JSON.parse(readFileSync(new URL("../../src/api/openapi.v1.json", import.meta.url), "utf8"));
    expect(committed).toEqual(doc);
  });

  it("states the current sticky semantics: every PUT field optional, commitments included", () => {
    const update = doc.components.schemas.ConfigurationUpdate;
    expect(update.required).toBeUndefined();
    expect(Object.keys(update.properties).sort()).toEqual(["commitments", "eu_inference", "frameworks", "profile", "review_language"]);
    expect(update.additionalProperties).toBe(false);
    expect(doc.components.schemas.Configuration.required).toContain("commitments_updated_at");
  });

  it("describes every real response the API gives", async () => {
    const org = await h.organisation();
    const reader = await h.organisation({ scopes: ["config:read"] });
    check("GET", "/v1/frameworks", await h.request("GET", "/v1/frameworks"));
    check("GET", "/v1/frameworks", await h.request("GET", "/v1/frameworks?token=x"));
    check("GET", "/v1/config", await h.request("GET", "/v1/config", { headers: bearer(org.key) }));
    check("GET", "/v1/config", await h.request("GET", "/v1/config"));
    check("GET", "/v1/config", await h.request("GET", "/v1/config", { headers: bearer(org.key.slice(0, -1) + "A") }));
    const full = {
      profile: { company: "Acme", regions: ["eu"], nested: { a: { b: true } } },
      frameworks: ["GDPR"],
      eu_inference: true,
      review_language: "it",
      commitments: [{ area: "subprocessors", implementation: "DPA with every vendor", source: "Vendor policy" }],
    };
    check("PUT", "/v1/config", await h.request("PUT", "/v1/config", { headers: bearer(org.key), body: full }));
    check("GET", "/v1/config", await h.request("GET", "/v1/config", { headers: bearer(org.key) }));
    check("PUT", "/v1/config", await h.request("PUT", "/v1/config", { headers: bearer(org.key), body: { frameworks: ["NOPE"] } }));
    check("PUT", "/v1/config", await h.request("PUT", "/v1/config", { headers: bearer(org.key), body: {} }));
    check("PUT", "/v1/config", await h.request("PUT", "/v1/config", { headers: bearer(reader.key), body: { eu_inference: false } }));
    check("PUT", "/v1/config", await h.request("PUT", "/v1/config", { headers: bearer(org.key), body: { commitments: [{ area: "x" }] } }));
  });

  it("accepts, by its request schema, exactly what the API accepts", () => {
    const ajv = addFormats(new Ajv2020({ strict: false }));
    ajv.addSchema({ $id: "doc", components: doc.components });
    const validate = ajv.compile({ $ref: "doc#/components/schemas/ConfigurationUpdate" });
    expect(validate({ review_language: "pl" })).toBe(true);
    expect(validate({})).toBe(false);
    expect(validate({ colour: "red" })).toBe(false);
    expect(validate({ commitments: [{ area: "logging", implementation: "a" }, { area: "logging", implementation: "b" }] })).toBe(false);
  });
});
