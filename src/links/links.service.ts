import { isUniqueViolation } from '../db/errors.js';
import type { DbHandle } from '../db/index.js';
import type { Clock } from '../kernel/clock.js';
import type { Events } from '../kernel/events/events.js';
import { AppError, conflict, notFound, unprocessable } from '../kernel/errors.js';
import { newId, randomString } from '../kernel/ids.js';
import { afterFromCursor, pageRows } from '../kernel/keyset.js';
import { createLinkCache } from './links.cache.js';
import { createClickRecorder } from './links.clicks.js';
import { schemeOf, schemeProblem } from '../kernel/url-destination.js';
import type { Click } from './links.settle.js';
import { RESERVED_CODES, type CreateLink, type Link, type LinkStats, type PatchLink } from './links.schema.js';
import { createLinkStore, type LinkChanges, type LinkRow } from './links.store.js';
import { linkView } from './links.view.js';

/** No 0/o, 1/l/i: generated codes survive being read aloud or retyped from print. */
export const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

// Re-exported: tests and other callers import the derived state from here.
export { stateOf } from './links.view.js';

export interface LinkServiceDeps {
  db: DbHandle;
  clock: Clock;
  config: { shortLinkUrl: string };
  /** How long another node's change may take to reach this node's redirects. */
  cacheTtlMs?: number;
  /** Who listens to links' events (kernel/events); without it no event is written. */
  events?: Events;
  /** Draws a code of `length` characters for a link created without one (tests force collisions). */
  drawCode?: (length: number) => string;
}

