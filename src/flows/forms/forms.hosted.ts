import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, issuesFrom, type Issue } from '../../kernel/errors.js';
import { clientInfo } from '../../kernel/identity.js';
import type { OperationDeps } from '../../kernel/http.js';
import type { ClientInfo } from '../../kernel/operation.js';
import { checkFormToken, FORM_TOKEN_EXPIRED, FORM_TOKEN_FIELD, formToken } from '../../kernel/pages/form-token.js';
import { MessagePage } from '../../kernel/pages/layout.js';
import { sendPage } from '../../kernel/pages/render.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import type { PageField } from './forms.kind.js';
import { SUBMIT_BODY_LIMIT } from './forms.routes.js';
import { FormPage, type FormState, type FormView } from './forms.view.js';

/** One hosted form: how to load its page and how to take a submission. */
export interface HostedForm {
  /** Loads the published flow's page; throws 404 when unpublished or the app is unknown. */
  view(appSlug: string, flowSlug?: string): Promise<FormView>;
  /** The public submit body schema the posted form is parsed with. */
  body: z.ZodType;
  submit(body: any, client: ClientInfo): Promise<unknown>;
  /** The rate-limit action its posts spend, shared with the public API's submit (`waitlist.signup`). */
  rateAction: string;
}

type Params = { appSlug: string; flowSlug?: string };
type FormBody = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** Posted form fields -> the public API body (the same mapping public/forms.js does in the browser). */
export function bodyFromForm(form: FormBody, fields: PageField[], p: Params) {
  const body: Record<string, unknown> = { appSlug: p.appSlug, flowSlug: p.flowSlug, source: 'web', website: first(form.website) || undefined };
  const attributes: Record<string, string> = {};
  for (const f of fields) {
    const raw = first(form[f.name]).trim();
    const value = f.kind === 'checkbox' ? (raw ? 'true' : 'false') : raw;
    if (value === '') continue;
    if (f.name.startsWith('attributes.')) attributes[f.name.slice('attributes.'.length)] = value;
    else body[f.name] = f.kind === 'stars' ? Number(value) : value;
  }
  if (Object.keys(attributes).length) body.attributes = attributes;
  return body;
}

/** Values to put back in the form after a rejection (rendered escaped). */
const keptValues = (form: FormBody, fields: PageField[]) => Object.fromEntries(fields.map((f) => [f.name, first(form[f.name]).slice(0, 5000)]));

/** API issue path (`/attributes/plan`) -> form field name (`attributes.plan`). */
/** What a person reads next to a field: plain words instead of a validator's message. */
export function plainMessage(message: string): string {
  if (message === 'Required' || /expected string to have >=1 characters/.test(message)) return 'Please fill in this field.';
  if (/valid email/.test(message)) return 'Please enter an email address like name@example.com.';
  const max = /<=\s?(\d+) characters/.exec(message);
  if (max) return `Please keep this to ${max[1]} characters or fewer.`;
  const min = />=\s?(\d+) characters/.exec(message);
  if (min) return `Please write at least ${min[1]} characters.`;
  if (/Invalid option|expected one of|unknown category/i.test(message)) return 'Please choose one of the options.';
  if (/Too (small|big): expected number/.test(message)) return 'Please pick a value in the range shown.';
  return message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? '' : '.');
}

/** Every field's first error, in plain words (all shown at once, not one per try). */
function fieldErrors(issues: Issue[], fields: PageField[]) {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const name = i.path.slice(1).replace('/', '.');
    if (fields.some((f) => f.name === name) && !out[name]) out[name] = plainMessage(i.message);
  }
  return out;
}

function notPublished(reply: FastifyReply) {
  return sendPage(reply, MessagePage({ title: 'Not available yet', message: 'This page has not been published yet. Please check back later.' }), { status: 404 });
}

/**
 * GET renders the page; POST (urlencoded, no JavaScript) submits, then 303-redirects to
 * `?done=<outcome>.<receipt>`, or re-renders with the error and the typed values. The receipt is
 * a form token (kernel/pages/form-token.ts) bound to the page, the visitor's address and the
 * outcome (`joined`, or `already` when the address was on the list), so a hand-typed `?done=1`
 * shows the form, not a success that never happened.
 */
