import type { ComponentChildren } from 'preact';
import { Layout } from '../kernel/pages/layout.js';
import { CSRF_FIELD } from './admin.http.js';

/** Field name -> message, shown next to the field. */
export type FieldErrors = Record<string, string>;

export interface ShellProps {
  title: string;
  /** Signed-in owner: shows the navigation and the sign-out form. */
  owner?: { email: string; csrf: string };
  /** Which nav entry is current. */
  current?: 'apps' | 'tokens' | 'account';
  scripts?: string[];
  /** Extra stylesheets served by the dashboard (`/admin/assets/<name>`, e.g. charts.css). */
  styles?: string[];
  wide?: boolean;
  children: ComponentChildren;
}

export const Csrf = ({ token }: { token: string }) => <input type="hidden" name={CSRF_FIELD} value={token} />;

/** The dashboard shell: skip link, header with navigation, main landmark. */
export function Shell(p: ShellProps) {
  return (
    <Layout
      title={`${p.title} · Appflows`}
      styles={['admin.css']}
      bodyClass="admin"
      head={[
        // No favicon request (and no 404 in the console) on every page.
        <link rel="icon" href="data:," />,
        ...(p.styles ?? []).map((s) => <link rel="stylesheet" href={`/admin/assets/${s}`} />),
        ...(p.scripts ?? ['admin.js']).map((s) => <script src={`/admin/assets/${s}`} defer />),
      ]}
    >
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <a class="logo" href="/admin">
          Appflows
        </a>
        {p.owner ? (
          <nav aria-label="Dashboard">
            <a href="/admin/apps" aria-current={p.current === 'apps' ? 'page' : undefined}>
              Apps
            </a>
            <a href="/admin/api-tokens" aria-current={p.current === 'tokens' ? 'page' : undefined}>
              API tokens
            </a>
            <a href="/admin/account" aria-current={p.current === 'account' ? 'page' : undefined}>
              Account
            </a>
            <form method="post" action="/admin/logout" class="inline">
              <Csrf token={p.owner.csrf} />
              <button type="submit" class="link">
                Sign out
              </button>
            </form>
          </nav>
        ) : null}
      </header>
      <main id="main" class={p.wide ? 'page wide' : 'page'}>
        {p.children}
      </main>
    </Layout>
  );
}

