import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crashFingerprint, normalizeFrame, topFrames } from '../../../src/flows/crash/crash.fingerprint.js';
import { clampAttachments, cutUtf8 } from '../../../src/flows/crash/crash.clamp.js';
import { STACK, STACK_OTHER_RUN } from './crash.fixtures.js';

describe('crash fingerprints', () => {
  it('drops frame indexes and load addresses, keeps symbols and offsets', () => {
    expect(normalizeFrame('2   MyApp    0x0000000104c8a1b4 MyApp.CartView.total() + 44')).toBe('MyApp MyApp.CartView.total() + 44');
    expect(normalizeFrame('3   MyApp   0x0000000104c8a1b4 0x104000000 + 51400')).toBe('MyApp + 51400');
    expect(topFrames(STACK)).toHaveLength(5);
    expect(topFrames('\n\n  \n')).toEqual([]);
  });

  it('is the same for the same crash in another run, and differs by version, exception or frames (not by reason)', () => {
    const base = { appVersion: '1.0', exceptionName: 'NSRangeException', stackTrace: STACK };
    const fp = crashFingerprint(base).fingerprint;
    expect(fp).toMatch(/^[0-9a-f]{32}$/);
    expect(crashFingerprint({ ...base, stackTrace: STACK_OTHER_RUN }).fingerprint).toBe(fp);
    expect(crashFingerprint({ ...base, appVersion: '1.1' }).fingerprint).not.toBe(fp);
    expect(crashFingerprint({ ...base, exceptionName: 'SIGSEGV' }).fingerprint).not.toBe(fp);
    expect(crashFingerprint({ ...base, stackTrace: STACK.split('\n').slice(1).join('\n') }).fingerprint).not.toBe(fp);
    // Frames below the top five do not matter.
    expect(crashFingerprint({ ...base, stackTrace: `${STACK}\n6 Foo 0x1 bar + 1` }).fingerprint).toBe(fp);
    expect(crashFingerprint({ appVersion: '1.0', exceptionName: null, stackTrace: null }).fingerprint).toBeNull();
  });

  it('cutUtf8 keeps the longest whole-character prefix that fits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.integer({ min: 0, max: 400 }), (s, n) => {
        const cut = cutUtf8(s, n);
        expect(s.startsWith(cut)).toBe(true);
        expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(n);
        if (cut.length < s.length) {
          const next = s.codePointAt(cut.length)!;
          expect(Buffer.byteLength(cut + String.fromCodePoint(next))).toBeGreaterThan(n);
        }
      }),
    );
  });

  it('clamps never exceed 5 items, 32 KB each, 128 KB in all', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.string({ maxLength: 10 }), content: fc.string({ unit: 'grapheme', maxLength: 40_000 }) }), { maxLength: 9 }), (items) => {
        const clamps: { path: string; message: string }[] = [];
        const out = clampAttachments(items, clamps);
        expect(out.length).toBeLessThanOrEqual(5);
        let total = 0;
        for (const a of out) {
          const b = Buffer.byteLength(a.content);
          expect(b).toBeLessThanOrEqual(32 * 1024);
          expect(a.content.trim()).not.toBe('');
          total += b;
        }
        expect(total).toBeLessThanOrEqual(128 * 1024);
      }),
      { numRuns: 30 },
    );
  });
});
