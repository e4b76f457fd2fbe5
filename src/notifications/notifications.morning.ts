/**
 * Wall-clock time in an IANA time zone with nothing but Intl: when the daily digest is due
 * (08:00 where the owner lives, daylight saving included) and how its times read.
 */

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, f);
  }
  return f;
}

/** The zone's canonical name (`utc` -> `UTC`), or null when Intl does not know it. */
export function canonicalTimeZone(name: string): string | null {
  // Intl also takes offsets (`+01:00`); the digest wants a place, whose offset follows daylight saving.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const validTimeZone = (name: string): boolean => canonicalTimeZone(name) !== null;

/** Local calendar fields of an instant in a zone. */
function local(ms: number, timeZone: string) {
  const p: Record<string, number> = {};
  for (const { type, value } of partsFormat(timeZone).formatToParts(new Date(ms))) if (type !== 'literal') p[type] = Number(value);
  return { y: p.year, m: p.month, d: p.day, h: p.hour, mi: p.minute, s: p.second };
}

/** How far the zone's wall clock is ahead of UTC at an instant (ms). */
function offsetAt(ms: number, timeZone: string): number {
  const l = local(ms, timeZone);
  return Date.UTC(l.y, l.m - 1, l.d, l.h, l.mi, l.s) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant a wall-clock time happens in a zone (a time skipped by daylight saving lands just after the jump). */
function instantOf(y: number, m: number, d: number, hour: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d, hour);
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** The latest `hour`:00 in the zone at or before `now`: the digest due at `now` covers what came before it. */
export function lastMorning(now: Date, timeZone: string, hour = 8): Date {
  const l = local(now.getTime(), timeZone);
  let at = instantOf(l.y, l.m, l.d, hour, timeZone);
  if (at > now.getTime()) {
    const y = new Date(Date.UTC(l.y, l.m - 1, l.d) - DAY_MS);
    at = instantOf(y.getUTCFullYear(), y.getUTCMonth() + 1, y.getUTCDate(), hour, timeZone);
  }
  return new Date(at);
}

/** `27 Nov, 09:14` in the zone (digest lines). */
export function shortTime(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ms));
}
