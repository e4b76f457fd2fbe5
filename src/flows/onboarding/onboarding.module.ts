import { notFound } from '../../kernel/errors.js';
import { defineModule } from '../../kernel/module.js';
import { onboardingFlow } from './onboarding.flow.js';
import { onboardingOperations } from './onboarding.routes.js';
import { createOnboardingStore } from './onboarding.store.js';
import { createOnboardingSubmissions } from './onboarding.submissions.js';

/** The web onboarding funnel: config, completion with a one-time claim token, the app's claim, owner lists. */
export const onboardingModule = defineModule({
  name: 'onboarding',
  flowTypes: [onboardingFlow],
  create(k) {
    const store = createOnboardingStore(k.db);
    const submissions = createOnboardingSubmissions({
      store,
      flows: k.flows,
      apps: k.apps,
      clock: k.clock,
      // Sessions come with the shared session machinery; until then a session id is unknown.
      pinned: async () => {
        throw notFound('This onboarding session does not exist or has expired');
      },
    });
    return {
      services: { onboarding: { submissions, store } },
      operations: onboardingOperations(k.apps, submissions, k.config.publicRateLimit),
    };
  },
});
