// Precision and recall of the built-in analyzer on the labelled set in fixtures/eval (npm run eval).
// The held-out cases (files named *holdout*) were written after the rules were tuned and never
// tuned on; their line is the fairer estimate of how the analyzer does on new code.
import { formatScores, loadEvalCases, precision, recall, scoreEvalCases } from "../test/engine/support/eval-harness.js";

const cases = loadEvalCases();
const scores = await scoreEvalCases(cases);
console.log(formatScores(scores));

const heldOut = cases.filter((c) => c.heldOut);
const heldOutScores = await scoreEvalCases(heldOut);
console.log(
  `held out only   ${precision(heldOutScores.overall).toFixed(3).padStart(9)} ${recall(heldOutScores.overall).toFixed(3).padStart(7)}` +
    ` (${heldOut.length} cases: ${heldOutScores.positives} with expected findings, ${heldOutScores.negatives} look-alikes)`,
);
if (scores.mistakes.length > 0) console.log(["", "mistakes:", ...scores.mistakes.map((m) => `  ${m}`)].join("\n"));
