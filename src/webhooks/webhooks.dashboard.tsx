import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../apps/apps.schema.js';
import { sendAdmin } from '../admin/admin.http.js';
import { fieldErrors } from '../admin/admin.ops.js';
import { AppError } from '../kernel/errors.js';
import type { EventDef } from '../kernel/events/events.js';
import { formField, type FormBody } from '../kernel/first-value.js';
import type { DashboardContext } from '../kernel/module.js';
import { EndpointPage } from './webhooks.dashboard.endpoint.js';
import { EndpointFormPage, formOfWebhook, type EndpointForm } from './webhooks.dashboard.form.js';
import { endpointPath, integrationsBase, type CatalogEvent, type Delivery, type NotificationSettings, type Webhook } from './webhooks.dashboard.parts.js';
import { IntegrationsPage, type NotifyForm } from './webhooks.dashboard.views.js';

/**
 * An app's Integrations tab (/admin/apps/:app/integrations): webhook endpoints with their delivery
 * log, and the owner's e-mail notifications. Every read and change goes through the webhook and
 * notification operations (d.call: the rules and messages of REST and MCP); forms post and
 * redirect, and work without JavaScript. A new or rotated secret reaches the next page in the
 * session's one-time flash, never in a URL.
 */
const API = '/api/v1/apps/:idOrSlug/webhooks';
const ONE = `${API}/:id`;
const NOTIFY = '/api/v1/apps/:idOrSlug/notifications';
const DELIVERIES_PER_PAGE = '25';

const str = (b: FormBody | undefined, k: string) => formField(b, k).trim();
const all = (b: FormBody | undefined, k: string): string[] => {
  const v = b?.[k];
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => String(x).trim()).filter(Boolean);
};

/** The picker's choice: every event ('*'), or the ones ticked (none ticked is the form's own refusal). */
function eventsOf(b: FormBody | undefined): { events: string[] } | { error: string } {
  if (str(b, 'scope') !== 'some') return { events: ['*'] };
  const events = all(b, 'events');
  return events.length ? { events } : { error: 'Pick at least one event, or choose All events.' };
}

const endpointForm = (b: FormBody | undefined): EndpointForm => {
  const picked = eventsOf(b);
  return { url: str(b, 'url'), description: str(b, 'description'), format: str(b, 'format') || 'standard', events: 'events' in picked ? picked.events : [] };
};

const NOTICES: Record<string, string> = {
  created: 'Endpoint added. Send a test event to check that it arrives.',
  saved: 'Endpoint saved.',
  enabled: 'Endpoint enabled: events are sent to it again.',
  disabled: 'Endpoint disabled: no events are sent to it.',
  rotated: 'New secret made. The previous one keeps signing for 24 hours.',
  tested: 'Test event queued: it shows below in a moment (Refresh).',
  retried: 'Delivery queued again.',
  deleted: 'Endpoint deleted.',
};
const noticeOf = (q: Record<string, string | undefined>) => {
  const key = Object.keys(NOTICES).find((k) => q[k] !== undefined);
  return key ? NOTICES[key] : undefined;
};

/** A refusal shown on the form (422/409): the API's messages next to their fields. */
const refusal = (e: unknown, fields: string[]) => {
  if (!(e instanceof AppError) || e.status >= 500 || e.status === 404) throw e;
  return { ...fieldErrors(e, fields), status: e.status };
};

