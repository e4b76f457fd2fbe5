import type { App } from '../../apps/apps.schema.js';
import type { AppRow } from '../../apps/apps.store.js';
import { asciiUrlsIn } from '../ascii-url.js';
import type { Clock } from '../clock.js';
import { issuesFrom, notFound, unprocessable } from '../errors.js';
import type { FlowRow, FlowStore } from './flows.store.js';
import type { FlowContext, FlowRegistry, FlowTypeDef, PublicUrls } from './registry.js';

/**
 * A stored config as the owner API, the SDK and the pages see it: its URL fields in the ASCII
 * form iOS 16 opens (kernel/ascii-url.ts). Configs saved since #35 already are (the schemas store
 * that form); older ones were stored as written, and are served converted rather than rewritten.
 */
export const readConfig = (json: string) => asciiUrlsIn(JSON.parse(json));

export interface FlowCoreDeps {
  store: FlowStore;
  registry: FlowRegistry;
  clock: Clock;
  webUrl: string;
  /** The apps of an account (FlowContext.accountApps). */
  accountApps: (accountId: string) => Promise<App[]>;
  /** Where hosted pages live (FlowTypeDef.publicUrl). */
  publicUrls: PublicUrls;
}

/** What the flow service's parts share: the type by name, the flow a request means, the checks a config passes. */
export function flowCore(deps: FlowCoreDeps) {
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
  const targetSlug = (d: FlowTypeDef, flowSlug?: string) => (d.multi && flowSlug ? flowSlug : d.primarySlug);

  async function find(app: AppRow, d: FlowTypeDef, flowSlug?: string): Promise<FlowRow | undefined> {
    const slug = targetSlug(d, flowSlug);
    return slug === d.primarySlug ? store.primary(app.id, d.type) : store.bySlug(app.id, d.type, slug);
  }

  function validate(d: FlowTypeDef, config: unknown): Record<string, unknown> {
    const r = d.schema.safeParse(config);
    if (!r.success) {
      const issues = issuesFrom(r.error);
      throw unprocessable(`Invalid ${d.type} config: ${issues[0].path} ${issues[0].message}`, issues);
    }
    return { ...(r.data as object), type: d.type };
  }

  return { def, ctxFor, checkRefs, publicUrlOf, targetSlug, find, validate };
}
export type FlowCore = ReturnType<typeof flowCore>;
