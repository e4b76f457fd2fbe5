import { withAppLocale } from '../i18n.js';
import { asciiUrlsIn } from '../ascii-url.js';
import { z } from 'zod';
import type { App } from '../../apps/apps.schema.js';
import type { AppRow } from '../../apps/apps.store.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Clock } from '../clock.js';
import type { Events } from '../events/events.js';
import { FLOW_PUBLISHED, type FlowPublished } from './flows.events.js';
import { AppError, invalidInput, issuesFrom, notFound, unprocessable } from '../errors.js';
import { newId } from '../ids.js';
import { memoize } from '../memoize.js';
import type { FlowContext, FlowRegistry, FlowTypeDef, PublicUrls, TemplateContext, Warning } from './registry.js';
import type { FlowRow, FlowStore } from './flows.store.js';
import { forgetScheduleError, parseScheduleError, type ScheduleError } from './flows.schedule.store.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
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

/**
 * Versioned flows: PUT edits the draft (validated, warnings computed), publish freezes the
 * draft as the next immutable version. Multi-instance types address secondaries by flowSlug.
 */
/** How long another node's publish may take to reach this node's public endpoints. */
export const PUBLIC_CACHE_MS = 1000;

/**
 * A stored config as the owner API, the SDK and the pages see it: its URL fields in the ASCII
 * form iOS 16 opens (kernel/ascii-url.ts). Configs saved since #35 already are (the schemas store
 * that form); older ones were stored as written, and are served converted rather than rewritten.
 */
const readConfig = (json: string) => asciiUrlsIn(JSON.parse(json));

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

  const def = (type: string): FlowTypeDef => {
    const d = registry.get(type);
    if (!d) throw notFound(`Unknown flow type "${type}"`);
    return d;
  };

  const ctxFor = (app: AppRow): FlowContext => ({
    app,
    hasFlow: (type) => store.hasType(app.id, type),
    publishedFlows: async () => {
      const out: { type: string; slug: string; versionNumber: number; config: any }[] = [];
      for (const f of await store.list(app.id)) {
        const v = f.current_version_id ? await store.version(app.id, f.current_version_id) : undefined;
        if (v) out.push({ type: f.type, slug: f.slug, versionNumber: v.version_number, config: readConfig(v.config_json) });
      }
      return out;
    },
    accountApps: () => deps.accountApps(app.account_id),
    webUrl: deps.webUrl,
    clock,
  });

  /** The type's stored-data rules (FlowTypeDef.check): a 422 listing every issue. */
  async function checkRefs(d: FlowTypeDef, config: unknown, app: AppRow, prefix: string) {
    const issues = (await d.check?.(config, ctxFor(app))) ?? [];
    if (issues.length) throw unprocessable(`${prefix}${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, issues);
  }

  /** A flow's hosted page, or null when its type has none. */
  const publicUrlOf = (d: FlowTypeDef, app: AppRow, slug: string) =>
    d.publicUrl?.({ appSlug: app.slug, flowSlug: slug, primary: slug === d.primarySlug, urls: deps.publicUrls }) ?? null;

  /** Slug used for a request: the primary for single-instance types or when omitted. */
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
  const targetSlug = (d: FlowTypeDef, flowSlug?: string) => (d.multi && flowSlug ? flowSlug : d.primarySlug);

  /** Cache key: single-instance types ignore flowSlug, whatever public clients send (WIRE F.10). */
  const publicKey = (appSlug: string, type: string, flowSlug?: string) => {
    const d = registry.get(type);
    return `${type}\n${appSlug}\n${d?.multi ? (flowSlug ?? '') : ''}`;
  };

  async function find(app: AppRow, d: FlowTypeDef, flowSlug?: string): Promise<FlowRow | undefined> {
    const slug = targetSlug(d, flowSlug);
    return slug === d.primarySlug ? store.primary(app.id, d.type) : store.bySlug(app.id, d.type, slug);
  }

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

  function validate(d: FlowTypeDef, config: unknown): Record<string, unknown> {
    const r = d.schema.safeParse(config);
    if (!r.success) {
      const issues = issuesFrom(r.error);
      throw unprocessable(`Invalid ${d.type} config: ${issues[0].path} ${issues[0].message}`, issues);
    }
    return { ...(r.data as object), type: d.type };
  }

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

  // Published versions never change: a version's config is kept once read (sessions pin one).
  const versions = new Map<string, Promise<{ versionNumber: number; config: Record<string, unknown> } | undefined>>();
  // Checks a capability registers to refuse a plain publish (experiments: 409 while one runs on the flow).
  const publishGuards: ((app: AppRow, flow: FlowRow) => Promise<void>)[] = [];
  let picker: VariantPicker | undefined;
  const forgetPublic = (app: AppRow, d: FlowTypeDef, slug: string) => {
    publicFlow.forget(publicKey(app.slug, d.type, slug));
    if (slug === d.primarySlug) publicFlow.forget(publicKey(app.slug, d.type));
  };
  // Configs with the app's default language merged in, per cached config object and language (withAppLocale below).
  const localized = new WeakMap<object, Map<string, unknown>>();

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

    /**
     * A pinned version's config as its pages read it: with the app's default language (kernel/i18n.ts
     * withAppLocale). Remembered per config object (`version` caches them) and language, so a
     * session page does not parse the config with zod again on every request.
     */
    withAppLocale<C>(type: string, config: C, appLocale: string | null | undefined): C {
      if (!appLocale || !config || typeof config !== 'object') return config;
      let byLocale = localized.get(config);
      if (!byLocale) localized.set(config, (byLocale = new Map()));
      let merged = byLocale.get(appLocale) as C | undefined;
      if (merged === undefined) byLocale.set(appLocale, (merged = withAppLocale(config, appLocale, def(type).schema)));
      return merged;
    },

    /** A published version's config by id (what a session pinned), or undefined. */
    version(appId: string, versionId: string) {
      let v = versions.get(versionId);
      if (!v) {
        v = store.version(appId, versionId).then((row) => (row ? { versionNumber: row.version_number, config: readConfig(row.config_json) } : undefined));
        if (versions.size >= 1000) versions.delete(versions.keys().next().value!);
        versions.set(versionId, v);
        v.catch(() => versions.delete(versionId));
      }
      return v;
    },

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
      publicFlow.forget(publicKey(app.slug, d.type, flow.slug));
      if (flow.slug === d.primarySlug) publicFlow.forget(publicKey(app.slug, d.type));
      return answer(version);
    },

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
      forgetPublic(app, d, flow.slug);
      return { flowId: flow.id, versionId: v.id, versionNumber: n };
    },

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
