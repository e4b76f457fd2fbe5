import type { AppRow } from '../../apps/apps.store.js';
import { AppError, notFound } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { memoize } from '../../kernel/memoize.js';
import { appStorePrivacy, freeze, playDataSafety, type Basis } from './legal.declaration.js';
import { legalConfig, type Frozen, type LegalConfig, type PublishedLegal } from './legal.schema.js';

/** One legal document version as pages and declarations use it. */
export interface LegalDoc {
  app: AppRow;
  config: LegalConfig;
  frozen: Frozen;
  version: number;
  effectiveDate: string;
  publishedAt: string;
  /** Number of the version the bare URLs serve now. */
  current: number;
  /** Every published version, newest first. */
  history: { version: number; effectiveDate: string }[];
}

/** What the owner asks a declaration of: a published version (default the current one) or the draft. */
export interface DerivationTarget {
  version?: number;
  draft?: boolean;
}

/**
 * Reads legal versions for the public pages and the owner's declaration endpoints. Versions are
 * frozen at publish (legal.flow.ts): what they show never depends on today's flows or presets.
 */
export function createLegalService(deps: { flows: FlowService; webUrl: string }) {
  const { flows } = deps;

  /**
   * Every published version, newest first. Versions never change and the list only grows with a
   * publish, which changes the current number: cached per (app, current version).
   */
  const history = memoize(
    async (app: AppRow, _current: number) => {
      const [row] = await flows.list(app, 'legal');
      return (row?.versions ?? []).map((v) => ({ version: v.versionNumber, effectiveDate: v.publishedAt.slice(0, 10) }));
    },
    (app, current) => `${app.id}\n${current}`,
    60_000,
    1000,
    'legal.history',
  );

  function asDoc(app: AppRow, v: { versionNumber: number; publishedAt: string; config: any }, current: number, hist: LegalDoc['history']): LegalDoc {
    const c = v.config as PublishedLegal;
    return {
      app,
      config: c,
      frozen: c.frozen ?? { processors: [], flows: [] },
      version: v.versionNumber,
      effectiveDate: c.effectiveDate ?? v.publishedAt.slice(0, 10),
      publishedAt: v.publishedAt,
      current,
      history: hist,
    };
  }

  /** The current version by public app slug, or 404 (unknown app, or legal never published). */
  async function current(appSlug: string): Promise<LegalDoc> {
    const p = await flows.publicFlow(appSlug, 'legal');
    return asDoc(p.app, p, p.versionNumber, await history(p.app, p.versionNumber));
  }

  /** Version n by public app slug, or 404. */
  async function version(appSlug: string, n: number): Promise<LegalDoc> {
    const cur = await flows.publicFlow(appSlug, 'legal');
    const v = await flows.publishedVersion(cur.app, 'legal', n);
    return asDoc(cur.app, v, cur.versionNumber, await history(cur.app, cur.versionNumber));
  }

  const basisOf = (doc: LegalDoc): Basis => ({
    source: 'published',
    version: doc.version,
    effectiveDate: doc.effectiveDate,
    url: `${deps.webUrl}/legal/${doc.app.slug}/v/${doc.version}`,
  });

  /** The facts a declaration derives from, for the owner API. */
  async function target(app: AppRow, t: DerivationTarget): Promise<{ config: LegalConfig; frozen: Frozen; basis: Basis }> {
    if (t.draft) {
      const d = await flows.draft(app, 'legal');
      const parsed = legalConfig.safeParse(d.config);
      const config = (parsed.success ? parsed.data : d.config) as LegalConfig;
      const published = (await flows.context(app).publishedFlows()).filter((f) => f.type !== 'legal');
      return { config, frozen: freeze(config, published), basis: { source: 'draft', version: null, effectiveDate: null, url: null } };
    }
    const p = t.version
      ? await flows.publishedVersion(app, 'legal', t.version)
      : await flows.published(app, 'legal').catch((e) => Promise.reject(e instanceof AppError && e.status === 404 ? notFound('The legal flow is not published: publish it, or ask for ?draft=true') : e));
    const doc = asDoc(app, p, p.versionNumber, []);
    return { config: doc.config, frozen: doc.frozen, basis: basisOf(doc) };
  }

  return {
    current,
    version,
    basisOf,
    async appStorePrivacy(app: AppRow, t: DerivationTarget = {}) {
      const { config, frozen, basis } = await target(app, t);
      return appStorePrivacy(config, frozen, basis);
    },
    async playDataSafety(app: AppRow, t: DerivationTarget = {}) {
      const { config, frozen, basis } = await target(app, t);
      return playDataSafety(config, frozen, basis);
    },
  };
}
export type LegalService = ReturnType<typeof createLegalService>;
