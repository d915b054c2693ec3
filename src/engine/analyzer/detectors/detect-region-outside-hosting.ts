// Infrastructure placed in a region outside the EU when the profile says the product is hosted in the EU.
import type { RawFinding } from "../raw-finding.js";
import { candidateLines, type FileDiff } from "../file-diff.js";

const REGION_SETTING = /\b(?:region|location|aws_region|AWS_REGION|AWS_DEFAULT_REGION|gcp_region|azure_region|primary_region|replica_region|destination_region)\b["']?\s*[:=]\s*["']?((?:us|ap|sa|ca|me|af|il|mx)-(?:gov-)?(?:east|west|north|south|central|northeast|southeast|southwest|northwest)-\d|(?:us|asia|southamerica|northamerica|australia|me|africa)-(?:east|west|north|south|central|northeast|southeast|southwest|northwest)\d+|(?:eastus|westus|centralus|southcentralus|northcentralus|westcentralus|eastasia|southeastasia|japaneast|japanwest|australiaeast|brazilsouth|canadacentral|koreacentral|centralindia)\d?)\b/i;
const COMMENT = /^\s*(?:\/\/|#|\*|\/\*)/;
const PREFILTER = /region|location/gi;

export function detectRegionOutsideHosting(diff: FileDiff, hosting: string | undefined): RawFinding[] {
  const { kind, isTest } = diff.fileClass;
  if (!hosting || isTest || kind === "docs" || kind === "manifest") return [];
  for (const index of candidateLines(diff.added, PREFILTER)) {
    const line = diff.lines[index];
    if (COMMENT.test(line.text)) continue;
    const m = REGION_SETTING.exec(line.text);
    if (!m || diff.removedCompact.includes(m[1].toLowerCase())) continue;
    return [{
      ruleId: "region-outside-hosting",
      path: diff.path,
      line: line.newLine,
      side: "RIGHT",
      evidence: line.text,
      detail: { region: m[1], hosting },
    }];
  }
  return [];
}
