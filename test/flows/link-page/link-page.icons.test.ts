import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageCsp } from '../../../src/kernel/pages/render.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { json } from '../forms/forms.fixtures.js';
import { goodLinkPage } from './link-page.fixtures.js';

/**
 * Issue #35 item 4: icon links name Remix Icon keys (`ri:<key>`), Lucide names and emoji beside
 * our link names, as AppMate's clients document. Each draws its own icon on the published page,
 * read here from the packages' own files (not through our code): known ones give no warning;
 * an unknown one gives `unknown_icon` with a hint and draws the generic link glyph. The page
 * stays under the same CSP with nothing inline to allow.
 */

const pkgIcons = (pkg: string) => join(dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), 'icons');
function packageFile(pkg: 'remixicon' | 'lucide-static', name: string): string {
  const dir = pkgIcons(pkg);
  if (pkg === 'lucide-static') return readFileSync(join(dir, `${name}.svg`), 'utf8');
  const category = readdirSync(dir).find((c) => readdirSync(join(dir, c)).includes(`${name}.svg`));
  if (!category) throw new Error(`no Remix Icon ${name}`);
  return readFileSync(join(dir, category, `${name}.svg`), 'utf8');
}
/** The shapes' geometry as the package file has it: every `d`, and every circle's centre. */
const geometry = (svg: string) => [...svg.matchAll(/\sd="([^"]+)"/g)].map((m) => `d="${m[1]}"`).concat([...svg.matchAll(/<circle[^>]*\scx="([^"]+)"[^>]*\scy="([^"]+)"/g)].map((m) => `cx="${m[1]}" cy="${m[2]}"`));

type Row = { icon: string; draws: { pkg: 'remixicon' | 'lucide-static'; file: string } | { emoji: string } | 'own' };
const KNOWN: Row[] = [
  { icon: 'ri:instagram', draws: { pkg: 'remixicon', file: 'instagram-line' } },
  { icon: 'ri:github-fill', draws: { pkg: 'remixicon', file: 'github-fill' } },
  { icon: 'ri:youtube-line', draws: { pkg: 'remixicon', file: 'youtube-line' } },
  { icon: 'ri:twitter-x-line', draws: { pkg: 'remixicon', file: 'twitter-x-line' } },
  { icon: 'RI:Discord-Fill', draws: { pkg: 'remixicon', file: 'discord-fill' } },
  { icon: 'ri-spotify-line', draws: { pkg: 'remixicon', file: 'spotify-line' } },
  { icon: 'circle-dollar-sign', draws: { pkg: 'lucide-static', file: 'circle-dollar-sign' } },
  { icon: 'map-pin', draws: { pkg: 'lucide-static', file: 'map-pin' } },
  { icon: 'Podcast', draws: 'own' }, // one of our link names (a microphone), as before
  { icon: 'youtube', draws: { pkg: 'lucide-static', file: 'square-play' } }, // our name, drawn with Lucide's glyph
  { icon: '🎉', draws: { emoji: '🎉' } },
  { icon: '🇫🇷', draws: { emoji: '🇫🇷' } },
  { icon: '👍🏽', draws: { emoji: '👍🏽' } },
];
const UNKNOWN = [
  { icon: 'myspace', hint: undefined },
  { icon: 'ri:instagramm', hint: 'ri:instagram' },
  { icon: 'githb', hint: 'github' },
  { icon: 'ri:../../../../etc/passwd', hint: undefined },
  { icon: 'Hello 🎉', hint: undefined }, // words and an emoji: not an icon
];

