// Writes the OpenAPI description of /v1 to src/api/openapi.v1.json (the copy kept in the
// repository for readers and client generators; a test keeps it equal to what the API serves).
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../src/api/openapi.js";

writeFileSync(new URL("../src/api/openapi.v1.json", import.meta.url), `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log("wrote src/api/openapi.v1.json");
