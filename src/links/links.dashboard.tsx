import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../apps/apps.schema.js';
import { sendAdmin } from '../admin/admin.http.js';
import { fieldErrors } from '../admin/admin.ops.js';
import type { DbHandle } from '../db/index.js';
import type { Clock } from '../kernel/clock.js';
import { AppError } from '../kernel/errors.js';
import type { DashboardContext } from '../kernel/module.js';
import { lastDays, readSeries } from '../db/rollups.js';
import { CODE_PATTERN, type Link, type LinkStats } from './links.schema.js';
import { linkMetrics } from './links.settle.js';
import { formOfLink, LINK_FIELDS, LinkFormPage, LinksListPage, linksBase, LinkStatsPage, type LinkForm } from './links.dashboard.views.js';
import { formField, type FormBody } from '../kernel/first-value.js';

/**
 * The app's short links in the owner dashboard (/admin/apps/:app/links): list, create, edit,
 * disable, reset clicks, delete, QR code and stats. Every change and every read of a link goes
 * through the link operations (d.call: the same rules and messages as REST and MCP); only the
 * chart reads the daily roll-ups the click recorder keeps.
 */
const str = (b: FormBody | undefined, k: string) => formField(b, k).trim();

const API = '/api/v1/apps/:idOrSlug/links';
const ONE = `${API}/:idOrCode`;
const CHART_DAYS = 30;

const NOTICES: Record<string, string> = {
  created: 'Link created.',
  saved: 'Link saved.',
  disabled: 'Link disabled: visitors get the disabled page.',
  enabled: 'Link enabled.',
  reset: 'Clicks reset.',
};

const formValues = (b: FormBody | undefined) => Object.fromEntries(LINK_FIELDS.map((k) => [k, str(b, k)])) as LinkForm;

/** The click limit as typed: empty = none; anything but a whole number is the form's own refusal. */
function maxClicksOf(v: string): { value: number | null } | { error: string } {
  if (v === '') return { value: null };
  if (!/^\d{1,10}$/.test(v)) return { error: 'must be a whole number of clicks' };
  return { value: Number(v) };
}

/** A refusal of the link operations as messages next to the fields (a taken code is a 409 without issues). */
function formErrors(e: AppError) {
  if (e.status === 409 && /code/i.test(e.message)) return { errors: { code: e.message } as Record<string, string>, error: undefined };
  return fieldErrors(e, [...LINK_FIELDS]);
}

const noticeOf = (q: Record<string, string | undefined>) => {
  const key = Object.keys(NOTICES).find((k) => q[k] !== undefined);
  return key ? NOTICES[key] : undefined;
};