export function Field(p: {
  name: string;
  label: string;
  value?: string | null;
  error?: string;
  hint?: string;
  type?: string;
  required?: boolean;
  autocomplete?: string;
  multiline?: boolean;
  rows?: number;
  id?: string;
}) {
  const id = p.id ?? `f-${p.name}`;
  const described = [p.hint ? `${id}-hint` : '', p.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, name: p.name, required: p.required, 'aria-invalid': p.error ? ('true' as const) : undefined, 'aria-describedby': described };
  return (
    <div class={p.error ? 'field has-error' : 'field'}>
      <label for={id}>{p.label}</label>
      {p.hint ? (
        <p class="hint" id={`${id}-hint`}>
          {p.hint}
        </p>
      ) : null}
      {p.multiline ? (
        <textarea {...common} rows={p.rows ?? 4} spellcheck={false}>
          {p.value ?? ''}
        </textarea>
      ) : (
        <input {...common} type={(p.type ?? 'text') as 'text'} value={p.value ?? ''} autocomplete={p.autocomplete} />
      )}
      {p.error ? (
        <p class="error" id={`${id}-error`}>
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

export function Alert(p: { kind: 'error' | 'ok' | 'warn'; children: ComponentChildren }) {
  return (
    <div class={`alert ${p.kind}`} role={p.kind === 'error' ? 'alert' : 'status'}>
      {p.children}
    </div>
  );
}

export function SignInPage(p: { token: string; email?: string; error?: string; next?: string; status?: string }) {
  return (
    <Shell title="Sign in">
      <section class="card narrow">
        <h1>Sign in</h1>
        {p.status ? <Alert kind="ok">{p.status}</Alert> : null}
        {p.error ? <Alert kind="error">{p.error}</Alert> : null}
        <form method="post" action="/admin/login" class="stack">
          <input type="hidden" name="_token" value={p.token} />
          {p.next ? <input type="hidden" name="next" value={p.next} /> : null}
          <Field name="email" label="Email" type="email" value={p.email} required autocomplete="username" />
          <Field name="password" label="Password" type="password" required autocomplete="current-password" />
          <button type="submit">Sign in</button>
        </form>
        <p class="muted small">Forgot your password? Run <code>appflows user password --email you@example.com</code> on the server.</p>
      </section>
    </Shell>
  );
}

export function SetupPage(p: { token: string; link: string; email?: string; errors?: FieldErrors; error?: string }) {
  return (
    <Shell title="Create the first owner">
      <section class="card narrow">
        <h1>Welcome to Appflows</h1>
        <p class="muted">Create the owner account. This link works once.</p>
        {p.error ? <Alert kind="error">{p.error}</Alert> : null}
        <form method="post" action={`/admin/setup?t=${encodeURIComponent(p.link)}`} class="stack">
          <input type="hidden" name="_token" value={p.token} />
          <Field name="email" label="Email" type="email" value={p.email} error={p.errors?.email} required autocomplete="username" />
          <Field name="password" label="Password" type="password" error={p.errors?.password} hint="At least 10 characters." required autocomplete="new-password" />
          <button type="submit">Create owner and sign in</button>
        </form>
      </section>
    </Shell>
  );
}

export function NoticePage(p: { title: string; message: string; owner?: ShellProps['owner']; link?: { href: string; label: string } }) {
  return (
    <Shell title={p.title} owner={p.owner}>
      <section class="card narrow">
        <h1>{p.title}</h1>
        <p>{p.message}</p>
        {p.link ? <a href={p.link.href}>{p.link.label}</a> : null}
      </section>
    </Shell>
  );
}

const fmt = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) + ' UTC' : '—');
export const formatTime = fmt;

export interface TokenRow {
  prefix: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export function TokensPage(p: { owner: NonNullable<ShellProps['owner']>; tokens: TokenRow[]; created?: { token: string; name: string }; name?: string; error?: string; notice?: string }) {
  return (
    <Shell title="API tokens" owner={p.owner} current="tokens">
      <h1>API tokens</h1>
      <p class="muted">Tokens let scripts, the AppMate clients and AI agents act for your account (Bearer token on /api/v1 and /mcp).</p>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      {p.created ? (
        <section class="card created" aria-labelledby="created-h">
          <h2 id="created-h">Token “{p.created.name}” created</h2>
          <p>Copy it now: it is shown only once.</p>
          <div class="copyrow">
            <label for="new-token" class="visually-hidden">
              New token
            </label>
            <input id="new-token" class="mono" readOnly value={p.created.token} />
            <button type="button" class="secondary" data-copy="#new-token">
              Copy
            </button>
          </div>
        </section>
      ) : null}
      <section class="card" aria-labelledby="new-h">
        <h2 id="new-h">New token</h2>
        <form method="post" action="/admin/api-tokens" class="row">
          <Csrf token={p.owner.csrf} />
          <Field name="name" label="Name" value={p.name} error={p.error} hint="What uses it, e.g. “CI” or “Claude”." required />
          <button type="submit">Create token</button>
        </form>
      </section>
      <section aria-labelledby="list-h">
        <h2 id="list-h">Your tokens</h2>
        {p.tokens.length === 0 ? (
          <p class="muted">No tokens yet.</p>
        ) : (
          <div class="tablewrap">
            <table class="cards-sm">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Prefix</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.tokens.map((t) => (
                  <tr>
                    <td data-label="Name">{t.name}</td>
                    <td data-label="Prefix" class="mono">{`afk_${t.prefix}_…`}</td>
                    <td data-label="Created">{fmt(t.createdAt)}</td>
                    <td data-label="Last used">{fmt(t.lastUsedAt)}</td>
                    <td data-label="State">{t.revokedAt ? <span class="badge off">Revoked {fmt(t.revokedAt)}</span> : <span class="badge on">Active</span>}</td>
                    <td>
                      {t.revokedAt ? null : (
                        <form method="post" action={`/admin/api-tokens/${t.prefix}/revoke`} class="inline">
                          <Csrf token={p.owner.csrf} />
                          <button type="submit" class="danger small" aria-label={`Revoke token ${t.name} (${t.prefix})`} data-confirm={`Revoke token “${t.name}” (${t.prefix})? Anything using it stops working at once.`}>
                            Revoke
                          </button>
                        </form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Shell>
  );
}

export function AccountPage(p: { owner: NonNullable<ShellProps['owner']>; sessions: number; notice?: string }) {
  return (
    <Shell title="Account" owner={p.owner} current="account">
      <h1>Account</h1>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      <section class="card">
        <h2>Signed in as {p.owner.email}</h2>
        <p>
          {p.sessions} active session{p.sessions === 1 ? '' : 's'} (browsers signed in to this account).
        </p>
        <form method="post" action="/admin/logout-everywhere" class="inline">
          <Csrf token={p.owner.csrf} />
          <button type="submit" class="danger" data-confirm="Sign out every browser signed in to this account, this one included?">
            Sign out everywhere
          </button>
        </form>
        <p class="muted small">
          Change or reset the password on the server: <code>appflows user password --email {p.owner.email}</code> (it also signs out every session).
        </p>
      </section>
    </Shell>
  );
}
