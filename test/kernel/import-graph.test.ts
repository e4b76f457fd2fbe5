import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shape of src/ as a test: every relative import (type-only ones too) points down the layers
 * entry → capabilities → admin kit → accounts → kernel → db → config, and no files import each
 * other in a circle. Read from the source text, with no outside tool, so it runs the same in a
 * fresh clone. When it fails, it names the arrow or the circle to fix (README, "Architecture").
 */
const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts') ? [p] : [];
  });
}

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx`), or null for a package. */
function target(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

function importGraph(root: string): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const f of sourceFiles(root)) {
    const text = readFileSync(f, 'utf8');
    const specs = [
      ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g),
      ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((m) => m[1]);
    edges.set(f, [...new Set(specs.map((s) => target(f, s)).filter((t): t is string => t !== null))]);
  }
  return edges;
}

const LAYERS = ['config', 'db', 'kernel', 'accounts', 'admin', 'capabilities', 'entry'] as const;

/** A file's layer, bottom (0) to top. Anything not named is entry (main, server, modules, mcp). */
function layerOf(rel: string): number {
  if (rel === 'config.ts' || rel.startsWith('types/')) return 0;
  if (rel.startsWith('db/')) return 1;
  if (rel.startsWith('kernel/')) return 2;
  if (/^(apps|tokens)\//.test(rel)) return 3;
  if (rel.startsWith('admin/')) return 4;
  if (/^(flows|links|qr|privacy)\//.test(rel)) return 5;
  return 6;
}

function upwardImports(edges: Map<string, string[]>, root: string): string[] {
  const out: string[] = [];
  for (const [f, ts] of edges) {
    for (const t of ts) {
      const a = layerOf(relative(root, f));
      const b = layerOf(relative(root, t));
      // The kernel's flow engine stands on the app registry and tokens (accounts): the one allowed step up.
      if (b > a && !(a === 2 && b === 3)) out.push(`${relative(root, f)} (${LAYERS[a]}) -> ${relative(root, t)} (${LAYERS[b]})`);
    }
  }
  return out;
}

/** Strongly connected components of more than one file (Tarjan): every circle, each once. */
function circles(edges: Map<string, string[]>, root: string): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(relative(root, w));
      } while (w !== v);
      if (c.length > 1) found.push(c);
    }
  };
  for (const f of edges.keys()) if (!index.has(f)) visit(f);
  return found;
}

describe('import graph of src/', () => {
  const edges = importGraph(SRC);

  it('reads the whole tree', () => {
    expect(edges.size).toBeGreaterThan(300);
    // The walk sees real arrows: server.ts imports the module list, db/ its own files.
    expect(edges.get(join(SRC, 'server.ts'))).toContain(join(SRC, 'modules.ts'));
  });

  it('has no import pointing up a layer (entry → capabilities → admin → accounts → kernel → db → config)', () => {
    expect(upwardImports(edges, SRC)).toEqual([]);
  });

  it('has no circle between files', () => {
    expect(circles(edges, SRC)).toEqual([]);
  });

  it('would catch an upward import and a circle', () => {
    const a = join(SRC, 'db/a.ts');
    const b = join(SRC, 'kernel/b.ts');
    const fake = new Map([
      [a, [b]],
      [b, [a]],
    ]);
    expect(upwardImports(fake, SRC)).toEqual(['db/a.ts (db) -> kernel/b.ts (kernel)']);
    expect(circles(fake, SRC)).toHaveLength(1);
  });
});
