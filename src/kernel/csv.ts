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
// , ; | TAB CR LF (and their fullwidth forms) or another line break a reader may split at
// (VT FF, U+001C-001E, NEL U+0085, U+2028, U+2029: Python's splitlines, Unicode's line
// separators), then past any whitespace, invisible format character (soft hyphen U+00AD,
// U+180E, the zero-width and bidi controls, word joiner U+2060...) and ' " quotes, comes one
// of = + - @ ＝ ＋ － ＠; or when it starts with TAB or CR. Whether a spreadsheet skips an
// invisible character before `=` differs by product and version, so every one is skipped here.
// Nothing else in the value changes, so dropping that one leading `'` gives back the stored text.
//
// Char codes through a lookup table, no allocation. Most cells (ids, dates, emails) contain `-`
// or `@`, so a trigger-only pre-check would not skip the work; but separators are rare, so the
// cell's start is checked by hand and a regex (native code) jumps from separator to separator:
// twice as fast as walking every character, which had been a sixth of an export's CPU.
const TRIGGER = 1;
const SEPARATOR = 2;
/** Characters a spreadsheet may skip between a separator (or the cell start) and a formula. */
const SKIPPABLE = 4;
const charClass = new Uint8Array(0x10000);
for (const c of '=+-@\uFF1D\uFF0B\uFF0D\uFF20') charClass[c.charCodeAt(0)] = TRIGGER;
const SEPARATOR_CHARS = ',;|\t\r\n\v\f\x1C\x1D\x1E\x85\u2028\u2029\uFF0C\uFF1B\uFF5C';
for (const c of SEPARATOR_CHARS) charClass[c.charCodeAt(0)] = SEPARATOR;
for (const c of ' "\'\u00A0\u00AD\u034F\u061C\u1680\u3000\u3164\uFEFF\uFFA0\uFF02\uFF07') charClass[c.charCodeAt(0)] = SKIPPABLE;
// Typographic spaces and Unicode's default-ignorable format characters (invisible in a cell).
for (const [from, to] of [[0x115f, 0x1160], [0x17b4, 0x17b5], [0x180b, 0x180f], [0x2000, 0x200f], [0x202a, 0x202f], [0x205f, 0x206f], [0xfe00, 0xfe0f], [0xfff0, 0xfff8]]) {
  for (let c = from; c <= to; c++) charClass[c] = SKIPPABLE;
}
const SEPARATORS = new RegExp(`[${SEPARATOR_CHARS}]`, 'g'); // none of them is special inside [ ]

/** Whether a trigger follows position `i`, past skippable characters. */
function triggerAt(v: string, i: number): boolean {
  for (; i < v.length; i++) {
    const k = charClass[v.charCodeAt(i)];
    if (k === TRIGGER) return true;
    if (k !== SKIPPABLE) return false; // text, or a separator (the regex stops at it next)
  }
  return false;
}

/** True when a spreadsheet could read `v`, or a piece of it cut at a separator, as a formula. */
export function needsFormulaGuard(v: string): boolean {
  const first = v.charCodeAt(0);
  if (first === 0x09 || first === 0x0d) return true; // TAB, CR
  if (triggerAt(v, 0)) return true;
  SEPARATORS.lastIndex = 0;
  while (SEPARATORS.test(v)) if (triggerAt(v, SEPARATORS.lastIndex)) return true;
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
  "line break inside it (any Unicode one; past spaces, invisible characters and quotes). Drop that one ' to get the stored text back.";

/**
 * One data record, every cell double-quoted and inner quotes doubled, after the formula guard:
 * byte for byte what csv-stringify writes with `quoted` and `quoted_empty` (a test compares the
 * two on tricky and random cells). Written here because that is all the quote-everything rule
 * needs, and the library's per-cell option handling was half of an export's CPU time, time taken
 * from the redirects sharing the event loop (docs/benchmarks.md, forms-csv). The header row,
 * whose quoting depends on its content, still goes through csv-stringify.
 */
function quotedRecord<T>(columns: CsvColumn<T>[], row: T): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    const v = guardCell(columns[i].value(row));
    const text = typeof v === 'string' ? v : String(v);
    line += (i === 0 ? '"' : ',"') + (text.includes('"') ? text.replaceAll('"', '""') : text) + '"';
  }
  return line + '\n';
}

/**
 * Streams pages of rows as CSV with a header row. The source is pulled as the client reads
 * (backpressure); each event-loop turn formats up to `batch` rows, carrying the rest of a longer
 * page over to the next turn, and turns are gathered into chunks of about `chunkChars`. So an
 * export holds the event loop for one batch, or for one page's query (SQLite answers a page
 * synchronously: keep pages small, see keyset.ts). Pages rather than rows: awaiting an async
 * iterator per row cost as much as the CSV itself. docs/benchmarks.md, forms-csv, has the
 * measurements behind the batch size.
 */
export function csvStream<T>(columns: CsvColumn<T>[], pages: AsyncIterable<readonly T[]>, batch = 100, chunkChars = 64 * 1024): Readable {
  const source = pages[Symbol.asyncIterator]();
  let page: readonly T[] = [];
  let at = 0;
  // The header row stays bare, as SPEC writes it; every data cell is quoted (empty ones too).
  let chunk = stringifySync([columns.map((c) => c.header)]);
  return new Readable({
    async read() {
      try {
        let done = false;
        // Batches go out in chunks of about `chunkChars`: one socket write and one wake-up of
        // the reader per 64 KiB rather than per batch (about 13 KB), which on a busy machine was
        // most of what an uncompressed export cost the requests beside it.
        do {
          // One batch per event-loop turn. A client reading as fast as we write (an uncompressed
          // download) never makes the socket push back, and SQLite pages resolve without I/O:
          // the reads then chain through microtasks and the whole export ran in one turn, holding
          // every other request for its length (7.7 s for 1,000,000 rows). Compressed downloads
          // passed through zlib's thread pool and so yielded by accident.
          await new Promise((resolve) => setImmediate(resolve));
          if (this.destroyed) return;
          while (at === page.length) {
            const next = await source.next();
            if (this.destroyed) return;
            if (next.done) {
              done = true;
              break;
            }
            page = next.value;
            at = 0;
            // A page filtered down to nothing (referrals by status) is a turn too: a run of them
            // must not chain through microtasks either.
            if (!page.length) await new Promise((resolve) => setImmediate(resolve));
          }
          const end = Math.min(page.length, at + batch);
          for (; at < end; at++) chunk += quotedRecord(columns, page[at]);
        } while (!done && chunk.length < chunkChars);
        if (chunk) this.push(chunk);
        chunk = '';
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
