// When a newer job replaces queued or running ones, it inherits their strongest reason to run,
// so an "opened" review is not lost under auto_once because a push arrived before it started.
import type { ReviewTrigger } from "../types.js";

const STRENGTH: Record<ReviewTrigger, number> = { synchronize: 0, ready_for_review: 1, reopened: 1, opened: 1, command: 2 };

export function strongestTrigger(triggers: ReviewTrigger[]): ReviewTrigger {
  return triggers.reduce((best, t) => (STRENGTH[t] > STRENGTH[best] ? t : best));
}
