import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, issuesFrom, type Issue } from '../../kernel/errors.js';
import { clientInfo, VISITOR_COOKIE } from '../../kernel/identity.js';
import { randomString } from '../../kernel/ids.js';
import type { OperationDeps } from '../../kernel/http.js';
import type { ClientInfo } from '../../kernel/operation.js';
import { checkFormToken, FORM_TOKEN_FIELD, formToken } from '../../kernel/pages/form-token.js';
import { negotiate, translator, type MessageKey, type Translate } from '../../kernel/i18n.js';
import type { Brand } from '../../kernel/pages/bare-page.js';
import { MessagePage } from '../../kernel/pages/layout.js';
import { sendPage } from '../../kernel/pages/render.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import type { PageField } from './forms.kind.js';
import { SUBMIT_BODY_LIMIT } from './forms.routes.js';
import { FormPage, type FormState, type FormView } from './forms.view.js';
import { firstValue, type FormBody } from '../../kernel/first-value.js';

/** One hosted form: how to load its page and how to take a submission. */
export interface HostedForm {
  /** Loads the published flow's page; throws 404 when unpublished or the app is unknown. `client`: who views it (`pageView`: a GET, not a post's re-render). */
  view(appSlug: string, flowSlug?: string, client?: ClientInfo, pageView?: boolean): Promise<FormView>;
  /** The public submit body schema the posted form is parsed with. */
  body: z.ZodType;
  submit(body: any, client: ClientInfo): Promise<unknown>;
  /** The rate-limit action its posts spend, shared with the public API's submit (`waitlist.signup`). */
  rateAction: string;
}

type Params = { appSlug: string; flowSlug?: string };

const first = (v: string | string[] | undefined) => firstValue(v) ?? '';

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

/** What a person reads next to a field: plain words in the page's language instead of a validator's message. */
export function plainMessage(message: string, t: Translate = translator('en')): string {
  // 'the submission is empty': a contact form sent blank; its message box is what to fill in.
  if (message === 'Required' || message === 'is required' || message === 'the submission is empty' || /expected string to have >=1 characters/.test(message)) return t('fillIn');
  if (/valid email/.test(message)) return t('validEmail');
  const max = /<=\s?(\d+) characters/.exec(message);
  if (max) return t('maxChars', { n: max[1] });
  const min = />=\s?(\d+) characters/.exec(message);
  if (min) return t('minChars', { n: min[1] });
  if (/Invalid option|expected one of|unknown category/i.test(message)) return t('chooseOption');
  if (/Too (small|big): expected number/.test(message)) return t('inRange');
  return t('checkThis');
}

/** Every field's first error (API issue path `/attributes/plan` -> field `attributes.plan`), all at once. */
function fieldErrors(issues: Issue[], fields: PageField[], t: Translate) {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const name = i.path.slice(1).replace('/', '.');
    if (fields.some((f) => f.name === name) && !out[name]) out[name] = plainMessage(i.message, t);
  }
  return out;
}

/**
 * Pages without a published config speak the visitor's language (Accept-Language), and carry the
 * app's name and logo when the app exists (`brand`, kernel/pages/bare-page.ts).
 */
async function messagePage(request: FastifyRequest, reply: FastifyReply, status: number, title: MessageKey, message: MessageKey, brand?: BrandOf) {
  const lang = negotiate(request.headers['accept-language']);
  const t = translator(lang);
  const app = await brand?.((request.params as Params).appSlug).catch(() => undefined);
  return sendPage(reply, MessagePage({ title: t(title), message: t(message), lang, app }), { status, frameable: isEmbed(request) });
}
type BrandOf = (appSlug: string) => Promise<Brand | undefined>;

/** `/embed/<type>/<app>`: the one copy of a form other sites may frame (docs/embeds.md). */
const isEmbed = (request: FastifyRequest) => !!request.routeOptions.url?.startsWith('/embed/');
/** The embed's look, kept on its own redirects: `compact=1` (form only), `transparent=1` (embed-frame.js). */
const EMBED_FLAGS = ['compact', 'transparent'] as const;
const embedFlags = (request: FastifyRequest) => {
  const q = request.query as Record<string, unknown>;
  return isEmbed(request) ? EMBED_FLAGS.filter((f) => q[f] === '1') : [];
};

/**
 * GET renders the page; POST (urlencoded, no JavaScript) submits, then 303-redirects to
 * `?done=<outcome>.<receipt>`, or re-renders with the error and the typed values. The receipt is
 * a form token (kernel/pages/form-token.ts) bound to the page, the visitor's address and the
 * outcome (`joined`, or `already` when the address was on the list), so a hand-typed `?done=1`
 * shows the form, not a success that never happened.
 */
