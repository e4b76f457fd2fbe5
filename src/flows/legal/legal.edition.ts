import { editionFeatures } from './legal.edition-features.js';
import type { Frozen } from './legal.schema.js';

/**
 * A published version's one stamp: the language of its generated text and its edition, a single
 * number saying how its pages and declarations render, so a version renders as it was published
 * whatever later releases change:
 *
 * - 0: before the data-flow model (legal.model.ts `legacy`: per-source linked answers, no
 *   `dataTypes`, the unqualified on-device list) and before the law sections;
 * - 1: the model; the text without the law sections;
 * - 2 on: the text editions (text/index.ts, TEXT_EDITION the newest): 2 adds the law sections.
 *
 * What each edition's text does is named in legal.edition-features.ts; the code asks its features.
 * New wording or a new derivation that would change what a published version shows is a new
 * edition. Releases before the single stamp stored two: `model` (the model's revision, 1; absent
 * before the model) and `text: { lang, edition }` (absent before editions); they are read here.
 */
export interface Stamp {
  lang: string;
  edition: number;
}

export function stampOf(frozen: Frozen): Stamp {
  if (frozen.edition !== undefined) return { lang: frozen.lang ?? 'en', edition: frozen.edition };
  // Old shapes: `text` was only ever written beside `model` (the model shipped first), so a text
  // stamp means the model; a model revision alone is edition 1; neither, edition 0.
  if (frozen.text) return { lang: frozen.text.lang, edition: frozen.text.edition };
  return { lang: 'en', edition: frozen.model !== undefined ? 1 : 0 };
}

/** Whether the version derives from the data-flow model (`dataFlowModel`, edition 1 on). */
export const usesModel = (frozen: Frozen) => editionFeatures(stampOf(frozen).edition).dataFlowModel;
