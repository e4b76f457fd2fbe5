import type { Selectable } from 'kysely';
import { hotInsert } from '../../db/hot-insert.js';
import type { Db, DbHandle } from '../../db/index.js';
import { chunks } from '../subject.js';
import type { FlowSessionsTable, FlowStepsTable } from '../../db/types.js';
import { olderThan, type After } from '../keyset.js';

export type SessionRow = Selectable<FlowSessionsTable>;
export type StepRow = Selectable<FlowStepsTable>;
/** A step to record: its session's flow type (which picks the type's step roll-up) and its experiment conversion counter, if any. */
export type StepWrite = StepRow & { flow_type: string; converted?: string | null };
/** A session to store, with the experiment exposure counter it adds to, if any (kernel/flows/variants.ts). */
export type SessionWrite = SessionRow & { exposed?: string | null };
const withExtra = (base: string | null | undefined, extra: string | null | undefined) => (extra ? (base ? [base, extra] : [extra]) : (base ?? null));
type SessionWithApp = SessionRow & { app_slug: string; app_name: string; deep_link_scheme: string | null; logo_url: string | null; app_locale: string | null; accent_color: string | null; theme: string | null };

const SESSION_COLUMNS = [
  'id', 'app_id', 'flow_id', 'flow_type', 'version_id', 'version_number', 'token', 'source', 'platform', 'user_id',
  'anonymous_id', 'locale', 'app_version', 'attributes_json', 'country', 'created_at',
] as const satisfies readonly (keyof SessionRow)[];
const STEP_COLUMNS = ['session_id', 'step', 'key', 'detail', 'app_id', 'flow_id', 'version_number', 'created_at'] as const satisfies readonly (keyof StepRow)[];

export interface SessionFilter {
  /** The flow type (`cancel`, `onboarding`): every query is scoped by app and type. */
  type: string;
  flowId?: string;
  version?: number;
  from?: string;
  to?: string;
}

/**
 * Sessions of hosted flows (cancel, onboarding) and their steps, scoped by app and flow type.
 * Both inserts are durable group commits; a step is recorded once per session and key. The
 * kernel owns the one store (one group committer per table); each flow type registers its
 * step roll-up on it (`rollUpSteps`).
 */
