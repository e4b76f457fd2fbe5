import type { SubjectData } from '../../kernel/subject.js';
import type { ReferralStore } from './referral.store.js';

/**
 * Data rights for referrals (kernel/subject.ts): the user's code (by userId) and every referral
 * they are in, as referrer (userId) or referee (userId or anonymous id). Erase deletes their code
 * and their own referrals, and strips them from referrals where they were somebody else's referee
 * (`referrals_anonymized`: that referrer's ledger and reward cap stay whole). Referrals are the
 * owner's reward ledger, not raw submissions: retention leaves them.
 */
export function referralSubjectData(store: ReferralStore): SubjectData {
  return {
    async export(appId, subject, on) {
      const { codes, referrals } = await store.subjectRows(appId, subject, on);
      return { referral_codes: codes, referrals };
    },
    async erase(appId, subject, trx) {
      const r = await store.eraseSubject(appId, subject, trx);
      return { referral_codes: r.codes, referrals: r.referrals, referrals_anonymized: r.anonymized };
    },
  };
}
