/**
 * Icon SVG text -> the geometry alone, to inline in a page. The icon packages (kernel/pages/
 * icon-set.ts) are trusted files, but what goes into a page under our CSP is decided here, not
 * by them: only shape elements with their geometry attributes survive, each value checked
 * against what geometry looks like. No scripts, no styles, no event handlers, no `href` (no
 * external or internal references), no `<use>`, `<image>`, `<foreignObject>`, no text. An element
 * we do not allow goes with everything inside it. The result is data, which `renderSvgNodes`
 * turns into Preact elements (escaped like any other attribute), never raw HTML.
 */

export interface SvgNode {
  tag: (typeof ELEMENTS)[number];
  attrs: Record<string, string>;
  children: SvgNode[];
}

/** A sanitised icon: its viewBox, whether it is drawn with strokes (Lucide) or fills (Remix Icon), its shapes. */
export interface SvgIcon {
  viewBox: string;
  paint: 'stroke' | 'fill';
  nodes: SvgNode[];
}

const ELEMENTS = ['path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse', 'g'] as const;
const ELEMENT_SET = new Set<string>(ELEMENTS);

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?%?$/i;
const PAINT = /^(?:none|currentColor)$/;
const RULE = /^(?:nonzero|evenodd)$/;
/** Geometry attributes and what their values may be. */
const ATTRS: Record<string, RegExp> = {
  d: /^[MmZzLlHhVvCcSsQqTtAaEe0-9.,\s+-]+$/,
  points: /^[0-9.,\s+eE-]+$/,
  fill: PAINT,
  stroke: PAINT,
  'fill-rule': RULE,
  'clip-rule': RULE,
  ...Object.fromEntries(['cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'width', 'height', 'x1', 'y1', 'x2', 'y2'].map((a) => [a, NUMBER])),
};
const VIEW_BOX = /^\s*(?:[+-]?(?:\d+\.?\d*|\.\d+)[\s,]+){3}[+-]?(?:\d+\.?\d*|\.\d+)\s*$/;

/** Bigger than any icon of the packages (a few KB): anything larger is not an icon. */
const MAX_TEXT = 64 * 1024;
const MAX_NODES = 400;

// One token at a time: comments, CDATA, doctype, processing instructions, end tags, start tags, text.
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[\s\S]*?(?:\?>|$)|<\/\s*([^\s>]*)\s*>|<([a-zA-Z][^\s/>]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>|[^<]+|</g;
const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

function attributesOf(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of raw.matchAll(ATTR)) out.set(m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

function cleanAttrs(raw: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of raw) {
    const rule = ATTRS[name];
    // `&` never appears in geometry: an entity could hide anything, so such a value is dropped.
    if (rule && value.length <= 8000 && !value.includes('&') && rule.test(value)) out[name] = value.trim();
  }
  return out;
}

/**
 * The allowed part of an SVG document, or undefined when it is not one (no `<svg>` root with a
 * plain numeric viewBox, or too large). The root's `fill="none"` + `stroke="currentColor"`
 * says a stroked icon (Lucide); anything else is drawn filled in the text colour (Remix Icon).
 */
export function sanitiseSvg(text: string): SvgIcon | undefined {
  if (text.length > MAX_TEXT) return undefined;
  let root: { viewBox: string; paint: SvgIcon['paint'] } | undefined;
  const top: SvgNode[] = [];
  const open: SvgNode[] = []; // allowed elements currently open (inside the root)
  let depth = 0; // all elements currently open, allowed or not
  let dropFrom = -1; // depth at which a refused element opened: everything below it goes
  let nodes = 0;
  let closed = false;
  for (const m of text.matchAll(TOKEN)) {
    const [, endName, startName, rawAttrs, selfClosing] = m;
    if (endName !== undefined) {
      if (depth === 0) continue;
      depth--;
      if (dropFrom === depth) dropFrom = -1;
      else if (dropFrom < 0 && depth >= 1) open.pop();
      if (depth === 0) closed = true;
      continue;
    }
    if (startName === undefined || closed) continue; // text, comments, doctype: nothing of them is kept
    const name = startName.toLowerCase();
    if (depth === 0) {
      if (name !== 'svg' || root) return undefined;
      const a = attributesOf(rawAttrs);
      const viewBox = a.get('viewbox') ?? '0 0 24 24';
      if (!VIEW_BOX.test(viewBox)) return undefined;
      root = { viewBox: viewBox.trim().replace(/[\s,]+/g, ' '), paint: a.get('fill') === 'none' && a.get('stroke') === 'currentColor' ? 'stroke' : 'fill' };
      if (selfClosing) closed = true;
      else depth = 1;
      continue;
    }
    if (dropFrom < 0 && ELEMENT_SET.has(name) && ++nodes <= MAX_NODES) {
      const node: SvgNode = { tag: name as SvgNode['tag'], attrs: cleanAttrs(attributesOf(rawAttrs)), children: [] };
      (open.at(-1)?.children ?? top).push(node);
      if (selfClosing) continue;
      open.push(node);
    } else {
      if (selfClosing) continue;
      if (dropFrom < 0) dropFrom = depth;
    }
    depth++;
  }
  return root && { ...root, nodes: top };
}
