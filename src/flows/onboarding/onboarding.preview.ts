import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../../kernel/clock.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import type { Operation } from '../../kernel/operation.js';
import { createFlowPreview, previewTokenOperation } from '../../kernel/pages/preview.js';
import { onboardingFlow } from './onboarding.flow.js';
import { onboardingConfig, type OnboardingConfig } from './onboarding.schema.js';

/** The funnel's public page: `/onboarding/<app>` (one funnel per app). */
export const funnelPath = (appSlug: string) => `/onboarding/${encodeURIComponent(appSlug)}`;

/**
 * Owners preview the funnel's draft through a signed, expiring token (kernel/pages/preview.ts,
 * purpose `onboarding:preview`): `/onboarding/<app>?p=<token>` (and the embed's) walks the draft,
 * records nothing, completes nothing, and its end shows what would happen.
 */
export function createOnboardingPreview(deps: { apps: AppService; flows: FlowService; clock: Clock; secret: string; webUrl: string }) {
  return createFlowPreview<OnboardingConfig>({ ...deps, type: 'onboarding', primarySlug: onboardingFlow.primarySlug, schema: onboardingConfig, path: (appSlug) => funnelPath(appSlug) });
}
export type OnboardingPreview = ReturnType<typeof createOnboardingPreview>;

export function onboardingPreviewOperations(preview: OnboardingPreview): Operation[] {
  return [
    previewTokenOperation(preview, {
      id: 'createOnboardingPreviewToken',
      label: 'onboarding funnel',
      multi: false,
      description:
        'The hosted funnel at `url` (also under `/embed/onboarding/<app>?p=…`) renders the draft with a Preview banner; it records nothing, creates no session and stores no submission, and its end shows the answers that would be stored, the deep link the app would get and the web handoff. Anyone holding the link can see the draft until `expiresAt`.',
    }),
  ];
}
