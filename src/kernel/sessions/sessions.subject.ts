import type { Db } from '../../db/index.js';
import type { SubjectData } from '../subject.js';
import type { SessionStore } from './sessions.store.js';

/**
 * Data rights for one flow type's sessions (kernel/subject.ts): sessions started for the user's
 * id or anonymous id, and their steps (kinds `<type>_sessions`, `<type>_steps`). The session's
 * token (the page's capability) is left out of exports.
 */
export function sessionsSubjectData(store: SessionStore, db: Db, type: string): SubjectData {
  return {
    async export(appId, subject, on) {
      const { sessions, steps } = await store.subjectRows(appId, type, subject, on);
      return { [`${type}_sessions`]: sessions.map(({ token: _token, ...rest }) => rest), [`${type}_steps`]: steps };
    },
    async erase(appId, subject, trx) {
      const { sessions } = await store.subjectRows(appId, type, subject, trx);
      const r = await store.deleteSessions(appId, sessions.map((s) => s.id), trx);
      return { [`${type}_sessions`]: r.sessions, [`${type}_steps`]: r.steps };
    },
    async expire(appId, before, limit) {
      const ids = await store.expiredIds(appId, type, before, limit);
      if (ids.length === 0) return {};
      const r = await db.transaction().execute((trx) => store.deleteSessions(appId, ids, trx));
      return { [`${type}_sessions`]: r.sessions, [`${type}_steps`]: r.steps };
    },
  };
}
