import geohash from 'ngeohash';
import type { AppRow } from '../../apps/apps.store.js';
import type { Clock } from '../../kernel/clock.js';
import { notFound } from '../../kernel/errors.js';
import type { FlowService, PublishedFlow } from '../../kernel/flows/flows.service.js';
import type { ClientInfo } from '../../kernel/operation.js';
import { memoize } from '../../kernel/memoize.js';
import type { PublishedLookup } from '../../kernel/flows/flows.service.js';
import { csvStream, type CsvColumn } from '../../kernel/csv.js';
import { CSV_COLUMNS, fieldColumns, publishedFieldIds, type CsvColumnsChoice } from './waitlist.csv.js';
import { publicEnvelope } from '../forms/forms.envelope.js';
import { rowId } from '../../db/row-id.js';
import { afterFromCursor, allPages, pageRows, type After } from '../../kernel/keyset.js';
import { shownSuccess, type SignupBody, type WaitlistConfig } from './waitlist.schema.js';
import type { SignupRow, WaitlistStore } from './waitlist.store.js';
import { WAITLIST_TEMPLATES } from './waitlist.templates.js';
import type { Events } from '../../kernel/events/events.js';
import { SIGNUP_CREATED, type SignupCreatedData } from './waitlist.events.js';

/** The pill stays hidden below this many signups (an empty list is not social proof). */
export const COUNT_PILL_MIN = 3;

/** A stored signup as the owner API answers it (ownerSignup in waitlist.schema.ts). */
export const toSignup = (r: SignupRow, flowSlug: string | undefined) => ({
  id: r.id,
  email: r.email,
  source: r.source,
  country: r.country,
  userAgent: r.user_agent,
  locale: r.locale,
  platform: r.platform,
  appVersion: r.app_version,
  referrer: r.referrer,
  attributes: r.attributes_json ? JSON.parse(r.attributes_json) : null,
  area: r.area,
  approxLat: r.approx_lat,
  approxLon: r.approx_lon,
  geohash: r.geohash,
  flowSlug: flowSlug ?? null,
  createdAt: r.created_at,
});

/** About 1 km: the place stays approximate whatever precision a client sends. */
const approx = (deg: number | null | undefined) => (deg == null ? null : Math.round(deg * 100) / 100);

