import type { VNode } from 'preact';
import type { AppRow } from '../apps/apps.store.js';
import type { FlowContext, FlowTypeDef } from '../kernel/flows/registry.js';
import { FORM_KINDS } from '../flows/forms/forms.module.js';
import { kindView } from '../flows/forms/forms.pages.js';
import { FormPage } from '../flows/forms/forms.view.js';
import { waitlistView } from '../flows/waitlist/waitlist.pages.js';
import type { WaitlistConfig } from '../flows/waitlist/waitlist.schema.js';

/**
 * Live preview: the hosted page of a config that is not saved yet, rendered by the page code
 * of its type (the same components visitors get). A type's own `preview` (FlowTypeDef) comes
 * first; the form types' pages are rendered here from their exported views. Other types preview
 * their saved draft through their own preview-token operation (a link to the hosted page), and
 * types without a hosted page say so.
 */
type Render = (config: any, ctx: FlowContext & { flowSlug: string }) => VNode | Promise<VNode>;

const formKinds: Record<string, Render> = Object.fromEntries(
  FORM_KINDS.map((kind) => [kind.flow.type, (c: any, { app, flowSlug }: { app: AppRow; flowSlug: string }) => FormPage({ v: kindView(kind, app, flowSlug, c), state: { token: 'preview' } })]),
);

export const LIVE_PREVIEWS: Record<string, Render> = {
  ...formKinds,
  waitlist: (c: WaitlistConfig, { app, flowSlug }) => FormPage({ v: waitlistView(app, flowSlug, c, undefined), state: { token: 'preview' } }),
};

/** How a type previews a config in the dashboard, or undefined. */
export const livePreview = (d: FlowTypeDef): Render | undefined =>
  d.preview ? (config, ctx) => d.preview!(config, ctx) : LIVE_PREVIEWS[d.type];