describeEachDb('link page icons: Remix Icon, Lucide, emoji', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t?.close());

  /** Publishes one page per ≤6 icons (the most a page has); returns each icon's warnings and markup by icon name. */
  async function publish(slugBase: string, icons: string[]) {
    const warnings: { code: string; path: string; message: string }[] = [];
    const markup = new Map<string, string>();
    const pages: string[] = [];
    for (let start = 0; start < icons.length; start += 6) {
      const chunk = icons.slice(start, start + 6);
      const slug = `${slugBase}-${start / 6}`;
      await t.createApp({ name: 'Icons', slug, logoUrl: 'https://logo.example/i.png' });
      const config = goodLinkPage({ iconLinks: chunk.map((icon, i) => ({ icon, label: `L${start + i}`, url: `https://e${i}.example/` })) });
      const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/link-page`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });
      expect(put.statusCode, put.body).toBe(200);
      for (const w of put.json().warnings) warnings.push({ ...w, path: w.path.replace(/^\/iconLinks\/(\d+)/, (_: string, i: string) => `/iconLinks/${start + Number(i)}`) });
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/flows/link-page/publish`, headers: { authorization: t.auth.authorization } })).statusCode).toBe(200);
      const page = await t.app.inject({ method: 'GET', url: `/p/${slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toBe(pageCsp(false));
      pages.push(page.body);
      chunk.forEach((icon, i) => {
        const m = new RegExp(`title="L${start + i}">(.*?)<span class="visually-hidden">`, 's').exec(page.body);
        expect(m, icon).not.toBeNull();
        markup.set(icon, m![1]);
      });
    }
    return { warnings, markup, pages };
  }

  it('draws each known ri: key, Lucide name and emoji as its own icon, with no warning', async () => {
    const { warnings, markup } = await publish('known', ['link', ...KNOWN.map((r) => r.icon)]);
    expect(warnings).toEqual([]);
    const generic = markup.get('link')!;
    expect(generic).toMatch(/^<svg class="icon"/);
    for (const row of KNOWN) {
      const html = markup.get(row.icon)!;
      expect(html, row.icon).not.toBe(generic);
      if (row.draws === 'own') {
        expect(html, row.icon).toMatch(/^<svg class="icon"[^>]*><[a-z]/);
      } else if ('emoji' in row.draws) {
        expect(html, row.icon).toBe(`<span class="icon emoji" aria-hidden="true">${row.draws.emoji}</span>`);
      } else {
        const shapes = geometry(packageFile(row.draws.pkg, row.draws.file));
        expect(shapes.length, row.draws.file).toBeGreaterThan(0);
        for (const s of shapes) expect(html, `${row.icon}: ${s}`).toContain(s);
        // Remix Icon draws filled shapes, Lucide strokes.
        expect(html, row.icon).toMatch(row.draws.pkg === 'remixicon' ? /^<svg class="icon" viewBox="0 0 24 24"[^>]* fill="currentColor" aria-hidden="true"/ : /^<svg class="icon"[^>]* fill="none" stroke="currentColor"/);
      }
    }
  });

  it('warns unknown_icon (with the closest names) and draws the generic link glyph for anything else', async () => {
    const { warnings, markup } = await publish('unknown', ['link', ...UNKNOWN.map((u) => u.icon)]);
    expect(warnings.map((w) => `${w.code} ${w.path}`)).toEqual(UNKNOWN.map((_, i) => `unknown_icon /iconLinks/${i + 1}/icon`));
    UNKNOWN.forEach((u, i) => {
      expect(markup.get(u.icon), u.icon).toBe(markup.get('link'));
      const message = warnings[i].message;
      expect(message).toContain(`"${u.icon}"`);
      if (u.hint) expect(message, u.icon).toMatch(new RegExp(`Closest: [^.]*\\b${u.hint.replace(/[.:]/g, '\\$&')}\\b`));
    });
  });

  it('needs nothing inline: no style, script or external reference on the page, same CSP as every page', async () => {
    const { pages } = await publish('csp', ['ri:instagram', 'ri:github-fill', 'circle-dollar-sign', '🎉', 'instagram', 'myspace']);
    for (const body of pages) {
      expect(body).not.toMatch(/\sstyle=|<style|\son[a-z]+=|javascript:|xlink:|url\(/i);
      expect(body.match(/<script\b/gi) ?? []).toEqual([]);
      // Inside every svg: shapes only, no references.
      for (const svg of body.match(/<svg[\s\S]*?<\/svg>/g) ?? []) {
        expect(svg).not.toMatch(/href|<use|<image|<foreignObject|<text/i);
        expect([...svg.matchAll(/<([a-z]+)/gi)].map((m) => m[1]).filter((tag) => !['svg', 'path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse', 'g'].includes(tag))).toEqual([]);
      }
    }
  });
});
