import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../apps/apps.schema.js';
import { sendAdmin } from '../admin/admin.http.js';
import { AppError } from '../kernel/errors.js';
import { formField, type FormBody } from '../kernel/first-value.js';
import type { DashboardContext } from '../kernel/module.js';
import { EXPERIMENT_METRICS, type Experiment } from './experiments.schema.js';
import { ExperimentsPage, experimentsPath, StopConfirmPage, type Detail, type PageBase, type StartForm } from './experiments.dashboard.views.js';

/**
 * Experiments in the owner dashboard (#37 §1): /admin/apps/:app/<type>/experiments under the flow's
 * own tab (cancel, onboarding, waitlist), one page for all three. Every read and change goes through
 * the experiment operations (d.call); forms post and redirect and work without JavaScript.
 */
const API = '/api/v1/apps/:idOrSlug/flows/:type/experiments';
const MAX_VARIANTS = 4;
const str = (b: FormBody | undefined, k: string) => formField(b, k).trim();
/** 50/50 of the version before the newest (A) against the newest (B): the usual test of a new version. */
const blankForm = (versions: number[]): StartForm => ({
  name: '',
  variants: ['A', 'B', '', ''].map((key, i) => ({ key, version: i < 2 && versions.length >= 2 ? String(versions[1 - i]) : '', weight: i < 2 ? '50' : '' })),
});

/** The start form as the operation's body: rows without a version are unused; field errors by row. */
function bodyOf(b: FormBody): { form: StartForm; body?: unknown; errors: Record<string, string> } {
  const form: StartForm = { name: str(b, 'name'), variants: [] };
  const errors: Record<string, string> = {};
  const variants: { key: string; versionNumber: number; weight: number }[] = [];
  for (let i = 0; i < MAX_VARIANTS; i++) {
    const v = { key: str(b, `key${i}`), version: str(b, `version${i}`), weight: str(b, `weight${i}`) };
    form.variants.push(v);
    if (!v.version) continue;
    const weight = v.weight === '' ? 50 : Number(v.weight);
    if (!Number.isFinite(weight) || weight <= 0) errors[`weight${i}`] = 'A weight is a number above 0.';
    variants.push({ key: v.key || String.fromCharCode(65 + i), versionNumber: Number(v.version), weight });
  }
  if (!form.name) errors.name = 'Give the experiment a name.';
  if (variants.length < 2) errors.version1 = 'Pick a version for at least two variants.';
  return { form, errors, body: Object.keys(errors).length ? undefined : { name: form.name, variants } };
}

/** The operation's issues (`/variants/1/versionNumber`) on the form's fields (`version1`). */
function issuesToFields(e: AppError, form: StartForm) {
  const errors: Record<string, string> = {};
  const used = form.variants.map((v, i) => (v.version ? i : -1)).filter((i) => i >= 0);
  const rest: string[] = [];
  for (const i of (e.extra.issues as { path: string; message: string }[] | undefined) ?? []) {
    const m = /^\/variants\/(\d+)\/(key|versionNumber|weight)$/.exec(i.path);
    const field = m ? `${m[2] === 'versionNumber' ? 'version' : m[2]}${used[Number(m[1])]}` : i.path === '/name' ? 'name' : undefined;
    if (field && !errors[field]) errors[field] = i.message;
    else rest.push(`${i.path} ${i.message}`);
  }
  return { errors, error: Object.keys(errors).length && !rest.length ? undefined : [e.message, ...rest].join(' · ') };
}

export function registerExperimentsDashboard(scope: FastifyInstance, d: DashboardContext) {
  for (const type of Object.keys(EXPERIMENT_METRICS)) {
    const path = `/admin/apps/:app/${type}/experiments`;
    const label = () => d.sections.find((s) => s.path === type)?.label ?? type;
    const appOf = async (request: FastifyRequest) =>
      (await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug: (request.params as { app: string }).app } })).app;
    const base = (request: FastifyRequest, app: App): PageBase => ({ owner: d.owner(request), app, sections: d.sections, type, label: label() });
    const detail = (request: FastifyRequest, app: App, id: string) => d.call<Detail>(request, 'GET', `${API}/:id`, { params: { idOrSlug: app.id, type, id } });

    const page = async (request: FastifyRequest, reply: FastifyReply, app: App, extra: { form?: StartForm; errors?: Record<string, string>; error?: string; notice?: string; status?: number } = {}) => {
      let list: Experiment[] = [];
      let versions: number[] = [];
      try {
        list = (await d.call<{ experiments: Experiment[] }>(request, 'GET', API, { params: { idOrSlug: app.id, type } })).experiments;
        const { flows } = await d.call<{ flows: { isPrimary: boolean; versions: { versionNumber: number }[] }[] }>(request, 'GET', '/api/v1/apps/:idOrSlug/flows', { params: { idOrSlug: app.id }, query: { type } });
        versions = (flows.find((f) => f.isPrimary)?.versions ?? []).map((v) => v.versionNumber).sort((a, b) => b - a);
      } catch (e) {
        // The flow is not set up yet: the page says to publish versions first.
        if (!(e instanceof AppError) || e.status !== 404) throw e;
      }
      const details = await Promise.all(list.map((e) => detail(request, app, e.id)));
      const running = details.find((x) => x.experiment.status === 'running');
      const stopped = details.filter((x) => x.experiment.status === 'stopped');
      const p = { ...base(request, app), running, stopped, versions, form: extra.form ?? blankForm(versions), errors: extra.errors, error: extra.error, notice: extra.notice };
      return sendAdmin(reply, ExperimentsPage(p), { status: extra.status });
    };

    scope.get(path, { schema: { hide: true } }, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const notice = q.started !== undefined ? 'Experiment started: visitors are split between the variants from now on.' : q.stopped !== undefined ? 'Experiment stopped.' : undefined;
      return page(request, reply, await appOf(request), { notice });
    });

    scope.post(path, { schema: { hide: true } }, async (request, reply) => {
      const app = await appOf(request);
      const { form, body, errors } = bodyOf(request.body as FormBody);
      if (!body) return page(request, reply, app, { form, errors, status: 422 });
      try {
        await d.call(request, 'POST', API, { params: { idOrSlug: app.id, type }, body });
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500 || e.status === 404) throw e;
        return page(request, reply, app, { form, ...issuesToFields(e, form), status: e.status });
      }
      return reply.redirect(`${experimentsPath(app, type)}?started=1`, 303);
    });

    /** Stop: the first post shows what will happen; the confirmed one stops and redirects. */
    scope.post(`${path}/:id/stop`, { schema: { hide: true } }, async (request, reply) => {
      const app = await appOf(request);
      const id = (request.params as { id: string }).id;
      const b = request.body as FormBody;
      const winner = str(b, 'winner');
      const d0 = await detail(request, app, id);
      if (winner && !d0.experiment.variants.some((v) => v.key === winner)) throw new AppError(422, `"${winner}" is not a variant of this experiment`);
      if (str(b, 'confirm') !== '1') return sendAdmin(reply, StopConfirmPage({ ...base(request, app), d: d0, winner }));
      await d.call(request, 'POST', `${API}/:id/stop`, { params: { idOrSlug: app.id, type, id }, body: winner ? { winner } : {} });
      return reply.redirect(`${experimentsPath(app, type)}?stopped=1`, 303);
    });
  }
}