export function createWaitlistService(deps: { store: WaitlistStore; published: PublishedLookup; flows: FlowService; clock: Clock; events: Events }) {
  const { store, flows, clock, events } = deps;

  const published = (appSlug: string, flowSlug?: string) => deps.published(appSlug, 'waitlist', flowSlug);
  // Pages and the config GET show the count on every view: a COUNT(*) over a big list is not free.
  // This process forgets a flow's count when it stores a signup; other nodes catch up within 5 s.
  const count = memoize((appId: string, flowId: string) => store.count(appId, flowId), (_appId, flowId) => flowId, 5000, 10_000, 'waitlist_counts');

  /** Flow id -> slug of every waitlist of the app, and the id of `flowSlug` when given (404 if unknown). */
  async function waitlists(app: AppRow, flowSlug?: string) {
    const all = await flows.list(app, 'waitlist');
    const slugs = new Map(all.map((f) => [f.id, f.slug]));
    if (!flowSlug) return { all, slugs, flowId: undefined };
    const f = all.find((x) => x.slug === flowSlug);
    if (!f) throw notFound(`No waitlist "${flowSlug}"`);
    return { all, slugs, flowId: f.id };
  }

  const fetchPage = (app: AppRow, flowId?: string) => (after: After | undefined, limit: number) => store.page(app.id, { flowId, after, limit });

  return {
    /** Drops this process's cached counts of these waitlists (data rights erase, retention). */
    forgetCounts(flowIds: readonly string[]) {
      for (const id of flowIds) count.forget(id);
    },
    published,

    /**
     * The published waitlist as this visitor sees it: while an experiment runs on it, their
     * variant's version (kernel/flows/variants.ts); a page view counts them once.
     */
    async forVisitor(appSlug: string, flowSlug: string | undefined, client: ClientInfo | undefined, pageView = false): Promise<PublishedFlow> {
      const p = await published(appSlug, flowSlug);
      const who = { visitor: client?.visitor, ipHash: client?.ipHash };
      const pick = client ? await flows.pickVersion(p, who) : null;
      if (!pick) return p;
      if (pageView) await flows.exposeOnce(p, who);
      const v = await flows.version(p.app.id, pick.versionId);
      return v ? { ...p, versionNumber: v.versionNumber, config: flows.withAppLocale('waitlist', v.config, p.app.locale) } : p;
    },

    /** The count shown on the page, or undefined while hidden (showCount off or fewer than 3). */
    async visibleCount(p: PublishedFlow): Promise<number | undefined> {
      if (!(p.config as WaitlistConfig).hero?.showCount) return undefined;
      const n = await count(p.app.id, p.flow.id);
      return n >= COUNT_PILL_MIN ? n : undefined;
    },

    async publicConfig(appSlug: string, flowSlug?: string) {
      const p = await published(appSlug, flowSlug);
      const count = await this.visibleCount(p);
      const env = publicEnvelope(p);
      // Clients get what the page shows: half a success button (saved with `partial_cta`) is none.
      const success = shownSuccess((p.config as WaitlistConfig).success);
      const config = success === (p.config as WaitlistConfig).success ? env.config : { ...env.config, success };
      return { ...env, config, ...(count !== undefined ? { count } : {}) };
    },

    /** One signup per address per waitlist: a repeat is a success that stores nothing new. */
    async signup(body: SignupBody, client: ClientInfo) {
      const p = await published(body.appSlug, body.flowSlug);
      const id = rowId();
      const [lat, lon] = [approx(body.approxLat), approx(body.approxLon)];
      if (body.website) return { ok: true as const, id, alreadySignedUp: false };
      const row: SignupRow = {
        id,
        app_id: p.app.id,
        flow_id: p.flow.id,
        email: body.email,
        email_normalized: body.email.toLowerCase(),
        source: body.source || null,
        country: client.country,
        user_agent: client.userAgent,
        locale: body.locale || null,
        platform: body.platform || null,
        app_version: body.appVersion || null,
        referrer: body.referrer || null,
        attributes_json: body.attributes && Object.keys(body.attributes).length ? JSON.stringify(body.attributes) : null,
        created_at: clock.now().toISOString(),
        area: body.area || null,
        approx_lat: lat,
        approx_lon: lon,
        geohash: lat !== null && lon !== null ? geohash.encode(lat, lon, 5) : null,
      };
      // Asked in the row's transaction, for a stored row only; null (and nothing built) when nobody listens.
      const event = () =>
        events.event(p.app.id, SIGNUP_CREATED, (): SignupCreatedData => ({ ...toSignup(row, p.flow.slug), app: p.app.slug, flow: { slug: p.flow.slug, version: p.versionNumber } }), row.created_at);
      // While an experiment runs, the signup converts for this visitor's variant (counted with the row).
      const pick = await flows.pickVersion(p, { visitor: client.visitor, ipHash: client.ipHash });
      const inserted = await store.insert(row, event, pick?.converted);
      if (!inserted) return { ok: true as const, alreadySignedUp: true };
      count.forget(p.flow.id);
      return { ok: true as const, id, alreadySignedUp: false };
    },

    async list(app: AppRow, q: { limit: number; cursor?: string; flowSlug?: string }) {
      const { slugs, flowId } = await waitlists(app, q.flowSlug);
      const rows = await fetchPage(app, flowId)(afterFromCursor(q.cursor), q.limit + 1);
      const { items, nextCursor } = pageRows(rows, q.limit);
      return { signups: items.map((r) => toSignup(r, slugs.get(r.flow_id))), nextCursor };
    },

    /** SPEC's six columns, then (unless `spec`) the flow slug (`all` only) and one column per custom field. */
    async csv(app: AppRow, q: { flowSlug?: string; columns?: CsvColumnsChoice }) {
      const { all, slugs, flowId } = await waitlists(app, q.flowSlug);
      const rows = allPages(fetchPage(app, flowId));
      if (q.columns === 'spec') return csvStream(CSV_COLUMNS, rows);
      const slugColumn: CsvColumn<SignupRow>[] = q.columns === 'all' ? [{ header: 'flowSlug', value: (r) => slugs.get(r.flow_id) ?? null }] : [];
      const fields = fieldColumns(await publishedFieldIds(flows, app, flowId ? all.filter((f) => f.id === flowId) : all));
      return csvStream([...CSV_COLUMNS, ...slugColumn, ...fields], rows);
    },

    templates: () => WAITLIST_TEMPLATES,
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
