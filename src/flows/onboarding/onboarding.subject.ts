import type { Db } from '../../db/index.js';
import type { SessionStore } from '../../kernel/sessions/sessions.store.js';
import { sessionsSubjectData } from '../../kernel/sessions/sessions.subject.js';
import { addCounts, subjectEmail, type SubjectData } from '../../kernel/subject.js';
import type { OnboardingStore } from './onboarding.store.js';

/**
 * Data rights for onboarding (kernel/subject.ts): funnel sessions started for the user's id or
 * anonymous id with their steps, and completions (answers) found by the email given, the user or
 * anonymous id that claimed them, or one of those sessions. The claim hash is left out of exports.
 */
export function onboardingSubjectData(store: OnboardingStore, sessionStore: SessionStore, db: Db): SubjectData {
  const sessions = sessionsSubjectData(sessionStore, db, 'onboarding');
  const submissions = async (appId: string, subject: Parameters<SubjectData['export']>[1], on: Db) => {
    const { sessions: mine } = await sessionStore.subjectRows(appId, 'onboarding', subject, on);
    return store.subjectRows(appId, { email: subjectEmail(subject), userId: subject.userId, anonymousId: subject.anonymousId, sessionIds: mine.map((s) => s.id) }, on);
  };
  return {
    async export(appId, subject, on = db) {
      const rows = await submissions(appId, subject, on);
      return { onboarding_submissions: rows.map(({ claim_hash: _hash, ...rest }) => rest), ...(await sessions.export(appId, subject, on)) };
    },
    async erase(appId, subject, trx) {
      const ids = (await submissions(appId, subject, trx)).map((r) => r.id);
      const removed = await store.deleteIds(appId, ids, trx);
      return { onboarding_submissions: removed, ...(await sessions.erase(appId, subject, trx)) };
    },
    async expire(appId, before, limit) {
      const ids = await store.expiredIds(appId, before, limit);
      const out: Record<string, number> = {};
      if (ids.length) out.onboarding_submissions = await db.transaction().execute((trx) => store.deleteIds(appId, ids, trx));
      return addCounts(out, await sessions.expire!(appId, before, limit));
    },
  };
}
