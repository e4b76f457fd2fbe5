import { z } from 'zod';
import type { App } from '../../apps/apps.schema.js';
import type { AppRow } from '../../apps/apps.store.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Clock } from '../clock.js';
import { invalidInput, notFound } from '../errors.js';
import type { Events } from '../events/events.js';
import { withAppLocale } from '../i18n.js';
import { newId } from '../ids.js';
import { memoize } from '../memoize.js';
import { flowCore, readConfig } from './flows.core.js';
import { flowPublishing } from './flows.publish.js';
import { parseScheduleError, type ScheduleError } from './flows.schedule.store.js';
import type { FlowRow, FlowStore } from './flows.store.js';
import { versionCache } from './flows.versions.js';
import type { FlowRegistry, FlowTypeDef, PublicUrls, TemplateContext, Warning } from './registry.js';
import type { VariantPicker, VersionPick, Who } from './variants.js';

/**
 * flowSlug on single-instance types: host apps may pass any label (WIRE F.10); it is accepted
 * and ignored, never a 400.
 */
export const ignoredFlowSlug = z.string().max(200);

export const flowSlugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'must contain only lowercase letters, digits and dashes');

export interface FlowEnvelope {
  flow: {
    id: string;
    type: string;
    slug: string;
    status: 'draft' | 'published';
    currentVersionId: string | null;
    isPrimary: boolean;
    hasUnpublishedChanges: boolean;
    updatedAt: string;
  };
  draft: { versionNumber: number; updatedAt: string; config: Record<string, unknown> };
  published: { versionNumber: number; publishedAt: string; config: Record<string, unknown> } | null;
  /** When the draft is to be published (flows.schedule.ts), or null. */
  scheduledPublishAt: string | null;
  /** Why the last scheduled publish did not happen; cleared by a new schedule or a publish. */
  scheduleError: ScheduleError | null;
  [extra: string]: unknown;
}

export interface PublishedFlow {
  app: AppRow;
  flow: FlowRow;
  versionNumber: number;
  publishedAt: string;
  config: any;
}

/** How long another node's publish may take to reach this node's public endpoints. */
export const PUBLIC_CACHE_MS = 1000;

/**
 * Versioned flows: PUT edits the draft (validated, warnings computed), publish freezes the
 * draft as the next immutable version (flows.publish.ts). Multi-instance types address
 * secondaries by flowSlug. Published versions by id, as sessions pin them: flows.versions.ts.
 */
