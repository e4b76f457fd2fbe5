/** Table types: Referral codes and referrals. */

export interface ReferralCodesTable {
  app_id: string;
  user_id: string;
  /** 8 characters of an unambiguous alphabet, upper case; unique across the service. */
  code: string;
  created_at: string;
}

export interface ReferralsTable {
  id: string;
  app_id: string;
  code: string;
  referrer_user_id: string;
  /** pending (a landing visit holding a clipboard token) | attributed | expired */
  status: string;
  /** link (through the invite page's token or deep link) | code (typed) */
  source: string;
  /** SHA-256 (hex) of the one-time `amrf_` token of a landing visit. */
  claim_hash: string | null;
  claim_expires_at: string | null;
  /** `u:<userId>`, `a:<anonymousId>` or `ip:<hash>`: one attribution per referee and app. */
  referee_key: string | null;
  referee_user_id: string | null;
  referee_anonymous_id: string | null;
  attributed_at: string | null;
  referee_rewarded: number;
  referrer_rewarded: number;
  referrer_rewarded_at: string | null;
  /** HMAC of the attributing client's address: the farming signal. */
  ip_hash: string | null;
  country: string | null;
  created_at: string;
}

export interface ReferralTables {
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
}
