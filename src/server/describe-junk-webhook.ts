// Says why a webhook body cannot be a GitHub event this service can act on, or undefined. Run
// before Probot, whose handlers would otherwise fail on it and answer 500 with internal text.
import { emitterEventNames } from "@octokit/webhooks";

const EVENT_NAMES = new Set<string>(emitterEventNames.filter((name) => !name.includes(".")));
/** Events whose handlers act for an installation: they need its id. */
const NEEDS_INSTALLATION = new Set(["pull_request", "issue_comment", "installation", "installation_repositories"]);

export function describeJunkWebhook(eventName: string | undefined, rawBody: Buffer): string | undefined {
  if (!eventName || !EVENT_NAMES.has(eventName)) return "unknown event name";
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return "the body is not JSON";
  }
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) return "the body is not a JSON object";
  const record = payload as Record<string, unknown>;
  // Ids are read as JavaScript numbers and BigInt: beyond 2^53 they would silently change.
  for (const [key, value] of Object.entries(record)) {
    if (value === null || typeof value !== "object") continue;
    for (const field of ["id", "number"]) {
      const id = (value as Record<string, unknown>)[field];
      if (id !== undefined && !(Number.isSafeInteger(id) && (id as number) >= 0)) return `${key}.${field} is not a whole number in the safe range`;
    }
  }
  if (NEEDS_INSTALLATION.has(eventName)) {
    const installation = record.installation as { id?: unknown } | undefined;
    if (!installation || typeof installation !== "object" || installation.id === undefined) return "the event carries no installation";
  }
  for (const [event, field] of [["pull_request", "pull_request"], ["pull_request", "repository"], ["issue_comment", "issue"], ["issue_comment", "comment"], ["issue_comment", "repository"]]) {
    if (eventName === event && (record[field] === null || typeof record[field] !== "object")) return `the event carries no ${field}`;
  }
  return undefined;
}