export function createFlowService(deps: {
  store: FlowStore;
  registry: FlowRegistry;
  clock: Clock;
  webUrl: string;
  /** App by public slug (404 when unknown): public lookups start from the slug in the URL or body. */
  resolveApp: (slug: string) => Promise<AppRow>;
  /** The apps of an account (FlowContext.accountApps). */
  accountApps: (accountId: string) => Promise<App[]>;
  /** Where hosted pages live (FlowTypeDef.publicUrl). */
  publicUrls: PublicUrls;
  /** Who listens to `flow.published` (kernel/events); without it no event is written. */
  events?: Events;
}) {
  const { store, registry, clock } = deps;
  const core = flowCore(deps);
  const { def, ctxFor, checkRefs, publicUrlOf, targetSlug, find, validate } = core;

  /**
   * A template's own accent and scheme would override the app's brand (a flow's `hero` wins), so
   * for an app with an accent of its own the template leaves its accent out, and for an app with
   * a theme it leaves out a plain light or dark scheme (`minimal`, `dark`; a look such as
   * `gradient` stays): the page wears the app's.
   */
  const onBrand = (config: unknown, app?: App): Record<string, unknown> => {
    const c = config as Record<string, unknown>;
    const hero = c.hero as Record<string, unknown> | undefined;
    if (!hero) return c;
    const yields = (k: string, v: unknown) => (k === 'accentColor' && !!app?.accentColor) || (k === 'theme' && !!app?.theme && (v === 'minimal' || v === 'dark'));
    return { ...c, hero: Object.fromEntries(Object.entries(hero).filter(([k, v]) => !yields(k, v))) };
  };
  /**
   * `?type=` takes the type (`app_promotion`), a legacy name (`pre_cancel`) or the URL segment
   * (`app-promotion`); anything else is a 400 naming the types rather than a silent empty answer.
   */
  const typeFilter = (type?: string): FlowTypeDef | undefined => {
    if (!type) return undefined;
    const d = registry.get(type) ?? registry.segment(type);
    if (!d) throw invalidInput(400, 'query', [{ path: '/type', message: `unknown flow type "${type}"; one of: ${registry.types().map((x) => x.type).join(', ')}` }]);
    return d;
  };

  /** Cache key: single-instance types ignore flowSlug, whatever public clients send (WIRE F.10). */
  const publicKey = (appSlug: string, type: string, flowSlug?: string) => {
    const d = registry.get(type);
    return `${type}\n${appSlug}\n${d?.multi ? (flowSlug ?? '') : ''}`;
  };

  async function loadPublished(app: AppRow, type: string, flowSlug?: string): Promise<PublishedFlow> {
    const d = def(type);
    // Public clients send the primary's own slug as flowSlug (WIRE E.6); single types ignore it.
    const flow = await find(app, d, flowSlug);
    if (!flow || !flow.current_version_id) throw notFound(`This ${d.label.toLowerCase()} is not published`);
    const v = await store.version(app.id, flow.current_version_id);
    if (!v) throw notFound(`This ${d.label.toLowerCase()} is not published`);
    return { app, flow, versionNumber: v.version_number, publishedAt: v.published_at, config: withAppLocale(readConfig(v.config_json), app.locale, d.schema) };
  }

  const publicFlow = memoize(async (appSlug: string, type: string, flowSlug?: string) => loadPublished(await deps.resolveApp(appSlug), type, flowSlug), publicKey, PUBLIC_CACHE_MS, 10_000, 'published_flows');

  async function envelope(app: AppRow, d: FlowTypeDef, flow: FlowRow): Promise<FlowEnvelope> {
    const version = flow.current_version_id ? await store.version(app.id, flow.current_version_id) : undefined;
    const published = version
      ? { versionNumber: version.version_number, publishedAt: version.published_at, config: readConfig(version.config_json) }
      : null;
    const schedule = await store.schedule(flow.id);
    return {
      flow: {
        id: flow.id,
        type: d.type,
        slug: flow.slug,
        status: published ? 'published' : 'draft',
        currentVersionId: flow.current_version_id,
        isPrimary: flow.is_primary === 1,
        hasUnpublishedChanges: !published || flow.draft_updated_at > published.publishedAt,
        updatedAt: flow.updated_at,
      },
      draft: { versionNumber: flow.published_version_number + 1, updatedAt: flow.draft_updated_at, config: readConfig(flow.draft_json) },
      published,
      scheduledPublishAt: schedule?.publish_at ?? null,
      scheduleError: parseScheduleError(schedule?.error_json ?? null),
      publicUrl: publicUrlOf(d, app, flow.slug),
      ...(d.extras?.({ ...ctxFor(app), flowSlug: flow.slug, versionNumber: published?.versionNumber ?? null }) ?? {}),
    };
  }

  let picker: VariantPicker | undefined;
  const forgetPublic = (app: AppRow, d: FlowTypeDef, slug: string) => {
    publicFlow.forget(publicKey(app.slug, d.type, slug));
    if (slug === d.primarySlug) publicFlow.forget(publicKey(app.slug, d.type));
  };
  const versions = versionCache(store, (type) => def(type).schema);
  const publishing = flowPublishing(core, { store, clock, events: deps.events, forgetPublic });

  return {
    registry,
    /** What warnings and publish hooks see of an app (legal previews its draft derivation with it). */
    context: ctxFor,
    validate: (type: string, config: unknown) => validate(def(type), config),

    /** What saveDraft checks (schema, stored-data rules) and warns about, without saving: the dashboard editor's live check. Throws the same 422. */
    async dryRun(app: AppRow, type: string, config: unknown): Promise<{ warnings: Warning[] }> {
      const d = def(type);
      const clean = validate(d, config);
      await checkRefs(d, clean, app, `Invalid ${d.type} config: `);
      return { warnings: (await d.warnings?.(clean, { ...ctxFor(app), input: config })) ?? [] };
    },

    withAppLocale: versions.withAppLocale,
    version: versions.version,

    async get(app: AppRow, type: string, flowSlug?: string): Promise<FlowEnvelope> {
      const d = def(type);
      const flow = await find(app, d, flowSlug);
      if (!flow) throw notFound(`No ${d.label.toLowerCase()} "${targetSlug(d, flowSlug)}" yet: PUT a config to create it`);
      return envelope(app, d, flow);
    },

    /** Starting points of one type (any name `?type=` takes) or of every type, in registry order. */
    templates(ctx: TemplateContext, type?: string) {
      const chosen = type ? [typeFilter(type)!] : registry.types();
      return chosen.flatMap((d) => (d.templates?.(ctx) ?? []).map((t) => ({ id: t.id, type: d.type, segment: d.segment, name: t.name, description: t.description, config: onBrand(t.config, ctx.app) })));
    },

    async list(app: AppRow, type?: string) {
      const only = typeFilter(type);
      const rows = await store.list(app.id, only?.type);
      return Promise.all(
        rows.map(async (f) => {
          const d = registry.get(f.type);
          const versions = await store.versions(app.id, f.id);
          return {
            id: f.id,
            type: f.type,
            slug: f.slug,
            name: f.is_primary ? (d?.label ?? f.type) : `${d?.label ?? f.type} (${f.slug})`,
            status: f.current_version_id ? ('published' as const) : ('draft' as const),
            isPrimary: f.is_primary === 1,
            publishedVersion: f.current_version_id ? f.published_version_number : null,
            publicUrl: d ? publicUrlOf(d, app, f.slug) : null,
            versions: versions.map((v) => ({ id: v.id, versionNumber: v.version_number, publishedAt: v.published_at })),
            createdAt: f.created_at,
            updatedAt: f.updated_at,
          };
        }),
      );
    },

    /** Validates and stores the draft; creates the flow (or a secondary) on first PUT. `input`: the body as sent, for warnings (default: `config`). */
    async saveDraft(app: AppRow, type: string, config: unknown, flowSlug?: string, input: unknown = config): Promise<{ ok: true; warnings: Warning[]; flowSlug: string; created: boolean }> {
      const d = def(type);
      const clean = validate(d, config);
      await checkRefs(d, clean, app, `Invalid ${d.type} config: `);
      const json = JSON.stringify(clean);
      const now = clock.now().toISOString();
      const slug = targetSlug(d, flowSlug);
      let flow = await find(app, d, flowSlug);
      let created = false;
      if (!flow) {
        const row: FlowRow = {
          id: newId(),
          app_id: app.id,
          type: d.type,
          slug,
          is_primary: slug === d.primarySlug ? 1 : 0,
          draft_json: json,
          draft_updated_at: now,
          current_version_id: null,
          published_version_number: 0,
          created_at: now,
          updated_at: now,
        };
        try {
          await store.insert(row);
          created = true;
        } catch (e) {
          if (!isUniqueViolation(e)) throw e;
          // Lost a race with a concurrent first PUT: fall through and update the winner's row.
          flow = await find(app, d, flowSlug);
          if (!flow) throw e;
        }
      }
      if (flow) await store.saveDraft(app.id, flow.id, json, now);
      const warnings = (await d.warnings?.(clean, { ...ctxFor(app), input })) ?? [];
      return { ok: true, warnings, flowSlug: slug, created };
    },

    publishable: publishing.publishable,
    publish: publishing.publish,

    /** Registers who picks a person's version while an experiment runs (kernel/flows/variants.ts). */
    setVariantPicker(p: VariantPicker) {
      picker = p;
    },
    /** The version this person is served of a published flow, when not its current one. */
    pickVersion: (p: PublishedFlow, who: Who): Promise<VersionPick | null> => (picker ? picker.pick({ appId: p.app.id, flowId: p.flow.id, type: p.flow.type }, who) : Promise.resolve(null)),
    /** The experiment counter a conversion of a session pinned to this version adds to, if any. */
    conversionMetric: (flowId: string, versionNumber: number, startedAt: string) => (picker ? picker.converted(flowId, versionNumber, startedAt) : Promise.resolve(null)),
    /** Counts a distinct person's page view of a flow under experiment (no-op without one). */
    exposeOnce: (p: PublishedFlow, who: Who): Promise<void> => (picker ? picker.exposeOnce(p.app.id, p.flow.id, who) : Promise.resolve()),

    guardPublish: publishing.guardPublish,
    makeCurrent: publishing.makeCurrent,

    /** What public pages and the public API serve: the published version, or 404. */
    published: loadPublished,

    /**
     * The same by public app slug, for the public API and hosted pages, which ask on every
     * request (app, flow and version: three reads): cached for PUBLIC_CACHE_MS, and a publish
     * on this node shows at once.
     */
    publicFlow: (appSlug: string, type: string, flowSlug?: string): Promise<PublishedFlow> => publicFlow(appSlug, type, flowSlug),

    /** A specific published version (legal's /v/<n>). */
    async publishedVersion(app: AppRow, type: string, n: number, flowSlug?: string): Promise<PublishedFlow> {
      const d = def(type);
      const flow = await find(app, d, flowSlug);
      const v = flow ? await store.versionByNumber(app.id, flow.id, n) : undefined;
      if (!flow || !v) throw notFound('Version not found');
      return { app, flow, versionNumber: v.version_number, publishedAt: v.published_at, config: readConfig(v.config_json) };
    },

    /** The draft config (wishlist preview tokens). */
    async draft(app: AppRow, type: string, flowSlug?: string) {
      const d = def(type);
      const flow = await find(app, d, flowSlug);
      if (!flow) throw notFound(`No ${d.label.toLowerCase()}`);
      return { app, flow, config: readConfig(flow.draft_json) };
    },
  };
}
export type FlowService = ReturnType<typeof createFlowService>;

/** The public lookup by app slug (cached), as the form services receive it. */
export type PublishedLookup = FlowService['publicFlow'];
