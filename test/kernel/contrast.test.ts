import { expect, it } from 'vitest';
import { accentPalette, contrast } from '../../src/kernel/pages/contrast.js';

it('contrast is the WCAG ratio', () => {
  expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
  expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
});

it('every accent gets readable ink on light and dark pages and readable text on itself', () => {
  const tint = (hex: string, over: string, t: number) => {
    const p = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
    const [a, b] = [p(hex), p(over)];
    return `#${a.map((v, i) => Math.round(b[i] * (1 - t) + v * t).toString(16).padStart(2, '0')).join('')}`;
  };
  for (const accent of ['#fde68a', '#22d3ee', '#0f766e', '#4f46e5', '#888888', '#111827', '#ff0000', '#ffffff', '#000000']) {
    const p = accentPalette(accent);
    expect(contrast(p.ink, tint(accent, '#ffffff', 0.3)), `${accent} ink`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(p.inkDark, tint(accent, '#0d0e13', 0.28)), `${accent} dark ink`).toBeGreaterThanOrEqual(4.5);
    // Mid-tones can sit where neither white nor black reaches 4.5 against them; then the better of the two.
    expect(contrast(p.on, accent), `${accent} on`).toBeGreaterThanOrEqual(Math.min(4.5, Math.max(contrast('#ffffff', accent), contrast('#111111', accent))));
  }
  // A dark accent keeps its own colour as ink; a light one is darkened, and gets dark text on buttons.
  expect(accentPalette('#111827').ink).toBe('#111827');
  expect(accentPalette('#fde68a').ink).not.toBe('#fde68a');
  expect(accentPalette('#fde68a').on).toBe('#111111');
});

it('a button stands out from its card at 3:1 on both schemes: dark pages get a lighter fill, light pages an edge', async () => {
  const { accentNotes } = await import('../../src/kernel/pages/contrast.js');
  const darkCards = ['#161821', '#181a22', '#0d0e13', '#0f1015'];
  for (const accent of ['#111827', '#000000', '#1e1b4b', '#4f46e5', '#0f766e', '#fde68a', '#ffffff']) {
    const p = accentPalette(accent);
    for (const card of darkCards) expect(contrast(p.fillDark, card), `${accent} on ${card}`).toBeGreaterThanOrEqual(3);
    expect(contrast(p.onDark, p.fillDark), `${accent} text on the dark fill`).toBeGreaterThanOrEqual(Math.min(4.5, Math.max(contrast('#ffffff', p.fillDark), contrast('#111111', p.fillDark))));
    // Light pages keep the owner's colour; a pale one gets an edge that stands out (the ink).
    if (p.edge !== 'transparent') expect(contrast(p.edge, '#f7f7fb'), `${accent} edge`).toBeGreaterThanOrEqual(3);
  }
  // The case: a dark accent on the dark theme was 1.1:1; an accent that already stands out is left alone.
  expect(contrast('#111827', '#161821')).toBeLessThan(1.2);
  expect(accentPalette('#111827').fillDark).not.toBe('#111827');
  expect(accentPalette('#0f766e').fillDark).toBe('#0f766e');
  expect(accentPalette('#4f46e5').edge).toBe('transparent');
  expect(accentPalette('#fde68a').edge).toBe(accentPalette('#fde68a').ink);
  // The dashboard's words at the field: one note per scheme the colour needs help on.
  expect(accentNotes('#111827')).toEqual([expect.stringMatching(/^On dark pages #111827 is 1\.\d\d:1 against the card: buttons use #[0-9a-f]{6} there instead\.$/)]);
  expect(accentNotes('#fde68a')).toEqual([expect.stringMatching(/^On light pages #fde68a is 1\.\d\d:1/)]);
  expect(accentNotes('#0f766e')).toEqual([]);
});

it('base.css’s dark default is the built-in indigo’s own dark fill', async () => {
  const { readFileSync } = await import('node:fs');
  const css = readFileSync(new URL('../../public/base.css', import.meta.url), 'utf8');
  const fill = accentPalette('#4f46e5').fillDark;
  expect(css).toContain(`body.theme-dark { --accent: ${fill};`);
  expect(css).toContain(`body.theme-auto { --accent: ${fill};`);
});
