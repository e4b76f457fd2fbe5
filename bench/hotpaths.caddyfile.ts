/**
 * The hotpaths bench's Caddyfile, derived from deploy/Caddyfile (#38 item 4) so that the proxy the
 * bench measures follows the production one: when deploy/Caddyfile changes its balancing, retries or
 * headers, the bench changes with it. The `(appflows)` snippet's body is taken line for line, with
 * the compose nodes (app1:3000 app2:3000) replaced by the bench's upstreams, inside one plain-HTTP
 * loopback site. Left out, each for a reason given where it is dropped:
 *   - the four TLS host blocks ({$API_HOST} ...): TLS would measure Caddy's handshakes, not the nodes;
 *   - the active health checks (health_uri /readyz, health_interval): the raw baselines have no
 *     /readyz (see `withoutActiveHealthChecks`).
 * Kept: the `@metrics` matcher and its `respond @metrics 404`. The bench never asks for /metrics,
 * and production evaluates that matcher on every request, so the bench pays the same small cost.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const DEPLOY_CADDYFILE = resolve(import.meta.dirname, '../deploy/Caddyfile');
const SNIPPET = 'appflows';

/** Where the file no longer has the shape this derivation reads, say so rather than bench something else. */
const shapeError = (what: string, file: string) =>
  new Error(`bench/hotpaths.caddyfile.ts cannot derive the bench proxy from ${file}: ${what}. The file changed shape; update the derivation to match it.`);

/** Braces that open minus braces that close on a line, comments aside ({remote_host} counts 0). */
const depthChange = (line: string) => {
  const code = line.replace(/(^|\s)#.*$/, '');
  return (code.match(/\{/g)?.length ?? 0) - (code.match(/\}/g)?.length ?? 0);
};

/** The lines inside `(appflows) { ... }`, as written (indented one level). */
export function snippetBody(caddyfile: string, file = DEPLOY_CADDYFILE): string[] {
  const lines = caddyfile.split('\n');
  const start = lines.findIndex((l) => l.trim() === `(${SNIPPET}) {`);
  if (start < 0) throw shapeError(`no \`(${SNIPPET}) {\` snippet`, file);
  let depth = 1;
  for (let i = start + 1; i < lines.length; i++) {
    depth += depthChange(lines[i]);
    if (depth === 0) return lines.slice(start + 1, i);
  }
  throw shapeError(`the \`(${SNIPPET})\` snippet never closes`, file);
}

/** The snippet's `reverse_proxy <nodes...> {` line pointed at `upstreams` instead of the compose nodes. */
function withUpstreams(body: string[], upstreams: string[], file: string): string[] {
  const at = body.findIndex((l) => /^\s*reverse_proxy\s+\S+.*\{\s*$/.test(l));
  if (at < 0) throw shapeError(`the \`(${SNIPPET})\` snippet has no \`reverse_proxy <upstreams> {\` block`, file);
  if (body.findIndex((l, i) => i > at && /^\s*reverse_proxy\b/.test(l)) >= 0) throw shapeError(`the \`(${SNIPPET})\` snippet has more than one reverse_proxy`, file);
  const out = [...body];
  out[at] = body[at].replace(/reverse_proxy\s+.*\{\s*$/, `reverse_proxy ${upstreams.join(' ')} {`);
  return out;
}

/**
 * Drops the active health checks (health_uri, health_interval and any other single-line health_*):
 * the raw baselines answer /readyz as they answer everything, and not as a readiness probe. raw-302.ts
 * answers it with its 302, and rawJsonServer (json-post.ts) JSON.parses the empty body of the GET,
 * which throws and kills the baseline within the first health interval. Dropping them also keeps
 * Caddy's probe traffic off the nodes, so both sides of a ratio see only the load. The passive
 * health (fail_duration) and the retries (lb_try_*) stay: they act only when a node fails.
 */
function withoutActiveHealthChecks(body: string[], file: string): string[] {
  const health = (l: string) => /^\s*health_\w+/.test(l);
  // A health_* block (e.g. health_headers { ... }) would leave its lines behind: refuse rather than guess.
  if (body.some((l) => health(l) && depthChange(l) !== 0)) throw shapeError('a health_* directive opens a block', file);
  return body.filter((l) => !health(l));
}

/** A whole Caddyfile for the bench: Caddy's admin and plain HTTP on loopback, then the derived snippet. */
export function benchCaddyfile(opts: { upstreams: string[]; port: number; adminPort: number; deploy?: string; file?: string }): string {
  if (!opts.upstreams.length) throw new Error('benchCaddyfile needs at least one upstream');
  const file = opts.file ?? DEPLOY_CADDYFILE;
  const body = withoutActiveHealthChecks(withUpstreams(snippetBody(opts.deploy ?? readFileSync(file, 'utf8'), file), opts.upstreams, file), file);
  return [
    '{',
    `\tadmin 127.0.0.1:${opts.adminPort}`,
    '\tauto_https off',
    '\tlog {',
    '\t\tlevel ERROR',
    '\t}',
    '}',
    `# Derived from the (${SNIPPET}) snippet of deploy/Caddyfile by bench/hotpaths.caddyfile.ts:`,
    '# plain HTTP on loopback (no TLS hosts), the bench\'s upstreams, no active health checks.',
    `http://127.0.0.1:${opts.port} {`,
    ...body,
    '}',
    '',
  ].join('\n');
}
