/** Dates and counts in a page's language (Intl), for every hosted page that shows them. */

/**
 * One Intl formatter per language and kind for the process: constructing one costs tens of
 * microseconds, and a board renders a count and two dates per idea. Locales are the catalogs' few.
 */
function perLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    let f = made.get(locale);
    if (!f) made.set(locale, (f = make(locale)));
    return f;
  };
}
const plurals = perLocale((l) => new Intl.PluralRules(l));
const relative = perLocale((l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
const dateTimes = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }));
const longDays = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' }));

/** The plural form of a count in a language ("1 vote", "0 vote" in French, no plural in Japanese). */
export const isOne = (locale: string, n: number) => plurals(locale).select(n) === 'one';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "vor 3 Tagen", "3 日前": the largest whole unit, "now" under a minute. */
export function relativeTime(iso: string, now: Date, locale: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const rtf = relative(locale);
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  return rtf.format(0, 'second');
}

/** The full date and time for a `<time>`'s title (UTC: the server does not know the reader's zone). */
export const absoluteTime = (iso: string, locale: string) => dateTimes(locale).format(new Date(iso)) + ' UTC';

/** A long date ("25. November 2026") of a `YYYY-MM-DD` day. */
export const longDay = (ymd: string, locale: string) => longDays(locale).format(new Date(`${ymd}T00:00:00Z`));
