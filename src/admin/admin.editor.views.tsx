import type { Change } from 'diff';
import type { App } from '../apps/apps.schema.js';
import type { Issue } from '../kernel/errors.js';
import type { PreviewScreen, Warning } from '../kernel/flows/registry.js';
import { LivePanel, type LiveInfo } from './admin.editor.live.js';
import { SchedulePanel, type ScheduleView } from './admin.editor.schedule.js';
import { notDone, plainMessage, problemsHeadline } from './admin.messages.js';
import { Alert, Csrf, formatTime, Shell, type ShellProps } from './admin.views.js';
import { DiffLines } from './admin.editor.diff.js';

type Owner = NonNullable<ShellProps['owner']>;

export interface EditorProps {
  owner: Owner;
  app: App;
  type: { type: string; label: string; multi: boolean; primarySlug: string };
  flowSlug: string;
  /** undefined until the first save. */
  status?: { published: number | null; next: number; hasUnpublishedChanges: boolean };
  text: string;
  error?: string;
  /** Where the error's remedy is (a running experiment's page when publish answered 409). */
  errorLink?: { href: string; label: string };
  issues?: Issue[];
  warnings?: Warning[];
  notice?: string;
  versions: { versionNumber: number; publishedAt: string }[];
  secondaries: { slug: string; status: string }[];
  preview: 'live' | 'link' | 'none';
  /** The type also has a preview-token operation: a link to walk the saved draft on its hosted page. */
  link?: boolean;
  /** Where the flow lives (admin.editor.live.tsx); undefined until the first save. */
  live?: LiveInfo;
  /** The screens of the draft as shown (the preview's "Screen" select; the island follows the draft as typed). */
  screens?: PreviewScreen[];
  /** The form editor's references: the account's other apps (promotion destinations, picked by name). */
  refApps?: { id: string; name: string; slug: string; iconUrl: string | null; destinations: string[] }[];
  /** The text shown is a refused save, not the stored draft (the unsaved-changes guard starts armed). */
  unsaved?: boolean;
  /** The flow type's own app tab (its numbers, inbox and where it lives), when there is one. */
  tab?: { href: string; label: string };
  /** The published config as JSON text, and its line diff to the saved draft (shown before publishing). */
  liveText?: string;
  pendingDiff?: Change[];
  /** Its scheduled publish (admin.editor.schedule.tsx); undefined until the first save. */
  schedule?: ScheduleView;
}

/** `/admin/apps/<app>/flows/<type>` plus `?flowSlug=` for a secondary. */
export const editorBase = (appSlug: string, type: string) => `/admin/apps/${encodeURIComponent(appSlug)}/flows/${encodeURIComponent(type)}`;
export const withSlug = (url: string, flowSlug: string, primary: string) => (flowSlug === primary ? url : `${url}?flowSlug=${encodeURIComponent(flowSlug)}`);

/** The refusal itself sits by the Save button, a long form below: the top of the reloaded page says so and links there. */
function TopError(p: { error: string; issues: Issue[] }) {
  const lead = notDone(p.error, p.issues);
  return (
    <Alert kind="error">
      <p class="strong" id="top-error">
        {lead ? `${lead}: ${p.issues.length === 1 ? 'one problem' : `${p.issues.length} problems`} to fix.` : p.error}
      </p>
      <p>
        <a href="#problems">See what to fix</a>
      </p>
    </Alert>
  );
}

