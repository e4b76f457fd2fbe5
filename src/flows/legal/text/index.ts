import { en } from './en.js';
import { ja } from './ja.js';
import { ptBR } from './pt-BR.js';
import type { LegalText } from './types.js';

export type { LegalText, Inline } from './types.js';

/**
 * The generated text's languages. A translation registers here (`de: de`) and the completeness
 * test (test/flows/legal/legal.text.test.ts) checks it renders no English sentence.
 */
export const LEGAL_TEXTS = { en, 'pt-BR': ptBR, ja } as const satisfies Record<string, LegalText>;
export type TextLocale = keyof typeof LEGAL_TEXTS;
export const TEXT_LOCALES = Object.keys(LEGAL_TEXTS) as TextLocale[];

/** The text for a locale; English for one without a translation. */
export const legalText = (locale: string | undefined): LegalText => LEGAL_TEXTS[locale as TextLocale] ?? en;
