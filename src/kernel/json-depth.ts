/**
 * Nesting depth of JSON, bounded before JSON.parse (#34). A body of 5,000 nested arrays is 10 KB;
 * JSON.parse takes it, but every recursive walk after it (zod's schemas, JSON.stringify in a
 * refine, a store) overflows the stack (a 500), and a 150k-deep body held the event loop for half a
 * second. No legitimate input comes near: the deepest flow config (onboarding) is under 10 levels.
 */
export const MAX_JSON_DEPTH = 32;

/** Why a too-deep text is refused: the same words on every edge (REST 400, editor, MCP). */
export const TOO_DEEP = `JSON nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays`;

/**
 * True when the text opens more than `max` objects/arrays at once. One pass over the characters,
 * skipping string contents (where brackets are text), stopping at the first level too many, so a
 * hostile body costs a few dozen characters. Malformed text is not judged here: JSON.parse says why.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: jump to its closing quote (one not escaped by an odd run of backslashes).
      let j = i;
      for (;;) {
        j = text.indexOf('"', j + 1);
        if (j < 0) return false;
        let k = j - 1;
        while (text.charCodeAt(k) === 0x5c) k--;
        if ((j - 1 - k) % 2 === 0) break;
      }
      i = j;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** JSON.parse for text from outside (form fields, tool arguments): too deep throws like malformed JSON does. */
export function parseJsonBounded(text: string): unknown {
  if (jsonTooDeep(text)) throw new SyntaxError(TOO_DEEP);
  return JSON.parse(text);
}
