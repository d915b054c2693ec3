// Shapes of the stored configuration, shared by the API, the console (later) and the reviewer.

export const REVIEW_LANGUAGES = ["en", "de", "es", "fr", "it", "nl", "pl"] as const;
export type ReviewLanguage = (typeof REVIEW_LANGUAGES)[number];

export const COMMITMENT_AREAS = ["logging", "access_mfa", "encryption", "pii_retention", "subprocessors"] as const;
export type CommitmentArea = (typeof COMMITMENT_AREAS)[number];

export interface Commitment {
  area: CommitmentArea;
  implementation: string;
  source?: string;
}

export type ProfileValue = string | number | boolean | ProfileValue[] | { [key: string]: ProfileValue };
export type Profile = { [key: string]: ProfileValue };

/** The organisation configuration exactly as GET /v1/config returns it. */
export interface OrganisationConfiguration {
  profile: Profile;
  frameworks: string[];
  eu_inference: boolean;
  review_language: ReviewLanguage;
  commitments: Commitment[];
  commitments_updated_at: string | null;
}

export const TRIGGER_MODES = ["auto", "auto_once", "mention_only"] as const;
export type TriggerMode = (typeof TRIGGER_MODES)[number];
