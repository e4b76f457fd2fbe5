import { z } from 'zod';
import { defineEvent } from '../../kernel/events/events.js';
import type { Events } from '../../kernel/events/events.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import type { SessionRow, SessionStore, StepRow } from '../../kernel/sessions/sessions.store.js';
import { cancelSessionView } from './cancel.insights.js';
import { cancelSession } from './cancel.owner.routes.js';
import type { CancelConfig } from './cancel.schema.js';
import type { Step } from './cancel.sessions.js';

/** The events of the cancel flow (#33): a session left by one of its exits. */
export const CANCEL_COMPLETED = 'cancel.session.completed';

const completedData = cancelSession.extend({
  app: z.string().describe('The app slug.'),
  flow: z.object({ slug: z.string().nullable(), version: z.number().int() }).describe('The cancel flow and the published version the session was pinned to.'),
  reasonLabels: z.array(z.string()).describe('The labels of `reasons`, in the same order, as the pinned version shows them.'),
  exitLabel: z.string().nullable().describe('The label of the button the user left by, when the flow config names it.'),
});
export type CancelCompleted = z.infer<typeof completedData>;

export const cancelEvents = [
  defineEvent({
    type: CANCEL_COMPLETED,
    description: 'A cancel session ended by an exit (once per session): the reasons picked, the exit taken and its outcome (saved, cancelled or other).',
    data: completedData,
    summary: (d: CancelCompleted) => {
      const how = d.outcome === 'saved' ? 'saved' : d.outcome === 'cancelled' ? 'cancelled' : `left by ${d.exit ?? 'an exit'}`;
      const reasons = d.reasonLabels.length ? ` (reason${d.reasonLabels.length > 1 ? 's' : ''}: ${d.reasonLabels.join(', ')})` : '';
      return `Cancel flow: ${how}${d.exitLabel ? ` with "${d.exitLabel}"` : ''}${reasons}`;
    },
    dashboardPath: () => 'cancel',
  }),
];

/** The label of the button a click's key names (`response:<reason>:primary|secondary`, `intro:secondary`) in the pinned config. */
function exitLabelOf(c: CancelConfig | undefined, key: string | undefined): string | null {
  if (!c || !key) return null;
  if (key === 'intro:secondary') return c.intro.secondaryButton || null;
  const m = /^response:([a-z][a-z0-9_]*):(primary|secondary)$/.exec(key);
  const r = m && Object.hasOwn(c.responses ?? {}, m[1]) ? c.responses[m[1]] : undefined;
  return (m && r ? (m[2] === 'primary' ? r.primaryButton : r.secondaryButton)?.label : undefined) ?? null;
}

/**
 * The completion of a cancel session (kernel/sessions `completed`): its exit step. Nothing is read
 * unless someone listens; then the steps stored before (the reasons come from earlier requests)
 * and those recorded with the exit make the session as the owner API will answer it.
 */
export function cancelCompletion(deps: { events: Events; store: SessionStore; flows: FlowService }) {
  return {
    step: 'exit' as Step,
    async event(s: SessionRow, exit: StepRow, alongside: StepRow[]) {
      if (!deps.events.listens(s.app_id, CANCEL_COMPLETED)) return null;
      const [stored, slugs, version] = await Promise.all([deps.store.stepsOf([s.id]), deps.store.slugsOf(s.flow_id), deps.flows.version(s.app_id, s.version_id)]);
      const seen = new Set(stored.map((x) => `${x.step}\n${x.key}`));
      const steps = [...stored, ...[...alongside, exit].filter((x) => !seen.has(`${x.step}\n${x.key}`))];
      const config = version?.config as CancelConfig | undefined;
      const view = cancelSessionView(s, steps, slugs?.flowSlug ?? null);
      const label = (id: string) => config?.reasonScreen.reasons.find((r) => r.id === id)?.label ?? id;
      const click = steps.find((x) => x.step === 'click' && x.detail === exit.detail);
      return deps.events.event(
        s.app_id,
        CANCEL_COMPLETED,
        (): CancelCompleted => ({
          app: slugs?.appSlug ?? '',
          flow: { slug: view.flowSlug, version: s.version_number },
          ...view,
          reasonLabels: view.reasons.map(label),
          exitLabel: exitLabelOf(config, click?.key),
        }),
        exit.created_at,
      );
    },
  };
}
