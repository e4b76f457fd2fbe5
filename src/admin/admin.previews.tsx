import type { VNode } from 'preact';
import type { FlowContext, FlowTypeDef, PreviewScreen } from '../kernel/flows/registry.js';
import { parseJsonBounded } from '../kernel/json-depth.js';

/**
 * Live preview: the hosted page of a config that is not saved yet, rendered by the page code
 * of its type (the same components visitors get), one screen at a time, through the type's own
 * `preview` and `previewScreens` (FlowTypeDef; the form types get theirs from the forms module).
 * Other types preview their saved draft through their own preview-token operation (a link to
 * the hosted page), and types without a hosted page say so.
 */
type Ctx = FlowContext & { flowSlug: string; screen?: string };
type Render = (config: any, ctx: Ctx) => VNode | Promise<VNode>;

/** How a type previews a config in the dashboard, or undefined. */
export const livePreview = (d: FlowTypeDef): Render | undefined => (d.preview ? (config, ctx) => d.preview!(config, ctx) : undefined);

/** The screens a config (already parsed by the type's schema) can be previewed at; one "Page" when the type lists none. */
export function previewScreensOf(d: FlowTypeDef, config: unknown): PreviewScreen[] {
  const listed = d.previewScreens ? d.previewScreens(config) : [];
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
