import { defineModule } from '../kernel/module.js';
import { registerLinkRedirects } from './links.redirect.js';
import { linkOperations } from './links.routes.js';
import { createLinkService } from './links.service.js';

/** Short links: owner operations, the redirect (with its fast path in front of Fastify), click recording. */
export const linksModule = defineModule({
  name: 'links',
  create(k) {
    const links = createLinkService({ db: k.db, clock: k.clock, config: k.config });
    return {
      services: { links },
      operations: linkOperations(k.apps, links),
      routes: (app, ctx) =>
        registerLinkRedirects(app, links, { webUrl: k.config.webUrl, shortLinkUrl: k.config.shortLinkUrl, country: ctx.country, clientIp: ctx.clientIp }),
    };
  },
});