export function createLinkService({ db, clock, config, events, cacheTtlMs = 1000, drawCode = (n) => randomString(n, CODE_ALPHABET) }: LinkServiceDeps) {
  const store = createLinkStore(db.db);
  const cache = createLinkCache((code) => store.byCode(code), cacheTtlMs);
  const clicks = createClickRecorder({ db, clock, limit: events && { events, shortLinkUrl: config.shortLinkUrl } });
  const now = () => clock.now().toISOString();

  const toLink = (r: LinkRow): Link => linkView(r, config.shortLinkUrl, now());

  async function find(appId: string, idOrCode: string): Promise<LinkRow> {
    const row = await store.byIdOrCode(appId, idOrCode);
    if (!row) throw notFound('Link not found');
    return row;
  }

  const requireExpiredUrl = (behavior: string, url: string | null) => {
    if (behavior === 'redirect' && !url) {
      throw unprocessable('Invalid body: /expiredUrl is required when expiredBehavior is "redirect"', [
        { path: '/expiredUrl', message: 'Required when expiredBehavior is "redirect"' },
      ]);
    }
  };

  /**
   * The scheme allowlist, which needs the app (its deep-link scheme); the request schema has
   * already refused everything else and normalised the URLs (kernel/url-destination.ts).
   */
  const requireAllowedSchemes = (urls: Record<string, string | null | undefined>, appScheme: string | null) => {
    const issues = Object.entries(urls).flatMap(([field, url]) => {
      const problem = url ? schemeProblem(schemeOf(url), appScheme) : undefined;
      return problem ? [{ path: `/${field}`, message: problem }] : [];
    });
    if (issues.length) throw unprocessable(`Invalid body: ${issues[0].path} ${issues[0].message}`, issues);
  };

  /** Inserts with a generated code, retrying on the (rare) collision; 7 characters after a few misses. */
  async function insertGenerated(appId: string, row: LinkRow): Promise<LinkRow> {
    for (let attempt = 0; ; attempt++) {
      let code: string;
      do code = drawCode(attempt < 4 ? 6 : 7);
      while (RESERVED_CODES.has(code));
      try {
        const withCode = { ...row, code };
        await store.insert(appId, withCode);
        return withCode;
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        // Ten misses in 31^6..31^7 codes means the space is nearly full (or the draw is broken).
        if (attempt >= 9) throw new AppError(503, 'No free short code found after 10 tries; retry, or choose a code');
      }
    }
  }

  return {
    async list(appId: string, limit: number, cursor?: string) {
      const rows = await store.list(appId, limit + 1, afterFromCursor(cursor));
      const page = pageRows(rows, limit);
      return { links: page.items.map(toLink), nextCursor: page.nextCursor };
    },

    async get(appId: string, idOrCode: string): Promise<{ link: Link; stats: LinkStats }> {
      const row = await find(appId, idOrCode);
      const { targets, countries } = await store.stats(appId, row.id);
      const byTarget = { ios: 0, android: 0, fallback: 0, expired: 0 };
      let botClicks = 0;
      for (const t of targets) {
        if (Number(t.is_bot)) botClicks += Number(t.n);
        else byTarget[t.target] += Number(t.n);
      }
      return {
        link: toLink(row),
        stats: {
          clicks: byTarget.ios + byTarget.android + byTarget.fallback,
          byTarget,
          topCountries: countries.map((c) => ({ country: c.country!, clicks: Number(c.n) })),
          botClicks,
        },
      };
    },

    /** `appScheme`: the app's deepLinkScheme, the one custom scheme its destinations may use. */
    async create(appId: string, input: CreateLink, appScheme: string | null = null): Promise<Link> {
      requireAllowedSchemes({ url: input.url, iosUrl: input.iosUrl, androidUrl: input.androidUrl, expiredUrl: input.expiredUrl }, appScheme);
      const behavior = input.expiredBehavior ?? 'page';
      requireExpiredUrl(behavior, input.expiredUrl ?? null);
      const at = now();
      const row: LinkRow = {
        id: newId(),
        app_id: appId,
        code: input.code ?? '',
        name: input.name || 'Untitled link',
        url: input.url,
        ios_url: input.iosUrl ?? null,
        android_url: input.androidUrl ?? null,
        status: 'active',
        expires_at: input.expiresAt ?? null,
        max_clicks: input.maxClicks ?? null,
        click_count: 0,
        bot_click_count: 0,
        history_count: 0,
        expired_behavior: behavior,
        expired_url: input.expiredUrl ?? null,
        expired_message: input.expiredMessage ?? null,
        created_at: at,
        updated_at: at,
      };
      let created = row;
      if (input.code) {
        try {
          await store.insert(appId, row);
        } catch (e) {
          if (isUniqueViolation(e)) throw conflict(`Code "${input.code}" is already taken`);
          throw e;
        }
      } else created = await insertGenerated(appId, row);
      cache.invalidate(created.code); // this node may have cached "no such code"
      return toLink(created);
    },

    async update(appId: string, idOrCode: string, patch: PatchLink, appScheme: string | null = null): Promise<Link> {
      const row = await find(appId, idOrCode);
      requireAllowedSchemes({ url: patch.url, iosUrl: patch.iosUrl, androidUrl: patch.androidUrl, expiredUrl: patch.expiredUrl }, appScheme);
      const changes: LinkChanges = {};
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.url !== undefined) changes.url = patch.url;
      if (patch.iosUrl !== undefined) changes.ios_url = patch.iosUrl;
      if (patch.androidUrl !== undefined) changes.android_url = patch.androidUrl;
      if (patch.status !== undefined) changes.status = patch.status;
      if (patch.expiresAt !== undefined) changes.expires_at = patch.expiresAt;
      if (patch.maxClicks !== undefined) changes.max_clicks = patch.maxClicks;
      if (patch.expiredBehavior !== undefined) changes.expired_behavior = patch.expiredBehavior;
      if (patch.expiredUrl !== undefined) changes.expired_url = patch.expiredUrl;
      if (patch.expiredMessage !== undefined) changes.expired_message = patch.expiredMessage;
      if (patch.resetClicks) changes.click_count = 0;
      requireExpiredUrl(changes.expired_behavior ?? row.expired_behavior, changes.expired_url !== undefined ? changes.expired_url : row.expired_url);
      changes.updated_at = now();
      const updated = await store.update(appId, row.id, changes, !!patch.resetClicks);
      cache.invalidate(row.code);
      if (!updated) throw notFound('Link not found');
      return toLink(updated);
    },

    async remove(appId: string, idOrCode: string) {
      const row = await find(appId, idOrCode);
      await store.remove(appId, row.id);
      cache.invalidate(row.code);
      return { deleted: true as const, id: row.id, code: row.code };
    },

    /** Redirect path: the link behind a public code (cached), or undefined. */
    lookup(code: string): Promise<LinkRow | undefined> {
      return cache.get(code);
    },

    /** Redirect fast path: the cached link behind a code, only if it is cached and fresh (never queries). */
    cached(code: string) {
      return cache.peek(code);
    },

    /** Redirect path: commits the click (group commit) and says what the visitor gets. */
    record(click: Click) {
      return clicks.record(click);
    },

    /** Resolves when every queued click is committed (server close, benchmarks, tests). */
    drain() {
      return clicks.drain();
    },
  };
}
export type LinkService = ReturnType<typeof createLinkService>;
