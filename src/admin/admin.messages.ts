/**
 * Validation messages in an app maker's words. The API and MCP keep zod's default messages
 * ("Too small: expected string to have >=1 characters"), which clients may match on; the
 * dashboard shows the same refusal as a person would say it. Plain module with no imports: the
 * form island (browser bundle) and the server-rendered pages both use it.
 */
const RULES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Too small: expected string to have >=1 characters?$/, () => 'Required.'],
  [/^Invalid input: expected \w+, received undefined$/, () => 'Required.'],
  [/^Required$/, () => 'Required.'],
  [/^Too small: expected string to have >=(\d+) characters$/, (m) => `At least ${m[1]} characters.`],
  [/^Too big: expected string to have <=(\d+) characters$/, (m) => `At most ${m[1]} characters.`],
  [/^Too small: expected array to have >=(\d+) items?$/, (m) => (m[1] === '1' ? 'Add at least one.' : `Add at least ${m[1]}.`)],
  [/^Too big: expected array to have <=(\d+) items$/, (m) => `At most ${m[1]}.`],
  [/^Too small: expected number to be >=(-?[\d.]+)$/, (m) => `At least ${m[1]}.`],
  [/^Too big: expected number to be <=(-?[\d.]+)$/, (m) => `At most ${m[1]}.`],
];

/** `message` reworded when it is one of zod's generic messages; any other message as it is. */
export function plainMessage(message: string): string {
  for (const [re, say] of RULES) {
    const m = re.exec(message);
    if (m) return say(m);
  }
  return message;
}

/**
 * A validation error's message repeats its first issue as a pointer in zod's words ("Invalid body:
 * /fields/0/label Too small: …") while the issues are listed plainly: such a message is said as what
 * did not happen ("Not saved", or the route's own lead such as "Not scheduled"). Undefined for any
 * other message, which is shown as it is.
 */
export function notDone(error: string | undefined, issues: { path: string }[] | undefined): string | undefined {
  if (!error || !issues?.length || !error.includes(issues[0].path)) return undefined;
  const cut = error.indexOf('Invalid ');
  return (cut > 0 ? error.slice(0, cut).replace(/[:\s]+$/, '') : '') || 'Not saved';
}

/** The headline above a list of issues. */
export const problemsHeadline = (error: string, issues: { path: string }[]) => {
  const lead = notDone(error, issues);
  return lead ? `${lead}. Fix these first:` : error;
};
