// Checks GraphQL requests against GitHub's published GraphQL schema (@octokit/graphql-schema):
// the query must parse, every field must exist, and the variables must fit their declared types.
// The schema is built once per process, on first use.
import { schema as published } from "@octokit/graphql-schema";
import { buildClientSchema, getVariableValues, parse, validate, type GraphQLSchema, type OperationDefinitionNode } from "graphql";

let schema: GraphQLSchema | undefined;
/** Reviews send the same few queries again and again: each text is parsed and validated once. */
const checked = new Map<string, { operation?: OperationDefinitionNode; errors: string[] }>();

function githubSchema(): GraphQLSchema {
  if (schema) return schema;
  schema = buildClientSchema(published.json as never);
  return schema;
}

/** Problems GitHub would answer with an error; empty when the request is valid. */
export function checkGraphqlQuery(query: string, variables: Record<string, unknown> = {}): string[] {
  let result = checked.get(query);
  if (!result) checked.set(query, (result = checkQueryText(query)));
  const { operation } = result;
  if (!operation) return result.errors;
  const coerced = getVariableValues(githubSchema(), operation.variableDefinitions ?? [], variables);
  return (coerced.errors ?? []).map((e) => `graphql variables: ${e.message}`);
}

function checkQueryText(query: string): { operation?: OperationDefinitionNode; errors: string[] } {
  let document;
  try {
    document = parse(query);
  } catch (error) {
    return { errors: [`graphql: ${(error as Error).message}`] };
  }
  const errors = validate(githubSchema(), document).map((e) => `graphql: ${e.message}`);
  if (errors.length > 0) return { errors };
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === "OperationDefinition");
  return operation ? { operation, errors: [] } : { errors: ["graphql: no operation"] };
}
