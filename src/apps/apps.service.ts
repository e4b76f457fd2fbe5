import { isUniqueViolation } from '../db/errors.js';
import type { Clock } from '../kernel/clock.js';
import { conflict, notFound, unprocessable } from '../kernel/errors.js';
import { newId, randomString } from '../kernel/ids.js';
import { appFieldIssues } from './apps.promotion.js';
import type { App, CreateApp, PatchApp } from './apps.schema.js';
import { firstSegment, RESERVED_SLUGS, slugRefusal } from './apps.slugs.js';
import { toApp, type AppRow, type AppStore } from './apps.store.js';

/** "My Great App!" -> "my-great-app"; accents folded; never empty. */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return s || 'app';
}

export function createAppService({ store, clock }: { store: AppStore; clock: Clock }) {
  const reserved = new Set(RESERVED_SLUGS);
  return {
    /** Reserves the first segment of a route path as a slug (the server calls it for every route it registers). */
    reserveRoute(path: string): void {
      const word = firstSegment(path);
      if (word) reserved.add(word);
    },

    async list(accountId: string): Promise<App[]> {
      return (await store.list(accountId)).map(toApp);
    },

    /** The raw row, for other modules (flows, links) that scope by app. 404 when not visible. */
    async resolve(accountId: string, idOrSlug: string): Promise<AppRow> {
      const row = await store.byIdOrSlug(accountId, idOrSlug);
      if (!row) throw notFound('App not found');
      return row;
    },

    async get(accountId: string, idOrSlug: string): Promise<App> {
      return toApp(await this.resolve(accountId, idOrSlug));
    },

    /** The app by id, for public pages that reach it through something it owns (an invite code). */
    byId(id: string): Promise<AppRow | undefined> {
      return store.byId(id);
    },

    async resolvePublic(slug: string): Promise<AppRow> {
      const row = await store.bySlug(slug);
      if (!row) throw notFound('App not found');
      return row;
    },

    async create(accountId: string, input: CreateApp): Promise<App> {
      checkFields({ deepLinkScheme: input.deepLinkScheme ?? null, promotion: input.promotion ?? null });
      let slug = input.slug;
      if (slug) {
        const refusal = slugRefusal(slug, reserved);
        if (refusal) throw unprocessable(`Invalid slug: ${refusal}`, [{ path: '/slug', message: refusal }]);
      } else {
        // A derived slug must not fail the request: suffix it until allowed and free.
        const base = slugify(input.name);
        slug = base;
        while (slugRefusal(slug, reserved) || (await store.slugTaken(slug))) slug = `${base}-${randomString(4, 'abcdefghijkmnpqrstuvwxyz23456789')}`;
      }
      const now = clock.now().toISOString();
      const row: AppRow = {
        id: newId(),
        account_id: accountId,
        name: input.name,
        slug,
        bundle_id: input.bundleId ?? null,
        deep_link_scheme: input.deepLinkScheme ?? null,
        logo_url: input.logoUrl ?? null,
        locale: input.locale ?? null,
        accent_color: input.accentColor?.toLowerCase() ?? null,
        theme: input.theme ?? null,
        promotion_json: input.promotion ? JSON.stringify(input.promotion) : null,
        created_at: now,
        updated_at: now,
      };
      try {
        await store.insert(row);
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(`Slug "${slug}" is already taken`);
        throw e;
      }
      return toApp(row);
    },

    /**
     * PATCH: only sent keys change, `null` clears; the result is validated as on create (the
     * scheme and destination rules see the new deep-link scheme). 409 on a taken slug.
     */
    async update(accountId: string, idOrSlug: string, patch: PatchApp): Promise<App> {
      const row = await this.resolve(accountId, idOrSlug);
      const has = (k: keyof PatchApp) => Object.prototype.hasOwnProperty.call(patch, k) && patch[k] !== undefined;
      const next: AppRow = {
        ...row,
        name: patch.name ?? row.name,
        slug: patch.slug ?? row.slug,
        bundle_id: has('bundleId') ? (patch.bundleId ?? null) : row.bundle_id,
        deep_link_scheme: has('deepLinkScheme') ? (patch.deepLinkScheme ?? null) : row.deep_link_scheme,
        logo_url: has('logoUrl') ? (patch.logoUrl ?? null) : row.logo_url,
        locale: has('locale') ? (patch.locale ?? null) : (row.locale ?? null),
        accent_color: has('accentColor') ? (patch.accentColor?.toLowerCase() ?? null) : (row.accent_color ?? null),
        theme: has('theme') ? (patch.theme ?? null) : (row.theme ?? null),
        promotion_json: has('promotion') ? (patch.promotion ? JSON.stringify(patch.promotion) : null) : row.promotion_json,
        updated_at: clock.now().toISOString(),
      };
      checkFields({ deepLinkScheme: next.deep_link_scheme, promotion: next.promotion_json ? JSON.parse(next.promotion_json) : null });
      if (next.slug !== row.slug) {
        const refusal = slugRefusal(next.slug, reserved);
        if (refusal) throw unprocessable(`Invalid slug: ${refusal}`, [{ path: '/slug', message: refusal }]);
      }
      try {
        await store.update(accountId, next);
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(`Slug "${next.slug}" is already taken`);
        throw e;
      }
      return toApp(next);
    },
  };
}

function checkFields(fields: Parameters<typeof appFieldIssues>[0]) {
  const issues = appFieldIssues(fields);
  if (issues.length) throw unprocessable(`Invalid app: ${issues[0].path} ${issues[0].message}`, issues);
}
export type AppService = ReturnType<typeof createAppService>;
