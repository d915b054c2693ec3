// Precision and recall of the built-in analyzer on the labelled sets in fixtures/eval (npm run eval [-- --dev]).
// Three parts: the synthetic cases (written beside the rules), the real-code development part (tune on it) and the
// real-code held-out part (never tune on it; scored once per change). `--dev` leaves the held-out part out entirely.
// `--only <name>` scores just the development files whose name contains <name> (a new batch, before any rule changes);
// a name ending in .yaml matches that one file exactly. `--scores-only` leaves out the list of misses, so a validation
// batch can be scored without its mistakes being read.
import { formatScores, loadEvalCases, loadRealCases, precision, recall, scoreEvalCases } from "./support/eval-harness.js";

const devOnly = process.argv.includes("--dev");
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
const mistakes = !process.argv.includes("--scores-only");

if (only) {
  // One batch of the development part; never the held-out part.
  const matches = (file: string) => (only.endsWith(".yaml") ? file.split("/").pop() === only : file.includes(only));
  const batch = loadRealCases("dev").filter((c) => matches(c.file));
  if (batch.length === 0) throw new Error(`no development cases in a file named or containing "${only}"`);
  console.log(formatScores(await scoreEvalCases(batch), `Real code, development files matching "${only}"`, { mistakes }));
  process.exit(0);
}

const synthetic = loadEvalCases();
const syntheticScores = await scoreEvalCases(synthetic);
console.log(formatScores(syntheticScores, "Synthetic cases (fixtures/eval/cases)", { mistakes }));
const syntheticHeldOut = await scoreEvalCases(synthetic.filter((c) => c.heldOut));
console.log(
  `  synthetic held-out files only: precision ${precision(syntheticHeldOut.overall).toFixed(3)} recall ${recall(syntheticHeldOut.overall).toFixed(3)}` +
    ` (${syntheticHeldOut.cases} cases)`,
);

const parts: Array<["dev" | "holdout", string]> = [["dev", "Real code, development part (fixtures/eval/real/dev)"]];
if (!devOnly) parts.push(["holdout", "Real code, HELD-OUT part (fixtures/eval/real/holdout; never tune on it)"]);
for (const [part, title] of parts) {
  console.log("");
  console.log(formatScores(await scoreEvalCases(loadRealCases(part)), title, { mistakes }));
}
