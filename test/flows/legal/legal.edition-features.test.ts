import { expect, it } from 'vitest';
import { EDITION_FEATURES, editionFeatures } from '../../../src/flows/legal/legal.edition-features.js';
import { TEXT_EDITION } from '../../../src/flows/legal/text/index.js';

// A new edition (TEXT_EDITION bumped) without its row would render as the one before: each edition has a row, and says something its predecessor does not.
it('every edition up to today’s has its features, each edition different from the one before', () => {
  expect(EDITION_FEATURES).toHaveLength(TEXT_EDITION + 1);
  for (let e = 1; e <= TEXT_EDITION; e++) expect(EDITION_FEATURES[e]).not.toEqual(EDITION_FEATURES[e - 1]);
});

// Stored stamps outside the table read as the numeric comparisons (`edition >= n`) read them.
it('an edition outside the table reads as the nearest one: above as today’s, below or not a number as 0', () => {
  expect(editionFeatures(TEXT_EDITION + 5)).toBe(EDITION_FEATURES[TEXT_EDITION]);
  expect(editionFeatures(-1)).toBe(EDITION_FEATURES[0]);
  expect(editionFeatures(Number.NaN)).toBe(EDITION_FEATURES[0]);
  expect(editionFeatures(2.5)).toBe(EDITION_FEATURES[2]);
  expect(editionFeatures(3).swissLawOnItsOwn && !editionFeatures(2).swissLawOnItsOwn).toBe(true);
});
