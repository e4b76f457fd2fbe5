import type { PersonSlot } from './law.types.js';
import type { Inline } from './types.js';

/** The punctuation around a person's details; Japanese uses full-width brackets and 、. */
export interface PersonMarks {
  open: string;
  comma: string;
  close: string;
}
const LATIN: PersonMarks = { open: ' (', comma: ', ', close: ')' };

/** An address and a labelled telephone number as one detail ("1 Main St, telephone +1 800…"), either alone when the other is missing. */
export const withPhone = (address: string | undefined, phone: string | undefined, label: string, comma = ', '): string | undefined =>
  [address, phone ? `${label}${phone}` : undefined].filter(Boolean).join(comma) || undefined;

/** "{name} ({email}, {address})" as inline parts, in a language's punctuation (the DPO and representative lines). */
export const personIn =
  ({ open, comma, close }: PersonMarks = LATIN) =>
  ({ name, email, address }: PersonSlot): Inline[] => {
    const extra: Inline[] = [];
    if (email) extra.push(email);
    if (address) extra.push(...(email ? [comma] : []), address);
    return extra.length ? [name, open, ...extra, close] : [name];
  };
