import type { EventDef } from '../kernel/events/events.js';
import type { OutgoingMail } from '../kernel/mail.js';
import { shortTime } from './notifications.morning.js';

/**
 * The text of a notification mail: a subject and a plain-text body made of each event's
 * catalogue summary and a link to its dashboard page. Event data is what the owner API answers
 * (never a raw IP or a secret); only its summary and dashboard path are shown.
 */

/** Lines listed in one mail; the rest are counted with a link to the dashboard. */
export const LISTED = 50;
const SUBJECT_SUMMARY = 120;

export interface PendingEvent {
  type: string;
  data: unknown;
  /** When it happened (ISO). */
  at: string;
}

export interface MailApp {
  name: string;
  slug: string;
}

/** One line, at most `max` characters: summaries carry what end users typed. */
function oneLine(s: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The catalogue's summary, or the type name for a type this server does not know (or a summary that throws). */
export function summaryOf(catalog: ReadonlyMap<string, EventDef>, e: PendingEvent): string {
  const def = catalog.get(e.type);
  try {
    const s = def?.summary(e.data as never);
    if (typeof s === 'string' && s.trim()) return oneLine(s, 300);
  } catch {
    // Data written by an older version of the event: the type still says what happened.
  }
  return e.type;
}

export function appUrl(baseUrl: string, slug: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/admin/apps/${encodeURIComponent(slug)}`;
}

/** The dashboard page of the event (the app's dashboard when the event names none). */
export function linkOf(catalog: ReadonlyMap<string, EventDef>, baseUrl: string, slug: string, e: PendingEvent): string {
  let path = '';
  try {
    path = catalog.get(e.type)?.dashboardPath?.(e.data as never) ?? '';
  } catch {
    path = '';
  }
  path = path.replace(/^\/+/, '');
  // A relative dashboard path only (no scheme, no way out of the app's pages).
  if (!/^[A-Za-z0-9._~\-/%?=&]*$/.test(path) || path.split(/[/?]/).includes('..')) path = '';
  return path ? `${appUrl(baseUrl, slug)}/${path}` : appUrl(baseUrl, slug);
}

const footer = (app: MailApp, baseUrl: string) =>
  `\n-- \nYou get this because e-mail notifications are on for ${oneLine(app.name, 100)}. Change or turn them off in the app's Integrations tab: ${appUrl(baseUrl, app.slug)}/integrations\n`;

function listing(catalog: ReadonlyMap<string, EventDef>, baseUrl: string, app: MailApp, events: readonly PendingEvent[], timeZone?: string): string {
  const lines = events.slice(0, LISTED).map((e) => {
    const when = timeZone ? `${shortTime(e.at, timeZone)}  ` : '';
    return `- ${when}${summaryOf(catalog, e)}\n  ${linkOf(catalog, baseUrl, app.slug, e)}`;
  });
  if (events.length > lines.length) lines.push(`… and ${events.length - lines.length} more: ${appUrl(baseUrl, app.slug)}`);
  return lines.join('\n');
}

/** Instant mode: one event -> a mail about it; several (one minute's worth) -> a list. */
export function instantMail(to: string, app: MailApp, events: readonly PendingEvent[], catalog: ReadonlyMap<string, EventDef>, baseUrl: string): OutgoingMail {
  const name = oneLine(app.name, 80);
  const total = events.length;
  if (total === 1) {
    const e = events[0];
    const summary = summaryOf(catalog, e);
    return { to, subject: `[${name}] ${oneLine(summary, SUBJECT_SUMMARY)}`, text: `${summary}\n\nOpen: ${linkOf(catalog, baseUrl, app.slug, e)}\n${footer(app, baseUrl)}` };
  }
  return {
    to,
    subject: `[${name}] ${total} new events: ${oneLine(summaryOf(catalog, events[0]), SUBJECT_SUMMARY - 30)}`,
    text: `${total} new events for ${name}:\n\n${listing(catalog, baseUrl, app, events)}\n${footer(app, baseUrl)}`,
  };
}

/** Daily mode: counts per type, then each event with its local time. */
export function digestMail(to: string, app: MailApp, events: readonly PendingEvent[], catalog: ReadonlyMap<string, EventDef>, baseUrl: string, timeZone: string): OutgoingMail {
  const name = oneLine(app.name, 80);
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  const byType = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t, n]) => `  ${String(n).padStart(4)}  ${t}`);
  const total = events.length;
  const noun = total === 1 ? 'event' : 'events';
  return {
    to,
    subject: `[${name}] Daily summary: ${total} ${noun}`,
    text: `Daily summary for ${name}: ${total} ${noun}.\n\n${byType.join('\n')}\n\nTimes in ${timeZone}:\n${listing(catalog, baseUrl, app, events, timeZone)}\n${footer(app, baseUrl)}`,
  };
}
