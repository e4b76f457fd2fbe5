import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { Layout } from './pages/layout.js';
import { sendPage } from './pages/render.js';

/**
 * `GET /`: where a newcomer lands after `npm start`. A browser gets a small page pointing to the
 * API documentation, the dashboard and the health check; an API client (no text/html in
 * Accept) gets the same pointers as JSON.
 */
export function registerHome(app: FastifyInstance, config: Config) {
  const pointers = () => ({
    docs: config.docs ? `${config.baseUrl}/docs` : null,
    openapi: `${config.baseUrl}/api/v1/openapi.json`,
    // The dashboard is a capability module: pointed to when its routes are there.
    dashboard: app.hasRoute({ method: 'GET', url: '/admin' }) ? `${config.baseUrl}/admin` : null,
    health: `${config.baseUrl}/healthz`,
  });
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const links = pointers();
    if (!/\btext\/html\b/.test(request.headers.accept ?? '')) return { name: 'Appflows', ...links };
    return sendPage(
      reply,
      <Layout title="Appflows" description="Self-hostable backend for mobile-app engagement flows" bodyClass="theme-minimal">
        <main class="shell narrow">
          <section class="card message">
            <h1>Appflows is running</h1>
            <p class="muted">Hosted flows for your mobile app: cancel, waitlist, feedback, report, contact, onboarding, referral, wishlist, legal, app promotion and short links.</p>
            <ul class="home-links">
              {links.dashboard ? (
                <li>
                  <a href={links.dashboard}>Dashboard</a>: sign in to configure your apps and flows
                </li>
              ) : null}
              {links.docs ? (
                <li>
                  <a href={links.docs}>API documentation</a>: every endpoint of the owner and public APIs
                </li>
              ) : null}
              <li>
                <a href={links.openapi}>OpenAPI document</a> (JSON)
              </li>
              <li>
                <a href={links.health}>Health check</a>
              </li>
            </ul>
            <p class="muted">
              Create an API token with <code>./bin/appflows token create --name laptop</code>.
            </p>
          </section>
        </main>
      </Layout>,
      { cache: 'no-cache' },
    );
  });
}
