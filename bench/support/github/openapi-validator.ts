// Checks requests against GitHub's OpenAPI description (@octokit/openapi): the path and method
// must be an operation GitHub documents, and a JSON body must match its requestBody schema.
// The description is read once per process; only the operations used are compiled.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";

interface Operation {
  operationId: string;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  literalSegments: number;
  operation: Operation;
}

let routes: Route[] | undefined;
let components: Record<string, unknown> = {};
const validators = new Map<string, ValidateFunction>();
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

function loadRoutes(): Route[] {
  if (routes) return routes;
  const require = createRequire(import.meta.url);
  const file = require.resolve("@octokit/openapi/generated/api.github.com.json");
  const doc = JSON.parse(readFileSync(file, "utf8")) as { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };
  components = doc.components;
  routes = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    const segments = template.split("/");
    const pattern = new RegExp(`^${segments.map((s) => (s.startsWith("{") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}$`);
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation?.operationId) continue;
      routes.push({ method: method.toUpperCase(), template, pattern, literalSegments: segments.filter((s) => s && !s.startsWith("{")).length, operation });
    }
  }
  // Literal segments win over parameters, as GitHub routes them.
  routes.sort((a, b) => b.literalSegments - a.literalSegments);
  return routes;
}

export interface MatchedOperation {
  operationId: string;
  template: string;
  errors: string[];
}

export function matchOperation(method: string, path: string, body: unknown): MatchedOperation | undefined {
  const route = loadRoutes().find((r) => r.method === method && r.pattern.test(path));
  if (!route) return undefined;
  const errors: string[] = [];
  const schema = route.operation.requestBody?.content?.["application/json"]?.schema;
  if (schema && body !== undefined && body !== "") {
    let validate = validators.get(route.operation.operationId);
    if (!validate) {
      validate = ajv.compile(resolveRefs(schema, new Set()) as object);
      validators.set(route.operation.operationId, validate);
    }
    if (!validate(body)) errors.push(...(validate.errors ?? []).map((e) => `${route.operation.operationId} body${e.instancePath} ${e.message}`));
  }
  return { operationId: route.operation.operationId, template: route.template, errors };
}

function resolveRefs(node: unknown, seen: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => resolveRefs(n, seen));
  if (!node || typeof node !== "object") return node;
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === "string") {
    const ref = record.$ref;
    if (seen.has(ref)) return {};
    const target = ref.replace(/^#\/components\//, "").split("/").reduce<unknown>((n, key) => (n as Record<string, unknown>)?.[key], components);
    return resolveRefs(target, new Set([...seen, ref]));
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === "example" || key === "examples") continue;
    out[key] = resolveRefs(value, seen);
  }
  return out;
}
