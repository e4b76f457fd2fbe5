/**
 * The first value of something that may repeat: a request header (Node gives an array for a
 * repeated one), a posted form field or a query key (Fastify's parsers give arrays for repeats).
 * We read one value and ignore the rest, everywhere alike.
 */
export const firstValue = <T>(v: T | T[] | undefined): T | undefined => (Array.isArray(v) ? v[0] : v);

/** A parsed urlencoded form body (a repeated field is an array). */
export type FormBody = Record<string, string | string[] | undefined>;

/** A posted form field as text: its first value, or '' when absent. */
export const formField = (body: FormBody | undefined, key: string): string => firstValue(body?.[key]) ?? '';
