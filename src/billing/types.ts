// The billing gate's interface: the review pipeline asks it before every review.

export type PlanName = "free" | "starter" | "pro" | "business";
export type EffectivePlan = PlanName | "trial";

export interface ReviewRequest {
  installationId: bigint;
  repositoryId: bigint;
  pullNumber: number;
  /** The repository's private flag, as GitHub reports it. */
  private: boolean;
  now: Date;
}

export type AdmissionKind =
  | "already_counted" // this pull request was counted earlier this period: free to review again
  | "trial"
  | "included"
  | "grant" // inside the one-time 25% grant
  | "overage" // billable extra at $0.49
  | "public"
  | "unmetered"; // billing is off: admitted without counting

/** A way a paused review resumes; the GitHub side words each one in the review language. */
export type ResumeOption = "next_period" | "claim" | "upgrade" | "overage";

export type Admission =
  | {
      admitted: true;
      kind: AdmissionKind;
      /** null when billing is off: no plan applies. */
      plan: EffectivePlan | null;
      period: string;
      /** What this review adds to the bill: 49 for an overage review, otherwise 0. */
      amountCents?: number;
    }
  | {
      admitted: false;
      reason: "allowance_reached" | "public_cap_reached";
      plan: EffectivePlan;
      period: string;
      /** English, for the check run title; stays English like the check name. */
      title: string;
      /** How reviews resume, in English; the GitHub side words resumeOptions in the review language instead. */
      resumes: string;
      /** The ways that apply here, always "next_period" first. */
      resumeOptions: ResumeOption[];
      /** Start of the next billing period (UTC), when reviews resume without any action. */
      resumesAt: Date;
    };

export type AdmitReview = (request: ReviewRequest) => Promise<Admission>;
