import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db, DbHandle } from '../../db/index.js';
import { chunks } from '../../kernel/subject.js';
import { createGroupCommit } from '../../db/group-commit.js';
import type { CrashGroupsTable, CrashReportsTable, Database } from '../../db/types.js';
import { olderThan, type After } from '../../kernel/keyset.js';
import { rowId } from '../../db/row-id.js';
import { bump as bumpCounts, pgShard, sqliteBumper, type Bump } from '../../db/rollups.js';
import { containsText } from '../forms/forms.search.js';
import { sqliteOutbox, writeOutbox, type OutboxEvent } from '../../db/outbox.js';

/** The daily roll-up of stored reports (a folded repeat adds to its report's `occurrences`, not here). */
export const CRASH_METRIC = 'crash.reports';
const arrival = (row: CrashRecord['row']): Bump => ({ appId: row.app_id, metric: CRASH_METRIC, at: row.created_at });

/** What the owner's `q` looks in. */
const SEARCHED = ['crash_reports.message', 'crash_reports.exception_name', 'crash_reports.exception_reason', 'crash_reports.email', 'crash_reports.app_version', 'crash_reports.device_model'];

export type CrashReportRow = Selectable<CrashReportsTable>;
export type CrashGroupRow = Selectable<CrashGroupsTable>;
/** A listed report with its group's total. */
export type CrashListRow = CrashReportRow & { group_count: number | null };

/** One incoming report: the row to store, its group, and whether a repeat from its device may fold. */
export interface CrashRecord {
  row: Insertable<CrashReportsTable> & { id: string; app_id: string; created_at: string };
  group: { fingerprint: string; app_version: string | null; exception_name: string | null; exception_reason: string | null; top_frames: string } | null;
  /** Fold into this device's still-new report of the same crash created at or after this time. */
  foldSince: string | null;
  /**
   * The outbox event of a stored report (not of a folded repeat), written in its transaction;
   * `newGroup`: its group was created by this report.
   */
  event?: (report: CrashListRow, newGroup: boolean) => OutboxEvent | null;
}
export interface CrashOutcome {
  id: string;
  folded: boolean;
  occurrences: number;
  groupCount: number | null;
}

const REPORT_COLUMNS = [
  'id', 'app_id', 'flow_id', 'group_id', 'fingerprint', 'device_key', 'status', 'reviewed_at', 'message',
  'exception_name', 'exception_reason', 'stack_trace', 'platform', 'os_version', 'device_model', 'app_version',
  'build_number', 'crashed_at', 'metadata_json', 'attachments_json', 'email', 'source', 'country', 'user_agent',
  'occurrences', 'last_occurred_at', 'created_at',
] as const satisfies readonly (keyof CrashReportRow)[];

/**
 * Every report moves three things at once: its group's counters, and either a new row or the
 * counter of the device's earlier report. On SQLite the reports of one event-loop turn share one
 * transaction and one WAL fsync (db/group-commit.ts, as form submissions and votes do) and each
 * is answered once on disk; on PostgreSQL each is a transaction whose group upsert locks the
 * group row, so two copies of one crash cannot both miss the fold.
 */
