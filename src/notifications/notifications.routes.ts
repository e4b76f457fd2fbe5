import { appParams } from '../apps/apps.schema.js';
import type { AppService } from '../apps/apps.service.js';
import type { EventDef } from '../kernel/events/events.js';
import { defineOp, type Operation } from '../kernel/operation.js';
import { settingsBody, settingsSchema } from './notifications.schema.js';
import type { NotificationSettingsService } from './notifications.service.js';

const path = '/api/v1/apps/:idOrSlug/notifications';
const tags = ['Notifications'];

export function notificationOperations(apps: AppService, settings: NotificationSettingsService, catalog: ReadonlyMap<string, EventDef>): Operation[] {
  return [
    defineOp({
      id: 'getNotificationSettings',
      mcp: 'get_notification_settings',
      method: 'GET',
      path,
      auth: 'owner',
      tags,
      summary: 'Get the app’s e-mail notification settings',
      description: 'Defaults when never set: `email` null (off), every event, `instant`, `UTC`. `emailConfigured` false means this server has no `SMTP_URL`: mail is only written to its log.',
      params: appParams,
      response: settingsSchema,
      errors: [404],
      handler: async ({ params }, ctx) => settings.get((await apps.resolve(ctx.accountId, params.idOrSlug)).id),
    }),
    defineOp({
      id: 'putNotificationSettings',
      mcp: 'set_notification_settings',
      method: 'PUT',
      path,
      auth: 'owner',
      tags,
      summary: 'Set the app’s e-mail notifications',
      description:
        '`email` null turns them off. `events`: catalogue types or `*` (an unknown type is a 422 naming its index). `instant` mails each event (events of one minute share one mail); `daily` sends one digest at 08:00 in `timeZone` (an IANA name), none when nothing happened. Keys left out keep their current value.',
      params: appParams,
      body: settingsBody(catalog),
      response: settingsSchema,
      errors: [404, 422],
      handler: async ({ params, body }, ctx) => settings.put((await apps.resolve(ctx.accountId, params.idOrSlug)).id, body),
    }),
  ];
}