export function createSessionStore(handle: DbHandle) {
  const { db } = handle;
  const stepRollups = new Map<string, (row: StepRow) => string | null>();
  const insertSession = hotInsert<SessionWrite>(handle, 'flow_sessions', SESSION_COLUMNS, undefined, { rollup: (r) => withExtra(`${r.flow_type}.sessions`, r.exposed) });
  // A step already recorded for the session (a reload, a double tap) is skipped: false. Its
  // flow type's counter (its registered roll-up, e.g. cancel saves) is added only when the row
  // is stored, and so is its event (a completion, given beside the row): a repeat of the step
  // writes neither.
  const insertStep = hotInsert<StepWrite>(handle, 'flow_steps', STEP_COLUMNS, ['session_id', 'step', 'key'], {
    rollup: (r) => withExtra(stepRollups.get(r.flow_type)?.(r), r.converted),
  });

  // Every page request opens its session. On SQLite: statements prepared once (Kysely prepares
  // each query anew, ~100 µs for the join, most of a page's time), and two primary-key reads
  // rather than the join, which better-sqlite3 answered in 13 µs instead of 50.
  const sessionById = handle.sqlite?.prepare('SELECT * FROM flow_sessions WHERE id = ?');
  const appOfSession = handle.sqlite?.prepare('SELECT slug AS app_slug, name AS app_name, deep_link_scheme, logo_url, locale AS app_locale, accent_color, theme FROM apps WHERE id = ?');
  const sqliteSession = (id: string): SessionWithApp | undefined => {
    const row = sessionById!.get(id) as SessionRow | undefined;
    const app = row && (appOfSession!.get(row.app_id) as Omit<SessionWithApp, keyof SessionRow> | undefined);
    return row && app ? { ...row, ...app } : undefined;
  };

  const filtered = <Q extends { where: (...a: any[]) => Q }>(q: Q, appId: string, f: SessionFilter, prefix = '') => {
    let out = q.where(`${prefix}app_id`, '=', appId).where(`${prefix}flow_type`, '=', f.type);
    if (f.flowId) out = out.where(`${prefix}flow_id`, '=', f.flowId);
    if (f.version !== undefined) out = out.where(`${prefix}version_number`, '=', f.version);
    if (f.from) out = out.where(`${prefix}created_at`, '>=', f.from);
    if (f.to) out = out.where(`${prefix}created_at`, '<', f.to);
    return out;
  };

  return {
    /** The daily counter a flow type's stored step adds 1 to (cancel: a save), or null; one per type, registered in its module's `create`. */
    rollUpSteps(type: string, rollup: (row: StepRow) => string | null) {
      if (stepRollups.has(type)) throw new Error(`Step roll-up for ${type} registered twice`);
      stepRollups.set(type, rollup);
    },
    insertSession,
    insertStep,
    /** The session with what its page needs of its app (one query; two primary-key reads on SQLite). */
    session(id: string) {
      if (sessionById) return Promise.resolve(sqliteSession(id));
      return db
        .selectFrom('flow_sessions as s')
        .innerJoin('apps as a', 'a.id', 's.app_id')
        .selectAll('s')
        .select(['a.slug as app_slug', 'a.name as app_name', 'a.deep_link_scheme', 'a.logo_url', 'a.locale as app_locale', 'a.accent_color', 'a.theme'])
        .where('s.id', '=', id)
        .executeTakeFirst();
    },
    /** Sessions of one flow type started for this user or anonymous id (data rights, src/privacy), with their steps. */
    async subjectRows(appId: string, type: string, who: { userId?: string; anonymousId?: string }, on: Db = db) {
      if (!who.userId && !who.anonymousId) return { sessions: [], steps: [] };
      const sessions = await on
        .selectFrom('flow_sessions')
        .selectAll()
        .where('app_id', '=', appId)
        .where('flow_type', '=', type)
        .where((eb) => eb.or([...(who.userId ? [eb('user_id', '=', who.userId)] : []), ...(who.anonymousId ? [eb('anonymous_id', '=', who.anonymousId)] : [])]))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const steps = [];
      for (const part of chunks(sessions.map((r) => r.id))) {
        steps.push(...(await on.selectFrom('flow_steps').selectAll().where('app_id', '=', appId).where('session_id', 'in', part).orderBy('created_at').execute()));
      }
      return { sessions, steps };
    },
    /** Deletes these sessions of the app with their steps; answers how many of each. */
    async deleteSessions(appId: string, ids: readonly string[], on: Db): Promise<{ sessions: number; steps: number }> {
      let sessions = 0;
      let steps = 0;
      for (const part of chunks(ids)) {
        steps += Number((await on.deleteFrom('flow_steps').where('app_id', '=', appId).where('session_id', 'in', part).executeTakeFirst()).numDeletedRows);
        sessions += Number((await on.deleteFrom('flow_sessions').where('app_id', '=', appId).where('id', 'in', part).executeTakeFirst()).numDeletedRows);
      }
      return { sessions, steps };
    },
    /** Retention: ids of up to `limit` sessions of this type started before `before`, oldest first. */
    expiredIds(appId: string, type: string, before: string, limit: number, on: Db = db) {
      return on
        .selectFrom('flow_sessions')
        .select('id')
        .where('app_id', '=', appId)
        .where('flow_type', '=', type)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute()
        .then((r) => r.map((x) => x.id));
    },
    /** Newest first, keyset on (created_at, id). */
    page(appId: string, f: SessionFilter, after: After | undefined, limit: number) {
      let q = filtered(db.selectFrom('flow_sessions').selectAll(), appId, f);
      if (after) q = q.where((eb) => olderThan(eb, after));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
    /** The app and flow slugs of a session's flow (what its events carry). */
    slugsOf(flowId: string) {
      return db
        .selectFrom('flows as f')
        .innerJoin('apps as a', 'a.id', 'f.app_id')
        .select(['a.slug as appSlug', 'f.slug as flowSlug'])
        .where('f.id', '=', flowId)
        .executeTakeFirst();
    },
    stepsOf(sessionIds: string[]) {
      if (sessionIds.length === 0) return Promise.resolve([] as StepRow[]);
      return db.selectFrom('flow_steps').selectAll().where('session_id', 'in', sessionIds).orderBy('created_at').execute();
    },
    /** Sessions per version. */
    sessionsPerVersion(appId: string, f: SessionFilter) {
      return filtered(db.selectFrom('flow_sessions'), appId, f)
        .select((eb) => ['version_number', 'flow_id', 'version_id', eb.fn.countAll<number>().as('n')])
        .groupBy(['flow_id', 'version_number', 'version_id'])
        .execute();
    },
    /** Step counts per version, step, key and detail, for the sessions the filter selects. */
    stepCounts(appId: string, f: SessionFilter) {
      return filtered(db.selectFrom('flow_steps as st').innerJoin('flow_sessions as s', 's.id', 'st.session_id'), appId, f, 's.')
        .select((eb) => ['s.flow_id', 's.version_number', 'st.step', 'st.key', 'st.detail', eb.fn.countAll<number>().as('n')])
        .groupBy(['s.flow_id', 's.version_number', 'st.step', 'st.key', 'st.detail'])
        .execute();
    },
    /** Per version and key of `step` (a picked reason): how those sessions ended (exit detail, null = no exit yet). */
    exitsByKey(appId: string, f: SessionFilter, step: string) {
      return filtered(
        db
          .selectFrom('flow_steps as r')
          .innerJoin('flow_sessions as s', 's.id', 'r.session_id')
          .leftJoin('flow_steps as e', (j) => j.onRef('e.session_id', '=', 'r.session_id').on('e.step', '=', 'exit').on('e.key', '=', '')),
        appId,
        f,
        's.',
      )
        .where('r.step', '=', step)
        .select((eb) => ['s.flow_id', 's.version_number', 'r.key as key', 'e.detail as exit', eb.fn.countAll<number>().as('n')])
        .groupBy(['s.flow_id', 's.version_number', 'r.key', 'e.detail'])
        .execute();
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
