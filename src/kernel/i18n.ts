import { z } from 'zod';
import { de } from './i18n/de.js';
import { en as EN, type LocaleMessages } from './i18n/en.js';
import { es } from './i18n/es.js';
import { fr } from './i18n/fr.js';
import { it } from './i18n/it.js';
import { ja } from './i18n/ja.js';
import { ptBR } from './i18n/pt-BR.js';

/**
 * Message catalogs for the built-in words of hosted pages, one data file per locale
 * (kernel/i18n/<locale>.ts). English is the source: every other locale is typed against it, so a
 * key missing in one language fails the type check instead of showing English on a German page.
 * A flow's language comes from its config (`locale`); owners may replace any built-in string
 * (`strings`); pages without a config (a 404) follow the browser's Accept-Language.
 */
const en = { ...EN.boards, ...EN.steps, ...EN.forms };

export type MessageKey = keyof typeof en;
type Catalog = Record<MessageKey, string>;

/** A locale's catalogs as one, in English's order (the boards', the steps', the forms' words). */
const flat = (m: LocaleMessages): Catalog => ({ ...m.boards, ...m.steps, ...m.forms });

export const CATALOGS = { en, de: flat(de), fr: flat(fr), es: flat(es), it: flat(it), 'pt-BR': flat(ptBR), ja: flat(ja) } as const satisfies Record<string, Catalog>;
export type Locale = keyof typeof CATALOGS;
export const LOCALES = Object.keys(CATALOGS) as Locale[];

export const localeSchema = z.enum(LOCALES as [Locale, ...Locale[]]).describe(`Language of the page's built-in words: ${LOCALES.join(', ')} (default en).`);
export const stringsSchema = z
  .partialRecord(z.enum(Object.keys(en) as [MessageKey, ...MessageKey[]]), z.string().min(1).max(500))
  .describe(`Owner replacements for built-in words, by key (${Object.keys(en).join(', ')}); \`{n}\` and \`{message}\` are filled in.`);

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The page's words: the owner's replacement, else the locale's catalog, with `{name}` filled in. */
export function translator(locale: Locale | undefined, strings?: Partial<Record<MessageKey, string>>): Translate {
  const catalog: Catalog = CATALOGS[locale ?? 'en'] ?? en;
  return (key, vars) => {
    const text = strings?.[key] ?? catalog[key];
    return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
  };
}

/** The best catalog for an Accept-Language header (pages without a config: a 404, a rate limit). */
export function negotiate(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim();
    if (!tag) continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0].toLowerCase();
    const byBase = base === 'pt' ? 'pt-BR' : LOCALES.find((l) => l === base);
    if (byBase) return byBase as Locale;
  }
  return 'en';
}

/**
 * A published config as its pages read it: with the app's default language when the config
 * sets none (a flow's own `locale` wins). Only where the type's schema accepts `locale` (a
 * config published under it parses again with it added): other types are left as they are.
 */
export function withAppLocale<C>(config: C, appLocale: string | null | undefined, schema: { safeParse(v: unknown): { success: boolean } }): C {
  if (!appLocale || !config || typeof config !== 'object' || (config as { locale?: unknown }).locale) return config;
  const merged = { ...(config as object), locale: appLocale } as C;
  return schema.safeParse(merged).success ? merged : config;
}
