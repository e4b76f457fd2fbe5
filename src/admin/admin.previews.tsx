import type { VNode } from 'preact';
import type { AppRow } from '../apps/apps.store.js';
import type { FlowContext, FlowTypeDef, PreviewScreen } from '../kernel/flows/registry.js';
import { parseJsonBounded } from '../kernel/json-depth.js';
import { FORM_KINDS } from '../flows/forms/forms.module.js';
import { kindView } from '../flows/forms/forms.pages.js';
import { FormPage } from '../flows/forms/forms.view.js';
import { waitlistView } from '../flows/waitlist/waitlist.pages.js';
import type { WaitlistConfig } from '../flows/waitlist/waitlist.schema.js';

/**
 * Live preview: the hosted page of a config that is not saved yet, rendered by the page code
 * of its type (the same components visitors get), one screen at a time. A type's own `preview`
 * and `previewScreens` (FlowTypeDef) come first; the form types' pages (the form and its success
 * screen) are rendered here from their exported views. Other types preview their saved draft
 * through their own preview-token operation (a link to the hosted page), and types without a
 * hosted page say so.
 */
type Ctx = FlowContext & { flowSlug: string; screen?: string };
type Render = (config: any, ctx: Ctx) => VNode | Promise<VNode>;

/** A hosted form before and after sending it. */
const FORM_SCREENS: PreviewScreen[] = [
  { id: 'form', label: 'Form' },
  { id: 'success', label: 'Success' },
];
/** The placeholder form token is refused on submit (and the preview frame posts nothing anyway). */
const formState = (screen: string | undefined) => ({ token: 'preview', done: screen === 'success' });

const formKinds: Record<string, Render> = Object.fromEntries(
  FORM_KINDS.map((kind) => [kind.flow.type, (c: any, { app, flowSlug, screen }: { app: AppRow; flowSlug: string; screen?: string }) => FormPage({ v: kindView(kind, app, flowSlug, c), state: formState(screen) })]),
);

export const LIVE_PREVIEWS: Record<string, Render> = {
  ...formKinds,
  waitlist: (c: WaitlistConfig, { app, flowSlug, screen }) => FormPage({ v: waitlistView(app, flowSlug, c, undefined), state: formState(screen) }),
};

/** How a type previews a config in the dashboard, or undefined. */
export const livePreview = (d: FlowTypeDef): Render | undefined => (d.preview ? (config, ctx) => d.preview!(config, ctx) : LIVE_PREVIEWS[d.type]);

/** The screens a config (already parsed by the type's schema) can be previewed at; one "Page" when the type lists none. */
export function previewScreensOf(d: FlowTypeDef, config: unknown): PreviewScreen[] {
  const listed = d.previewScreens ? d.previewScreens(config) : LIVE_PREVIEWS[d.type] ? FORM_SCREENS : [];
  return listed.length ? listed : [{ id: 'page', label: 'Page' }];
}

/** Until the text is a valid config its screens are unknown: the type's first screen. */
const FIRST: PreviewScreen[] = [{ id: '', label: 'First screen' }];

/** The screens of the editor's text, when it is a valid config (the "Screen" select's first options). */
export function screensOfText(d: FlowTypeDef, text: string): PreviewScreen[] {
  let config: unknown;
  try {
    config = parseJsonBounded(text);
  } catch {
    return FIRST;
  }
  const r = d.schema.safeParse(config);
  return r.success ? previewScreensOf(d, r.data) : FIRST;
}
