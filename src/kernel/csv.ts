import { stringify as stringifySync } from 'csv-stringify/sync';
import { Readable } from 'node:stream';

export interface CsvColumn<T> {
  header: string;
  value(row: T): string | number | null | undefined;
}

// Formula injection (OWASP "CSV Injection"). A spreadsheet evaluates a cell that begins with
// = + - @ (or the fullwidth forms Numbers and some locales fold into them), and Excel also
// acts on a leading TAB or CR. Quoting every data cell keeps a value in one cell for every
// parser that honours quotes, whichever separator it picks; but a file re-imported by hand
// (or by a parser that splits on `;`, `|` or TAB without reading quotes) can still cut a cell
// at a separator inside it, so a trigger after a separator counts as well.
//
// The rule: a text cell gets a leading `'` when, at its start or right after one of
// , ; | TAB CR LF (and their fullwidth forms), then past any whitespace and ' " quotes,
// comes one of = + - @ ＝ ＋ － ＠; or when it starts with TAB or CR. Nothing else in the
// value changes, so dropping that one leading `'` gives back the stored text.
//
// One pass over char codes through a lookup table, no allocation: most cells (ids, dates,
// emails) contain `-` or `@`, so a trigger-only pre-check would not skip the work, and a
// regex per cell is slower.
const TRIGGER = 1;
const SEPARATOR = 2;
/** Characters a spreadsheet may skip between a separator (or the cell start) and a formula. */
const SKIPPABLE = 4;
const charClass = new Uint8Array(0x10000);
for (const c of '=+-@\uFF1D\uFF0B\uFF0D\uFF20') charClass[c.charCodeAt(0)] = TRIGGER;
for (const c of ',;|\t\r\n\uFF0C\uFF1B\uFF5C') charClass[c.charCodeAt(0)] = SEPARATOR;
for (const c of ' \v\f"\'\u00A0\u3000\uFEFF\uFF02\uFF07') charClass[c.charCodeAt(0)] = SKIPPABLE;
for (let c = 0x2000; c <= 0x200b; c++) charClass[c] = SKIPPABLE; // typographic and zero-width spaces

/** True when a spreadsheet could read `v`, or a piece of it cut at a separator, as a formula. */
export function needsFormulaGuard(v: string): boolean {
  const first = v.charCodeAt(0);
  if (first === 0x09 || first === 0x0d) return true; // TAB, CR
  let boundary = true;
  for (let i = 0; i < v.length; i++) {
    const k = charClass[v.charCodeAt(i)];
    if (k === SEPARATOR) boundary = true;
    else if (k === TRIGGER) {
      if (boundary) return true;
    } else if (k !== SKIPPABLE) boundary = false;
  }
  return false;
}

/** Prefixes a quote to a text cell a spreadsheet would evaluate as a formula (see the rule above). */
export function guardCell(v: string | number | null | undefined): string | number {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && needsFormulaGuard(v)) return `'${v}`;
  return v;
}

/** How exports treat cells, for the OpenAPI descriptions of every CSV operation. */
export const CSV_CELLS_NOTE =
  "The header row is bare; every data cell is double-quoted. A text cell gets a leading ' when a spreadsheet could run it " +
  'as a formula: it starts with = + - @ (or fullwidth ＝ ＋ － ＠), TAB or CR, or one of = + - @ follows a , ; | TAB or ' +
  "line break inside it (past spaces and quotes). Drop that one ' to get the stored text back.";

const DATA_OPTIONS = { quoted: true, quoted_empty: true } as const;

/**
 * Streams rows as CSV with a header row. The source is pulled as the client reads
 * (backpressure): each read takes up to `batch` rows and turns them into one chunk with
 * csv-stringify's synchronous API. One chunk per batch instead of an object-mode record per row
 * keeps both the CPU per row and the garbage per row small, and a batch is the longest the event
 * loop is held by an export. 100 rows (~0.5 ms): with 250, redirects' p99 during a 1M-row export
 * was 4-5.5x idle; with 100 it is 2-3x, the export 1.7-1.8x of library speed instead of 1.4-1.5x
 * (with 50-64: 1.5-3.5x and 1.9-2.2x). docs/benchmarks.md, forms-csv.
 */
export function csvStream<T>(columns: CsvColumn<T>[], rows: AsyncIterable<T>, batch = 100): Readable {
  const source = rows[Symbol.asyncIterator]();
  let started = false;
  return new Readable({
    async read() {
      try {
        // The header row stays bare, as SPEC writes it; every data cell is quoted (empty ones too).
        let chunk = started ? '' : stringifySync([columns.map((c) => c.header)]);
        started = true;
        const records: (string | number)[][] = [];
        let done = false;
        while (records.length < batch) {
          const next = await source.next();
          if (next.done) {
            done = true;
            break;
          }
          records.push(columns.map((c) => guardCell(c.value(next.value))));
        }
        if (records.length) chunk += stringifySync(records, DATA_OPTIONS);
        if (chunk) this.push(chunk);
        if (done) this.push(null);
      } catch (err) {
        this.destroy(err as Error);
      }
    },
    destroy(err, callback) {
      // A client that hangs up stops the query walk (the generator's finally blocks run).
      Promise.resolve(source.return?.()).then(
        () => callback(err),
        () => callback(err),
      );
    },
  });
}
