import type { PreviewScreen } from '../../kernel/flows/registry.js';
import type { CancelConfig } from './cancel.schema.js';
import { isMulti, responseOf, type Screen } from './cancel.walk.js';

/**
 * The screens of a cancel flow, as the dashboard's preview offers them: the intro, the reasons,
 * the response of each reason that has one (in reason order; a multi-select flow skips them, so
 * they are not offered), and the thanks screen.
 */
export function cancelScreens(c: CancelConfig): PreviewScreen[] {
  const responses = isMulti(c) ? [] : c.reasonScreen.reasons.filter((r) => responseOf(c, r.id));
  return [
    { id: 'intro', label: 'Intro' },
    { id: 'reasons', label: 'Reasons' },
    ...responses.map((r) => ({ id: `response:${r.id}`, label: `Response: ${r.label}` })),
    { id: 'thanks', label: 'Thanks' },
  ];
}

/** The walk's screen for a preview screen id (the intro for an id this config does not have). */
export function cancelScreenOf(c: CancelConfig, id: string | undefined): Screen {
  if (id === 'reasons' || id === 'thanks') return { step: id };
  const reason = id?.startsWith('response:') ? id.slice('response:'.length) : undefined;
  if (reason && cancelScreens(c).some((s) => s.id === id)) return { step: 'response', reason };
  return { step: 'intro' };
}
