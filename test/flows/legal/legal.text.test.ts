import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../../src/flows/legal/legal.presets.js';
import { en } from '../../../src/flows/legal/text/en.js';
import { lawEn } from '../../../src/flows/legal/text/law.en.js';
import { LAW_TEXTS, LEGAL_TEXTS, TEXT_LOCALES, type LegalText } from '../../../src/flows/legal/text/index.js';
import { leftoverEnglish, renderAll, wide } from './legal.text.fixtures.js';

/** A copy of `text` that records the path of every member the renderer reads (`claims.tracking.no`). */
function recording<T>(text: T, seen: Set<string>): T {
  const wrap = (v: unknown, path: string): unknown => {
    if (Array.isArray(v)) return seen.add(path), v;
    if (typeof v === 'function') return (...args: unknown[]) => (seen.add(path), (v as (...a: unknown[]) => unknown)(...args));
    if (v && typeof v === 'object') return new Proxy(v, { get: (o, k) => wrap(Reflect.get(o, k), path ? `${path}.${String(k)}` : String(k)) });
    seen.add(path);
    return v;
  };
  return wrap(text, '') as T;
}
/** Every leaf member of a text (`kinds.email`, `claims.tracking.no`, `list`). */
function leaves(v: unknown, path = ''): string[] {
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leaves(x, path ? `${path}.${k}` : k));
  return [path];
}

describe('the generated text, per language', () => {
  it('the full facts reach every member of the English text, both parts (so the check below covers every sentence)', () => {
    const seen = new Set<string>();
    const seenLaw = new Set<string>();
    renderAll(recording(en, seen), recording(lawEn, seenLaw));
    expect(leaves(en).filter((m) => m !== 'lang' && !seen.has(m))).toEqual([]);
    expect(leaves(lawEn).filter((m) => !seenLaw.has(m.replace(/\.\d+$/, '')))).toEqual([]);
    expect(Object.keys(en.presets).sort()).toEqual(Object.keys(PRESETS).sort());
  });

  it.each(TEXT_LOCALES.filter((l) => l !== 'en'))('%s: no sentence of the English template is left (first part; the law part too once registered)', (locale) => {
    const text: LegalText = LEGAL_TEXTS[locale];
    const law = LAW_TEXTS[locale];
    expect(text.lang).toBe(locale);
    expect(leftoverEnglish(en, text, law)).toEqual([]);
    // The same facts give the same sections in every language.
    expect(renderAll(text, law).map((s) => s.id)).toEqual(renderAll(en).map((s) => s.id));
  });

  it('the check finds an untranslated sentence, and passes a text that shares none', () => {
    const halfway: LegalText = { ...en, lang: 'xx', policyChanges: 'Neue Fassungen erhalten ein neues Datum.' };
    const left = leftoverEnglish(en, halfway);
    expect(left).toContain('We do not sell your personal data');
    expect(left).not.toContain('When this policy changes we publish a new version with a new effective date');
    // Every word English writes, in full-width letters: shares no fragment with English, so it passes.
    expect(leftoverEnglish(en, wide(en), wide(lawEn))).toEqual([]);
  });
});
