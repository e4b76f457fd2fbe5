import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../../kernel/clock.js';
import type { Events } from '../../kernel/events/events.js';
import type { OutboxEvent } from '../../db/outbox.js';
import { AppError, notFound } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import type { ClientInfo } from '../../kernel/operation.js';
import { rowId } from '../../db/row-id.js';
import { actionUrl } from './promotion.decision.js';
import type { EventWriter } from './promotion.events.js';
import { promotionEventView } from './promotion.owner.js';
import { PROMOTION_INSTALLED, type PromotionInstalled } from './promotion.webhooks.js';
import type { PromotionEvent } from './promotion.public.schema.js';
import { DEFAULT_WINDOW_HOURS, type PromotionConfig } from './promotion.schema.js';
import type { PromotionState } from './promotion.state.js';
import type { HistoryCache } from './promotion.history.js';
import type { Reservations } from './promotion.reservations.js';
import type { PromotionEventRow, PromotionStore } from './promotion.store.js';
import type { TokenSigner } from './promotion.token.js';

/** Funnel events (signed tokens, idempotent, durable, exact caps) and the destination app's pending route. */
export function createTracking(deps: {
  store: PromotionStore;
  writer: EventWriter;
  signer: TokenSigner;
  flows: FlowService;
  apps: AppService;
  clock: Clock;
  state: PromotionState;
  history: HistoryCache;
  reservations: Reservations;
  events: Events;
}) {
  const { store, writer, signer, flows, apps, clock, state, history, reservations, events } = deps;
  return {
    async event(trackingToken: string, event: PromotionEvent, client: ClientInfo) {
      const claims = signer.verify(trackingToken);
      if (!claims) throw new AppError(400, 'Invalid tracking token');
      const now = clock.now();
      if (claims.exp * 1000 <= now.getTime()) throw notFound('Tracking token expired');
      const [source, version] = await Promise.all([state.appById(claims.a), flows.version(claims.a, claims.v)]);
      const cfg = version?.config as PromotionConfig | undefined;
      const d = cfg?.destinations.find((x) => x.destinationAppId === claims.d);
      if (!source || !cfg || !d) throw notFound('Promotion not found');
      let deferred: { route: string; until: string } | undefined;
      if (event === 'tapped') {
        const action = d.deferredAction ?? cfg.defaultDeferredAction;
        const dest = (await state.accountApps(source.account_id)).get(claims.d);
        const route = action && dest ? actionUrl(dest, action) : null;
        if (action && route) deferred = { route, until: new Date(now.getTime() + (action.windowHours ?? DEFAULT_WINDOW_HOURS) * 3_600_000).toISOString() };
      }
      const cap = d.maxImpressions ?? 0;
      const userKey = claims.u ? `u:${claims.u}` : claims.an ? `a:${claims.an}` : null;
      const createdAt = now.toISOString();
      const row: PromotionEventRow = {
        id: rowId(now.getTime()),
        account_id: source.account_id,
        app_id: source.id,
        flow_id: claims.f,
        placement: claims.p,
        destination_app_id: claims.d,
        token_id: claims.n,
        event,
        user_key: userKey,
        user_id: claims.u ?? null,
        anonymous_id: claims.an ?? null,
        counted: 1,
        deferred_route: deferred?.route ?? null,
        tracking_token: deferred ? trackingToken : null,
        pending_until: deferred?.until ?? null,
        claimed_at: null,
        ip_hash: client.ipHash,
        created_at: createdAt,
      };
      // An install's webhook event: looked up and built only when someone listens; written with the row, if it is stored.
      let outbox: OutboxEvent | null = null;
      if (event === 'installed' && events.listens(source.id, PROMOTION_INSTALLED)) {
        const [placed, account] = await Promise.all([store.placementFlows(source.id), state.accountApps(source.account_id)]);
        const dest = account.get(claims.d);
        outbox = events.event(
          source.id,
          PROMOTION_INSTALLED,
          (): PromotionInstalled => ({
            app: source.slug,
            flow: { slug: placed.find((f) => f.id === claims.f)?.slug ?? null, version: version?.versionNumber ?? null },
            destinationApp: { id: claims.d, slug: dest?.slug ?? null, name: dest?.name ?? null },
            ...promotionEventView(row),
          }),
          createdAt,
        );
      }
      const out = await writer.write({ cap, row, outbox });
      // This node's resolves see the event at once (promotion.history.ts).
      if (out.inserted && userKey) {
        history.add(source.id, userKey, { flow_id: claims.f, destination_app_id: claims.d, event, created_at: createdAt });
        // The decision's reserved impression is now a stored one (promotion.reservations.ts).
        if (event === 'impression') reservations.consume(source.id, userKey, claims.f, claims.n, claims.d, createdAt);
      }
      if (out.full) state.capReached(claims.f, claims.d, cap);
      return { ok: true as const, event, duplicate: !out.inserted, counted: out.counted && cap > 0 };
    },

    /**
     * The destination app's first launch: the newest unclaimed tap towards it in its window,
     * matched by userId, else anonymousId, else the same network (hashed address); claimed once
     * (an atomic update: concurrent calls get it at most once). Only taps from the same account.
     */
    async pending(b: { appSlug: string; userId?: string; anonymousId?: string }, client: ClientInfo) {
      const app = await apps.resolvePublic(b.appSlug);
      const now = clock.now().toISOString();
      const rows = await store.pendingTaps(app.account_id, app.id, now);
      const tiers = [
        ['user_id', b.userId ? rows.filter((r) => r.user_id === b.userId) : []],
        ['anonymous_id', b.anonymousId ? rows.filter((r) => r.anonymous_id === b.anonymousId) : []],
        ['network', rows.filter((r) => r.ip_hash === client.ipHash)],
      ] as const;
      for (const [matchedBy, candidates] of tiers) {
        for (const r of candidates) {
          if (!(await store.claim(r.id, now))) continue;
          return { pending: { route: r.deferred_route!, sourceAppId: r.app_id, placement: r.placement, tappedAt: r.created_at, matchedBy, trackingToken: r.tracking_token } };
        }
      }
      return { pending: null };
    },

    drain: () => writer.drain(),
  };
}
export type Tracking = ReturnType<typeof createTracking>;
