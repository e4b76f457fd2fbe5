/** Table types: Onboarding completions. */

export interface OnboardingSubmissionsTable {
  id: string;
  app_id: string;
  flow_id: string;
  version_number: number;
  /** The funnel session it completed, when it ran in one. */
  session_id: string | null;
  /** Answer key (step id) -> option key(s) or text. */
  answers_json: string;
  email: string | null;
  source: string;
  country: string | null;
  /** SHA-256 (hex) of the one-time claim token; the token itself is never stored. */
  claim_hash: string;
  claim_expires_at: string;
  claimed_at: string | null;
  claimed_user_id: string | null;
  claimed_anonymous_id: string | null;
  created_at: string;
}

export interface OnboardingTables {
  onboarding_submissions: OnboardingSubmissionsTable;
}
