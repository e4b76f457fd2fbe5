import type { Db } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import { linkKey } from './link-page.clicks.js';
import type { LinkKind, LinkPageConfig } from './link-page.schema.js';

export interface LinkStat {
  kind: LinkKind;
  /** Position in its list on the published page, or null for a link no longer on it. */
  index: number | null;
  label: string;
  url: string;
  onPage: boolean;
  humans: number;
  bots: number;
  byDay: { day: string; humans: number; bots: number }[];
}

/** Scoped queries on the click counters: every function takes the app id first. */
export function createLinkPageStatsStore(db: Db) {
  return {
    totals(appId: string) {
      return db
        .selectFrom('link_page_clicks')
        .select(['link_key', 'kind', 'url', 'is_bot'])
        .select((eb) => eb.fn.sum<number>('clicks').as('clicks'))
        .where('app_id', '=', appId)
        .groupBy(['link_key', 'kind', 'url', 'is_bot'])
        .execute();
    },
    since(appId: string, day: string) {
      return db.selectFrom('link_page_clicks').select(['link_key', 'day', 'is_bot', 'clicks']).where('app_id', '=', appId).where('day', '>=', day).orderBy('day').execute();
    },
    latestLabels(appId: string, keys: string[]) {
      if (keys.length === 0) return Promise.resolve([]);
      return db.selectFrom('link_page_clicks').select(['link_key', 'label', 'day']).where('app_id', '=', appId).where('link_key', 'in', keys).orderBy('day', 'desc').execute();
    },
  };
}

/**
 * The owner's view of the clicks: per link of the published page (in page order, icon links
 * first), then every link that was on an earlier version and got clicks (most clicked first).
 * Totals are all-time; `byDay` covers the last `days` UTC days, only days with clicks.
 */
export function createLinkPageStats(deps: { db: Db; clock: Clock }) {
  const store = createLinkPageStatsStore(deps.db);
  return async function stats(appId: string, config: LinkPageConfig | undefined, days: number) {
    const since = new Date(deps.clock.now().getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const [totals, window] = await Promise.all([store.totals(appId), store.since(appId, since)]);
    const byKey = new Map<string, LinkStat>();
    const entries: (LinkStat & { key: string })[] = [];
    const add = (key: string, s: LinkStat) => {
      const e = { ...s, key };
      byKey.set(key, e);
      entries.push(e);
      return e;
    };
    const onPage = [
      ...(config?.iconLinks ?? []).map((l, i) => ({ kind: 'icon' as const, index: i, label: l.label, url: l.url })),
      ...(config?.links ?? []).map((l, i) => ({ kind: 'link' as const, index: i, label: l.label, url: l.url })),
    ];
    for (const l of onPage) {
      const key = linkKey(l.kind, l.url);
      // A URL twice in one list is one link in the stats (warning duplicate_url): listed once.
      if (!byKey.has(key)) add(key, { ...l, onPage: true, humans: 0, bots: 0, byDay: [] });
    }
    const off: string[] = [];
    for (const t of totals) {
      let e = byKey.get(t.link_key);
      if (!e) {
        e = add(t.link_key, { kind: t.kind as LinkKind, index: null, label: '', url: t.url, onPage: false, humans: 0, bots: 0, byDay: [] });
        off.push(t.link_key);
      }
      if (t.is_bot) e.bots += Number(t.clicks);
      else e.humans += Number(t.clicks);
    }
    const labels = await store.latestLabels(appId, off);
    for (const l of labels) {
      const e = byKey.get(l.link_key)!;
      if (!e.label) e.label = l.label;
    }
    for (const w of window) {
      const e = byKey.get(w.link_key);
      if (!e) continue; // clicked after the totals were read
      let d = e.byDay[e.byDay.length - 1];
      if (!d || d.day !== w.day) e.byDay.push((d = { day: w.day, humans: 0, bots: 0 }));
      if (w.is_bot) d.bots += Number(w.clicks);
      else d.humans += Number(w.clicks);
    }
    const current = entries.filter((e) => e.onPage);
    const former = entries.filter((e) => !e.onPage).sort((a, b) => b.humans - a.humans || b.bots - a.bots);
    const links = [...current, ...former].map(({ key: _key, ...s }) => s);
    return {
      since,
      days,
      totals: { humans: links.reduce((n, l) => n + l.humans, 0), bots: links.reduce((n, l) => n + l.bots, 0) },
      links,
    };
  };
}
export type LinkPageStats = ReturnType<typeof createLinkPageStats>;
