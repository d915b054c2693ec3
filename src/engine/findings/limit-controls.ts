// An inline comment cites at most the three most specific controls of each framework. The
// catalogue lists a change area's controls most relevant first, and a rule's own change area
// comes before any extra one, so the first three per framework are the most specific.
import type { CitedControl } from "../types.js";

export const MAX_CONTROLS_PER_FRAMEWORK = 3;

export function limitControls(controls: CitedControl[], perFramework = MAX_CONTROLS_PER_FRAMEWORK): CitedControl[] {
  const seen = new Map<string, number>();
  return controls.filter((control) => {
    const n = seen.get(control.framework) ?? 0;
    seen.set(control.framework, n + 1);
    return n < perFramework;
  });
}