export function registerWebhooksDashboard(scope: FastifyInstance, d: DashboardContext, deps: { catalog: ReadonlyMap<string, Pick<EventDef, 'type' | 'description'>> }) {
  const catalog: CatalogEvent[] = [...deps.catalog.values()].map((e) => ({ type: e.type, description: e.description }));
  const appOf = async (request: FastifyRequest) => {
    const idOrSlug = (request.params as { app: string }).app;
    return (await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } })).app;
  };
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const webhookOf = async (request: FastifyRequest, app: App) => (await d.call<{ webhook: Webhook }>(request, 'GET', ONE, { params: { idOrSlug: app.id, id: idOf(request) } })).webhook;
  const view = (request: FastifyRequest, app: App) => ({ owner: d.owner(request), app, sections: d.sections });

  const listPage = async (request: FastifyRequest, reply: FastifyReply, app: App, extra: { notice?: string; notify?: { form?: NotifyForm; errors?: Record<string, string>; error?: string; saved?: boolean }; status?: number } = {}) => {
    const [{ webhooks }, notifications] = await Promise.all([
      d.call<{ webhooks: Webhook[] }>(request, 'GET', API, { params: { idOrSlug: app.id } }),
      d.call<NotificationSettings>(request, 'GET', NOTIFY, { params: { idOrSlug: app.id } }),
    ]);
    return sendAdmin(reply, IntegrationsPage({ ...view(request, app), webhooks, catalog, notifications, notice: extra.notice, notify: extra.notify }), { status: extra.status });
  };

  scope.get('/admin/apps/:app/integrations', { schema: { hide: true } }, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    return listPage(request, reply, await appOf(request), { notice: noticeOf(q), notify: { saved: q.notifications !== undefined } });
  });

  scope.get('/admin/apps/:app/integrations/new', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    return sendAdmin(reply, EndpointFormPage({ ...view(request, app), catalog, form: { url: '', description: '', format: 'standard', events: ['*'] } }));
  });

  const ENDPOINT_FIELDS = ['url', 'events', 'format', 'description'];

  scope.post('/admin/apps/:app/integrations', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const b = request.body as FormBody;
    const form = endpointForm(b);
    const picked = eventsOf(b);
    const again = (f: { errors: Record<string, string>; error?: string; status: number }) =>
      sendAdmin(reply, EndpointFormPage({ ...view(request, app), catalog, form, errors: f.errors, error: f.error }), { status: f.status });
    if ('error' in picked) return again({ errors: { events: picked.error }, status: 422 });
    const body: Record<string, unknown> = { url: form.url, events: picked.events, format: form.format };
    if (form.description) body.description = form.description;
    try {
      const { webhook, secret } = await d.call<{ webhook: Webhook; secret: string }>(request, 'POST', API, { params: { idOrSlug: app.id }, body });
      await d.flash.put(request, { webhookSecret: { id: webhook.id, secret, rotated: false } });
      return reply.redirect(`${endpointPath(app, webhook)}?created=1`, 303);
    } catch (e) {
      return again(refusal(e, ENDPOINT_FIELDS));
    }
  });

  const endpointPage = async (request: FastifyRequest, reply: FastifyReply, extra: { error?: string; status?: number } = {}) => {
    const app = await appOf(request);
    const webhook = await webhookOf(request, app);
    const q = request.query as { cursor?: string } & Record<string, string | undefined>;
    const page = await d.call<{ deliveries: Delivery[]; nextCursor: string | null }>(request, 'GET', `${ONE}/deliveries`, {
      params: { idOrSlug: app.id, id: webhook.id },
      query: { cursor: q.cursor, limit: DELIVERIES_PER_PAGE },
    });
    // The secret made by the POST just before, for this endpoint only: shown on this one view.
    const flash = (await d.flash.take(request)) as { webhookSecret?: { id: unknown; secret: unknown; rotated: unknown } } | undefined;
    const s = flash?.webhookSecret;
    const secret = s && s.id === webhook.id && typeof s.secret === 'string' ? { value: s.secret, rotated: s.rotated === true } : undefined;
    return sendAdmin(reply, EndpointPage({ ...view(request, app), webhook, ...page, paged: !!q.cursor, secret, notice: extra.error ? undefined : noticeOf(q), error: extra.error }), { status: extra.status });
  };

  scope.get('/admin/apps/:app/integrations/:id', { schema: { hide: true } }, async (request, reply) => endpointPage(request, reply));

  scope.get('/admin/apps/:app/integrations/:id/edit', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const webhook = await webhookOf(request, app);
    return sendAdmin(reply, EndpointFormPage({ ...view(request, app), webhook, catalog, form: formOfWebhook(webhook) }));
  });

  scope.post('/admin/apps/:app/integrations/:id', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const webhook = await webhookOf(request, app);
    const b = request.body as FormBody;
    const form = endpointForm(b);
    const picked = eventsOf(b);
    const again = (f: { errors: Record<string, string>; error?: string; status: number }) =>
      sendAdmin(reply, EndpointFormPage({ ...view(request, app), webhook, catalog, form, errors: f.errors, error: f.error }), { status: f.status });
    if ('error' in picked) return again({ errors: { events: picked.error }, status: 422 });
    // The form shows every field: an emptied description clears it.
    const body = { url: form.url, events: picked.events, format: form.format, description: form.description || null };
    try {
      await d.call(request, 'PATCH', ONE, { params: { idOrSlug: app.id, id: webhook.id }, body });
      return reply.redirect(`${endpointPath(app, webhook)}?saved=1`, 303);
    } catch (e) {
      return again(refusal(e, ENDPOINT_FIELDS));
    }
  });

  /** A button of the endpoint's page: one operation, then back to the page with what happened (or the refusal on it). */
  const action = (suffix: string, run: (request: FastifyRequest, app: App, id: string) => Promise<string>) =>
    scope.post(`/admin/apps/:app/integrations/:id/${suffix}`, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      const app = await appOf(request);
      try {
        const notice = await run(request, app, idOf(request));
        return reply.redirect(notice.startsWith('/') ? notice : `${endpointPath(app, { id: idOf(request) })}?${notice}=1`, 303);
      } catch (e) {
        const f = refusal(e, []);
        return endpointPage(request, reply, { error: f.error, status: f.status });
      }
    });

  action('status', async (request, app, id) => {
    const enabled = str(request.body as FormBody, 'enabled') === 'true';
    await d.call(request, 'PATCH', ONE, { params: { idOrSlug: app.id, id }, body: { enabled } });
    return enabled ? 'enabled' : 'disabled';
  });
  action('rotate-secret', async (request, app, id) => {
    const { secret } = await d.call<{ secret: string }>(request, 'POST', `${ONE}/rotate-secret`, { params: { idOrSlug: app.id, id } });
    await d.flash.put(request, { webhookSecret: { id, secret, rotated: true } });
    return 'rotated';
  });
  action('test', async (request, app, id) => {
    await d.call(request, 'POST', `${ONE}/test`, { params: { idOrSlug: app.id, id } });
    return 'tested';
  });
  action('delete', async (request, app, id) => {
    await d.call(request, 'DELETE', ONE, { params: { idOrSlug: app.id, id } });
    return `${integrationsBase(app)}?deleted=1`;
  });
  scope.post('/admin/apps/:app/integrations/:id/deliveries/:deliveryId/retry', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const id = idOf(request);
    try {
      await d.call(request, 'POST', `${ONE}/deliveries/:deliveryId/retry`, { params: { idOrSlug: app.id, id, deliveryId: (request.params as { deliveryId: string }).deliveryId } });
      return reply.redirect(`${endpointPath(app, { id })}?retried=1`, 303);
    } catch (e) {
      const f = refusal(e, []);
      return endpointPage(request, reply, { error: f.error, status: f.status });
    }
  });

  scope.post('/admin/apps/:app/integrations/notifications', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const b = request.body as FormBody;
    const picked = eventsOf(b);
    const form: NotifyForm = { email: str(b, 'email'), events: 'events' in picked ? picked.events : [], mode: str(b, 'mode') || 'instant', timeZone: str(b, 'timeZone') || 'UTC' };
    const again = (f: { errors: Record<string, string>; error?: string; status: number }) => listPage(request, reply, app, { notify: { form, errors: f.errors, error: f.error }, status: f.status });
    if ('error' in picked) return again({ errors: { events: picked.error }, status: 422 });
    try {
      await d.call(request, 'PUT', NOTIFY, { params: { idOrSlug: app.id }, body: { email: form.email || null, events: picked.events, mode: form.mode, timeZone: form.timeZone } });
      return reply.redirect(`${integrationsBase(app)}?notifications=1#notifications`, 303);
    } catch (e) {
      return again(refusal(e, ['email', 'events', 'mode', 'timeZone']));
    }
  });
}
