// The trigger table of the spec: which modes review on which pull-request events.
import type { ReviewTrigger, TriggerMode } from "../types.js";

export function modeReviewsTrigger(mode: TriggerMode, trigger: ReviewTrigger): boolean {
  if (trigger === "command") return true; // the command works in every mode
  switch (mode) {
    case "auto":
      return true;
    case "auto_once":
      return trigger !== "synchronize";
    case "mention_only":
      return false;
  }
}
