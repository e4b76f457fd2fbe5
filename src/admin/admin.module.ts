import { defineModule } from '../kernel/module.js';
import { createTokenStore } from '../tokens/tokens.store.js';
import { newId } from '../kernel/ids.js';
import { registerEditorRoutes } from './admin.editor.routes.js';
import { registerIslands } from './admin.islands.js';
import { createOwnerService } from './admin.owners.js';
import { registerAdminRoutes } from './admin.routes.js';
import { createAdminStore } from './admin.store.js';

/**
 * The owner dashboard at /admin: owner accounts and sessions, API token settings, apps and the
 * flow editor. Every change goes through the same operations as the REST API.
 */
export const adminModule = defineModule({
  name: 'admin',
  create(k) {
    const tokenStore = createTokenStore(k.db.db);
    const owners = createOwnerService({
      store: createAdminStore(k.db.db),
      clock: k.clock,
      secret: k.config.secret,
      // Owners act for the account the CLI's tokens use (the oldest; created when there is none).
      defaultAccount: () => tokenStore.ensureDefaultAccount(newId(), k.clock.now().toISOString()),
    });
    return {
      services: { owners },
      routes(app, ctx) {
        registerIslands(app);
        registerAdminRoutes(app, { owners, registry: k.registry, config: k.config, db: k.db, clock: k.clock }, ctx, (scope, ops, sections) =>
          registerEditorRoutes(scope, ops, { owners, apps: k.apps, flows: k.flows, webUrl: k.config.webUrl, baseUrl: k.config.baseUrl, sections }),
        );
        // The first owner's one-time setup link is printed by `appflows serve` once it listens
        // (admin.setup-link.ts), so the link works the moment it is shown.
      },
    };
  },
});
