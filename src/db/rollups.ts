import type SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from './types.js';

/**
 * Daily roll-ups: counters of what arrived per app, metric and UTC day (table daily_counts,
 * migration 0120). Hot writers add to them inside the transaction that stores their rows, so
 * a counter always equals the rows that arrived; the dashboard reads counters, never the rows.
 *
 * Metric names are `<capability>.<thing>` (`waitlist.signups`, `feedback.submissions`), with
 * an optional `:<id>` suffix for one object's own series (`link.clicks:<linkId>`).
 */
export interface Bump {
  appId: string;
  metric: string;
  /** ISO timestamp of the arrival; its UTC day is the counter's. */
  at: string;
  /** How many arrived (default 1). */
  n?: number;
}

export const dayOf = (iso: string) => iso.slice(0, 10);

/** One row per (app, metric, day), sorted so that writers lock counter rows in one order (no deadlock on PostgreSQL). */
export function aggregate(bumps: readonly Bump[]): { app_id: string; metric: string; day: string; n: number }[] {
  const m = new Map<string, { app_id: string; metric: string; day: string; n: number }>();
  for (const b of bumps) {
    const day = dayOf(b.at);
    const k = `${b.appId}\u0000${b.metric}\u0000${day}`;
    const row = m.get(k);
    if (row) row.n += b.n ?? 1;
    else m.set(k, { app_id: b.appId, metric: b.metric, day, n: b.n ?? 1 });
  }
  return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
}

/**
 * SQLite: a bumper for synchronous group transactions on the raw better-sqlite3 handle. Call
 * it inside the transaction that inserts the rows.
 */
export function sqliteBumper(sqlite: SqliteDatabase.Database) {
  const stmt = sqlite.prepare(
    'INSERT INTO daily_counts (app_id, metric, day, shard, n) VALUES (?, ?, ?, 0, ?) ON CONFLICT (app_id, metric, day, shard) DO UPDATE SET n = n + excluded.n',
  );
  return (bumps: readonly Bump[]) => {
    for (const r of aggregate(bumps)) if (r.n !== 0) stmt.run(r.app_id, r.metric, r.day, r.n);
  };
}

/** The shard a PostgreSQL statement adds to: spreads concurrent writers of one counter over 16 rows. */
export const pgShard = () => (Math.random() * 16) | 0;

/** Kysely (both databases): adds bumps inside the caller's transaction (or as one statement). */
export async function bump(db: Kysely<Database> | Kysely<any>, bumps: readonly Bump[], shard = 0): Promise<void> {
  const rows = aggregate(bumps).filter((r) => r.n !== 0);
  if (!rows.length) return;
  await (db as Kysely<Database>)
    .insertInto('daily_counts')
    .values(rows.map((r) => ({ ...r, shard })))
    .onConflict((oc) => oc.columns(['app_id', 'metric', 'day', 'shard']).doUpdateSet({ n: sql`daily_counts.n + excluded.n` }))
    .execute();
}

/** Removes one object's series (a link's clicks reset or deleted): every metric `<prefix>:<id>`. */
export async function clearSeries(db: Kysely<Database> | Kysely<any>, appId: string, metrics: readonly string[]): Promise<void> {
  if (!metrics.length) return;
  await (db as Kysely<Database>).deleteFrom('daily_counts').where('app_id', '=', appId).where('metric', 'in', [...metrics]).execute();
}

/** The UTC days from `from` to `to` inclusive (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The last `n` UTC days ending with the day of `now`. */
export function lastDays(now: Date, n: number): string[] {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (n - 1) * 86_400_000).toISOString().slice(0, 10);
  return daysBetween(from, to);
}

export interface Series {
  metric: string;
  days: string[];
  /** One value per day of `days`. */
  values: number[];
  total: number;
}

/**
 * Counters of one app for `metrics` over `days` (contiguous, oldest first), zero-filled. One
 * primary-key range read per metric (app, metric, day): a 30-day chart reads at most 30 × 16 rows.
 */
export async function readSeries(db: Kysely<Database> | Kysely<any>, appId: string, metrics: readonly string[], days: readonly string[]): Promise<Series[]> {
  if (!metrics.length || !days.length) return metrics.map((metric) => ({ metric, days: [...days], values: days.map(() => 0), total: 0 }));
  const rows = await (db as Kysely<Database>)
    .selectFrom('daily_counts')
    .select(['metric', 'day', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .where('app_id', '=', appId)
    .where('metric', 'in', [...metrics])
    .where('day', '>=', days[0])
    .where('day', '<=', days[days.length - 1])
    .groupBy(['metric', 'day'])
    .execute();
  const at = new Map(days.map((d, i) => [d, i]));
  const out = new Map(metrics.map((metric) => [metric, { metric, days: [...days], values: days.map(() => 0), total: 0 }]));
  for (const r of rows) {
    const s = out.get(r.metric);
    const i = at.get(r.day);
    if (!s || i === undefined) continue;
    s.values[i] += Number(r.n);
    s.total += Number(r.n);
  }
  return [...out.values()];
}

/** All-time totals of `metrics` for one app. */
export async function readTotals(db: Kysely<Database> | Kysely<any>, appId: string, metrics: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(metrics.map((m) => [m, 0]));
  if (!metrics.length) return out;
  const rows = await (db as Kysely<Database>)
    .selectFrom('daily_counts')
    .select(['metric', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .where('app_id', '=', appId)
    .where('metric', 'in', [...metrics])
    .groupBy('metric')
    .execute();
  for (const r of rows) out[r.metric] = Number(r.n);
  return out;
}

/**
 * Every metric of one app starting with `prefix` (`waitlist.source:`), summed over `days`
 * (contiguous, oldest first), largest first: "by source", "by country" from counters, not rows.
 * `key` is the metric without the prefix. Reads the app's counter rows of those days only.
 */
export async function readPrefixTotals(db: Kysely<Database> | Kysely<any>, appId: string, prefix: string, days: readonly string[]): Promise<{ key: string; n: number }[]> {
  if (!prefix || !days.length) return [];
  const rows = await (db as Kysely<Database>)
    .selectFrom('daily_counts')
    .select(['metric', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .where('app_id', '=', appId)
    // substr, not LIKE (whose wildcards and case folding differ between the two databases) nor a range (collations).
    .where(sql`substr(metric, 1, ${sql.lit(prefix.length)})`, '=', prefix)
    .where('day', '>=', days[0])
    .where('day', '<=', days[days.length - 1])
    .groupBy('metric')
    .execute();
  return rows
    .map((r) => ({ key: r.metric.slice(prefix.length), n: Number(r.n) }))
    .filter((r) => r.n !== 0)
    .sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