export function registerHostedForm(app: FastifyInstance, paths: string[], form: HostedForm, opts: { deps: OperationDeps; rateLimit: number; host?: string; brand?: BrandOf; embeddable?: boolean; visitorCookie?: boolean }) {
  const constraints = opts.host ? { host: opts.host } : undefined;
  const notPublished = (request: FastifyRequest, reply: FastifyReply) => messagePage(request, reply, 404, 'notPublishedTitle', 'notPublishedBody', opts.brand);

  const load = async (request: FastifyRequest, client?: ClientInfo, pageView = false) => {
    const p = request.params as Params;
    return { p, view: await form.view(p.appSlug, p.flowSlug, client ?? clientInfo(request, opts.deps.secret, opts.deps.country), pageView) };
  };
  // A first-party visitor id (random, no personal data) so an experiment shows a browser the same variant on every view.
  const visitorOf = (request: FastifyRequest, reply: FastifyReply): ClientInfo => {
    const client = clientInfo(request, opts.deps.secret, opts.deps.country);
    // Only pages that run experiments (the waitlist) set it: other forms leave no cookie.
    if (client.visitor || !opts.visitorCookie) return client;
    const visitor = randomString(24);
    const secure = request.protocol === 'https';
    reply.header('set-cookie', `${VISITOR_COOKIE}=${visitor}; Path=/; Max-Age=31536000; HttpOnly; ${secure && isEmbed(request) ? 'SameSite=None; Secure' : `SameSite=Lax${secure ? '; Secure' : ''}`}`);
    return { ...client, visitor };
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

  const look = (request: FastifyRequest) => ({ compact: embedFlags(request).includes('compact') });
  // Embeddable forms also answer under /embed/…, the only copy other sites may frame.
  for (const url of opts.embeddable ? [...paths, ...paths.map((p) => `/embed${p}`)] : paths) {
    app.route({
      method: 'GET',
      url,
      constraints,
      schema: { hide: true },
      handler: async (request, reply) => {
        try {
          const { view } = await load(request, visitorOf(request, reply), true);
          const outcome = doneOutcome(request);
          return sendPage(reply, FormPage({ v: view, state: { done: !!outcome, already: outcome === 'already', token: tokenFor(request), ...look(request) } }), { frameable: isEmbed(request) });
        } catch (e) {
          if (e instanceof AppError && e.status === 404) return notPublished(request, reply);
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
      errorHandler: (err: { statusCode?: number }, request, reply) => {
        if (err.statusCode !== 429) throw err;
        return messagePage(request, reply, 429, 'tooManyTitle', 'tooManyBody', opts.brand);
      },
      handler: async (request, reply) => {
        let loaded;
        try {
          loaded = await load(request);
        } catch (e) {
          if (e instanceof AppError && e.status === 404) return notPublished(request, reply);
          throw e;
        }
        const { p, view } = loaded;
        const posted = (request.body ?? {}) as FormBody;
        const t = translator(view.locale, view.strings);
        const rerender = (issues: Issue[], status = 422, message?: string) => {
          const errors = fieldErrors(issues, view.fields, t);
          const n = Object.keys(errors).length;
          const error = message ?? (n > 1 ? t('checkFields', { n }) : n === 1 || !issues[0] ? t('checkField') : plainMessage(issues[0].message, t));
          return sendPage(reply, FormPage({ v: view, state: { values: keptValues(posted, view.fields), error, fieldErrors: errors, token: tokenFor(request), ...look(request) } }), { status, frameable: isEmbed(request) });
        };
        const client = clientInfo(request, opts.deps.secret, opts.deps.country);
        if (!checkFormToken(opts.deps.secret, scopeOf(request), client.ipHash, posted[FORM_TOKEN_FIELD])) return rerender([], 403, t('formExpired'));

        const parsed = form.body.safeParse(bodyFromForm(posted, view.fields, p));
        if (!parsed.success) return rerender(issuesFrom(parsed.error));
        let result: unknown;
        try {
          result = await form.submit(parsed.data, client);
        } catch (e) {
          if (e instanceof AppError && e.status === 422) return rerender((e.extra.issues as Issue[]) ?? []);
          if (e instanceof AppError && e.status === 404) return notPublished(request, reply);
          throw e;
        }
        const outcome = (result as { alreadySignedUp?: boolean } | undefined)?.alreadySignedUp ? 'already' : 'joined';
        const receipt = formToken(opts.deps.secret, `${scopeOf(request)}\ndone\n${outcome}`, client.ipHash);
        const flags = embedFlags(request).map((f) => `&${f}=1`).join('');
        return reply.redirect(`${request.url.split('?')[0]}?done=${outcome}.${receipt}${flags}`, 303);
      },
    });
  }
}
