// The facts of the free-form company profile that change what a finding says.
import type { Profile, ProfileValue } from "../../domain/types.js";

export interface ProfileContext {
  /** Hosting as the profile states it, when it places the product in the EU/EEA only. */
  euHosting?: string;
  /** What the profile says the product handles, as written. */
  dataHandled?: string;
  handlesHealthData: boolean;
  /** Lower-cased text of subprocessor/vendor lists: services named there are already known. */
  listedVendorsText: string;
}

const EU = /\b(?:EU|EEA|Europe|European|Frankfurt|Ireland|Dublin|Paris|Amsterdam|Stockholm|Milan|Madrid|Warsaw|Zurich|Germany|France|Netherlands|Belgium|Finland|Sweden|Spain|Italy|Poland|eu-(?:west|central|north|south)-\d|europe-\w+\d)\b/i;
const NOT_EU_ONLY = /\b(?:US|USA|United States|global|worldwide|multi-?region|us-(?:east|west)-\d|Asia|APAC|Australia|Canada)\b/i;
const HEALTH = /\b(?:health|medical|patient|clinical|PHI|ePHI|HIPAA|diagnos\w*)\b/i;
const VENDOR_KEYS = /subprocessor|sub_processor|vendor|processor|provider|third_part|integration/i;
const HOSTING_KEYS = /^(?:hosting|hosting_region|region|data_residency|data_location|hosted_in)$/i;
const DATA_KEYS = /^(?:data_handled|data_categories|data|personal_data)$/i;

function flatten(value: ProfileValue): string {
  if (Array.isArray(value)) return value.map(flatten).join(", ");
  if (value !== null && typeof value === "object") return Object.values(value).map(flatten).join(", ");
  return String(value);
}

export function readProfileContext(profile: Profile | undefined): ProfileContext {
  let hosting: string | undefined;
  let dataHandled: string | undefined;
  const vendorTexts: string[] = [];
  const visit = (object: { [key: string]: ProfileValue }) => {
    for (const [key, value] of Object.entries(object)) {
      if (HOSTING_KEYS.test(key)) hosting ??= flatten(value);
      else if (DATA_KEYS.test(key)) dataHandled ??= flatten(value);
      else if (VENDOR_KEYS.test(key)) vendorTexts.push(flatten(value));
      else if (value !== null && typeof value === "object" && !Array.isArray(value)) visit(value);
    }
  };
  visit(profile ?? {});
  const euOnly = hosting !== undefined && EU.test(hosting) && !NOT_EU_ONLY.test(hosting);
  return {
    euHosting: euOnly ? hosting : undefined,
    dataHandled,
    handlesHealthData: dataHandled !== undefined && HEALTH.test(dataHandled),
    listedVendorsText: vendorTexts.join(" | ").toLowerCase(),
  };
}
