import type { Change } from 'diff';
import type { App } from '../apps/apps.schema.js';
import { Alert, Shell, type ShellProps } from './admin.views.js';

// Line diffs of flow configs: the editor's "what publishing changes" and the page comparing two versions.

type Owner = NonNullable<ShellProps['owner']>;

/** Lines of a diff, each marked added, removed or the same (in words for screen readers too). */
export function DiffLines(p: { changes: Change[] }) {
  return (
    <>
      {p.changes.flatMap((c) =>
        c.value
          .replace(/\n$/, '')
          .split('\n')
          .map((line) => (
            <span class={c.added ? 'add' : c.removed ? 'del' : 'same'}>
              {c.added ? '+ ' : c.removed ? '- ' : '  '}
              {line}
              {c.added ? <span class="visually-hidden"> (added)</span> : c.removed ? <span class="visually-hidden"> (removed)</span> : null}
              {'\n'}
            </span>
          )),
      )}
    </>
  );
}

/** Two versions of a flow's config, line by line. */
export function DiffPage(p: { owner: Owner; app: App; label: string; back: string; a: string; b: string; changes: Change[] }) {
  return (
    <Shell title={`Diff ${p.a} → ${p.b}`} owner={p.owner} current="apps" wide>
      <p class="crumbs">
        <a href="/admin/apps">Apps</a> › <a href={`/admin/apps/${p.app.slug}`}>{p.app.name}</a> › <a href={p.back}>{p.label}</a> › diff
      </p>
      <h1>
        {p.label}: {p.a} → {p.b}
      </h1>
      {p.changes.every((c) => !c.added && !c.removed) ? <Alert kind="ok">No differences.</Alert> : null}
      <pre class="diff" aria-label="Differences, line by line">
        <DiffLines changes={p.changes} />
      </pre>
      <p>
        <a href={p.back}>Back to the editor</a>
      </p>
    </Shell>
  );
}
