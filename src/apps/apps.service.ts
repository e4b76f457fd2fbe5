import { isUniqueViolation } from '../db/errors.js';
import type { Clock } from '../kernel/clock.js';
import { conflict, notFound, unprocessable } from '../kernel/errors.js';
import { newId, randomString } from '../kernel/ids.js';
import type { App, CreateApp } from './apps.schema.js';
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
  };
}
export type AppService = ReturnType<typeof createAppService>;
