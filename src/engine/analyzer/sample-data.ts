// Sample data kept in the product's source: the bodies of third-party webhooks shown in a console, example events a
// UI offers to replay, mock payloads a storybook renders. Their tokens, e-mail addresses and API links are copied from
// the providers' documentation; nothing there is a credential of the project or a call to a service.
//
// Two shapes, each read once per file:
// - a data file named for samples (hookdeck-samples.json, webhook-payloads.json, example-event.xml, mock-data.json);
// - in code, the lines inside a top-level declaration named for samples (`export const samples: SampleRecord[] = [`,
//   `SAMPLE_EVENTS = {`, `const mockWebhookBody = {`, `$examplePayload = [`), up to the next top-level statement.
import type { FileDiff } from "./file-diff.js";

/** Data files whose name says they hold samples, examples, fixtures, mocks or payloads. */
export const SAMPLE_DATA_FILE = /(?:^|[/._-])(?:samples?|examples?|fixtures?|mocks?|payloads?|dummy|fake)(?:[._-][^/]*)?\.(?:json|jsonl|ndjson|xml|csv)$/i;

/** A top-level declaration and the name it binds: JavaScript/TypeScript, Python and Ruby constants, Go, PHP, Kotlin. */
const TOP_LEVEL_DECLARATION = /^(?:export\s+)?(?:const|let|var|val)\s+([A-Za-z_$][\w$]*)|^([A-Za-z_][\w]*)\s*(?::\s*[^=]{1,80})?=(?!=)|^\$([A-Za-z_]\w*)\s*=(?!=)|^(?:export\s+)?default\s/;
/** Words of a name that make it sample data. */
const SAMPLE_WORDS = new Set(["sample", "samples", "example", "examples", "fixture", "fixtures", "mock", "mocks", "mocked", "fake", "dummy", "stub", "stubs"]);
/** A line that closes what the top level opened (`];`, `})`, `} as const;`), not a new statement. */
const CLOSER = /^[\]})]/;

function namedForSamples(name: string): boolean {
  for (const word of name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().split(/[_$]+/)) if (SAMPLE_WORDS.has(word)) return true;
  return false;
}

const sampleLines = new WeakMap<FileDiff, Uint8Array | null>();

/**
 * Whether line `index` lies inside a top-level declaration named for samples. A hunk that starts inside a declaration
 * the diff does not show is not read as one.
 */
export function inSampleDeclaration(diff: FileDiff, index: number): boolean {
  let marks = sampleLines.get(diff);
  if (marks === undefined) {
    marks = markSampleDeclarations(diff);
    sampleLines.set(diff, marks);
  }
  return marks !== null && marks[index] === 1;
}

function markSampleDeclarations(diff: FileDiff): Uint8Array | null {
  const { lines } = diff;
  let marks: Uint8Array | null = null;
  let inside = false;
  let hunk = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.hunk !== hunk) { hunk = line.hunk; inside = false; }
    if (line.kind === "-") continue;
    const text = line.text;
    const first = text.charCodeAt(0);
    // A line at the top level (no indentation) that is not a closer starts a new statement.
    if (text.length > 0 && first !== 32 && first !== 9 && !CLOSER.test(text)) {
      const m = TOP_LEVEL_DECLARATION.exec(text);
      const name = m ? m[1] ?? m[2] ?? m[3] : undefined;
      inside = name !== undefined && namedForSamples(name);
    }
    if (inside) (marks ??= new Uint8Array(lines.length))[i] = 1;
  }
  return marks;
}