export function registerHostedForm(app: FastifyInstance, paths: string[], form: HostedForm, opts: { deps: OperationDeps; rateLimit: number; host?: string }) {
  const constraints = opts.host ? { host: opts.host } : undefined;

  const load = async (request: FastifyRequest) => {
    const p = request.params as Params;
    return { p, view: await form.view(p.appSlug, p.flowSlug) };
  };
  // Tokens are bound to the page (this route and its app and flow) and the visitor's address.
  const scopeOf = (request: FastifyRequest) => {
    const p = request.params as Params;
    return `${request.routeOptions.url}\n${p.appSlug}\n${p.flowSlug ?? ''}`;
  };
  /** The outcome a signed `?done=` receipt vouches for, or undefined (absent, forged, expired, another visitor's). */
  const doneOutcome = (request: FastifyRequest): 'joined' | 'already' | undefined => {
    const done = (request.query as { done?: unknown }).done;
    if (typeof done !== 'string') return undefined;
    const dot = done.indexOf('.');
    const outcome = done.slice(0, dot);
    if (outcome !== 'joined' && outcome !== 'already') return undefined;
    const client = clientInfo(request, opts.deps.secret, opts.deps.country).ipHash;
    return checkFormToken(opts.deps.secret, `${scopeOf(request)}\ndone\n${outcome}`, client, done.slice(dot + 1)) ? outcome : undefined;
  };
  const tokenFor = (request: FastifyRequest) => formToken(opts.deps.secret, scopeOf(request), clientInfo(request, opts.deps.secret, opts.deps.country).ipHash);

  for (const url of paths) {
    app.route({
      method: 'GET',
      url,
      constraints,
      schema: { hide: true },
      handler: async (request, reply) => {
        try {
          const { view } = await load(request);
          const outcome = doneOutcome(request);
          return sendPage(reply, FormPage({ v: view, state: { done: !!outcome, already: outcome === 'already', token: tokenFor(request) } }));
        } catch (e) {
          if (e instanceof AppError && e.status === 404) return notPublished(reply);
          throw e;
        }
      },
    });

    app.route({
      method: 'POST',
      url,
      constraints,
      schema: { hide: true },
      config: publicLimit(opts.rateLimit, form.rateAction),
      bodyLimit: SUBMIT_BODY_LIMIT,
      // People without JavaScript get a page, not the API's JSON, when they post too often.
      errorHandler: (err: { statusCode?: number }, _request, reply) => {
        if (err.statusCode !== 429) throw err;
        return sendPage(reply, MessagePage({ title: 'Too many attempts', message: 'Please wait a minute, then try again.' }), { status: 429 });
      },
      handler: async (request, reply) => {
        let loaded;
        try {
          loaded = await load(request);
        } catch (e) {
          if (e instanceof AppError && e.status === 404) return notPublished(reply);
          throw e;
        }
        const { p, view } = loaded;
        const posted = (request.body ?? {}) as FormBody;
        const rerender = (issues: Issue[], status = 422, message?: string) => {
          const errors = fieldErrors(issues, view.fields);
          const n = Object.keys(errors).length;
          const error = message ?? (n > 1 ? `Please check the ${n} highlighted fields.` : n === 1 || !issues[0] ? 'Please check the highlighted field.' : `Please check the form: ${plainMessage(issues[0].message)}`);
          return sendPage(reply, FormPage({ v: view, state: { values: keptValues(posted, view.fields), error, fieldErrors: errors, token: tokenFor(request) } }), { status });
        };
        const client = clientInfo(request, opts.deps.secret, opts.deps.country);
        if (!checkFormToken(opts.deps.secret, scopeOf(request), client.ipHash, posted[FORM_TOKEN_FIELD])) return rerender([], 403, FORM_TOKEN_EXPIRED);

        const parsed = form.body.safeParse(bodyFromForm(posted, view.fields, p));
        if (!parsed.success) return rerender(issuesFrom(parsed.error));
        let result: unknown;
        try {
          result = await form.submit(parsed.data, client);
        } catch (e) {
          if (e instanceof AppError && e.status === 422) return rerender((e.extra.issues as Issue[]) ?? []);
          if (e instanceof AppError && e.status === 404) return notPublished(reply);
          throw e;
        }
        const outcome = (result as { alreadySignedUp?: boolean } | undefined)?.alreadySignedUp ? 'already' : 'joined';
        const receipt = formToken(opts.deps.secret, `${scopeOf(request)}\ndone\n${outcome}`, client.ipHash);
        return reply.redirect(`${request.url.split('?')[0]}?done=${outcome}.${receipt}`, 303);
      },
    });
  }
}
