import { defineModule } from '../kernel/module.js';
import { registerWebhooksDashboard } from './webhooks.dashboard.js';
import { webhookTestEvent } from './webhooks.events.js';
import { webhookOperations } from './webhooks.routes.js';
import { webhookBodies } from './webhooks.schema.js';
import { createWebhookService } from './webhooks.service.js';
import { createWebhookWorker } from './webhooks.worker.js';
import { webhooksSubjectData } from './webhooks.subject.js';

/** Webhooks (#33): endpoints API (REST + OpenAPI + MCP), the delivery worker, the Integrations tab, the `webhook.test` event. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  events: [webhookTestEvent],
  create(k) {
    // Every node runs a worker: fan-out of the outbox, then claimed, signed, retried deliveries (webhooks.worker.ts).
    let logger: { warn(obj: object, msg: string): void } | undefined;
    const worker = createWebhookWorker({ db: k.db, events: k.events, config: k.config, clock: k.clock, log: { warn: (obj, msg) => (logger ? logger.warn(obj, msg) : process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`)) } });
    const webhooks = createWebhookService({ db: k.db, clock: k.clock, events: k.events, config: k.config, queued: () => worker.kick() });
    // The catalogue is complete here (every module's events); names are checked when a body is parsed.
    const bodies = webhookBodies({ catalog: k.events.catalog, allowPrivate: k.config.webhooks.allowPrivate });
    return {
      services: { webhooks, webhookWorker: worker },
      routes: (app) => {
        logger = app.log;
      },
      start: () => worker.start(),
      close: () => worker.close(),
      operations: webhookOperations(k.apps, webhooks, bodies),
      // The Integrations tab: endpoints, deliveries and the notification settings (through the operations).
      dashboard: (scope, d) => registerWebhooksDashboard(scope, d, { catalog: k.events.catalog }),
      dashboardSections: [{ path: 'integrations', label: 'Integrations' }],
      // Data rights: events and delivery bodies copy end users' data (webhooks.subject.ts).
      subjectData: webhooksSubjectData(k.db.db),
    };
  },
});
