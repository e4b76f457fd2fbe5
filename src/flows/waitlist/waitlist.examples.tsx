import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendBarePage } from '../../kernel/pages/bare-page.js';
import { Layout } from '../../kernel/pages/layout.js';
import { sendPage } from '../../kernel/pages/render.js';
import { WAITLIST_TEMPLATES, type WaitlistTemplate } from './waitlist.templates.js';

const THEMES: Record<string, string> = { minimal: 'Minimal', gradient: 'Gradient', dark: 'Dark', side_by_side: 'Side by side' };

function Template({ tpl }: { tpl: WaitlistTemplate }) {
  const c = tpl.config;
  const asks = ['Email', ...(c.fields ?? []).map((f) => f.label)];
  return (
    <section class="card example" id={tpl.id} aria-labelledby={`${tpl.id}-name`}>
      <h2 id={`${tpl.id}-name`}>{tpl.name}</h2>
      <p class="muted">{tpl.description}</p>
      <dl>
        <dt>Headline</dt>
        <dd>{c.intro.title}</dd>
        <dt>Look</dt>
        <dd>{THEMES[c.hero?.theme ?? 'minimal']}{c.hero?.showCount ? ', with the signup count' : ''}</dd>
        <dt>Asks for</dt>
        <dd>{asks.join(' · ')}</dd>
        {c.hero?.bullets?.length ? (
          <>
            <dt>Selling points</dt>
            <dd>{c.hero.bullets.map((b) => b.title).join(' · ')}</dd>
          </>
        ) : null}
        {c.success.ctaLabel && c.success.ctaUrl ? (
          <>
            <dt>After signing up</dt>
            <dd>A “{c.success.ctaLabel}” button</dd>
          </>
        ) : null}
      </dl>
      <details>
        <summary>
          Config <code>{tpl.id}</code>
        </summary>
        {/* Focusable: it scrolls, and keyboard users must reach what is past its edge. */}
        <pre tabIndex={0} aria-label={`${tpl.name}: config as JSON`}>
          <code>{JSON.stringify(c, null, 2)}</code>
        </pre>
      </details>
    </section>
  );
}

/**
 * `/examples?kind=waitlist`: the starter waitlist templates as a page (WIRE C names that URL),
 * the same list `GET /api/v1/waitlist/templates` answers owners. `kind` defaults to `waitlist`,
 * the only kind with templates; another kind is a 404.
 */
export function registerWaitlistExamples(app: FastifyInstance) {
  app.get('/examples', { schema: { hide: true } }, async (request: FastifyRequest<{ Querystring: { kind?: unknown } }>, reply: FastifyReply) => {
    const kind = request.query.kind ?? 'waitlist';
    if (kind !== 'waitlist') return sendBarePage(request, reply, { status: 404, title: 'pageNotFoundTitle', message: 'pageNotFoundBody' });
    return sendPage(
      reply,
      <Layout title="Waitlist templates · Appflows" description="Starter configs for a hosted waitlist page" bodyClass="theme-minimal" styles={['examples.css']}>
        <main class="shell examples">
          <header>
            <h1>Waitlist templates</h1>
            <p class="muted">
              Starting points for a hosted waitlist page. Take one with <code>GET /api/v1/waitlist/templates</code> (MCP <code>list_waitlist_templates</code>), change the words and
              links, then save it with <code>PUT /api/v1/apps/&lt;app&gt;/flows/waitlist</code> and publish it.
            </p>
          </header>
          {WAITLIST_TEMPLATES.map((tpl) => (
            <Template tpl={tpl} />
          ))}
        </main>
      </Layout>,
      { cache: 'public, max-age=300' },
    );
  });
}
