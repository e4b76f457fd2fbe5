import { defineModule } from '../../kernel/module.js';
import { legalFlow } from './legal.flow.js';
import { registerLegalPages } from './legal.pages.js';
import { legalOperations } from './legal.routes.js';
import { createLegalService } from './legal.service.js';

/** Privacy policy and terms from asserted facts: frozen versions, public pages, App Store and Play declarations. */
export const legalModule = defineModule({
  name: 'legal',
  flowTypes: [legalFlow],
  create(k) {
    const legal = createLegalService({ flows: k.flows, webUrl: k.config.webUrl });
    return {
      services: { legal: { legal } },
      operations: legalOperations({ apps: k.apps, legal }),
      routes: (app) => registerLegalPages(app, { legal, apps: k.apps }),
    };
  },
});
