import type { AppRow } from '../../apps/apps.store.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import type { SessionStore } from '../../kernel/sessions/sessions.store.js';
import type { OnboardingConfig } from './onboarding.schema.js';
import type { OnboardingStore } from './onboarding.store.js';
import { answerKeys } from './onboarding.warnings.js';

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/**
 * Where people drop off, per published version: sessions started, funnels opened, each step
 * reached (in the funnel's order, with the share of opened funnels that got there), completed
 * and claimed. Completions without a session (another client calling complete directly) count
 * in completed and claimed only.
 */
export async function funnelStats(deps: { sessions: SessionStore; submissions: OnboardingStore; flows: FlowService }, app: AppRow) {
  const filter = { type: 'onboarding' };
  const [started, steps, done] = await Promise.all([
    deps.sessions.sessionsPerVersion(app.id, filter),
    deps.sessions.stepCounts(app.id, filter),
    deps.submissions.counts(app.id),
  ]);
  const versions = new Map<number, { versionId: string | null; sessions: number; opened: number; reached: Map<string, number>; completed: number; claimed: number }>();
  const at = (n: number) => {
    let v = versions.get(n);
    if (!v) versions.set(n, (v = { versionId: null, sessions: 0, opened: 0, reached: new Map(), completed: 0, claimed: 0 }));
    return v;
  };
  for (const s of started) Object.assign(at(s.version_number), { versionId: s.version_id, sessions: at(s.version_number).sessions + Number(s.n) });
  for (const s of steps) {
    const v = at(s.version_number);
    if (s.step === 'opened') v.opened += Number(s.n);
    else if (s.step === 'reached') v.reached.set(s.key, (v.reached.get(s.key) ?? 0) + Number(s.n));
  }
  for (const d of done) Object.assign(at(d.version_number), { completed: Number(d.completed), claimed: Number(d.claimed) });

  const flow = (await deps.flows.list(app, 'onboarding'))[0];
  const versionIds = new Map((flow?.versions ?? []).map((v) => [v.versionNumber, v.id]));
  const out = [];
  for (const [n, v] of [...versions].sort((a, b) => a[0] - b[0])) {
    const id = v.versionId ?? versionIds.get(n);
    const config = id ? ((await deps.flows.version(app.id, id))?.config as OnboardingConfig | undefined) : undefined;
    const keys = config ? answerKeys(config) : [];
    out.push({
      versionNumber: n,
      sessions: v.sessions,
      opened: v.opened,
      steps: (config?.steps ?? []).map((s, i) => {
        const reached = v.reached.get(keys[i].step) ?? 0;
        return { id: keys[i].step, kind: s.kind, reached, reachedRate: ratio(reached, v.opened) };
      }),
      completed: v.completed,
      completionRate: ratio(v.completed, v.opened),
      claimed: v.claimed,
      claimRate: ratio(v.claimed, v.completed),
    });
  }
  return { versions: out };
}
