import { diffLines } from 'diff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../apps/apps.schema.js';
import type { AppService } from '../apps/apps.service.js';
import type { AppRow } from '../apps/apps.store.js';
import { AppError, issuesFrom, notFound, type Issue } from '../kernel/errors.js';
import type { FlowEnvelope, FlowService } from '../kernel/flows/flows.service.js';
import type { FlowTypeDef, PreviewScreen, Warning } from '../kernel/flows/registry.js';
import type { DashboardSection } from '../kernel/module.js';
import { parseJsonBounded } from '../kernel/json-depth.js';
import { renderToString } from 'preact-render-to-string';
import { GalleryPage } from './admin.editor.gallery.js';
import { DiffPage } from './admin.editor.diff.js';
import { EditorPage, editorBase, type EditorProps } from './admin.editor.views.js';
import { sendAdmin } from './admin.http.js';
import type { OpRunner } from './admin.ops.js';
import type { OwnerService } from './admin.owners.js';
import { liveInfo } from './admin.editor.live.js';
import { livePreview, previewScreensOf, screensOfText } from './admin.previews.js';
import { ownerView, str } from './admin.routes.js';

export interface EditorDeps {
  owners: OwnerService;
  apps: AppService;
  flows: FlowService;
  webUrl: string;
  /** BASE_URL: the API host the iOS SDK is configured with (the editor's Swift snippet). */
  baseUrl: string;
  /** The app tabs capabilities declare: a flow type's own tab (its results, inbox) is linked from its editor. */
  sections: DashboardSection[];
}

type Body = Record<string, string | string[] | undefined>;

/** The flow type's own app tab (`/admin/apps/<app>/<segment>`), when a capability declares one. */
const tabOf = (sections: DashboardSection[], d: FlowTypeDef, appSlug: string) => {
  const s = sections.find((x) => x.path === d.segment);
  return s ? { href: `/admin/apps/${encodeURIComponent(appSlug)}/${s.path}`, label: s.label } : undefined;
};
type Listed = { type: string; slug: string; status: string; isPrimary: boolean; versions: { versionNumber: number; publishedAt: string }[] };

/** A syntax error of the editor's text as an issue at the root. */
function parseText(text: string): { config?: unknown; issue?: Issue } {
  try {
    return { config: parseJsonBounded(text) };
  } catch (e) {
    return { issue: { path: '/', message: `not valid JSON: ${(e as Error).message}` } };
  }
}

/**
 * The flow editor, for every type in the registry: draft JSON (CodeMirror island over a plain
 * textarea form), save and publish through the flow operations, a live preview, versions with a
 * diff between any two and "copy into draft", secondaries for multi-instance types.
 */
