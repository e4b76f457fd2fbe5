import { createMailer, type MailLogger } from '../../kernel/mail.js';
import { defineModule } from '../../kernel/module.js';
import { brandLookup } from '../../kernel/pages/bare-page.js';
import { registerWishlistDashboard } from './wishlist.dashboard.js';
import { wishlistFlow } from './wishlist.flow.js';
import { registerWishlistPages } from './wishlist.pages.js';
import { wishlistOperations } from './wishlist.routes.js';
import { createWishlistService } from './wishlist.service.js';
import { createWishlistStore } from './wishlist.store.js';
import { wishlistSubjectData } from './wishlist.subject.js';
import { WISHLIST_EVENTS } from './wishlist.events.js';

/** The public feature board: its flow type, owner and public operations, board and embed pages. */
export const wishlistModule = defineModule({
  name: 'wishlist',
  flowTypes: [wishlistFlow],
  events: WISHLIST_EVENTS,
  create(k) {
    // Status-change mail to authors who left an email, only when SMTP is configured (see service).
    let logger: MailLogger | undefined;
    const mailer = createMailer({ smtpUrl: k.config.mail.smtpUrl, from: k.config.mail.from, logger: () => logger });
    const wishlist = createWishlistService({
      mailer,
      logger: () => logger,
      db: k.db,
      clock: k.clock,
      secret: k.config.secret,
      flows: k.flows,
      apps: k.apps,
      events: k.events,
      webUrl: k.config.webUrl,
      rateLimit: k.config.publicRateLimit,
    });
    return {
      services: { wishlist },
      dashboardSections: [{ path: 'wishlist', label: 'Wishlist' }],
      dashboard: (scope, d) => registerWishlistDashboard(scope, d, { db: k.db, clock: k.clock, webUrl: k.config.webUrl }),
      overview: [
        { metric: 'wishlist.ideas', label: 'Wishlist ideas', flowType: 'wishlist', section: 'wishlist' },
        { metric: 'wishlist.votes', label: 'Wishlist votes', flowType: 'wishlist', section: 'wishlist' },
      ],
      subjectData: wishlistSubjectData(createWishlistStore(k.db.db), k.config.secret, k.db.dialect),
      operations: wishlistOperations(wishlist),
      routes: (app, ctx) => {
        logger = app.log;
        registerWishlistPages(app, wishlist, k.config, ctx.country, {
          clock: k.clock,
          // The 404/429 pages of an existing app's board carry its name and logo.
          brand: brandLookup(k.apps),
        });
      },
      close: async () => mailer.close(),
    };
  },
});
