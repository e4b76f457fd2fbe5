/** The one domain error type. Services throw it; only the HTTP and MCP edges translate it. */
export interface Issue {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra keys merged into the JSON body next to `error` (e.g. `issues`, `selfReferral`). */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { error: this.message, ...this.extra };
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
export const conflict = (what: string, extra?: Record<string, unknown>) => new AppError(409, what, extra);
export const badRequest = (what: string) => new AppError(400, what);
export const unprocessable = (what: string, issues?: Issue[]) =>
  new AppError(422, what, issues ? { issues } : {});

/** zod issue path -> JSON-pointer-like string ("/responses/too_pricey/primaryButton"). */
export function pointer(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '/' : '/' + path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** A request part that failed validation (path and query 400, body 422), named by its first failing path. */
export function invalidInput(status: number, where: string, issues: Issue[]) {
  const first = issues[0];
  return new AppError(status, `Invalid ${where}: ${first.path === '/' ? '' : first.path + ' '}${first.message}`.trim(), { issues });
}

export function issuesFrom(error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> }): Issue[] {
  return error.issues.map((i) => ({ path: pointer(i.path), message: i.message }));
}
