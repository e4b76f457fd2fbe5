import { defineModule } from '../kernel/module.js';
import { registerLinksDashboard } from './links.dashboard.js';
import { linkEvents } from './links.events.js';
import { registerLinkRedirects } from './links.redirect.js';
import { linkOperations } from './links.routes.js';
import { createLinkService } from './links.service.js';
import { CLICK_METRICS } from './links.settle.js';

/** Short links: owner operations, the redirect (with its fast path in front of Fastify), click recording, the dashboard section. */
export const linksModule = defineModule({
  name: 'links',
  events: linkEvents,
  create(k) {
    const links = createLinkService({ db: k.db, clock: k.clock, config: k.config, events: k.events });
    return {
      services: { links },
      operations: linkOperations(k.apps, links),
      routes: (app, ctx) =>
        registerLinkRedirects(app, links, { webUrl: k.config.webUrl, shortLinkUrl: k.config.shortLinkUrl, country: ctx.country, clientIp: ctx.clientIp }),
      dashboard: (scope, d) => registerLinksDashboard(scope, d, { db: k.db, clock: k.clock }),
      dashboardSections: [{ path: 'links', label: 'Short links' }],
      // Links are no flow: their numbers show on every app's overview.
      overview: [
        { metric: CLICK_METRICS.clicks, label: 'Short link clicks', section: 'links' },
        { metric: CLICK_METRICS.bots, label: 'Short link bot clicks', section: 'links' },
      ],
    };
  },
});
