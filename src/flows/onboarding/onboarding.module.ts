import { defineModule } from '../../kernel/module.js';
import { onboardingFlow } from './onboarding.flow.js';

/** The web onboarding funnel. */
export const onboardingModule = defineModule({
  name: 'onboarding',
  flowTypes: [onboardingFlow],
  create: () => ({ services: {} }),
});