function Problems(p: { error?: string; errorLink?: { href: string; label: string }; issues?: Issue[]; warnings?: Warning[] }) {
  const headline = p.error ? problemsHeadline(p.error, p.issues ?? []) : undefined;
  return (
    <div id="problems" aria-live="polite">
      {p.error ? (
        <Alert kind="error">
          <p class="strong">{headline}</p>
          {p.errorLink ? (
            <p>
              <a href={p.errorLink.href}>{p.errorLink.label}</a>
            </p>
          ) : null}
          {p.issues?.length ? (
            <ul class="issues">
              {p.issues.map((i) => (
                <li>
                  <code>{i.path}</code> {plainMessage(i.message)}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {p.warnings?.length ? (
        <Alert kind="warn">
          <p class="strong">Warnings (saving is not blocked)</p>
          <ul class="issues">
            {p.warnings.map((w) => (
              <li>
                <code>{w.path}</code> {w.message} <span class="muted">({w.code})</span>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}

/** What publishing changes: the saved draft against the live version (the island follows unsaved edits). */
function PendingDiff({ p }: { p: EditorProps }) {
  if (p.liveText === undefined || !p.status?.published) return null;
  const changed = (p.pendingDiff ?? []).reduce((n, c) => n + (c.added || c.removed ? (c.count ?? 1) : 0), 0);
  return (
    <details class="pending-diff" id="pending-diff" data-live={p.liveText} hidden={changed === 0}>
      <summary>
        What publishing changes against the live v{p.status.published} (<span class="diff-count">{changed ? `${changed} changed line${changed === 1 ? '' : 's'}` : 'no changes'}</span>)
      </summary>
      {/* Scrolls when long: focusable, so a keyboard can scroll it too. */}
      <pre class="diff" aria-label="Differences, line by line" tabIndex={0}>
        <DiffLines changes={p.pendingDiff ?? []} />
      </pre>
    </details>
  );
}

export function EditorPage(p: EditorProps) {
  const base = editorBase(p.app.slug, p.type.type);
  const at = (suffix: string) => withSlug(`${base}${suffix}`, p.flowSlug, p.type.primarySlug);
  const next = p.status?.next ?? 1;
  // Publishing would only repeat the live version (the island enables it once the draft is edited).
  const nothingToPublish = !!p.status?.published && !p.status.hasUnpublishedChanges && !p.unsaved;
  return (
    <Shell title={`${p.type.label} · ${p.app.name}`} owner={p.owner} current="apps" wide scripts={['admin.js', 'editor.js', 'preview.js']}>
      <p class="crumbs">
        <a href="/admin/apps">Apps</a> › <a href={`/admin/apps/${p.app.slug}`}>{p.app.name}</a> › {p.type.label}
        {p.flowSlug !== p.type.primarySlug ? ` (${p.flowSlug})` : ''}
      </p>
      <div class="titlebar">
        <h1>
          {p.type.label}
          {p.flowSlug !== p.type.primarySlug ? <span class="muted"> · {p.flowSlug}</span> : null}
        </h1>
        <p class="status" id="flow-status">
          {p.status === undefined ? (
            <span class="badge">not saved yet</span>
          ) : p.status.published ? (
            <>
              <span class="badge on">v{p.status.published} live</span> {p.status.hasUnpublishedChanges ? <span class="badge">unpublished changes</span> : null}
            </>
          ) : (
            <span class="badge">draft, never published</span>
          )}
          {p.tab ? (
            <>
              {' '}
              <a href={p.tab.href}>{p.tab.label} tab: what came in</a>
            </>
          ) : null}
        </p>
      </div>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      {p.error ? <TopError error={p.error} issues={p.issues ?? []} /> : null}
      {p.live ? <LivePanel live={p.live} /> : null}
      <div class="editor-grid">
        <section class="editor-pane" aria-labelledby="draft-h">
          <form method="post" action={at('/save')} id="draft-form" class="stack">
            <Csrf token={p.owner.csrf} />
            <h2 id="draft-h">
              <label for="config">Draft (JSON)</label>
            </h2>
            {/* The editor island turns this into a generated form (default tab) and CodeMirror (JSON tab) over the same text. */}
            <textarea
              id="config"
              name="config"
              rows={24}
              class="mono code"
              spellcheck={false}
              aria-describedby="problems"
              data-schema={`/admin/schemas/${p.type.type}.json`}
              data-check={at('/check')}
              data-type={p.type.type}
              data-apps={JSON.stringify(p.refApps ?? [])}
              data-unsaved={p.unsaved ? '1' : undefined}
            >
              {p.text}
            </textarea>
            <Problems error={p.error} errorLink={p.errorLink} issues={p.issues} warnings={p.warnings} />
            <PendingDiff p={p} />
            <div class="actions">
              <button type="submit" name="action" value="save" class="secondary">
                Save draft
              </button>
              <button type="submit" name="action" value="publish" id="publish" disabled={nothingToPublish} aria-describedby={nothingToPublish ? 'publish-hint' : undefined}>
                Save and publish as v{next}
              </button>
              {p.preview === 'live' ? (
                // Without JavaScript: shows the textarea's text in the phone frame, saving nothing.
                <button type="submit" class="secondary" formaction={at('/preview')} formtarget="pv-phone" id="refresh-preview">
                  Preview
                </button>
              ) : null}
            </div>
            <p class="hint" id="publish-hint" hidden={!nothingToPublish}>
              Nothing to publish: the draft is the live v{p.status?.published}. Edit it to publish a new version.
            </p>
          </form>
          {p.status ? <SchedulePanel schedule={p.schedule} csrf={p.owner.csrf} action={at} /> : null}
        </section>
        <section class="preview-pane" aria-labelledby="preview-h">
          <h2 id="preview-h">Preview</h2>
          {p.preview === 'live' ? (
            <>
              {/*
                The editor island posts the text as it is typed through this form, into both frames,
                with the screen picked here (the preview island refreshes both frames when it changes,
                and keeps the options those of the draft as typed). Without JavaScript, "Show"
                shows the picked screen of the draft as this page was loaded, in the phone frame.
              */}
              <form method="post" action={at('/preview')} target="pv-phone" id="preview-form" class="row preview-screen">
                <Csrf token={p.owner.csrf} />
                <input type="hidden" name="config" value={p.text} />
                <div class="field">
                  <label for="pv-screen">Screen</label>
                  <select id="pv-screen" name="screen">
                    {(p.screens ?? []).map((x) => (
                      <option value={x.id}>{x.label}</option>
                    ))}
                  </select>
                </div>
                <button type="submit" class="secondary" id="pv-show">
                  Show
                </button>
              </form>
              <div class="frames">
                <figure class="frame phone">
                  <iframe name="pv-phone" title="Preview at phone size" src={at('/preview')} sandbox="allow-same-origin" loading="lazy" />
                  <figcaption>Phone (390 px)</figcaption>
                </figure>
                <figure class="frame desktop">
                  <div class="scaler">
                    <iframe name="pv-desktop" title="Preview at desktop size" src={at('/preview')} sandbox="allow-same-origin" loading="lazy" />
                  </div>
                  <figcaption>Desktop (1280 px, scaled)</figcaption>
                </figure>
              </div>
              {p.link ? (
                <form method="post" action={at('/preview-link')} target="_blank" class="stack">
                  <Csrf token={p.owner.csrf} />
                  <p class="muted">The frames show the draft as typed, one screen at a time. To click through it as a visitor would, open the saved draft on its hosted page (a signed link, valid 24 h).</p>
                  <button type="submit" class="secondary" disabled={p.status === undefined}>
                    Open preview of the saved draft
                  </button>
                </form>
              ) : null}
            </>
          ) : p.preview === 'link' ? (
            <form method="post" action={at('/preview-link')} target="_blank" class="stack">
              <Csrf token={p.owner.csrf} />
              <p class="muted">This flow previews its saved draft on its hosted page (a signed link, valid 24 h).</p>
              <button type="submit" class="secondary" disabled={p.status === undefined}>
                Open preview of the saved draft
              </button>
            </form>
          ) : (
            <p class="muted">This flow type has no hosted page to preview; your app reads its published config through the public API.</p>
          )}
        </section>
      </div>
      <section class="card" aria-labelledby="versions-h">
        <h2 id="versions-h">Versions</h2>
        {p.versions.length === 0 ? (
          <p class="muted">Nothing published yet.</p>
        ) : (
          <>
            <form method="get" action={`${base}/diff`} class="row">
              {p.flowSlug !== p.type.primarySlug ? <input type="hidden" name="flowSlug" value={p.flowSlug} /> : null}
              <div class="field">
                <label for="diff-a">Compare</label>
                <select id="diff-a" name="a">
                  {p.versions.map((v, i) => (
                    <option value={String(v.versionNumber)} selected={i === 1 || (p.versions.length === 1 && i === 0)}>
                      v{v.versionNumber}
                    </option>
                  ))}
                </select>
              </div>
              <div class="field">
                <label for="diff-b">with</label>
                <select id="diff-b" name="b">
                  <option value="draft">draft</option>
                  {p.versions.map((v, i) => (
                    <option value={String(v.versionNumber)} selected={i === 0 && p.versions.length > 1}>
                      v{v.versionNumber}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" class="secondary">
                Show diff
              </button>
            </form>
            <div class="tablewrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Version</th>
                    <th scope="col">Published</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {p.versions.map((v) => (
                    <tr>
                      <td>
                        v{v.versionNumber}
                        {v.versionNumber === p.status?.published ? <span class="badge on">live</span> : null}
                      </td>
                      <td>{formatTime(v.publishedAt)}</td>
                      <td>
                        <form method="post" action={at('/copy')} class="inline">
                          <Csrf token={p.owner.csrf} />
                          <input type="hidden" name="version" value={String(v.versionNumber)} />
                          <button type="submit" class="secondary small" aria-label={`Copy into draft: version ${v.versionNumber}`}>
                            Copy into draft
                          </button>
                        </form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      {p.type.multi ? (
        <section class="card" aria-labelledby="secondary-h">
          <h2 id="secondary-h">Other {p.type.label.toLowerCase()}s of this app</h2>
          <ul>
            <li>
              <a href={base} aria-current={p.flowSlug === p.type.primarySlug ? 'page' : undefined}>
                {p.type.primarySlug}
              </a>{' '}
              (primary)
            </li>
            {p.secondaries.map((s) => (
              <li>
                <a href={`${base}?flowSlug=${encodeURIComponent(s.slug)}`} aria-current={p.flowSlug === s.slug ? 'page' : undefined}>
                  {s.slug}
                </a>{' '}
                <span class="muted">({s.status})</span>
              </li>
            ))}
          </ul>
          <form method="get" action={base} class="row">
            <div class="field">
              <label for="new-slug">New secondary flow slug</label>
              <input id="new-slug" name="flowSlug" pattern="[a-z0-9-]+" required aria-describedby="new-slug-hint" />
              <p class="hint" id="new-slug-hint">
                Opens an empty editor; the flow is created when you save it.
              </p>
            </div>
            <button type="submit" class="secondary">
              Open
            </button>
          </form>
        </section>
      ) : null}
    </Shell>
  );
}
