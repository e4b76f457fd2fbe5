import { expect, it } from 'vitest';
import { z } from 'zod';
import { notDone, plainMessage, problemsHeadline } from '../../src/admin/admin.messages.js';

/** zod's own messages, as the API sends them: the dashboard's rewording must recognise each. */
const zodMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0].message;

it('says zod’s generic messages in plain words, and leaves every other message as it is', () => {
  expect(plainMessage(zodMessage(z.string().min(1), ''))).toBe('Required.');
  expect(plainMessage(zodMessage(z.object({ a: z.string() }), {}))).toBe('Required.');
  expect(plainMessage(zodMessage(z.string().min(3), 'ab'))).toBe('At least 3 characters.');
  expect(plainMessage(zodMessage(z.string().max(40), 'x'.repeat(41)))).toBe('At most 40 characters.');
  expect(plainMessage(zodMessage(z.array(z.string()).min(1), []))).toBe('Add at least one.');
  expect(plainMessage(zodMessage(z.array(z.string()).max(8), Array(9).fill('a')))).toBe('At most 8.');
  expect(plainMessage(zodMessage(z.number().min(1), 0))).toBe('At least 1.');
  expect(plainMessage(zodMessage(z.number().max(720), 721))).toBe('At most 720.');
  expect(plainMessage('must be snake_case (a-z, 0-9, _; starting with a letter)')).toBe('must be snake_case (a-z, 0-9, _; starting with a letter)');
});

it('says a validation error that repeats its first issue as what did not happen', () => {
  const issues = [{ path: '/fields/0/label' }];
  expect(notDone('Invalid body: /fields/0/label Too small: expected string to have >=1 characters', issues)).toBe('Not saved');
  expect(notDone('Not scheduled: Invalid body: /at must be in the future', [{ path: '/at' }])).toBe('Not scheduled');
  expect(problemsHeadline('Invalid waitlist config: /fields/0/label x', issues)).toBe('Not saved. Fix these first:');
  // Any other message is shown as it is.
  expect(problemsHeadline('The draft is not valid JSON', [{ path: '/' }])).toBe('The draft is not valid JSON');
  expect(notDone('Draft saved, not published: an experiment runs on this flow.', [])).toBeUndefined();
});
