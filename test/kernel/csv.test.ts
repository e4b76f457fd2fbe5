import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvStream, guardCell, needsFormulaGuard, type CsvColumn } from '../../src/kernel/csv.js';

/** Every chunk the stream pushes, with the rows given as pages of `pageSize`. */
async function chunks<T>(columns: CsvColumn<T>[], rows: T[], pageSize = 7, batch?: number, chunkChars?: number): Promise<string[]> {
  const pages = (async function* () {
    for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize);
  })();
  // 'data' events in flowing mode show each pushed chunk as pushed (async iteration would merge them).
  const out: string[] = [];
  const stream = csvStream(columns, pages, batch, chunkChars);
  stream.on('data', (chunk) => out.push(Buffer.from(chunk).toString())); // as UTF-8 on the wire
  await new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
  return out;
}

async function render<T>(columns: CsvColumn<T>[], rows: T[], pageSize?: number): Promise<string> {
  return (await chunks(columns, rows, pageSize)).join('');
}

const unguard = (v: string) => (v.startsWith("'") ? v.slice(1) : v);

describe('CSV formula guard', () => {
  it('guards cells a spreadsheet would evaluate, at the start or after any separator', () => {
    for (const v of [
      "x;=cmd|' /C calc'!A0",
      '＝1+1', '＋1', '－1', '＠SUM(A1)',
      '=1+1', '+1', '-1', '@SUM(A1)',
      '\t=1', '\tplain', '\rplain',
      ' =1', '"=1', "'=1",
      'Mozilla/5.0 (X11;=cmd|calc)', 'Mozilla/5.0 (X11; =cmd)',
      'a,=1', 'a, "=1"', 'a|@x', 'a\t+1', 'line\n-1', 'a\r\n=1', 'a；＝1', 'a，=1', 'a｜=1',
      '　=1', 'a;\u00a0=1',
      // Invisible characters between a separator and `=`, and Unicode line breaks as separators.
      'a;\u00ad=1', 'a;\u180e=1', 'a;\u2060=1', 'a;\u200d=1', 'a;\u202e=1', 'a;\ufe0f=1', '\u00ad=1', '\u2060\u180e @x',
      'a\u0085=1', 'a\u2028=1', 'a\u2029+1', 'a\v=1', 'a\f-1', 'a\x1e@x', 'a\u2028\u00ad=1',
    ]) {
      expect(needsFormulaGuard(v), JSON.stringify(v)).toBe(true);
      expect(guardCell(v)).toBe(`'${v}`);
    }
  });

  it('leaves ordinary text, numbers and empties alone', () => {
    for (const v of [
      '', 'hello', 'a+b@example.com', 'user-1@example.com', '2026-01-01T00:00:00.000Z',
      'say "hi", ok\nline2', 'a\u2028b', 'x\u00ad-y', 'a;\u2010=1', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', 'x = 1', '1+1', 'a;b', 'c1x2',
      '{"raw":"=HYPERLINK(\\"http://x\\")"}',
    ]) {
      expect(needsFormulaGuard(v), JSON.stringify(v)).toBe(false);
      expect(guardCell(v)).toBe(v);
    }
    expect(guardCell(-5)).toBe(-5);
    expect(guardCell(null)).toBe('');
    expect(guardCell(undefined)).toBe('');
  });

  it('agrees on random cells with the rule read character by character', () => {
    // The rule as the comment in csv.ts states it, walked one character at a time (how the guard
    // was first written), against the guard that jumps between separators.
    const trigger = new Set('=+-@\uFF1D\uFF0B\uFF0D\uFF20');
    const separator = new Set(',;|\t\r\n\v\f\x1C\x1D\x1E\x85\u2028\u2029\uFF0C\uFF1B\uFF5C');
    const ranges = [[0x115f, 0x1160], [0x17b4, 0x17b5], [0x180b, 0x180f], [0x2000, 0x200f], [0x202a, 0x202f], [0x205f, 0x206f], [0xfe00, 0xfe0f], [0xfff0, 0xfff8]];
    const skippable = (c: string) =>
      ' "\'\u00A0\u00AD\u034F\u061C\u1680\u3000\u3164\uFEFF\uFFA0\uFF02\uFF07'.includes(c) || ranges.some(([a, b]) => c.charCodeAt(0) >= a && c.charCodeAt(0) <= b);
    const byHand = (v: string) => {
      if (v[0] === '\t' || v[0] === '\r') return true;
      let boundary = true;
      for (const c of v) {
        if (separator.has(c)) boundary = true;
        else if (trigger.has(c)) {
          if (boundary) return true;
        } else if (!skippable(c)) boundary = false;
      }
      return false;
    };
    const alphabet = [...'ab1 =+-@,;|\t\r\n"\'\u00A0\u3000\uFF1D\uFF0C\uFF1B\uFF5C\u2003\u200bx\u00AD\u180E\u2060\u0085\u2028\u2029\v\u202E\u2010'];
    for (let i = 0; i < 20_000; i++) {
      let v = '';
      for (let n = Math.floor(Math.random() * 9); n > 0; n--) v += alphabet[Math.floor(Math.random() * alphabet.length)];
      expect(needsFormulaGuard(v), JSON.stringify(v)).toBe(byHand(v));
    }
  });

  it('quotes every data cell, keeps the header bare, and round-trips through csv-parse', async () => {
    const values = ["x;=cmd|' /C calc'!A0", '＝1+1', '=1+1', '@SUM(A1)', '\t=1', 'Mozilla/5.0 (X11;=cmd)', 'say "hi", ok\nline2', 'plain', ''];
    const columns: CsvColumn<{ text: string; n: number | null }>[] = [
      { header: 'text', value: (r) => r.text },
      { header: 'n', value: (r) => r.n },
    ];
    const out = await render(columns, values.map((text, i) => ({ text, n: i % 2 ? null : -i })));
    const lines = out.split('\n');
    expect(lines[0]).toBe('text,n');
    expect(lines[1]).toBe(`"'x;=cmd|' /C calc'!A0","0"`);
    expect(lines[2]).toBe(`"'＝1+1",""`);
    expect(out).toContain(`"say ""hi"", ok\nline2","-6"`);
    expect(out).toContain(`\n"plain",""\n"","-8"\n`);
    const parsed = parse(out, { columns: true }) as { text: string; n: string }[];
    expect(parsed.map((r) => unguard(r.text))).toEqual(values);
    expect(parsed.filter((r) => r.text.startsWith("'")).map((r) => r.text.slice(1))).toEqual(values.slice(0, 6));
  });

  it('writes the bare header alone when there is no row', async () => {
    expect(await render([{ header: 'id', value: (r: { id: string }) => r.id }, { header: 'created_at', value: () => '' }], [])).toBe('id,created_at\n');
  });

  it('writes data rows byte for byte as csv-stringify does with every cell quoted', async () => {
    // Cells past the formula guard: quotes, separators, line breaks, unicode, lone surrogates, numbers.
    const alphabet = ['a', 'Z', '0', '"', '""', ',', ';', '\n', '\r\n', '\r', '\t', ' ', "'", 'é', '😀', '\ud800', '\u2028', '\\', '='];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const rows: (string | number)[][] = [];
    for (let i = 0; i < 500; i++) {
      const row: (string | number)[] = [];
      for (let c = 0; c < 4; c++) {
        if (random() < 0.15) row.push([0, -3, 1.5, 1e21, -0.000001, 12345678901234][Math.floor(random() * 6)]);
        else row.push(Array.from({ length: Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
      }
      rows.push(row);
    }
    const columns: CsvColumn<(string | number)[]>[] = [0, 1, 2, 3].map((c) => ({ header: `c${c}`, value: (r) => r[c] }));
    const library = stringify([['c0', 'c1', 'c2', 'c3']]) + stringify(rows.map((r) => r.map(guardCell)), { quoted: true, quoted_empty: true });
    // As bytes on the wire: UTF-8 turns a lone surrogate into U+FFFD on both sides.
    const wire = Buffer.from(library).toString();
    expect(await render(columns, rows, 13)).toBe(wire);
    expect(await render(columns, rows, 500)).toBe(wire);
    expect(wire).toContain('\uFFFD');
  });

  it('cuts long pages into batches of at most `batch` rows, whatever the page size', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ id: `r${i}` }));
    const columns = [{ header: 'id', value: (r: { id: string }) => r.id }];
    const whole = await chunks(columns, rows, 250, 100, 0); // chunkChars 0: every batch is a chunk
    expect(whole.map((c) => c.split('\n').length - 1)).toEqual([101, 100, 50]); // the header rides with the first batch
    expect((await chunks(columns, rows, 3, 100, 0)).join('')).toBe(whole.join(''));
    expect(parse(whole.join(''), { columns: true })).toEqual(rows);
  });

  it('gathers batches into chunks of about `chunkChars`, each batch still in a turn of its own', async () => {
    // One socket write per ~64 KiB rather than per batch; the same bytes either way.
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: `row-${String(i).padStart(6, '0')}` })); // 13 bytes a line
    const columns = [{ header: 'id', value: (r: { id: string }) => r.id }];
    const gathered = await chunks(columns, rows, 500, 100, 4096);
    // 1,300 bytes a batch: four batches (5,200 bytes) make a chunk, the last chunk takes the rest.
    expect(gathered.map((c) => c.length)).toEqual([3 + 4 * 1300, 4 * 1300, 4 * 1300, 4 * 1300, 4 * 1300]);
    expect(gathered.join('')).toBe((await chunks(columns, rows, 500, 100, 0)).join(''));
  });

  it('gives the event loop a turn between batches, even when pages and the reader never wait', async () => {
    // Pages resolving at once (SQLite) and a consumer taking every chunk at once (an uncompressed
    // download on a fast link): without a yield the whole export ran inside one event-loop turn.
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: `r${i}` }));
    const pages = (async function* () {
      for (let i = 0; i < rows.length; i += 500) yield rows.slice(i, i + 500);
    })();
    let formatted = 0;
    const stream = csvStream([{ header: 'id', value: (r: { id: string }) => (formatted++, r.id) }], pages, 100);
    let turns = 0;
    const seen: number[] = [];
    const tick = () => {
      turns++;
      seen.push(formatted);
      if (!stream.readableEnded) setImmediate(tick);
    };
    setImmediate(tick);
    stream.resume();
    await new Promise((resolve) => stream.on('end', resolve));
    expect(formatted).toBe(2000);
    expect(turns).toBeGreaterThanOrEqual(20);
    // Between two turns of the loop, at most one batch was formatted.
    for (let i = 1; i < seen.length; i++) expect(seen[i] - seen[i - 1]).toBeLessThanOrEqual(100);
  });

  it('gives the event loop a turn per empty page too (pages filtered down to nothing)', async () => {
    const pages = (async function* () {
      for (let i = 0; i < 50; i++) yield [];
      yield [{ id: 'last' }];
    })();
    const stream = csvStream([{ header: 'id', value: (r: { id: string }) => r.id }], pages);
    let turns = 0;
    const tick = () => {
      turns++;
      if (!stream.readableEnded) setImmediate(tick);
    };
    setImmediate(tick);
    let out = '';
    stream.on('data', (c) => (out += c));
    await new Promise((resolve) => stream.on('end', resolve));
    expect(out).toBe('id\n"last"\n');
    expect(turns).toBeGreaterThanOrEqual(50);
  });
});

