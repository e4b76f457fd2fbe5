import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream, guardCell, needsFormulaGuard, type CsvColumn } from '../../src/kernel/csv.js';

async function render<T>(columns: CsvColumn<T>[], rows: T[]): Promise<string> {
  let out = '';
  for await (const chunk of csvStream(columns, (async function* () { yield* rows; })())) out += chunk;
  return out;
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
    ]) {
      expect(needsFormulaGuard(v), JSON.stringify(v)).toBe(true);
      expect(guardCell(v)).toBe(`'${v}`);
    }
  });

  it('leaves ordinary text, numbers and empties alone', () => {
    for (const v of [
      '', 'hello', 'a+b@example.com', 'user-1@example.com', '2026-01-01T00:00:00.000Z',
      'say "hi", ok\nline2', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', 'x = 1', '1+1', 'a;b', 'c1x2',
      '{"raw":"=HYPERLINK(\\"http://x\\")"}',
    ]) {
      expect(needsFormulaGuard(v), JSON.stringify(v)).toBe(false);
      expect(guardCell(v)).toBe(v);
    }
    expect(guardCell(-5)).toBe(-5);
    expect(guardCell(null)).toBe('');
    expect(guardCell(undefined)).toBe('');
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
});