function sqliteRecorder(handle: DbHandle) {
  const sqlite = handle.sqlite!;
  const upsertGroup = sqlite.prepare(
    `INSERT INTO crash_groups (id, app_id, fingerprint, app_version, exception_name, exception_reason, top_frames, occurrences, reports, first_seen_at, last_seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1, 0, ?, ?)
     ON CONFLICT (app_id, fingerprint) DO UPDATE SET occurrences = crash_groups.occurrences + 1, last_seen_at = excluded.last_seen_at
     RETURNING id, occurrences`,
  );
  const findFold = sqlite.prepare(
    `SELECT id, occurrences FROM crash_reports WHERE app_id = ? AND fingerprint = ? AND device_key = ? AND created_at >= ? AND status = 'new' ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const bump = sqlite.prepare('UPDATE crash_reports SET occurrences = occurrences + 1, last_occurred_at = ? WHERE id = ?');
  const insert = sqlite.prepare(`INSERT INTO crash_reports (${REPORT_COLUMNS.join(', ')}) VALUES (${REPORT_COLUMNS.map(() => '?').join(', ')})`);
  const countReport = sqlite.prepare('UPDATE crash_groups SET reports = reports + 1 WHERE id = ?');
  const addCounts = sqliteBumper(sqlite);
  const writeEvents = sqliteOutbox(sqlite);

  const one = (rec: CrashRecord): CrashOutcome => {
    const { row, group } = rec;
    let groupId: string | null = null;
    let groupCount: number | null = null;
    let newGroup = false;
    if (group) {
      const newId = rowId();
      const g = upsertGroup.get(newId, row.app_id, group.fingerprint, group.app_version, group.exception_name, group.exception_reason, group.top_frames, row.created_at, row.created_at) as { id: string; occurrences: number };
      groupId = g.id;
      groupCount = g.occurrences;
      newGroup = g.id === newId;
      if (rec.foldSince && row.device_key) {
        const prior = findFold.get(row.app_id, group.fingerprint, row.device_key, rec.foldSince) as { id: string; occurrences: number } | undefined;
        if (prior) {
          bump.run(row.created_at, prior.id);
          return { id: prior.id, folded: true, occurrences: prior.occurrences + 1, groupCount };
        }
      }
      countReport.run(groupId);
    }
    const full = { ...row, group_id: groupId } as Record<string, unknown>;
    insert.run(...REPORT_COLUMNS.map((c) => full[c] ?? null));
    // After the insert, in the group's transaction: a report that fails to insert is not counted.
    addCounts([arrival(row)]);
    if (rec.event) writeEvents([rec.event({ ...row, group_id: groupId, group_count: groupCount } as CrashListRow, newGroup)]);
    return { id: row.id, folded: false, occurrences: 1, groupCount };
  };
  type Result = CrashOutcome | { error: string };
  const writeGroup = sqlite.transaction((recs: CrashRecord[]) =>
    recs.map((rec): Result => {
      try {
        return one(rec);
      } catch (err) {
        // A bad row fails alone; an error that ended the transaction fails the group (hot-insert.ts).
        if (!sqlite.inTransaction) throw err;
        return { error: err instanceof Error ? err.message : String(err) };
      }
    }),
  );
  const groups = createGroupCommit<CrashRecord, Result>((recs) => handle.durableWrite!(() => writeGroup.immediate(recs)), {
    maxInFlight: Number.POSITIVE_INFINITY,
  });
  return async (rec: CrashRecord): Promise<CrashOutcome> => {
    const r = await groups.submit(rec);
    if ('error' in r) throw new Error(r.error);
    return r;
  };
}

function kyselyRecorder(db: Kysely<Database>) {
  return (rec: CrashRecord): Promise<CrashOutcome> =>
    db.transaction().execute(async (trx) => {
      const { row, group } = rec;
      let groupId: string | null = null;
      let groupCount: number | null = null;
      let newGroup = false;
      if (group) {
        const newId = rowId();
        const g = await trx
          .insertInto('crash_groups')
          .values({ id: newId, app_id: row.app_id, ...group, occurrences: 1, reports: 0, first_seen_at: row.created_at, last_seen_at: row.created_at })
          .onConflict((oc) =>
            oc.columns(['app_id', 'fingerprint']).doUpdateSet((eb) => ({ occurrences: eb('crash_groups.occurrences', '+', 1), last_seen_at: eb.ref('excluded.last_seen_at') })),
          )
          .returning(['id', 'occurrences'])
          .executeTakeFirstOrThrow();
        groupId = g.id;
        groupCount = Number(g.occurrences);
        newGroup = g.id === newId;
        if (rec.foldSince && row.device_key) {
          const prior = await trx
            .selectFrom('crash_reports')
            .select(['id', 'occurrences'])
            .where('app_id', '=', row.app_id)
            .where('fingerprint', '=', group.fingerprint)
            .where('device_key', '=', row.device_key)
            .where('created_at', '>=', rec.foldSince)
            .where('status', '=', 'new')
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst();
          if (prior) {
            await trx.updateTable('crash_reports').set((eb) => ({ occurrences: eb('occurrences', '+', 1), last_occurred_at: row.created_at })).where('id', '=', prior.id).execute();
            return { id: prior.id, folded: true, occurrences: Number(prior.occurrences) + 1, groupCount };
          }
        }
        await trx.updateTable('crash_groups').set((eb) => ({ reports: eb('reports', '+', 1) })).where('id', '=', groupId).execute();
      }
      await trx.insertInto('crash_reports').values({ ...row, group_id: groupId }).execute();
      await bumpCounts(trx, [arrival(row)], pgShard());
      if (rec.event) await writeOutbox(trx, [rec.event({ ...row, group_id: groupId, group_count: groupCount } as CrashListRow, newGroup)]);
      return { id: row.id, folded: false, occurrences: 1, groupCount };
    });
}

/** Crash reports and groups; every query is scoped by app. */
export function createCrashStore(handle: DbHandle) {
  const { db } = handle;
  const reportsWithCount = () =>
    db
      .selectFrom('crash_reports')
      .selectAll('crash_reports')
      .select((eb) => eb.selectFrom('crash_groups').select('crash_groups.occurrences').whereRef('crash_groups.id', '=', 'crash_reports.group_id').as('group_count'));
  return {
    record: handle.sqlite && handle.durableWrite ? sqliteRecorder(handle) : kyselyRecorder(db),

    page(appId: string, opts: { after?: After; limit: number; status?: string; fingerprint?: string; q?: string }): Promise<CrashListRow[]> {
      let q = reportsWithCount().where('crash_reports.app_id', '=', appId);
      if (opts.q) q = q.where((eb) => containsText(eb, SEARCHED, opts.q!));
      if (opts.status) q = q.where('crash_reports.status', '=', opts.status);
      if (opts.fingerprint) q = q.where('crash_reports.fingerprint', '=', opts.fingerprint);
      if (opts.after) q = q.where((eb) => olderThan(eb, opts.after!));
      return q.orderBy('crash_reports.created_at', 'desc').orderBy('crash_reports.id', 'desc').limit(opts.limit).execute() as Promise<CrashListRow[]>;
    },

    get(appId: string, id: string): Promise<CrashListRow | undefined> {
      return reportsWithCount().where('crash_reports.app_id', '=', appId).where('crash_reports.id', '=', id).executeTakeFirst() as Promise<CrashListRow | undefined>;
    },

    async setStatus(appId: string, id: string, status: string, reviewedAt: string | null): Promise<boolean> {
      const r = await db.updateTable('crash_reports').set({ status, reviewed_at: reviewedAt }).where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Crash reports left with this address (data rights, src/privacy); email compared lower-cased. */
    subjectRows(appId: string, emailNormalized: string, on: Db = db) {
      return on
        .selectFrom('crash_reports')
        .selectAll()
        .where('app_id', '=', appId)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', emailNormalized))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    /** Deletes these reports and takes them out of their groups' counts (a group left with no occurrence goes too). */
    removeReports: (appId: string, ids: readonly string[], on: Db) => removeReports(on, appId, ids, handle.dialect === 'postgres'),
    /** Retention: ids of up to `limit` reports created before `before`, oldest first. */
    expiredIds(appId: string, before: string, limit: number, on: Db = db) {
      return on.selectFrom('crash_reports').select('id').where('app_id', '=', appId).where('created_at', '<', before).orderBy('created_at').limit(limit).execute().then((r) => r.map((x) => x.id));
    },

    /** Groups, the most recently seen first (a group that recurs while you page moves to the top). */
    groups(appId: string, opts: { after?: [string, string]; limit: number }) {
      let q = db.selectFrom('crash_groups').selectAll().where('app_id', '=', appId);
      if (opts.after) q = q.where((eb) => olderThan(eb, opts.after!, 'last_seen_at'));
      return q.orderBy('last_seen_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
    },
  };
}
export type CrashStore = ReturnType<typeof createCrashStore>;

/**
 * A report counts once in its group's `reports` and `occurrences` times in its `occurrences`
 * (folded repeats included), so removing it takes exactly that out, in the caller's transaction.
 */
async function removeReports(on: Db, appId: string, ids: readonly string[], lockGroups: boolean): Promise<{ reports: number; occurrences: number; groups: number }> {
  if (lockGroups && ids.length) {
    // PostgreSQL: lock the groups first, in id order. An incoming report locks its group (the
    // upsert) and then the report it folds into; taking a report before its group here would
    // deadlock with it.
    const groups = new Set<string>();
    for (const part of chunks(ids)) {
      for (const r of await on.selectFrom('crash_reports').select('group_id').where('app_id', '=', appId).where('id', 'in', part).where('group_id', 'is not', null).execute()) groups.add(r.group_id!);
    }
    for (const part of chunks([...groups].sort())) await on.selectFrom('crash_groups').select('id').where('app_id', '=', appId).where('id', 'in', part).orderBy('id').forUpdate().execute();
  }
  let reports = 0;
  let occurrences = 0;
  const touched = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await on.deleteFrom('crash_reports').where('app_id', '=', appId).where('id', 'in', part).returning(['group_id', 'occurrences']).execute();
    const byGroup = new Map<string, { n: number; occ: number }>();
    for (const r of rows) {
      reports++;
      occurrences += Number(r.occurrences);
      if (!r.group_id) continue;
      const g = byGroup.get(r.group_id) ?? { n: 0, occ: 0 };
      g.n++;
      g.occ += Number(r.occurrences);
      byGroup.set(r.group_id, g);
    }
    for (const [id, g] of byGroup) {
      touched.add(id);
      await on
        .updateTable('crash_groups')
        .set((eb) => ({ reports: eb('reports', '-', g.n), occurrences: eb('occurrences', '-', g.occ) }))
        .where('app_id', '=', appId)
        .where('id', '=', id)
        .execute();
    }
  }
  let groups = 0;
  for (const part of chunks([...touched])) {
    const r = await on.deleteFrom('crash_groups').where('app_id', '=', appId).where('id', 'in', part).where('occurrences', '<=', 0).executeTakeFirst();
    groups += Number(r.numDeletedRows);
  }
  return { reports, occurrences, groups };
}
