import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../../kernel/clock.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import type { Operation } from '../../kernel/operation.js';
import { createFlowPreview, previewTokenOperation } from '../../kernel/pages/preview.js';
import { cancelFlow } from './cancel.flow.js';
import { cancelConfig, type CancelConfig } from './cancel.schema.js';

/**
 * Owners preview the draft of a cancel flow through a signed, expiring token (kernel/pages/preview.ts,
 * purpose `cancel:preview`). Whoever holds the link sees the draft; the preview records nothing
 * and writes no session.
 */
const flowOf = (flowSlug: string | undefined) => flowSlug || cancelFlow.primarySlug;

export interface CancelPreviewDeps {
  apps: AppService;
  flows: FlowService;
  clock: Clock;
  secret: string;
  webUrl: string;
}

/** The public path of a flow's page: `/cancel/<app>` for the primary, `/cancel/<app>/<flowSlug>` for a secondary. */
export const flowPath = (appSlug: string, flowSlug: string | undefined) =>
  `/cancel/${encodeURIComponent(appSlug)}${flowOf(flowSlug) === cancelFlow.primarySlug ? '' : `/${encodeURIComponent(flowSlug!)}`}`;

export function createCancelPreview(deps: CancelPreviewDeps) {
  return createFlowPreview<CancelConfig>({ ...deps, type: 'cancel', primarySlug: cancelFlow.primarySlug, schema: cancelConfig, path: flowPath });
}
export type CancelPreview = ReturnType<typeof createCancelPreview>;

export function cancelPreviewOperations(preview: CancelPreview): Operation[] {
  return [
    previewTokenOperation(preview, {
      id: 'createCancelPreviewToken',
      label: 'cancel flow',
      multi: true,
      description:
        'The hosted page at `url` renders the draft (`flowSlug` targets a secondary flow) with a Preview banner; it records nothing and creates no session, and buttons that leave the page show the deep link they would open. Anyone holding the link can see the draft until `expiresAt`.',
    }),
  ];
}
