import type { App } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { memoize } from '../../kernel/memoize.js';
import type { ClientInfo } from '../../kernel/operation.js';
import { destinationMiss, installable, shownDestination, targetingMiss } from './promotion.decision.js';
import type { Decision, ResolveBody } from './promotion.public.schema.js';
import { createRotation, type Candidate } from './promotion.rotation.js';
import type { PromotionConfig, PromotionDestination } from './promotion.schema.js';
import { PROMOTION_CACHE_MS, type PromotionState } from './promotion.state.js';
import type { HistoryCache } from './promotion.history.js';
import type { Reservations } from './promotion.reservations.js';
import type { PromotionStore } from './promotion.store.js';
import type { TokenSigner } from './promotion.token.js';

const DAY = 86_400_000;

/** Resolve: the hot path, called at app launch. */
export function createResolver(deps: {
  store: PromotionStore;
  signer: TokenSigner;
  flows: FlowService;
  apps: AppService;
  clock: Clock;
  state: PromotionState;
  history: HistoryCache;
  reservations: Reservations;
}) {
  const { store, signer, flows, apps, clock, state, history, reservations } = deps;
  const rotation = createRotation();

  /** Placement name -> flow slug, per app slug (a flow's placement is in its published config). */
  const placements = memoize(
    async (appSlug: string) => {
      const app = await apps.resolvePublic(appSlug);
      const map = new Map<string, string>();
      for (const f of await store.placementFlows(app.id)) {
        const v = await flows.version(app.id, f.current_version_id!);
        const p = (v?.config as PromotionConfig | undefined)?.placement;
        // The primary, then slugs in order, wins a placement two flows share.
        if (p && !map.has(p)) map.set(p, f.slug);
      }
      return { app, map };
    },
    (s) => s,
    PROMOTION_CACHE_MS,
    10_000,
    'promotion.placements',
  );
  const caps = memoize(async (flowId: string) => new Map((await store.caps(flowId)).map((r) => [r.destination_app_id, Number(r.impressions)])), (f) => f, PROMOTION_CACHE_MS, 10_000, 'promotion.caps');

  // Decisions served, per (flow, destination, day): added to the database about once a second.
  const decisions = new Map<string, { app_id: string; flow_id: string; destination_app_id: string; day: string; decisions: number }>();
  const countDecision = (appId: string, flowId: string, dest: string, day: string) => {
    const key = `${flowId}\n${dest}\n${day}`;
    const d = decisions.get(key);
    if (d) d.decisions++;
    else decisions.set(key, { app_id: appId, flow_id: flowId, destination_app_id: dest, day, decisions: 1 });
  };

  const misses = new Map<string, number>();
  async function flowFor(appSlug: string, placement: string) {
    let idx = await placements(appSlug);
    let slug = idx.map.get(placement);
    // A placement published a moment ago: look again, at most every 100 ms per app and placement
    // (an SDK asking for a placement that does not exist costs a read, not one per request).
    const missKey = `${appSlug}\n${placement}`;
    if (!slug && Date.now() - (misses.get(missKey) ?? 0) > 100) {
      if (misses.size >= 10_000) misses.clear();
      misses.set(missKey, Date.now());
      placements.forget(appSlug);
      idx = await placements(appSlug);
      slug = idx.map.get(placement);
    }
    if (!slug) return { app: idx.app };
    const pf = await flows.publicFlow(appSlug, 'app_promotion', slug).catch((e) => {
      if (e instanceof AppError && e.status === 404) return undefined;
      throw e;
    });
    if (!pf || (pf.config as PromotionConfig).placement !== placement) {
      placements.forget(appSlug);
      return { app: idx.app };
    }
    return { app: idx.app, pf };
  }

  const hinted = (app: App, hints: Set<string>) =>
    hints.has(app.id) || (!!app.bundleId && hints.has(app.bundleId)) || (!!app.deepLinkScheme && hints.has(app.deepLinkScheme)) || (!!app.promotion?.appStoreId && hints.has(app.promotion.appStoreId));

  return {
    async resolve(b: ResolveBody, client: ClientInfo): Promise<Decision> {
      const now = clock.now();
      const nowMs = now.getTime();
      const { app, pf } = await flowFor(b.appSlug, b.placement);
      if (!pf) return { decision: 'none', reason: 'unknown_placement' };
      const cfg = pf.config as PromotionConfig;
      const flowId = pf.flow.id;
      const versionId = pf.flow.current_version_id!;
      const day = now.toISOString().slice(0, 10);
      const none = (reason: 'targeting' | 'frequency_cap' | 'no_eligible_destination'): Decision => {
        countDecision(app.id, flowId, '', day);
        return { decision: 'none', reason };
      };
      const country = b.country ?? client.country;
      const lang = b.language ? b.language.split(/[-_]/)[0].toLowerCase() : null;
      if (targetingMiss(cfg, b, country, lang, nowMs)) return none('targeting');

      const userKey = b.userId ? `u:${b.userId}` : b.anonymousId ? `a:${b.anonymousId}` : null;
      const freq = cfg.frequency;
      const lastSeen = new Map<string, number>(); // any placement of the app: cooldowns
      const seenHere = new Map<string, number>(); // this placement: smart rotation
      const installedByEvent = new Set<string>();
      // Per-user cap: stored impressions in the window plus this node's shows not among them yet
      // (promotion.reservations.ts); checked again, synchronously, right before a show is reserved.
      const lifetimeCap = freq.lifetimeImpressions ?? 0;
      const capKey = freq.maxImpressionsPerWindow > 0 || lifetimeCap > 0 ? userKey : null;
      let inWindow = 0;
      let inLifetime = 0;
      // `destination\ncreated_at` of this flow's stored impressions (a reservation is minutes old: within any window).
      let storedImpressions: Set<string> | undefined;
      const capReached = () => {
        if (capKey === null) return false;
        const live = reservations.live(app.id, capKey, flowId, nowMs, (i) => !!storedImpressions?.has(i));
        return (freq.maxImpressionsPerWindow > 0 && inWindow + live >= freq.maxImpressionsPerWindow) || (lifetimeCap > 0 && inLifetime + live >= lifetimeCap);
      };
      if (userKey) {
        const maxCooldown = Math.max(0, ...cfg.destinations.map((d) => d.cooldownDays ?? 0));
        // A lifetime cap reads every kept impression (the history read is bounded: promotion.history.ts).
        const since = lifetimeCap > 0 ? new Date(0).toISOString() : new Date(nowMs - Math.max(freq.windowDays, maxCooldown) * DAY).toISOString();
        const windowStart = new Date(nowMs - freq.windowDays * DAY).toISOString();
        for (const h of await history.get(app.id, userKey, since)) {
          const t = Date.parse(h.created_at);
          if (h.event === 'installed' || h.event === 'opened') installedByEvent.add(h.destination_app_id);
          if (h.event !== 'impression') continue;
          if ((lastSeen.get(h.destination_app_id) ?? -Infinity) < t) lastSeen.set(h.destination_app_id, t);
          if (h.flow_id !== flowId) continue;
          if ((seenHere.get(h.destination_app_id) ?? -Infinity) < t) seenHere.set(h.destination_app_id, t);
          inLifetime++;
          if (capKey !== null) (storedImpressions ??= new Set()).add(`${h.destination_app_id}\n${h.created_at}`);
          if (h.created_at >= windowStart) inWindow++;
        }
        if (capReached()) return none('frequency_cap');
      }

      const byId = await state.accountApps(app.account_id);
      const counters = cfg.destinations.some((d) => d.maxImpressions) ? await caps(flowId) : undefined;
      const hints = new Set(b.installed ?? []);
      const eligible: { d: PromotionDestination; app: App; installed: boolean; c: Candidate }[] = [];
      cfg.destinations.forEach((d, index) => {
        const dest = byId.get(d.destinationAppId);
        if (destinationMiss(d, dest, { appId: app.id, nowMs, country, lang }) || !dest) return;
        if (d.maxImpressions && ((counters?.get(d.destinationAppId) ?? 0) >= d.maxImpressions || state.isCapReached(flowId, d.destinationAppId, d.maxImpressions))) return;
        if (d.cooldownDays && (lastSeen.get(d.destinationAppId) ?? -Infinity) > nowMs - d.cooldownDays * DAY) return;
        const installed = hinted(dest, hints) || installedByEvent.has(dest.id);
        if (installed && freq.hideInstalled) return;
        if (!installed && !installable(dest)) return;
        eligible.push({ d, app: dest, installed, c: { id: dest.id, weight: d.weight, index } });
      });
      if (eligible.length === 0) return none('no_eligible_destination');

      const top = Math.max(...eligible.map((e) => e.d.priority));
      const tier = eligible.filter((e) => e.d.priority === top);
      let picked: Candidate | undefined;
      if (cfg.mode === 'single') picked = tier[0].c;
      else if (cfg.rotationStrategy === 'smart') picked = rotation.smart(flowId, versionId, userKey, tier.map((e) => e.c), seenHere, nowMs);
      else if (cfg.rotationStrategy === 'even') picked = rotation.even(versionId, tier.map((e) => e.c));
      else picked = rotation.weighted(versionId, tier.map((e) => e.c));
      if (!picked) return none('no_eligible_destination');
      const e = tier.find((x) => x.c === picked)!;
      // Concurrent resolves of this user may have reserved shows since the check above.
      if (capReached()) return none('frequency_cap');

      countDecision(app.id, flowId, e.app.id, day);
      const { token, claims } = signer.sign({ a: app.id, f: flowId, v: versionId, p: cfg.placement, d: e.app.id, ...(b.userId ? { u: b.userId } : {}), ...(b.anonymousId ? { an: b.anonymousId } : {}) }, now);
      if (capKey !== null) reservations.reserve(app.id, capKey, flowId, claims.n, nowMs);
      return {
        decision: 'show',
        placement: cfg.placement,
        presentation: cfg.presentation,
        destination: shownDestination(cfg, e.d, e.app, e.installed, b.language),
        card: cfg.presentation === 'custom_card_then_apple_native' ? (cfg.card ?? {}) : null,
        trackingToken: token,
        expiresAt: new Date(claims.exp * 1000).toISOString(),
      };
    },

    /** Adds this node's decision counts to the database (every second, and before stats and on close). */
    async flush() {
      if (decisions.size === 0) return;
      const rows = [...decisions.values()];
      decisions.clear();
      try {
        await store.addDecisions(rows);
      } catch (e) {
        // Keep them for the next flush rather than lose them.
        for (const r of rows) {
          const key = `${r.flow_id}\n${r.destination_app_id}\n${r.day}`;
          const d = decisions.get(key);
          if (d) d.decisions += r.decisions;
          else decisions.set(key, r);
        }
        throw e;
      }
    },
  };
}
export type Resolver = ReturnType<typeof createResolver>;
