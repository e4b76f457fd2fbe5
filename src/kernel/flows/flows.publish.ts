import type { Kysely } from 'kysely';
import type { AppRow } from '../../apps/apps.store.js';
import type { Database } from '../../db/types.js';
import type { Clock } from '../clock.js';
import { AppError, issuesFrom, notFound } from '../errors.js';
import type { Events } from '../events/events.js';
import { newId } from '../ids.js';
import { readConfig, type FlowCore } from './flows.core.js';
import { FLOW_PUBLISHED, type FlowPublished } from './flows.events.js';
import { forgetScheduleError } from './flows.schedule.store.js';
import type { FlowRow, FlowStore } from './flows.store.js';
import type { FlowTypeDef } from './registry.js';

/**
 * The publish path: a draft is checked as a publish checks it, the capabilities' guards may
 * refuse, and the draft is frozen as the next immutable version (with its `flow.published`
 * event in the same transaction). `forgetPublic` drops this node's cached public answer.
 */
export function flowPublishing(
  core: FlowCore,
  deps: { store: FlowStore; clock: Clock; events?: Events; forgetPublic: (app: AppRow, d: FlowTypeDef, slug: string) => void },
) {
  const { store, clock } = deps;
  const { def, ctxFor, checkRefs, publicUrlOf, targetSlug, find } = core;
  // Checks a capability registers to refuse a plain publish (experiments: 409 while one runs on the flow).
  const publishGuards: ((app: AppRow, flow: FlowRow) => Promise<void>)[] = [];

  /** The flow and its draft, checked as a publish checks them: 404 without a flow, 422 when the draft would not publish. */
  async function publishable(app: AppRow, d: FlowTypeDef, flowSlug?: string) {
    const flow = await find(app, d, flowSlug);
    if (!flow) throw notFound(`No ${d.label.toLowerCase()} "${targetSlug(d, flowSlug)}" to publish: PUT a config first`);
    // Re-validate: the draft may predate a stricter schema (or reference data that changed).
    const r = d.schema.safeParse(readConfig(flow.draft_json));
    if (!r.success) {
      const issues = issuesFrom(r.error);
      throw new AppError(422, `draft is invalid: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, { issues });
    }
    await checkRefs(d, r.data, app, 'draft is invalid: ');
    return { flow, config: r.data };
  }

  return {
    /** The flow whose draft a publish would freeze, if that draft publishes (404 / 422 as publish answers); scheduling checks it. */
    publishable: async (app: AppRow, type: string, flowSlug?: string) => (await publishable(app, def(type), flowSlug)).flow,

    /**
     * Freezes the draft as the next version. `claim` runs first in the publish transaction: a
     * scheduled publish takes its schedule there (flows.schedule.ts) and, when another node took
     * it, nothing is written (PublishClaimLost). Any other publish settles a failed schedule.
     */
    async publish(app: AppRow, type: string, flowSlug?: string, claim?: (trx: Kysely<Database>) => Promise<boolean>) {
      const d = def(type);
      const { flow, config: valid } = await publishable(app, d, flowSlug);
      for (const guard of publishGuards) await guard(app, flow);
      const now = clock.now();
      let config: any = { ...(valid as object), type: d.type };
      const versionId = newId();
      const nextNumber = flow.published_version_number + 1;
      if (d.beforePublish) config = await d.beforePublish(config, { ...ctxFor(app), now, versionNumber: nextNumber });
      // What the publish answers; its event carries the same (the number is drawn in the transaction).
      const answer = (version: number) => ({
        ok: true as const,
        version,
        versionId,
        publishedAt: now.toISOString(),
        flowSlug: flow.slug,
        publicUrl: publicUrlOf(d, app, flow.slug),
        ...(d.extras?.({ ...ctxFor(app), flowSlug: flow.slug, versionNumber: version }) ?? {}),
      });
      const events = deps.events;
      const event =
        events && (await events.listensFresh(app.id, FLOW_PUBLISHED))
          ? (n: number) => events.event(app.id, FLOW_PUBLISHED, (): FlowPublished => ({ app: app.slug, type: d.type, flow: { slug: flow.slug, version: n }, ...answer(n) }), now.toISOString())
          : undefined;
      const version = await store.publish(app.id, flow.id, versionId, JSON.stringify(config), now.toISOString(), event, claim ?? ((trx) => forgetScheduleError(trx, flow.id).then(() => true)));
      // This node serves the new version at once; other nodes within PUBLIC_CACHE_MS.
      deps.forgetPublic(app, d, flow.slug);
      return answer(version);
    },

    /** Registers a check run before every publish (it throws to refuse, e.g. a 409). */
    guardPublish(fn: (app: AppRow, flow: FlowRow) => Promise<void>) {
      publishGuards.push(fn);
    },

    /** Serves an existing published version to everyone (an experiment's winner): no new version, no event. */
    async makeCurrent(app: AppRow, type: string, n: number, flowSlug?: string) {
      const d = def(type);
      const flow = await find(app, d, flowSlug);
      const v = flow ? await store.versionByNumber(app.id, flow.id, n) : undefined;
      if (!flow || !v) throw notFound('Version not found');
      await store.setCurrent(app.id, flow.id, v.id, clock.now().toISOString());
      deps.forgetPublic(app, d, flow.slug);
      return { flowId: flow.id, versionId: v.id, versionNumber: n };
    },
  };
}
