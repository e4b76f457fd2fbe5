import type { EventDef } from '../kernel/events/events.js';
import { TEST_EVENT, type WebhookBody } from './webhooks.payload.js';

/**
 * What an endpoint receives (#33 §2). Every delivery stores the Standard Webhooks body
 * `{ type, timestamp, data }`; `standard` endpoints get it as it is, chat endpoints get a
 * message built from it at send time: the event's one-line summary from the catalogue and a link
 * to the thing in the dashboard. The signed headers go with every format.
 *
 * The summary quotes what end users typed (feedback, idea titles), so it is escaped for each
 * chat: Slack's `<!channel>`-style control sequences and Discord's @everyone mentions must not
 * turn into pings.
 */
export type WebhookFormat = 'standard' | 'slack' | 'discord';

export interface FormatContext {
  baseUrl: string;
  app: { slug: string; name: string };
  def: EventDef | undefined;
}

/** The one-line summary and the dashboard link of an event. */
export function describeEvent(body: WebhookBody, ctx: FormatContext): { summary: string; url: string } {
  const base = `${ctx.baseUrl}/admin/apps/${encodeURIComponent(ctx.app.slug)}/`;
  if (body.type === TEST_EVENT) return { summary: `Test event from Appflows for ${ctx.app.name}: this endpoint receives its events.`, url: `${base}overview` };
  let summary = '';
  let path: string | undefined;
  try {
    summary = ctx.def?.summary(body.data as never) ?? '';
    path = ctx.def?.dashboardPath?.(body.data as never);
  } catch {
    // A payload the summary cannot read still goes out, with the plain type.
  }
  summary = summary.replace(/\s+/g, ' ').trim() || body.type;
  return { summary: `${ctx.app.name}: ${summary}`, url: base + (path ? path.replace(/^\/+/, '') : 'overview') };
}

const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The body to send, as text (it is what gets signed). */
export function formatBody(format: string, bodyJson: string, ctx: FormatContext): string {
  if (format !== 'slack' && format !== 'discord') return bodyJson;
  const body = JSON.parse(bodyJson) as WebhookBody;
  const { summary, url } = describeEvent(body, ctx);
  if (format === 'slack') {
    const text = clip(slackEscape(summary), 2900);
    return JSON.stringify({
      text: `${text} <${url}|Open in Appflows>`,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text } },
        { type: 'context', elements: [{ type: 'mrkdwn', text: `\`${slackEscape(body.type)}\` · <${url}|Open in Appflows>` }] },
      ],
    });
  }
  return JSON.stringify({
    content: clip(summary, 1900),
    embeds: [{ title: clip(summary, 256), url, description: body.type, timestamp: body.timestamp, color: 0x4f46e5 }],
    // Text written by end users must never ping a channel.
    allowed_mentions: { parse: [] },
  });
}