export function registerEditorRoutes(s: FastifyInstance, ops: OpRunner, deps: EditorDeps) {
  const { flows, owners } = deps;
  const schemas = new Map<string, unknown>();

  const typeOf = (segment: string): FlowTypeDef => {
    const d = flows.registry.segment(segment);
    if (!d) throw notFound(`Unknown flow type "${segment}"`);
    return d;
  };
  const slugOf = (d: FlowTypeDef, request: FastifyRequest) => {
    const q = String((request.query as { flowSlug?: string }).flowSlug ?? '');
    return d.multi && q ? q : d.primarySlug;
  };
  const flowPath = (d: FlowTypeDef) => `/api/v1/apps/:idOrSlug/flows/${d.segment}`;
  const query = (d: FlowTypeDef, flowSlug: string): Record<string, string> => (flowSlug === d.primarySlug ? {} : { flowSlug });
  /** The editor URL with extra query keys. */
  const editorUrl = (appSlug: string, d: FlowTypeDef, flowSlug: string, extra: Record<string, string> = {}) => {
    const q = new URLSearchParams({ ...query(d, flowSlug), ...extra }).toString();
    return `${editorBase(appSlug, d.segment)}${q ? `?${q}` : ''}`;
  };
  const previewOp = (d: FlowTypeDef) =>
    [`/api/v1/apps/:idOrSlug/flows/${d.segment}/preview-token`, `/api/v1/apps/:idOrSlug/${d.segment}/preview-token`].find((p) => ops.find('POST', p));

  const templatesOf = async (request: FastifyRequest, d: FlowTypeDef, appId: string) =>
    (await ops.call<{ templates: { id: string; name: string; description: string; config: Record<string, unknown> }[] }>(request, 'GET', '/api/v1/flow-templates', { query: { type: d.type, app: appId } })).templates;

  /** Validation and warnings of a config, without saving (the same functions PUT runs). */
  async function check(app: AppRow, d: FlowTypeDef, config: unknown): Promise<{ issues: Issue[]; warnings: Warning[]; error?: string }> {
    try {
      return { issues: [], ...(await flows.dryRun(app, d.type, config)) };
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 422) throw e;
      return { error: e.message, issues: (e.extra.issues as Issue[]) ?? [], warnings: [] };
    }
  }

  /** What the form editor picks from (the account's other apps), and what publishing would change. */
  async function formRefs(request: FastifyRequest, d: FlowTypeDef, a: App, env: FlowEnvelope | undefined, unsaved: boolean): Promise<Pick<EditorProps, 'refApps' | 'unsaved' | 'liveText' | 'pendingDiff'>> {
    let refApps: EditorProps['refApps'];
    if (d.type === 'app_promotion') {
      const { apps } = await ops.call<{ apps: App[] }>(request, 'GET', '/api/v1/apps', { query: { limit: '200' } });
      refApps = apps
        .filter((x) => x.id !== a.id)
        .map((x) => ({ id: x.id, name: x.name, slug: x.slug, iconUrl: x.promotion?.iconUrl ?? x.logoUrl ?? null, destinations: Object.keys(x.promotion?.destinations ?? {}) }));
    }
    const liveText = env?.published ? JSON.stringify(env.published.config, null, 2) : undefined;
    const pendingDiff = env && liveText !== undefined ? diffLines(liveText + '\n', JSON.stringify(env.draft.config, null, 2) + '\n') : undefined;
    return { refApps, unsaved, liveText, pendingDiff };
  }

  async function editor(request: FastifyRequest, reply: FastifyReply, d: FlowTypeDef, over: Partial<Omit<EditorProps, 'status'>> & { status?: number } = {}) {
    const idOrSlug = (request.params as { app: string }).app;
    const flowSlug = slugOf(d, request);
    const { app: a } = await ops.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    let env: FlowEnvelope | undefined;
    try {
      env = await ops.call<FlowEnvelope>(request, 'GET', flowPath(d), { params: { idOrSlug: a.id }, query: query(d, flowSlug) });
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 404) throw e;
    }
    const { flows: listed } = await ops.call<{ flows: Listed[] }>(request, 'GET', '/api/v1/apps/:idOrSlug/flows', { params: { idOrSlug: a.id }, query: { type: d.type } });
    const blank = (request.query as { blank?: string }).blank !== undefined;
    if (!env && over.text === undefined && !blank) {
      const templates = await templatesOf(request, d, a.id);
      return sendAdmin(reply, GalleryPage({ owner: ownerView(request, owners), app: a, type: { type: d.segment, label: d.label, primarySlug: d.primarySlug }, flowSlug, templates, thumbnails: !!livePreview(d), others: listed.map((f) => ({ slug: f.slug, status: f.status, primary: f.isPrimary })) }));
    }
    const current = listed.find((f) => f.slug === (env?.flow.slug ?? flowSlug));
    const text = over.text ?? (env ? JSON.stringify(env.draft.config, null, 2) : JSON.stringify({ type: d.type }, null, 2));
    // Warnings of the saved draft when nothing else is shown.
    let shown: Pick<EditorProps, 'error' | 'issues' | 'warnings'> = { error: over.error, issues: over.issues, warnings: over.warnings };
    if (env && over.text === undefined && !over.error) {
      const row = await deps.apps.resolve(request.owner!.accountId, a.id);
      const c = await check(row, d, env.draft.config);
      shown = { error: c.error, issues: c.issues, warnings: c.warnings };
    }
    const props: EditorProps = {
      owner: ownerView(request, owners),
      app: a,
      type: { type: d.segment, label: d.label, multi: d.multi, primarySlug: d.primarySlug },
      flowSlug,
      status: env ? { published: env.published?.versionNumber ?? null, next: env.draft.versionNumber, hasUnpublishedChanges: env.flow.hasUnpublishedChanges } : undefined,
      text,
      notice: over.notice,
      errorLink: over.errorLink,
      ...shown,
      versions: [...(current?.versions ?? [])].sort((x, y) => y.versionNumber - x.versionNumber),
      secondaries: listed.filter((f) => !f.isPrimary).map((f) => ({ slug: f.slug, status: f.status })),
      preview: livePreview(d) ? 'live' : previewOp(d) ? 'link' : 'none',
      link: !!livePreview(d) && !!previewOp(d),
      screens: screensOfText(d, text),
      live: env ? liveInfo(d, a, env, { webUrl: deps.webUrl, baseUrl: deps.baseUrl }) : undefined,
      schedule: env ? { at: env.scheduledPublishAt, error: env.scheduleError } : undefined,
      tab: tabOf(deps.sections, d, a.slug),
      ...(await formRefs(request, d, a, env, over.text !== undefined)),
    };
    return sendAdmin(reply, EditorPage(props), { status: over.status });
  }

  const base = '/admin/apps/:app/flows/:type';
  const hide = { schema: { hide: true } };

  s.get(base, hide, async (request, reply) => {
    const d = typeOf((request.params as { type: string }).type);
    const q = request.query as { saved?: string; published?: string; copied?: string; started?: string; scheduled?: string; unscheduled?: string };
    const notice = q.started
      ? 'Your draft starts from the template. Change anything, preview it, then publish: nothing is live until you do.'
      : q.published ? `Published as version ${Number(q.published)}.` : q.copied ? `Version ${Number(q.copied)} copied into the draft (not published yet).` : q.saved ? 'Draft saved.'
      : q.scheduled ? 'Publish scheduled: the draft is published as it is at that time.' : q.unscheduled ? 'Scheduled publish cancelled.' : undefined;
    return editor(request, reply, d, { notice });
  });

  s.post(`${base}/save`, hide, async (request, reply) => {
    const d = typeOf((request.params as { type: string }).type);
    const idOrSlug = (request.params as { app: string }).app;
    const flowSlug = slugOf(d, request);
    const body = request.body as Body;
    const text = str(body, 'config');
    const parsed = parseText(text);
    if (parsed.issue) return editor(request, reply, d, { text, error: 'The draft is not valid JSON', issues: [parsed.issue], status: 422 });
    try {
      const saved = await ops.call<{ warnings: Warning[] }>(request, 'PUT', flowPath(d), { params: { idOrSlug }, query: query(d, flowSlug), body: parsed.config });
      if (str(body, 'action') === 'publish') {
        const pub = await ops.call<{ version: number }>(request, 'POST', `${flowPath(d)}/publish`, { params: { idOrSlug }, query: query(d, flowSlug) });
        return reply.redirect(editorUrl(idOrSlug, d, flowSlug, { published: String(pub.version) }), 303);
      }
      void saved;
      return reply.redirect(editorUrl(idOrSlug, d, flowSlug, { saved: '1' }), 303);
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500 || e.status === 404) throw e;
      // A running experiment holds publishing (409 with its id): say so plainly, with the way to it.
      if (e.status === 409 && typeof e.extra.experimentId === 'string')
        return editor(request, reply, d, {
          text,
          error: 'Draft saved, not published: an experiment runs on this flow. Stop it (with a winner or without) before publishing.',
          errorLink: { href: `/admin/apps/${encodeURIComponent(idOrSlug)}/${d.segment}/experiments`, label: 'Open the experiment' },
          status: 409,
        });
      return editor(request, reply, d, { text, error: e.message, issues: (e.extra.issues as Issue[]) ?? [], status: e.status });
    }
  });

  /** "Schedule…": the datetime-local value is a UTC time (the form says so); the operation checks it (422 at /at). */
  s.post(`${base}/schedule`, hide, async (request, reply) => {
    const d = typeOf((request.params as { type: string }).type);
    const idOrSlug = (request.params as { app: string }).app;
    const flowSlug = slugOf(d, request);
    const local = str(request.body as Body, 'at');
    const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(local) ? `${local}${local.length === 16 ? ':00' : ''}Z` : local;
    try {
      await ops.call(request, 'POST', `${flowPath(d)}/publish`, { params: { idOrSlug }, query: query(d, flowSlug), body: { at } });
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 422) throw e;
      return editor(request, reply, d, { error: `Not scheduled: ${e.message}`, issues: (e.extra.issues as Issue[]) ?? [], status: 422 });
    }
    return reply.redirect(editorUrl(idOrSlug, d, flowSlug, { scheduled: '1' }), 303);
  });

  s.post(`${base}/unschedule`, hide, async (request, reply) => {
    const d = typeOf((request.params as { type: string }).type);
    const idOrSlug = (request.params as { app: string }).app;
    const flowSlug = slugOf(d, request);
    await ops.call(request, 'DELETE', '/api/v1/apps/:idOrSlug/flows/:type/schedule', { params: { idOrSlug, type: d.type }, query: query(d, flowSlug) });
    return reply.redirect(editorUrl(idOrSlug, d, flowSlug, { unscheduled: '1' }), 303);
  });

  /** Gallery: the chosen template becomes the draft (saved, not published), then the editor opens on it. */
  s.post(`${base}/start`, hide, async (request, reply) => {
    const d = typeOf((request.params as { type: string }).type);
    const idOrSlug = (request.params as { app: string }).app;
    const flowSlug = slugOf(d, request);
    const { app: a } = await ops.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    const id = str(request.body as Body, 'template');
    const found = (await templatesOf(request, d, a.id)).find((t) => t.id === id);
    if (!found) throw new AppError(422, `No ${d.label.toLowerCase()} template "${id}"`, { issues: [{ path: '/template', message: 'unknown template' }] });
    await ops.call(request, 'PUT', flowPath(d), { params: { idOrSlug: a.id }, query: query(d, flowSlug), body: found.config });
    return reply.redirect(editorUrl(a.slug, d, flowSlug, { started: found.id }), 303);
  });

  /** The editor island's linter: `{ config: "<text>" }` -> issues and warnings, nothing saved. */
  s.post(`${base}/check`, hide, async (request) => {
    const d = typeOf((request.params as { type: string }).type);
    const app = await deps.apps.resolve(request.owner!.accountId, (request.params as { app: string }).app);
    const text = (request.body as { config?: unknown } | undefined)?.config;
    if (typeof text !== 'string') throw new AppError(422, 'config must be the editor text', { issues: [{ path: '/config', message: 'Required' }] });
    const parsed = parseText(text);
    if (parsed.issue) return { ok: false, error: 'The draft is not valid JSON', issues: [parsed.issue], warnings: [] };
    const c = await check(app, d, parsed.config);
    return { ok: !c.error, ...c };
  });

  // ---- preview ----
  /**
   * A rendered preview without its scripts, carrying its screens (the screens of the config it
   * shows, and which one it is) in a <meta> the preview pane's island reads from the frame: the
   * "Screen" select follows the draft as steps and reasons come and go.
   */
  const previewHtml = (html: string, screens?: { screens: PreviewScreen[]; screen: string }) => {
    const out = html.replace(/<script\b[^>]*><\/script>/g, '');
    return screens ? out.replace(/<head\b[^>]*>/, (head) => head + renderToString(<meta name="appflows-preview-screens" content={JSON.stringify(screens)} />)) : out;
  };
  /** The screen asked for: `screen` of the preview pane's form, or of the query (GET). */
  const screenAsked = (request: FastifyRequest) => {
    const posted = (request.body as Body | undefined)?.screen;
    const q = (request.query as { screen?: unknown }).screen;
    return typeof posted === 'string' ? posted : typeof q === 'string' ? q : undefined;
  };
  const previewNote = (title: string, lines: string[]) =>
    '<!doctype html>' +
    renderToString(
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{title}</title>
          <link rel="stylesheet" href="/assets/base.css" />
          <link rel="stylesheet" href="/assets/admin.css" />
        </head>
        <body class="admin preview-note">
          <main>
            <h1>{title}</h1>
            {lines.map((l) => (
              <p>{l}</p>
            ))}
          </main>
        </body>
      </html>,
    );

  async function renderPreview(request: FastifyRequest, reply: FastifyReply, d: FlowTypeDef, config: unknown | undefined) {
    const render = livePreview(d);
    if (!render) return sendAdmin(reply, previewNote('No live preview', ['This flow type has no hosted page to render here.']), { preview: true });
    const app = await deps.apps.resolve(request.owner!.accountId, (request.params as { app: string }).app);
    if (config === undefined) return sendAdmin(reply, previewNote('Nothing to preview yet', ['Save the draft (or type a valid one) to see its page here.']), { preview: true });
    const r = d.schema.safeParse(config);
    if (!r.success) {
      const issues = issuesFrom(r.error).slice(0, 5);
      return sendAdmin(reply, previewNote('Preview paused', ['Fix the errors in the draft to update the preview:', ...issues.map((i) => `${i.path} ${i.message}`)]), { preview: true, status: 200 });
    }
    const screens = previewScreensOf(d, r.data);
    const screen = screens.find((x) => x.id === screenAsked(request)) ?? screens[0];
    const page = renderToString(await render(r.data, { ...flows.context(app), flowSlug: slugOf(d, request), screen: screen.id }));
    return sendAdmin(reply, previewHtml('<!doctype html>' + page, { screens, screen: screen.id }), { preview: true });
  }

  s.get(`${base}/preview`, hide, async (request, reply) => {
    const d = typeOf((request.params as { type: string }).type);
    const app = await deps.apps.resolve(request.owner!.accountId, (request.params as { app: string }).app);
    const template = (request.query as { template?: string }).template;
    if (template !== undefined) {
      const found = (await templatesOf(request, d, app.id)).find((t) => t.id === template);
      if (!found) throw notFound(`No ${d.label.toLowerCase()} template "${template}"`);
      return renderPreview(request, reply, d, found.config);
    }
    const draft = await flows.draft(app, d.type, slugOf(d, request)).catch(() => undefined);
    return renderPreview(request, reply, d, draft?.config);
  });

  s.post(`${base}/preview`, hide, async (request, reply) => {
    const d = typeOf((request.params as { type: string }).type);
    const parsed = parseText(str(request.body as Body, 'config'));
    if (parsed.issue) return sendAdmin(reply, previewNote('Preview paused', ['The draft is not valid JSON yet.']), { preview: true });
    return renderPreview(request, reply, d, parsed.config);
  });

  s.post(`${base}/preview-link`, hide, async (request, reply) => {
    const d = typeOf((request.params as { type: string }).type);
    const path = previewOp(d);
    if (!path) throw notFound(`The ${d.label.toLowerCase()} has no hosted preview`);
    const flowSlug = slugOf(d, request);
    const op = ops.find('POST', path)!;
    const r = await ops.call<{ url: string }>(request, 'POST', path, { params: { idOrSlug: (request.params as { app: string }).app }, query: op.query ? query(d, flowSlug) : undefined });
    return reply.redirect(r.url, 303);
  });

  // ---- versions ----
  const versionParam = z.union([z.literal('draft'), z.coerce.number().int().min(1)]);

  s.get(`${base}/diff`, hide, async (request, reply) => {
    const d = typeOf((request.params as { type: string }).type);
    const idOrSlug = (request.params as { app: string }).app;
    const q = request.query as { a?: string; b?: string };
    const a = versionParam.safeParse(q.a ?? '');
    const b = versionParam.safeParse(q.b ?? 'draft');
    if (!a.success || !b.success) throw new AppError(400, 'a and b must be version numbers or "draft"');
    const row = await deps.apps.resolve(request.owner!.accountId, idOrSlug);
    const flowSlug = slugOf(d, request);
    const configOf = async (v: 'draft' | number) => (v === 'draft' ? (await flows.draft(row, d.type, flowSlug)).config : (await flows.publishedVersion(row, d.type, v, flowSlug)).config);
    const label = (v: 'draft' | number) => (v === 'draft' ? 'draft' : `v${v}`);
    const [ca, cb] = await Promise.all([configOf(a.data), configOf(b.data)]);
    const { app: shown } = await ops.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    return sendAdmin(
      reply,
      DiffPage({
        owner: ownerView(request, owners),
        app: shown,
        label: d.label,
        back: editorUrl(shown.slug, d, flowSlug),
        a: label(a.data),
        b: label(b.data),
        changes: diffLines(JSON.stringify(ca, null, 2) + '\n', JSON.stringify(cb, null, 2) + '\n'),
      }),
    );
  });

  s.post(`${base}/copy`, hide, async (request, reply) => {
    const d = typeOf((request.params as { type: string }).type);
    const idOrSlug = (request.params as { app: string }).app;
    const flowSlug = slugOf(d, request);
    const n = Number(str(request.body as Body, 'version'));
    if (!Number.isInteger(n) || n < 1) throw new AppError(400, 'version must be a version number');
    const row = await deps.apps.resolve(request.owner!.accountId, idOrSlug);
    const { config } = await flows.publishedVersion(row, d.type, n, flowSlug);
    try {
      await ops.call(request, 'PUT', flowPath(d), { params: { idOrSlug }, query: query(d, flowSlug), body: config });
    } catch (e) {
      // A version frozen under an older schema may not pass today's: it lands in the editor with the reasons.
      if (!(e instanceof AppError) || e.status !== 422) throw e;
      return editor(request, reply, d, { text: JSON.stringify(config, null, 2), error: e.message, issues: (e.extra.issues as Issue[]) ?? [], status: 422 });
    }
    return reply.redirect(editorUrl(row.slug, d, flowSlug, { copied: String(n) }), 303);
  });

  /** JSON Schema of a type's config, from the same zod schema the API validates with (editor completion). */
  s.get('/admin/schemas/:file', hide, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const d = typeOf(file.replace(/\.json$/, ''));
    let schema = schemas.get(d.type);
    if (!schema) {
      schema = z.toJSONSchema(d.schema, { io: 'input', unrepresentable: 'any' });
      schemas.set(d.type, schema);
    }
    return reply.header('cache-control', 'private, max-age=300').send(schema);
  });
}
