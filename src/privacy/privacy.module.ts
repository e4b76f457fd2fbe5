import { defineModule } from '../kernel/module.js';
import { privacyOperations } from './privacy.routes.js';
import { createPrivacyService } from './privacy.service.js';
import { createRetentionStore } from './privacy.store.js';

/** How often each node sweeps expired submissions, and how long after start the first sweep runs. */
export const SWEEP_EVERY_MS = 3600_000;
const FIRST_SWEEP_MS = 60_000;

/**
 * End-user data rights: export and erase one end user of an app across every capability's
 * `subjectData` (kernel/subject.ts), and a per-app retention period with a background sweep.
 */
export const privacyModule = defineModule({
  name: 'privacy',
  create(k) {
    const privacy = createPrivacyService({
      db: k.db.db,
      dialect: k.db.dialect,
      apps: k.apps,
      clock: k.clock,
      store: createRetentionStore(k.db.db),
      contributors: () => k.capabilities.flatMap((c) => (c.subjectData ? [c.subjectData] : [])),
    });
    let timer: NodeJS.Timeout | undefined;
    const tick = () => void privacy.sweep().catch(() => {});
    return {
      services: { privacy },
      operations: privacyOperations(privacy),
      start() {
        timer = setTimeout(() => {
          tick();
          timer = setInterval(tick, SWEEP_EVERY_MS);
          timer.unref();
        }, FIRST_SWEEP_MS);
        timer.unref();
      },
      async close() {
        clearTimeout(timer);
        clearInterval(timer);
        await privacy.running()?.catch(() => {});
      },
    };
  },
});
