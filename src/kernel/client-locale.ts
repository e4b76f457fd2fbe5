import { z } from 'zod';

/**
 * A device locale as public clients send it (the iOS SDK's `Locale.current.identifier`, a web
 * page's `navigator.language`): the one schema of every public body's `locale`.
 *
 * Identifiers can be long: ICU keywords (`en_US@calendar=japanese;fw=mon;rg=jpzzzz`, 40
 * characters) or BCP 47 extensions (`ja-JP-u-ca-japanese-fw-mon`). Refusing them made the SDK skip
 * the cancel flow (issue #35), so up to 100 characters are accepted, and what is kept is the
 * language part: language, script and region as sent (`en_US`, `zh-Hant-TW`), without keywords,
 * extensions, variants or a POSIX encoding. Anything else (`C`, `POSIX`) is kept as sent, up to
 * the first `@`: a locale is never a reason to refuse a request.
 */
export const CLIENT_LOCALE_MAX = 100;

const LANGUAGE_PART = /^[A-Za-z]{2,8}(?:[-_][A-Za-z]{4})?(?:[-_](?:[A-Za-z]{2}|\d{3}))?(?=$|[-_@.])/;

/** `en_US@calendar=japanese` -> `en_US`; `ja-JP-u-ca-japanese` -> `ja-JP`; `de` -> `de`. */
export function localeLanguagePart(identifier: string): string {
  const m = LANGUAGE_PART.exec(identifier);
  if (m) return m[0];
  const at = identifier.indexOf('@');
  return at < 0 ? identifier : identifier.slice(0, at);
}

export const clientLocale = z
  .string()
  .trim()
  .max(CLIENT_LOCALE_MAX)
  // Nothing left (`@calendar=…` alone): as if no locale was sent.
  .transform((v) => localeLanguagePart(v) || undefined)
  .describe(
    `The device locale, e.g. \`en_US\` or \`pt-BR\`; BCP 47 and ICU identifiers up to ${CLIENT_LOCALE_MAX} characters are accepted (\`en_US@calendar=japanese;fw=mon\`, \`ja-JP-u-ca-japanese\`) and stored as their language part (language, script and region as sent: \`en_US\`, \`ja-JP\`).`,
  );
