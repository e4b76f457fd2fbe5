import type { App } from '../../apps/apps.schema.js';
import type { AppRow } from '../../apps/apps.store.js';
import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../../kernel/clock.js';
import { csvStream, type CsvColumn } from '../../kernel/csv.js';
import { unprocessable } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { allPages } from '../../kernel/keyset.js';
import type { PromotionConfig } from './promotion.schema.js';
import type { PromotionEventRow, PromotionStore } from './promotion.store.js';

export interface Metrics {
  decisions: number;
  impressions: number;
  impressionsOverCap: number;
  taps: number;
  dismissals: number;
  installs: number;
  opens: number;
  ctr: number | null;
  installRate: number | null;
}

const zero = (): Metrics => ({ decisions: 0, impressions: 0, impressionsOverCap: 0, taps: 0, dismissals: 0, installs: 0, opens: 0, ctr: null, installRate: null });
const EVENT_KEY: Record<string, keyof Metrics> = { impression: 'impressions', tapped: 'taps', dismissed: 'dismissals', installed: 'installs', opened: 'opens' };
const rates = (m: Metrics): Metrics => ({ ...m, ctr: m.impressions ? Math.round((m.taps / m.impressions) * 10_000) / 10_000 : null, installRate: m.taps ? Math.round((m.installs / m.taps) * 10_000) / 10_000 : null });
const DAY = 86_400_000;

/** A funnel event as the owner's export has it (the CSV's columns; the `promotion.installed` event carries it): no client hash, no token. */
export const promotionEventView = (r: PromotionEventRow) => ({
  id: r.id,
  createdAt: r.created_at,
  placement: r.placement,
  destinationAppId: r.destination_app_id,
  event: r.event,
  counted: r.event === 'impression' ? r.counted === 1 : null,
  userId: r.user_id,
  anonymousId: r.anonymous_id,
  deferredRoute: r.deferred_route,
  claimedAt: r.claimed_at,
});
type EventView = ReturnType<typeof promotionEventView>;

/** The owner's view: stats per placement, destination and day; a CSV of every event. */
export function createPromotionOwner(deps: { store: PromotionStore; flows: FlowService; apps: AppService; clock: Clock; flush: () => Promise<void> }) {
  const { store, flows, apps, clock } = deps;

  /** flow id -> { placement, slug } for the app's promotion flows (published config, else draft). */
  async function placementsOf(app: AppRow) {
    const out = new Map<string, { placement: string; flowSlug: string }>();
    for (const f of await flows.list(app, 'app_promotion')) {
      let placement: string | undefined;
      const current = f.versions.find((v) => v.versionNumber === f.publishedVersion);
      if (current) placement = ((await flows.version(app.id, current.id))?.config as PromotionConfig | undefined)?.placement;
      if (!placement) placement = ((await flows.draft(app, 'app_promotion', f.slug)).config as PromotionConfig).placement;
      out.set(f.id, { placement, flowSlug: f.slug });
    }
    return out;
  }

  return {
    async stats(app: AppRow, q: { from?: string; to?: string; placement?: string }) {
      await deps.flush();
      const today = clock.now().toISOString().slice(0, 10);
      const to = q.to ?? today;
      const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
      if (from > to) throw unprocessable('from must not be after to', [{ path: '/from', message: 'must not be after to' }]);
      if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) > 366 * DAY) throw unprocessable('at most 366 days at once', [{ path: '/from', message: 'at most 366 days before to' }]);
      const endExclusive = new Date(Date.parse(`${to}T00:00:00Z`) + DAY).toISOString();
      const [events, decisions, flowsById, account] = await Promise.all([
        store.eventCounts(app.id, `${from}T00:00:00.000Z`, endExclusive),
        store.decisionCounts(app.id, from, to),
        placementsOf(app),
        apps.list(app.account_id),
      ]);
      const names = new Map<string, App>(account.map((a) => [a.id, a]));
      type Dest = { totals: Metrics; days: Map<string, Metrics> };
      type Place = { placement: string; flowSlug: string | null; totals: Metrics; noFill: number; destinations: Map<string, Dest> };
      const places = new Map<string, Place>();
      const placeOf = (flowId: string) => {
        let p = places.get(flowId);
        if (!p) {
          const f = flowsById.get(flowId);
          p = { placement: f?.placement ?? '(deleted)', flowSlug: f?.flowSlug ?? null, totals: zero(), noFill: 0, destinations: new Map() };
          places.set(flowId, p);
        }
        return p;
      };
      const add = (flowId: string, dest: string, day: string, key: keyof Metrics, n: number) => {
        const p = placeOf(flowId);
        let d = p.destinations.get(dest);
        if (!d) p.destinations.set(dest, (d = { totals: zero(), days: new Map() }));
        let m = d.days.get(day);
        if (!m) d.days.set(day, (m = zero()));
        for (const x of [p.totals, d.totals, m]) (x[key] as number) += n;
      };
      for (const r of decisions) {
        if (r.destination_app_id === '') placeOf(r.flow_id).noFill += Number(r.decisions);
        else add(r.flow_id, r.destination_app_id, r.day, 'decisions', Number(r.decisions));
      }
      for (const r of events) {
        const key = EVENT_KEY[r.event];
        if (!key) continue;
        add(r.flow_id, r.destination_app_id, r.day, key, Number(r.n));
        if (r.event === 'impression' && Number(r.counted) === 0) add(r.flow_id, r.destination_app_id, r.day, 'impressionsOverCap', Number(r.n));
      }
      const placementsOut = [...places.values()]
        .filter((p) => !q.placement || p.placement === q.placement)
        .sort((a, b) => a.placement.localeCompare(b.placement))
        .map((p) => ({
          placement: p.placement,
          flowSlug: p.flowSlug,
          totals: rates(p.totals),
          noFill: p.noFill,
          destinations: [...p.destinations.entries()].map(([id, d]) => ({
            appId: id,
            name: names.get(id)?.name ?? null,
            totals: rates(d.totals),
            days: [...d.days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, m]) => ({ day, ...rates(m) })),
          })),
        }));
      return { from, to, placements: placementsOut };
    },

    csv(app: AppRow) {
      const columns: CsvColumn<EventView>[] = [
        { header: 'id', value: (r) => r.id },
        { header: 'createdAt', value: (r) => r.createdAt },
        { header: 'placement', value: (r) => r.placement },
        { header: 'destinationAppId', value: (r) => r.destinationAppId },
        { header: 'event', value: (r) => r.event },
        { header: 'counted', value: (r) => (r.counted === null ? '' : String(r.counted)) },
        { header: 'userId', value: (r) => r.userId },
        { header: 'anonymousId', value: (r) => r.anonymousId },
        { header: 'deferredRoute', value: (r) => r.deferredRoute },
        { header: 'claimedAt', value: (r) => r.claimedAt },
      ];
      async function* rows() {
        for await (const page of allPages((after, limit) => store.page(app.id, after, limit))) yield page.map(promotionEventView);
      }
      return csvStream(columns, rows());
    },
  };
}
export type PromotionOwner = ReturnType<typeof createPromotionOwner>;