export function registerLinksDashboard(scope: FastifyInstance, d: DashboardContext, deps: { db: DbHandle; clock: Clock }) {
  const appOf = async (request: FastifyRequest) => {
    const idOrSlug = (request.params as { app: string }).app;
    return (await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } })).app;
  };
  const linkOf = (request: FastifyRequest, app: App) =>
    d.call<{ link: Link; stats: LinkStats }>(request, 'GET', ONE, { params: { idOrSlug: app.id, idOrCode: (request.params as { link: string }).link } });
  const view = (request: FastifyRequest, app: App) => ({ owner: d.owner(request), app, sections: d.sections });
  const here = (app: App, link: { id: string }) => `${linksBase(app)}/${encodeURIComponent(link.id)}`;

  scope.get('/admin/apps/:app/links', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const q = request.query as { cursor?: string; deleted?: string };
    const page = await d.call<{ links: Link[]; nextCursor: string | null }>(request, 'GET', API, { params: { idOrSlug: app.id }, query: { cursor: q.cursor, limit: '50' } });
    const notice = q.deleted !== undefined && CODE_PATTERN.test(q.deleted) ? `Link ${q.deleted} deleted: its code is free again.` : undefined;
    return sendAdmin(reply, LinksListPage({ ...view(request, app), ...page, paged: !!q.cursor, notice }));
  });

  scope.get('/admin/apps/:app/links/new', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    return sendAdmin(reply, LinkFormPage({ ...view(request, app), form: { expiredBehavior: 'page' } }));
  });

  scope.post('/admin/apps/:app/links', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const v = formValues(request.body as FormBody);
    const refuse = (f: { errors: Record<string, string>; error?: string }, status: number) =>
      sendAdmin(reply, LinkFormPage({ ...view(request, app), form: v, errors: f.errors, error: f.error }), { status });
    const max = maxClicksOf(v.maxClicks);
    if ('error' in max) return refuse({ errors: { maxClicks: max.error } }, 422);
    // Empty optional inputs are "not given" (the API generates the code, names the link).
    const body: Record<string, unknown> = { url: v.url, expiredBehavior: v.expiredBehavior || undefined };
    for (const k of ['name', 'iosUrl', 'androidUrl', 'code', 'expiresAt', 'expiredUrl', 'expiredMessage'] as const) if (v[k] !== '') body[k] = v[k];
    if (max.value !== null) body.maxClicks = max.value;
    try {
      const { link } = await d.call<{ link: Link }>(request, 'POST', API, { params: { idOrSlug: app.id }, body });
      return reply.redirect(`${here(app, link)}?created=1`, 303);
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500 || e.status === 404) throw e;
      return refuse(formErrors(e), e.status);
    }
  });

  scope.get('/admin/apps/:app/links/:link', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const { link, stats } = await linkOf(request, app);
    const days = lastDays(deps.clock.now(), CHART_DAYS);
    const own = linkMetrics(link.id);
    const [humans, bots] = await readSeries(deps.db.db, app.id, [own.clicks, own.bots], days);
    const series = [
      { label: 'People', values: humans.values },
      { label: 'Bots', values: bots.values },
    ];
    const qrSrc = `/api/public/qr/links/${encodeURIComponent(link.code)}`;
    return sendAdmin(reply, LinkStatsPage({ ...view(request, app), link, stats, days, series, qrSrc, notice: noticeOf(request.query as Record<string, string>) }));
  });

  scope.get('/admin/apps/:app/links/:link/edit', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const { link } = await linkOf(request, app);
    return sendAdmin(reply, LinkFormPage({ ...view(request, app), link, form: formOfLink(link) }));
  });

  scope.post('/admin/apps/:app/links/:link', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const { link } = await linkOf(request, app);
    const v = formValues(request.body as FormBody);
    const refuse = (f: { errors: Record<string, string>; error?: string }, status: number) =>
      sendAdmin(reply, LinkFormPage({ ...view(request, app), link, form: v, errors: f.errors, error: f.error }), { status });
    const max = maxClicksOf(v.maxClicks);
    if ('error' in max) return refuse({ errors: { maxClicks: max.error } }, 422);
    // The form shows every field: an emptied optional field clears it (null), as the API's PATCH does.
    const body: Record<string, unknown> = {
      name: v.name,
      url: v.url,
      iosUrl: v.iosUrl || null,
      androidUrl: v.androidUrl || null,
      // The field shows minutes: unchanged, the stored time (with its seconds) stays as it is.
      expiresAt: link.expiresAt && v.expiresAt === formOfLink(link).expiresAt ? undefined : v.expiresAt || null,
      maxClicks: max.value,
      expiredBehavior: v.expiredBehavior || undefined,
      expiredUrl: v.expiredUrl || null,
      expiredMessage: v.expiredMessage || null,
    };
    try {
      await d.call(request, 'PATCH', ONE, { params: { idOrSlug: app.id, idOrCode: link.id }, body });
      return reply.redirect(`${here(app, link)}?saved=1`, 303);
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500 || e.status === 404) throw e;
      return refuse(formErrors(e), e.status);
    }
  });

  /** Disable / enable, reset: a PATCH of the operation; then back to the link's page with what happened. */
  const patchAction = (suffix: string, bodyOf: (b: FormBody | undefined) => { body: Record<string, unknown>; notice: string }) =>
    scope.post(`/admin/apps/:app/links/:link/${suffix}`, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      const app = await appOf(request);
      const idOrCode = (request.params as { link: string }).link;
      const { body, notice } = bodyOf(request.body as FormBody);
      const { link } = await d.call<{ link: Link }>(request, 'PATCH', ONE, { params: { idOrSlug: app.id, idOrCode }, body });
      return reply.redirect(`${here(app, link)}?${notice}=1`, 303);
    });
  patchAction('status', (b) => {
    const status = str(b, 'status');
    if (status !== 'active' && status !== 'disabled') throw new AppError(422, 'status must be active or disabled');
    return { body: { status }, notice: status === 'active' ? 'enabled' : 'disabled' };
  });
  patchAction('reset', () => ({ body: { resetClicks: true }, notice: 'reset' }));

  scope.post('/admin/apps/:app/links/:link/delete', { schema: { hide: true } }, async (request, reply) => {
    const app = await appOf(request);
    const idOrCode = (request.params as { link: string }).link;
    const gone = await d.call<{ code: string }>(request, 'DELETE', ONE, { params: { idOrSlug: app.id, idOrCode } });
    return reply.redirect(`${linksBase(app)}?deleted=${encodeURIComponent(gone.code)}`, 303);
  });
}
