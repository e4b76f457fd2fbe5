import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { ja } from './ja.js';
import { lawDe } from './law.de.js';
import { lawEn } from './law.en.js';
import { lawEs } from './law.es.js';
import { lawFr } from './law.fr.js';
import { lawIt } from './law.it.js';
import { lawJa } from './law.ja.js';
import { lawPtBR } from './law.pt-BR.js';
import type { LawText } from './law.types.js';
import { ptBR } from './pt-BR.js';
import type { LegalText } from './types.js';

export type { LegalText, Inline } from './types.js';
export type { LawText } from './law.types.js';

/**
 * The generated text's languages: the first part (types.ts) and the law sections (law.types.ts).
 * A translation registers its first part here (`de: de`) and its law part in LAW_TEXTS; the
 * completeness test (test/flows/legal/legal.text.test.ts) checks each renders no English sentence.
 * A language is used for new versions only once both parts exist (never half English).
 */
export const LEGAL_TEXTS = { en, de, fr, es, it, 'pt-BR': ptBR, ja } as const satisfies Record<string, LegalText>;
export const LAW_TEXTS: Record<string, LawText> = { en: lawEn, de: lawDe, fr: lawFr, es: lawEs, it: lawIt, 'pt-BR': lawPtBR, ja: lawJa };
export type TextLocale = keyof typeof LEGAL_TEXTS;
export const TEXT_LOCALES = Object.keys(LEGAL_TEXTS) as TextLocale[];

/**
 * The newest edition, which publish freezes into a version (`frozen.edition`, legal.edition.ts:
 * one number for the text and the derivation); a version always renders with its own: editions
 * 0 and 1 are the text before the law sections (0 also before the data-flow model); edition 2
 * adds them; edition 3 gives the Swiss FADP its own wording, the GDPR Art. 8 ages, crash
 * reporting on legitimate interests, US under-16s and request methods, and COPPA without claiming
 * how consent is obtained. An edition's sentences never change once published: new wording is a
 * new edition (with the old sentences kept for the old one), named as features in
 * legal.edition-features.ts.
 */
export const TEXT_EDITION = 3;

/** The language new versions are written in: the config's (or app's) locale when fully translated, else English. */
export const textLocaleFor = (locale: string | null | undefined): TextLocale => (locale && locale in LEGAL_TEXTS && LAW_TEXTS[locale] ? (locale as TextLocale) : 'en');

export interface Texts {
  text: LegalText;
  law: LawText;
  edition: number;
}

/** The words of a version's stamp (legal.edition.ts `stampOf`: old versions' stamps mapped). */
export function textsOf(stamp: { lang: string; edition: number }): Texts {
  const lang = textLocaleFor(stamp.lang);
  return { text: LEGAL_TEXTS[lang], law: LAW_TEXTS[lang] ?? lawEn, edition: stamp.edition };
}

/** What publish freezes into a version (`frozen.lang`, `frozen.edition`): the language new versions use (the config's locale, else the app's) and today's edition. */
export const textStamp = (locale: string | null | undefined) => ({ lang: textLocaleFor(locale), edition: TEXT_EDITION });
