import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import type { DashboardSection } from '../kernel/module.js';
import { LiveContext, LiveStrip } from './admin.editor.live.js';
import { Shell } from './admin.views.js';

/** The tabs every app has before the capabilities' own: its overview and its settings and flows. */
export const BUILT_IN_SECTIONS: DashboardSection[] = [
  { path: 'overview', label: 'Overview' },
  { path: '', label: 'Settings & flows' },
];

export interface AppShellProps {
  title: string;
  owner: { email: string; csrf: string };
  app: { slug: string; name: string };
  /** Every capability's tabs (DashboardContext.sections). */
  sections: DashboardSection[];
  /** The current tab's path ('' = settings & flows). */
  current: string;
  scripts?: string[];
  styles?: string[];
  wide?: boolean;
  children: ComponentChildren;
}

/**
 * An app's dashboard page: the dashboard shell, the app's name, and a row of section tabs
 * (scrolls sideways on a phone instead of wrapping into rows).
 */
export function AppShell(p: AppShellProps) {
  const base = `/admin/apps/${encodeURIComponent(p.app.slug)}`;
  // The tab's own flow, when it is live: where it lives, on every such tab (admin.flow-tab.tsx).
  const live = useContext(LiveContext);
  return (
    <Shell title={`${p.title} · ${p.app.name}`} owner={p.owner} current="apps" scripts={p.scripts} styles={p.styles} wide={p.wide}>
      <p class="crumbs">
        <a href="/admin/apps">Apps</a> / <a href={`${base}/overview`}>{p.app.name}</a>
      </p>
      <nav class="tabs" aria-label={`${p.app.name} sections`}>
        {[...BUILT_IN_SECTIONS, ...p.sections].map((s) => (
          <a href={s.path ? `${base}/${s.path}` : base} aria-current={s.path === p.current ? 'page' : undefined}>
            {s.label}
          </a>
        ))}
      </nav>
      {live ? <LiveStrip live={live.live} editHref={live.editHref} /> : null}
      {p.children}
    </Shell>
  );
}
