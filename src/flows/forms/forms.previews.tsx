import type { FlowTypeDef, PreviewScreen } from '../../kernel/flows/registry.js';
import type { FormKind } from './forms.kind.js';
import { kindView } from './forms.pages.js';
import { FormPage } from './forms.view.js';
import { waitlistView } from '../waitlist/waitlist.pages.js';
import type { WaitlistConfig } from '../waitlist/waitlist.schema.js';

/**
 * The dashboard's live preview of the form types (FlowTypeDef.preview): the hosted form of an
 * unsaved config before and after sending it, from the same views visitors get. Attached to
 * their flow types by forms.module.ts, so the flow declarations (read by the CLI and MCP) and
 * the dashboard shell (src/admin) never import page code.
 */
type Preview<C> = Pick<FlowTypeDef<C>, 'preview' | 'previewScreens'>;

/** A hosted form before and after sending it. */
const FORM_SCREENS: PreviewScreen[] = [
  { id: 'form', label: 'Form' },
  { id: 'success', label: 'Success' },
];
/** The placeholder form token is refused on submit (and the preview frame posts nothing anyway). */
const formState = (screen: string | undefined) => ({ token: 'preview', done: screen === 'success' });

export const formKindPreview = (kind: FormKind): Preview<any> => ({
  preview: (c, { app, flowSlug, screen }) => FormPage({ v: kindView(kind, app, flowSlug, c), state: formState(screen) }),
  previewScreens: () => FORM_SCREENS,
});

export const waitlistPreview: Preview<WaitlistConfig> = {
  preview: (c, { app, flowSlug, screen }) => FormPage({ v: waitlistView(app, flowSlug, c, undefined), state: formState(screen) }),
  previewScreens: () => FORM_SCREENS,
};
