import type { App } from '../apps/apps.schema.js';
import { editorBase, withSlug } from './admin.editor.views.js';
import { Csrf, Shell, type ShellProps } from './admin.views.js';

type Owner = NonNullable<ShellProps['owner']>;

export interface GalleryProps {
  owner: Owner;
  app: App;
  type: { type: string; label: string; primarySlug: string };
  flowSlug: string;
  templates: { id: string; name: string; description: string }[];
  /** Whether the type renders a live preview (thumbnails); otherwise cards show text only. */
  thumbnails: boolean;
  /** The app's existing flows of this type (multi-instance types: the primary may not exist while a secondary does). */
  others: { slug: string; status: string; primary: boolean }[];
}

/**
 * Where a flow that does not exist yet opens (issue #32 §1): its templates, each with a live
 * thumbnail of its first screen (the editor's own preview route, in a sandboxed frame without
 * scripts), or a blank draft. Picking one saves it as the draft — nothing is published — and
 * opens the editor on it.
 */
export function GalleryPage(p: GalleryProps) {
  const base = editorBase(p.app.slug, p.type.type);
  const at = (suffix: string, extra = '') => {
    const url = withSlug(`${base}${suffix}`, p.flowSlug, p.type.primarySlug);
    return extra ? `${url}${url.includes('?') ? '&' : '?'}${extra}` : url;
  };
  const secondary = p.flowSlug !== p.type.primarySlug;
  return (
    <Shell title={`New ${p.type.label.toLowerCase()} · ${p.app.name}`} owner={p.owner} current="apps" wide>
      <p class="crumbs">
        <a href="/admin/apps">Apps</a> › <a href={`/admin/apps/${p.app.slug}`}>{p.app.name}</a> › {p.type.label}
        {secondary ? ` (${p.flowSlug})` : ''}
      </p>
      <div class="titlebar">
        <h1>
          New {p.type.label.toLowerCase()}
          {secondary ? <span class="muted"> · {p.flowSlug}</span> : null}
        </h1>
      </div>
      <p class="lead">Pick a starting point. It becomes your draft: change anything in the editor, preview it, then publish. Nothing goes live until you do.</p>
      {p.templates.length === 0 ? (
        <p class="alert warn" role="status">
          {p.type.type === 'app-promotion'
            ? 'An app promotion sends your users to another app of yours: add that app first (Apps › New app, with its App Store id), and its templates appear here.'
            : 'No template fits this app yet: start from blank.'}
        </p>
      ) : null}
      <ul class="gallery" aria-label="Templates">
        {p.templates.map((t) => (
          <li class="card template" id={`template-${t.id}`}>
            {p.thumbnails ? (
              <div class="thumb" aria-hidden="true">
                <iframe src={at('/preview', `template=${encodeURIComponent(t.id)}`)} title={`Preview of ${t.name}`} sandbox="allow-same-origin" loading="lazy" tabindex={-1} />
              </div>
            ) : null}
            <h2>{t.name}</h2>
            <p class="muted">{t.description}</p>
            <form method="post" action={at('/start')}>
              <Csrf token={p.owner.csrf} />
              <input type="hidden" name="template" value={t.id} />
              <button type="submit" aria-label={`Use this template: ${t.name}`}>
                Use this template
              </button>
            </form>
          </li>
        ))}
        <li class="card template blank">
          <h2>Blank</h2>
          <p class="muted">Start from an empty draft and fill in every field yourself.</p>
          <a class="button secondary" href={at('', 'blank=1')}>
            Start from blank
          </a>
        </li>
      </ul>
      {p.others.length ? (
        <section class="card" aria-labelledby="others-h">
          <h2 id="others-h">Existing {p.type.label.toLowerCase()}s of this app</h2>
          <ul>
            {p.others.map((o) => (
              <li>
                <a href={o.primary ? base : `${base}?flowSlug=${encodeURIComponent(o.slug)}`}>{o.slug}</a> <span class="muted">({o.status})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Shell>
  );
}
