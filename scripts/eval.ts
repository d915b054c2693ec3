// Precision and recall of the built-in analyzer on the labelled set in fixtures/eval (npm run eval).
import { loadEvalCases, scoreEvalCases, formatScores } from "../test/engine/support/eval-harness.js";

const cases = loadEvalCases();
const scores = await scoreEvalCases(cases);
console.log(formatScores(scores));
if (process.argv.includes("--verbose")) {
  for (const miss of scores.mistakes) console.log(miss);
}
