import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { lucideIcon, lucideNames, remixIcon, remixNames } from '../../src/kernel/pages/icon-set.js';
import { GLYPH_NAMES, Glyph, IconSvg, knownIconName, lucideOfGlyph, NamedIcon } from '../../src/kernel/pages/icons.js';
import { sanitiseSvg, type SvgNode } from '../../src/kernel/pages/svg-sanitise.js';

/**
 * The icon packages' SVG goes into pages only through the sanitiser: shapes and their geometry,
 * nothing that runs, styles, or references anything. A crafted SVG shows what is stripped; every
 * file of both packages shows nothing real is lost.
 */

const MALICIOUS = `<?xml version="1.0"?>
<!DOCTYPE svg [ <!ENTITY x "<script>alert(1)</script>"> ]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" fill="none" stroke="currentColor" onload="alert(1)" style="background:url(https://evil.example/x)">
  <script>alert(document.cookie)</script>
  <SCRIPT type="text/javascript">fetch('https://evil.example')</SCRIPT>
  <style>path { fill: url(https://evil.example/f) }</style>
  <!-- <script>alert('in a comment')</script> -->
  <![CDATA[ <script>alert('cdata')</script> ]]>
  <path d="M1 1L23 23" onclick="alert(2)" style="stroke:red" fill="url(#p)" stroke-width="9" transform="scale(9)" />
  <path d="M0 0 url(javascript:alert(3))" />
  <path d="M2 2h&amp;3" />
  <a href="javascript:alert(4)"><path d="M5 5h1" /><g><circle cx="1" cy="1" r="1" /></g></a>
  <use href="#p" xlink:href="https://evil.example/sprite.svg#x" />
  <image href="https://evil.example/track.png" width="24" height="24" />
  <foreignObject width="24" height="24"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe></div></foreignObject>
  <animate attributeName="href" to="javascript:alert(5)" />
  <set attributeName="onmouseover" to="alert(6)" />
  <g fill-rule="evenodd" clip-path="url(#c)">
    <circle cx="12" cy="12" r="10" fill="currentColor" />
    <rect x="3" y="3" width="18" height="18" rx="2" ry="javascript" />
    <polygon points="1,2 3,4 5,6" />
    <text x="1" y="1">hello</text>
  </g>
  <line x1="0" y1="0" x2="24" y2="24" />
</svg>`;

describe('svg sanitiser', () => {
  it('keeps shapes and their geometry only, from a crafted svg', () => {
    const icon = sanitiseSvg(MALICIOUS)!;
    expect(icon.viewBox).toBe('0 0 24 24');
    expect(icon.paint).toBe('stroke');
    const n = (tag: SvgNode['tag'], attrs: Record<string, string>, children: SvgNode[] = []): SvgNode => ({ tag, attrs, children });
    expect(icon.nodes).toEqual([
      n('path', { d: 'M1 1L23 23' }),
      n('path', {}),
      n('path', {}),
      n('g', { 'fill-rule': 'evenodd' }, [n('circle', { cx: '12', cy: '12', r: '10', fill: 'currentColor' }), n('rect', { x: '3', y: '3', width: '18', height: '18', rx: '2' }), n('polygon', { points: '1,2 3,4 5,6' })]),
      n('line', { x1: '0', y1: '0', x2: '24', y2: '24' }),
    ]);
    const html = renderToString(h(IconSvg, { icon }));
    expect(html).not.toMatch(/script|alert|on[a-z]+=|style|href|url\(|evil|javascript|transform|<text|hello|<a\b|use|image|foreign|iframe|animate|<set/i);
  });

  it('refuses what is not one svg icon', () => {
    expect(sanitiseSvg('<html><body><svg viewBox="0 0 24 24"><path d="M1 1"/></svg></body></html>')).toBeUndefined();
    expect(sanitiseSvg('<svg viewBox="0 0 24 24 javascript:1"><path d="M1 1"/></svg>')).toBeUndefined();
    expect(sanitiseSvg('<svg viewBox="0 0 24 24"><path d="M1 1"/></svg><svg><script>alert(1)</script></svg>')!.nodes).toEqual([{ tag: 'path', attrs: { d: 'M1 1' }, children: [] }]);
    expect(sanitiseSvg(`<svg viewBox="0 0 24 24">${'<path d="M1 1"/>'.repeat(10_000)}</svg>`)).toBeUndefined();
    expect(sanitiseSvg('just text')).toBeUndefined();
  });

  it('keeps every shape of every Lucide and Remix Icon file', () => {
    const root = (pkg: string) => join(dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), 'icons');
    const files = [
      ...readdirSync(root('lucide-static')).map((f) => join(root('lucide-static'), f)),
      ...readdirSync(root('remixicon')).flatMap((c) => readdirSync(join(root('remixicon'), c)).map((f) => join(root('remixicon'), c, f))),
    ].filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(5000);
    const count = (nodes: SvgNode[]): number => nodes.reduce((a, x) => a + 1 + count(x.children), 0);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const icon = sanitiseSvg(text);
      expect(icon, f).toBeDefined();
      expect(count(icon!.nodes), f).toBe((text.match(/<(path|circle|rect|line|polyline|polygon|ellipse|g)\b/g) ?? []).length);
      expect(icon!.paint, f).toBe(f.includes('lucide') ? 'stroke' : 'fill');
    }
  });
});

describe('icon set from the packages', () => {
  it('finds Lucide names and Remix Icon keys, and never turns a name into a path', () => {
    expect(lucideNames()).toContain('circle-dollar-sign');
    expect(remixNames()).toContain('github-fill');
    expect(lucideIcon('Circle-Dollar-Sign')).toBeDefined();
    expect(remixIcon('instagram')).toEqual(remixIcon('instagram-line'));
    expect(remixIcon('ri-github-fill')).toBeDefined();
    for (const bad of ['../package', '../../lucide-static/package', '/etc/passwd', 'icons/x', '']) {
      expect(lucideIcon(bad), bad).toBeUndefined();
      expect(remixIcon(bad), bad).toBeUndefined();
    }
  });

  it('draws every one of our glyphs, each from its Lucide icon unless drawn here', () => {
    for (const g of GLYPH_NAMES) {
      const html = renderToString(h(Glyph, { glyph: g }));
      expect(html, g).toMatch(/^<svg class="glyph"[^>]*><[a-z]/);
      const lucide = lucideOfGlyph(g);
      if (lucide) expect(html, g).toBe(renderToString(h(IconSvg, { icon: lucideIcon(lucide)! })));
    }
    expect(GLYPH_NAMES.filter((g) => !lucideOfGlyph(g))).toEqual(['camera', 'download']);
  });

  it('names in configs: our spellings first, then Lucide and Remix Icon names; unknown draws nothing', () => {
    const html = (name: string) => renderToString(h(NamedIcon, { name }));
    expect(html('dollarsign.circle')).toBe(renderToString(h(IconSvg, { icon: lucideIcon('circle-dollar-sign')! })));
    expect(html('coins')).toBe(html('dollar')); // an alias we map keeps its look
    expect(html('ri:rocket-2-line')).toBe(html('rocket'));
    expect(html('ri:instagram-line')).toBe(renderToString(h(IconSvg, { icon: remixIcon('instagram-line')! })));
    expect(html('square-kanban')).toBe(renderToString(h(IconSvg, { icon: lucideIcon('square-kanban')! })));
    expect(knownIconName('square-kanban')).toBe(true);
    expect(knownIconName('unicorn-rainbow')).toBe(false);
    expect(html('unicorn-rainbow')).toBe('');
    expect(html('⚡')).toBe('⚡');
  });
});
