import { translator, type Locale } from '../../kernel/i18n.js';
import { longDay } from '../../kernel/i18n.format.js';
import type { LegalConfig } from './legal.schema.js';

/** The frame's words: headings, navigation, dates and tables follow the config's `locale` (own file: the pages and the declaration views both read it, neither imports the other back). */
export const wordsOf = (config: LegalConfig) => {
  const locale: Locale = config.locale ?? 'en';
  return { locale, t: translator(locale, config.strings), date: (ymd: string) => longDay(ymd, locale) };
};
export type Words = ReturnType<typeof wordsOf>;
