import { pagePath, type FlowTypeDef } from '../../kernel/flows/registry.js';
import { cancelScreens } from './cancel.screens.js';
import { cancelConfig, type CancelConfig } from './cancel.schema.js';
import { CANCEL_TEMPLATES } from './cancel.templates.js';
import { cancelWarnings } from './cancel.warnings.js';

/** The cancel flow type; its live preview (page code) is attached by cancel.module.ts, so the CLI and MCP load no page. */
export const cancelFlow: FlowTypeDef<CancelConfig> = {
  type: 'cancel',
  segment: 'cancel',
  legacySegments: ['pre-cancel'],
  legacyTypes: ['pre_cancel'],
  label: 'Cancel flow',
  schema: cancelConfig,
  primarySlug: 'cancel',
  publicUrl: (p) => `${p.urls.web}/cancel${pagePath(p)}`,
  multi: true,
  warnings: (config) => cancelWarnings(config),
  templates: () => CANCEL_TEMPLATES,
  previewScreens: cancelScreens,
};
