import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';

export interface CsvColumn<T> {
  header: string;
  value(row: T): string | number | null | undefined;
}

// Spreadsheets run cells starting with these as formulas (CSV/formula injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a quote to a text cell a spreadsheet would evaluate as a formula. */
export function guardCell(v: string | number | null | undefined): string | number {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && FORMULA_START.test(v)) return `'${v}`;
  return v;
}

/** Streams rows as CSV with a header row; the source is pulled as the client reads (backpressure). */
export function csvStream<T>(columns: CsvColumn<T>[], rows: AsyncIterable<T>): Readable {
  const out = stringify({ header: true, columns: columns.map((c) => c.header) });
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => guardCell(c.value(row)));
    })(),
  );
  records.on('error', (e) => out.destroy(e));
  return records.pipe(out);
}
