import { defineModule } from '../../kernel/module.js';
import { brandLookup } from '../../kernel/pages/bare-page.js';
import { createPageClickRecorder } from './link-page.clicks.js';
import { linkPageFlow } from './link-page.flow.js';
import { registerLinkPagePages } from './link-page.pages.js';
import { linkPageOperations } from './link-page.routes.js';
import { createLinkPageStats } from './link-page.stats.js';

/** A link-in-bio page per app (`WEB_URL/p/<app>`): config, the hosted page, counted clicks, the owner's stats. */
export const linkPageModule = defineModule({
  name: 'link-page',
  flowTypes: [linkPageFlow],
  create(k) {
    const clicks = createPageClickRecorder({ db: k.db, clock: k.clock });
    const stats = createLinkPageStats({ db: k.db.db, clock: k.clock });
    return {
      services: { linkPage: { clicks, stats } },
      operations: linkPageOperations({ apps: k.apps, flows: k.flows, stats }),
      routes: (app) => registerLinkPagePages(app, { flows: k.flows, clicks, brand: brandLookup(k.apps) }),
      close: () => clicks.drain(),
    };
  },
});
