import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sanitiseSvg, type SvgIcon } from './svg-sanitise.js';

/**
 * The icon sets AppMate's clients name icons from, read from their npm packages (DESIGN
 * "icons"): Lucide (`lucide-static`, one SVG file per name, aliases included) and Remix Icon
 * (`remixicon`, SVG files by category, `<name>-line` / `<name>-fill`). Owners may pick any of
 * ~5,000 names, so nothing is bundled ahead: the first lookup lists the packages' file names
 * (an index, so a requested name never becomes a path), and each icon a page shows is read,
 * sanitised (svg-sanitise.ts) and kept. Only what pages use is ever inlined.
 */

interface Index {
  lucide: Map<string, string>;
  remix: Map<string, string>;
}

const requireHere = createRequire(import.meta.url);
const iconsDir = (pkg: string) => join(dirname(requireHere.resolve(`${pkg}/package.json`)), 'icons');
const svgFiles = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.svg'));

let index: Index | undefined;
function iconIndex(): Index {
  if (index) return index;
  const lucideDir = iconsDir('lucide-static');
  const lucide = new Map(svgFiles(lucideDir).map((e) => [e.name.slice(0, -4), join(lucideDir, e.name)]));
  const remixDir = iconsDir('remixicon');
  const remix = new Map<string, string>();
  for (const category of readdirSync(remixDir, { withFileTypes: true })) {
    if (!category.isDirectory()) continue;
    const dir = join(remixDir, category.name);
    for (const e of svgFiles(dir)) remix.set(e.name.slice(0, -4), join(dir, e.name));
  }
  return (index = { lucide, remix });
}

// Bounded by the packages' file count; an unusable file is remembered as such.
const loaded = new Map<string, SvgIcon | null>();
function load(path: string | undefined): SvgIcon | undefined {
  if (!path) return undefined;
  let icon = loaded.get(path);
  if (icon === undefined) {
    icon = sanitiseSvg(readFileSync(path, 'utf8')) ?? null;
    loaded.set(path, icon);
  }
  return icon ?? undefined;
}

/** The Lucide icon of that exact name (`circle-dollar-sign`, `map-pin`), lower-cased. */
export const lucideIcon = (name: string) => load(iconIndex().lucide.get(name.trim().toLowerCase()));

/**
 * The Remix Icon of that key (`instagram`, `github-fill`, `ri-time-line`): the key as written,
 * else its `-line` drawing (the look of the rest of the page), else its `-fill` one.
 */
export function remixIcon(key: string): SvgIcon | undefined {
  const k = key.trim().toLowerCase().replace(/^ri-/, '');
  const files = iconIndex().remix;
  return load(files.get(k) ?? files.get(`${k}-line`) ?? files.get(`${k}-fill`));
}

/** `ri:<key>` / `ri-<key>` from Remix Icon, anything else from Lucide. */
export function packageIcon(name: string): SvgIcon | undefined {
  const raw = name.trim().toLowerCase();
  const ri = /^ri[:-](.+)$/.exec(raw);
  return ri ? remixIcon(ri[1]) : lucideIcon(raw);
}

export const lucideNames = () => [...iconIndex().lucide.keys()];
export const remixNames = () => [...iconIndex().remix.keys()];

/** Edit distance, given up above `max` (the answer is then max + 1). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/**
 * Up to `n` names of `pool` close to `name`, for a warning's hint: names containing it (or most
 * of it) first, then those a few edits away, whole or over its first letters (`circle-dolar` ->
 * `circle-dollar-sign`). A few thousand short strings: cheap at save time, never on a page.
 */
export function closestIconNames(name: string, pool: Iterable<string>, n = 3): string[] {
  const q = name.trim().toLowerCase();
  if (!q) return [];
  const max = Math.min(3, Math.max(1, Math.floor(q.length / 3)));
  const scored: [number, string][] = [];
  for (const cand of new Set(pool)) {
    const d =
      cand.includes(q) || (q.includes(cand) && cand.length * 2 >= q.length)
        ? 0.5 + Math.abs(cand.length - q.length) / 100
        : Math.min(distance(q, cand, max), distance(q, cand.slice(0, q.length), max) + 0.3);
    if (d <= max) scored.push([d, cand]);
  }
  return scored
    .sort((x, y) => x[0] - y[0] || x[1].length - y[1].length || x[1].localeCompare(y[1]))
    .slice(0, n)
    .map(([, c]) => c);
}
