import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { AppsTable } from '../db/types.js';
import type { App } from './apps.schema.js';
import { asciiUrl, asciiUrlsIn } from '../kernel/ascii-url.js';

export type AppRow = Selectable<AppsTable>;

export const toApp = (r: AppRow): App => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  bundleId: r.bundle_id,
  deepLinkScheme: r.deep_link_scheme,
  // Stored before #35 as written: served in the ASCII form iOS 16 opens (kernel/ascii-url.ts).
  logoUrl: r.logo_url === null ? null : asciiUrl(r.logo_url),
  locale: r.locale ?? null,
  accentColor: r.accent_color ?? null,
  theme: (r.theme as App['theme']) ?? null,
  promotion: r.promotion_json ? asciiUrlsIn(JSON.parse(r.promotion_json)) : null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function createAppStore(db: Db) {
  return {
    list(accountId: string) {
      return db.selectFrom('apps').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
    },
    /**
     * Scoped: another account's app is simply not found. The id wins over a slug: new slugs can
     * never look like an id (apps.slugs.ts), but one written before that rule must not hide the
     * app whose id it spells.
     */
    async byIdOrSlug(accountId: string, idOrSlug: string) {
      const rows = await db
        .selectFrom('apps')
        .selectAll()
        .where('account_id', '=', accountId)
        .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
        .execute();
      return rows.find((r) => r.id === idOrSlug) ?? rows[0];
    },
    /** By id alone: pages that reach an app through something else it owns (an invite code). */
    byId(id: string) {
      return db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Public lookups are by slug alone (the public API's trust model). */
    bySlug(slug: string) {
      return db.selectFrom('apps').selectAll().where('slug', '=', slug).executeTakeFirst();
    },
    slugTaken(slug: string) {
      return db.selectFrom('apps').select('id').where('slug', '=', slug).executeTakeFirst();
    },
    insert(row: AppRow) {
      return db.insertInto('apps').values(row).execute();
    },
    update(accountId: string, row: AppRow) {
      const { id, account_id: _a, created_at: _c, ...fields } = row;
      return db.updateTable('apps').set(fields).where('account_id', '=', accountId).where('id', '=', id).execute();
    },
  };
}
export type AppStore = ReturnType<typeof createAppStore>;
