import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { App } from '../apps/apps.schema.js';
import { AppError } from '../kernel/errors.js';
import type { FlowEnvelope } from '../kernel/flows/flows.service.js';
import type { FlowRegistry, FlowTypeDef } from '../kernel/flows/registry.js';
import type { DashboardContext, DashboardSection } from '../kernel/module.js';
import type { OpRunner } from './admin.ops.js';
import { AppShell } from './admin.app-shell.js';
import { LivePanel, liveInfo } from './admin.editor.live.js';
import { editorBase } from './admin.editor.views.js';
import { sendAdmin } from './admin.http.js';

/**
 * An app's tab for a flow type that has no inbox or numbers of its own (legal, link page): where
 * its pages live and a way into its editor. The capability declares the section and calls this
 * from its `dashboard`.
 */
export function registerFlowTab(scope: FastifyInstance, d: DashboardContext, o: { section: DashboardSection; flow: FlowTypeDef; intro: string; urls: { webUrl: string; baseUrl: string } }) {
  scope.get(`/admin/apps/:app/${o.section.path}`, { schema: { hide: true } }, async (request, reply) => {
    const idOrSlug = (request.params as { app: string }).app;
    const { app } = await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    let env: FlowEnvelope | undefined;
    try {
      env = await d.call<FlowEnvelope>(request, 'GET', `/api/v1/apps/:idOrSlug/flows/${o.flow.segment}`, { params: { idOrSlug: app.id } });
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 404) throw e;
    }
    const editHref = editorBase(app.slug, o.flow.segment);
    // This page shows the whole card itself, not the tabs' collapsed one.
    request.liveTab = undefined;
    return sendAdmin(
      reply,
      <AppShell title={o.section.label} owner={d.owner(request)} app={app} sections={d.sections} current={o.section.path}>
        <h1>{o.section.label}</h1>
        <p class="lead">{o.intro}</p>
        {env ? (
          <LivePanel live={liveInfo(o.flow, app, env, o.urls)} editHref={editHref} />
        ) : (
          <section class="card" aria-labelledby="setup-h">
            <h2 id="setup-h">Not set up yet</h2>
            <p>Start from a template, preview it, then publish: its address, QR code and the line of Swift that opens it show here.</p>
            <p>
              <a class="button" href={editHref}>
                Set up the {o.flow.label.toLowerCase()}
              </a>
            </p>
          </section>
        )}
      </AppShell>,
    );
  });
}

/**
 * A preHandler for the signed-in dashboard scope: on an app tab whose path is a flow type's
 * segment (`/admin/apps/<app>/feedback`, `…/wishlist`), finds that flow and, when it is live,
 * hands it to AppShell (request.liveTab -> LiveContext), which shows where it lives above the
 * tab's own page. Capabilities' pages need no change; a failure here never blocks the page.
 */
export function liveTab(o: { registry: FlowRegistry; sections: DashboardSection[]; ops: OpRunner; urls: { webUrl: string; baseUrl: string } }) {
  const byRoute = new Map<string, FlowTypeDef>();
  for (const s of o.sections) {
    const d = o.registry.segment(s.path);
    if (d) byRoute.set(`/admin/apps/:app/${s.path}`, d);
  }
  return async (request: FastifyRequest) => {
    const d = request.method === 'GET' ? byRoute.get(request.routeOptions.url ?? '') : undefined;
    if (!d) return;
    try {
      const idOrSlug = (request.params as { app: string }).app;
      const { app } = await o.ops.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
      const env = await o.ops.call<FlowEnvelope>(request, 'GET', `/api/v1/apps/:idOrSlug/flows/${d.segment}`, { params: { idOrSlug: app.id } });
      if (env.published) request.liveTab = { live: liveInfo(d, app, env, o.urls), editHref: editorBase(app.slug, d.segment) };
    } catch (e) {
      // Not set up (404), an unknown app (the page answers it): no strip.
      if (!(e instanceof AppError) || e.status >= 500) request.log.warn({ err: e }, 'live tab lookup failed');
    }
  };
}
