import { createMailer } from '../kernel/mail.js';
import { defineModule } from '../kernel/module.js';
import { notificationOperations } from './notifications.routes.js';
import { createNotificationSettings } from './notifications.service.js';
import { createNotificationWorker, type WorkerLogger } from './notifications.worker.js';

/** Owner e-mail notifications (#33 §4): the settings operations and the worker that mails the queued events. */
export const notificationsModule = defineModule({
  name: 'notifications',
  create(k) {
    // Attached once the HTTP server exists; before that (and without SMTP_URL) mail is logged to stderr.
    let logger: WorkerLogger | undefined;
    const mailer = createMailer({ smtpUrl: k.config.mail.smtpUrl, from: k.config.mail.from, logger: () => logger });
    const notifications = createNotificationSettings({ db: k.db, clock: k.clock, events: k.events, emailConfigured: !!k.config.mail.smtpUrl });
    const notificationWorker = createNotificationWorker({ db: k.db, events: k.events, config: k.config, mailer, clock: k.clock, logger: () => logger });
    return {
      services: { notifications, notificationWorker },
      operations: notificationOperations(k.apps, notifications, k.events.catalog),
      routes: (app) => {
        logger = app.log;
      },
      start: () => notificationWorker.start(),
      close: async () => {
        await notificationWorker.close();
        mailer.close();
      },
    };
  },
});
