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
