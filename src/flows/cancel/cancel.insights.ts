import type { AppRow } from '../../apps/apps.store.js';
import { csvStream, type CsvColumn } from '../../kernel/csv.js';
import { badRequest, notFound } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { pageOf } from '../../kernel/pagination.js';
import { afterFromCursor, allPages } from '../../kernel/keyset.js';
import { CANCELLED_ACTION, outcomeOf, SAVED_ACTIONS } from './cancel.deeplink.js';
import type { CancelConfig } from './cancel.schema.js';
import type { SessionFilter, SessionRow, SessionStore, StepRow } from '../../kernel/sessions/sessions.store.js';

export interface InsightsQuery {
  flowSlug?: string;
  version?: number;
  from?: string;
  to?: string;
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/** A session as the owner API answers it (listCancelSessions; the `cancel.session.completed` event too). */
export function cancelSessionView(s: SessionRow, steps: readonly StepRow[], flowSlug: string | null) {
  const exit = steps.find((x) => x.step === 'exit')?.detail ?? null;
  return {
    id: s.id,
    flowSlug,
    versionNumber: s.version_number,
    source: s.source,
    platform: s.platform,
    userId: s.user_id,
    anonymousId: s.anonymous_id,
    locale: s.locale,
    appVersion: s.app_version,
    attributes: s.attributes_json ? (JSON.parse(s.attributes_json) as Record<string, unknown>) : null,
    country: s.country,
    reasons: steps.filter((x) => x.step === 'reason').map((x) => x.key),
    exit,
    outcome: outcomeOf(exit),
    steps: steps.map((x) => ({ step: x.step, key: x.key, detail: x.detail, at: x.created_at })),
    createdAt: s.created_at,
  };
}

/** What an owner sees of cancel sessions: the list, the CSV export, and which reasons and offers save subscribers. */
export function createCancelInsights(deps: { store: SessionStore; flows: FlowService }) {
  const { store, flows } = deps;

  /** Flow id -> slug of the app's cancel flows, and the filter the query asks for (404 for an unknown flowSlug). */
  async function scope(app: AppRow, q: InsightsQuery): Promise<{ slugs: Map<string, string>; filter: SessionFilter }> {
    if (q.from && q.to && q.from >= q.to) throw badRequest('`from` must be before `to`');
    const all = await flows.list(app, 'cancel');
    const slugs = new Map(all.map((f) => [f.id, f.slug]));
    let flowId: string | undefined;
    if (q.flowSlug) {
      flowId = all.find((f) => f.slug === q.flowSlug)?.id;
      if (!flowId) throw notFound(`No cancel flow "${q.flowSlug}"`);
    }
    return { slugs, filter: { type: 'cancel', flowId, version: q.version, from: q.from, to: q.to } };
  }

  const view = (s: SessionRow, steps: StepRow[], slugs: Map<string, string>) => cancelSessionView(s, steps, slugs.get(s.flow_id) ?? null);

  async function withSteps(rows: SessionRow[], slugs: Map<string, string>) {
    const steps = await store.stepsOf(rows.map((r) => r.id));
    const bySession = new Map<string, StepRow[]>();
    for (const st of steps) {
      const list = bySession.get(st.session_id);
      if (list) list.push(st);
      else bySession.set(st.session_id, [st]);
    }
    return rows.map((r) => view(r, bySession.get(r.id) ?? [], slugs));
  }

  /** The button of a click's key (`intro:secondary`, `response:<reason>:primary`) in the pinned config. */
  const buttonOf = (config: CancelConfig | undefined, key: string) => {
    const [where, reason, slot] = key.split(':');
    if (!config || where !== 'response') return undefined;
    const r = config.responses[reason];
    return slot === 'primary' ? r?.primaryButton : slot === 'secondary' ? r?.secondaryButton : undefined;
  };

  return {
    async list(app: AppRow, q: InsightsQuery & { limit: number; cursor?: string }) {
      const { slugs, filter } = await scope(app, q);
      const rows = await store.page(app.id, filter, afterFromCursor(q.cursor), q.limit + 1);
      const { items, nextCursor } = pageOf(rows, q.limit, (r) => [r.created_at, r.id]);
      return { sessions: await withSteps(items, slugs), nextCursor };
    },

    async csv(app: AppRow, q: InsightsQuery) {
      const { slugs, filter } = await scope(app, q);
      type Row = ReturnType<typeof view>;
      const columns: CsvColumn<Row>[] = [
        { header: 'id', value: (r) => r.id },
        { header: 'flowSlug', value: (r) => r.flowSlug },
        { header: 'versionNumber', value: (r) => r.versionNumber },
        { header: 'source', value: (r) => r.source },
        { header: 'platform', value: (r) => r.platform },
        { header: 'userId', value: (r) => r.userId },
        { header: 'anonymousId', value: (r) => r.anonymousId },
        { header: 'locale', value: (r) => r.locale },
        { header: 'appVersion', value: (r) => r.appVersion },
        { header: 'country', value: (r) => r.country },
        { header: 'reasons', value: (r) => r.reasons.join(' ') },
        { header: 'exit', value: (r) => r.exit },
        { header: 'outcome', value: (r) => r.outcome },
        { header: 'attributes', value: (r) => (r.attributes ? JSON.stringify(r.attributes) : null) },
        { header: 'createdAt', value: (r) => r.createdAt },
      ];
      // Keyset pages of sessions, each with its steps: memory stays flat however many there are.
      async function* rows() {
        for await (const page of allPages((after, limit) => store.page(app.id, filter, after, limit), 500)) yield await withSteps(page, slugs);
      }
      return csvStream(columns, rows());
    },

    /** Per flow and published version: sessions, exits, and per reason and offer how many were saved. */
    async stats(app: AppRow, q: InsightsQuery) {
      const { slugs, filter } = await scope(app, q);
      const [sessions, steps, outcomes] = await Promise.all([store.sessionsPerVersion(app.id, filter), store.stepCounts(app.id, filter), store.exitsByKey(app.id, filter, 'reason')]);
      type V = ReturnType<typeof emptyVersion>;
      const emptyVersion = (flowId: string, versionNumber: number, versionId: string | null) => ({
        flowId,
        versionId,
        versionNumber,
        sessions: 0,
        opened: 0,
        exits: {} as Record<string, number>,
        thanksShown: 0,
        reasons: new Map<string, { picked: number; saved: number; cancelled: number; other: number; undecided: number }>(),
        responsesShown: new Map<string, number>(),
        clicks: new Map<string, { action: string; n: number }>(),
      });
      const versions = new Map<string, V>();
      const at = (flowId: string, n: number, versionId: string | null = null) => {
        const k = `${flowId}:${n}`;
        let v = versions.get(k);
        if (!v) versions.set(k, (v = emptyVersion(flowId, n, versionId)));
        if (versionId) v.versionId = versionId;
        return v;
      };
      for (const s of sessions) at(s.flow_id, s.version_number, s.version_id).sessions += Number(s.n);
      for (const s of steps) {
        const v = at(s.flow_id, s.version_number);
        const n = Number(s.n);
        if (s.step === 'opened') v.opened += n;
        else if (s.step === 'exit' && s.detail) v.exits[s.detail] = (v.exits[s.detail] ?? 0) + n;
        else if (s.step === 'thanks') v.thanksShown += n;
        else if (s.step === 'response') v.responsesShown.set(s.key, (v.responsesShown.get(s.key) ?? 0) + n);
        else if (s.step === 'click' && s.detail) v.clicks.set(s.key, { action: s.detail, n: (v.clicks.get(s.key)?.n ?? 0) + n });
      }
      for (const o of outcomes) {
        const v = at(o.flow_id, o.version_number);
        const r = v.reasons.get(o.key) ?? { picked: 0, saved: 0, cancelled: 0, other: 0, undecided: 0 };
        const n = Number(o.n);
        r.picked += n;
        const outcome = outcomeOf(o.exit);
        if (outcome === null) r.undecided += n;
        else r[outcome] += n;
        v.reasons.set(o.key, r);
      }

      const out = [];
      for (const v of [...versions.values()].sort((a, b) => (slugs.get(a.flowId) ?? '').localeCompare(slugs.get(b.flowId) ?? '') || a.versionNumber - b.versionNumber)) {
        const config = v.versionId ? ((await flows.version(app.id, v.versionId))?.config as CancelConfig | undefined) : undefined;
        const label = (id: string) => config?.reasonScreen.reasons.find((r) => r.id === id)?.label ?? null;
        const saved = SAVED_ACTIONS.reduce((a, k) => a + (v.exits[k] ?? 0), 0);
        const cancelled = v.exits[CANCELLED_ACTION] ?? 0;
        const exited = Object.values(v.exits).reduce((a, b) => a + b, 0);
        const offers = [...v.clicks]
          .filter(([, c]) => c.action === 'open_offer')
          .map(([key, c]) => {
            const b = buttonOf(config, key) as { offerId?: string } | undefined;
            const reasonId = key.split(':')[1] ?? null;
            const shown = reasonId ? (v.responsesShown.get(reasonId) ?? 0) : 0;
            return { offerId: b?.offerId ?? null, reasonId, button: key, shown, accepted: c.n, acceptRate: ratio(c.n, shown) };
          });
        out.push({
          flowSlug: slugs.get(v.flowId) ?? null,
          versionNumber: v.versionNumber,
          sessions: v.sessions,
          opened: v.opened,
          exited,
          abandoned: Math.max(0, v.opened - exited),
          saved,
          cancelled,
          otherExits: exited - saved - cancelled,
          saveRate: ratio(saved, v.opened),
          thanksShown: v.thanksShown,
          exits: v.exits,
          reasons: [...v.reasons].map(([id, r]) => ({ id, label: label(id), ...r, saveRate: ratio(r.saved, r.picked) })).sort((a, b) => b.picked - a.picked),
          offers,
        });
      }
      return { versions: out };
    },
  };
}
export type CancelInsights = ReturnType<typeof createCancelInsights>;
