import { LOCALES, withAppLocale } from '../i18n.js';
import { readConfig } from './flows.core.js';
import type { FlowStore } from './flows.store.js';

type Schema = { safeParse(v: unknown): { success: boolean } };

/** How many published versions a node keeps read (sessions pin one each). */
const MAX_VERSIONS = 1000;

/**
 * Published versions by id, as sessions read them on every page: a version never changes, so
 * its config is read once and kept (bounded, oldest first out), and the app's default language
 * is merged into it once per version and language, not with a zod parse per request.
 */
export function versionCache(store: FlowStore, schemaOf: (type: string) => Schema) {
  const versions = new Map<string, Promise<{ versionNumber: number; config: Record<string, unknown> } | undefined>>();
  // Per config object (one per cached version) and language: at most one entry per catalog
  // language, and gone with the config once the version leaves the cache.
  const localized = new WeakMap<object, Map<string, unknown>>();

  return {
    /** A published version's config by id (what a session pinned), or undefined. */
    version(appId: string, versionId: string) {
      let v = versions.get(versionId);
      if (!v) {
        v = store.version(appId, versionId).then((row) => (row ? { versionNumber: row.version_number, config: readConfig(row.config_json) } : undefined));
        if (versions.size >= MAX_VERSIONS) versions.delete(versions.keys().next().value!);
        versions.set(versionId, v);
        v.catch(() => versions.delete(versionId));
      }
      return v;
    },

    /**
     * A pinned version's config as its pages read it: with the app's default language (kernel/i18n.ts
     * withAppLocale). Remembered per config object (`version` caches them) and language, so a
     * session page does not parse the config with zod again on every request.
     */
    withAppLocale<C>(type: string, config: C, appLocale: string | null | undefined): C {
      if (!appLocale || !config || typeof config !== 'object') return config;
      // A language no catalog has is never merged (the schema refuses it): nothing to remember.
      if (!(LOCALES as string[]).includes(appLocale)) return withAppLocale(config, appLocale, schemaOf(type));
      let byLocale = localized.get(config);
      if (!byLocale) localized.set(config, (byLocale = new Map()));
      let merged = byLocale.get(appLocale) as C | undefined;
      if (merged === undefined) byLocale.set(appLocale, (merged = withAppLocale(config, appLocale, schemaOf(type))));
      return merged;
    },
  };
}
