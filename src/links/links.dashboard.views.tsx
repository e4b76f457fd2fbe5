import type { App } from '../apps/apps.schema.js';
import { AppShell } from '../admin/admin.app-shell.js';
import { DayChart, num, type ChartSeries } from '../admin/admin.charts.js';
import { Alert, Csrf, Field, formatTime, type FieldErrors } from '../admin/admin.views.js';
import type { DashboardSection } from '../kernel/module.js';
import type { Link, LinkState, LinkStats } from './links.schema.js';

type Owner = { email: string; csrf: string };
interface PageBase {
  owner: Owner;
  app: App;
  sections: DashboardSection[];
}

export const linksBase = (app: { slug: string }) => `/admin/apps/${encodeURIComponent(app.slug)}/links`;
const linkPath = (app: { slug: string }, link: { id: string }) => `${linksBase(app)}/${encodeURIComponent(link.id)}`;

const STATE_LABEL: Record<LinkState, string> = { active: 'Active', disabled: 'Disabled', expired: 'Expired', limit_reached: 'Limit reached' };
const STATE_CLASS: Record<LinkState, string> = { active: 'badge on', disabled: 'badge off', expired: 'badge warn', limit_reached: 'badge warn' };
export const StateBadge = ({ state }: { state: LinkState }) => <span class={STATE_CLASS[state]}>{STATE_LABEL[state]}</span>;

const n = num;

export function LinksListPage(p: PageBase & { links: Link[]; nextCursor: string | null; paged: boolean; notice?: string }) {
  const base = linksBase(p.app);
  return (
    <AppShell title="Short links" owner={p.owner} app={p.app} sections={p.sections} current="links">
      <div class="titlebar">
        <h1>Short links</h1>
        <a class="button" href={`${base}/new`}>
          New link
        </a>
      </div>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      {p.links.length === 0 ? (
        <section class="card">
          <h2>{p.paged ? 'No older links' : 'No short links yet'}</h2>
          <p>{p.paged ? <a href={base}>Back to the newest links</a> : 'A short link sends each visitor to the right place for their phone, and counts the clicks.'}</p>
        </section>
      ) : (
        <div class="tablewrap">
          <table class="cards-sm links-table">
            <caption class="visually-hidden">Short links, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Short URL</th>
                <th scope="col">State</th>
                <th scope="col">Clicks</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {p.links.map((l) => (
                <tr>
                  <td data-label="Name">
                    <a href={linkPath(p.app, l)}>{l.name}</a>
                  </td>
                  <td data-label="Short URL" class="mono">
                    {l.shortUrl}
                  </td>
                  <td data-label="State">
                    <StateBadge state={l.state} />
                  </td>
                  <td data-label="Clicks" class="num">
                    {n(l.clickCount)}
                    {l.maxClicks != null ? ` / ${n(l.maxClicks)}` : ''}
                  </td>
                  <td data-label="Created">{formatTime(l.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {p.paged || p.nextCursor ? (
        <nav class="pager links-pager" aria-label="Pages of links">
          {p.paged ? <a href={base}>Newest links</a> : null}
          {p.nextCursor ? <a href={`${base}?cursor=${encodeURIComponent(p.nextCursor)}`}>Older links</a> : null}
        </nav>
      ) : null}
    </AppShell>
  );
}

/** The form's values as typed (strings), so a refused form comes back as it was sent. */
export type LinkForm = Record<(typeof LINK_FIELDS)[number], string>;
export const LINK_FIELDS = ['name', 'url', 'iosUrl', 'androidUrl', 'code', 'expiresAt', 'maxClicks', 'expiredBehavior', 'expiredUrl', 'expiredMessage'] as const;

export const formOfLink = (l: Link): LinkForm => ({
  name: l.name,
  url: l.url,
  iosUrl: l.iosUrl ?? '',
  androidUrl: l.androidUrl ?? '',
  code: l.code,
  // datetime-local shows minutes; the API reads a time without a zone as UTC.
  expiresAt: l.expiresAt ? l.expiresAt.slice(0, 16) : '',
  maxClicks: l.maxClicks != null ? String(l.maxClicks) : '',
  expiredBehavior: l.expiredBehavior,
  expiredUrl: l.expiredUrl ?? '',
  expiredMessage: l.expiredMessage ?? '',
});

export function LinkFormPage(p: PageBase & { link?: Link; form: Partial<LinkForm>; errors?: FieldErrors; error?: string }) {
  const f = p.form;
  const e = p.errors ?? {};
  const editing = !!p.link;
  const title = editing ? `Edit “${p.link!.name}”` : 'New short link';
  return (
    <AppShell title={title} owner={p.owner} app={p.app} sections={p.sections} current="links">
      <p class="crumbs">
        <a href={linksBase(p.app)}>Short links</a>
        {editing ? (
          <>
            {' '}
            / <a href={linkPath(p.app, p.link!)}>{p.link!.name}</a>
          </>
        ) : null}
      </p>
      <h1>{title}</h1>
      {p.error ? <Alert kind="error">{p.error}</Alert> : null}
      <form method="post" action={editing ? linkPath(p.app, p.link!) : linksBase(p.app)} class="stack card link-form" novalidate>
        <Csrf token={p.owner.csrf} />
        <Field name="name" label="Name" value={f.name} error={e.name} hint="For you only, e.g. “Spring campaign”." />
        <Field name="url" label="Destination" type="url" value={f.url} error={e.url} required hint="Where visitors go (https://…, or your app’s own scheme)." />
        <Field name="iosUrl" label="On iPhone and iPad (optional)" type="url" value={f.iosUrl} error={e.iosUrl} hint="E.g. your App Store page." />
        <Field name="androidUrl" label="On Android (optional)" type="url" value={f.androidUrl} error={e.androidUrl} hint="E.g. your Play Store page." />
        {editing ? (
          <p class="muted small">
            Code <code>{p.link!.code}</code> cannot change: create a new link for another code.
          </p>
        ) : (
          <Field name="code" label="Code (optional)" value={f.code} error={e.code} hint="3-40 characters of a-z 0-9 - _. Left empty, one is made up." autocomplete="off" />
        )}
        <fieldset class="stack">
          <legend>When the link ends</legend>
          <Field name="expiresAt" label="Expires (UTC, optional)" type="datetime-local" value={f.expiresAt} error={e.expiresAt} />
          <Field name="maxClicks" label="Click limit (optional)" value={f.maxClicks} error={e.maxClicks} hint="Human clicks allowed; bots never count." />
          <div class={e.expiredBehavior ? 'field has-error' : 'field'}>
            <label for="f-expiredBehavior">Once ended</label>
            <select id="f-expiredBehavior" name="expiredBehavior" aria-invalid={e.expiredBehavior ? 'true' : undefined} aria-describedby={e.expiredBehavior ? 'f-expiredBehavior-error' : undefined}>
              <option value="page" selected={f.expiredBehavior !== 'redirect'}>
                Show a page with a message
              </option>
              <option value="redirect" selected={f.expiredBehavior === 'redirect'}>
                Send visitors to another URL
              </option>
            </select>
            {e.expiredBehavior ? (
              <p class="error" id="f-expiredBehavior-error">
                {e.expiredBehavior}
              </p>
            ) : null}
          </div>
          <Field name="expiredUrl" label="URL once ended" type="url" value={f.expiredUrl} error={e.expiredUrl} hint="Needed when visitors are sent to another URL." />
          <Field name="expiredMessage" label="Message once ended (optional)" value={f.expiredMessage} error={e.expiredMessage} multiline rows={2} />
        </fieldset>
        <div class="actions">
          <button type="submit">{editing ? 'Save link' : 'Create link'}</button>
          <a class="button secondary" href={editing ? linkPath(p.app, p.link!) : linksBase(p.app)}>
            Cancel
          </a>
        </div>
      </form>
    </AppShell>
  );
}

const TARGETS = [
  ['ios', 'iPhone and iPad'],
  ['android', 'Android'],
  ['fallback', 'Other (destination)'],
  ['expired', 'Ended page or URL'],
] as const;

export function LinkStatsPage(p: PageBase & { link: Link; stats: LinkStats; days: string[]; series: ChartSeries[]; qrSrc: string; notice?: string }) {
  const { link, stats } = p;
  const path = linkPath(p.app, link);
  const humans = p.series[0].values.reduce((a, b) => a + b, 0);
  const bots = p.series[1].values.reduce((a, b) => a + b, 0);
  return (
    <AppShell title={link.name} owner={p.owner} app={p.app} sections={p.sections} current="links" scripts={['admin.js', 'charts.js']} styles={['charts.css']}>
      <p class="crumbs">
        <a href={linksBase(p.app)}>Short links</a>
      </p>
      <div class="titlebar">
        <h1>
          {link.name} <StateBadge state={link.state} />
        </h1>
        <a class="button secondary" href={`${path}/edit`}>
          Edit
        </a>
      </div>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      <section class="card link-summary" aria-labelledby="link-h">
        <h2 id="link-h" class="visually-hidden">
          Link
        </h2>
        <label for="short-url" class="strong">
          Short URL
        </label>
        <div class="copyrow">
          <input id="short-url" class="mono" readOnly value={link.shortUrl} />
          <button type="button" class="secondary" data-copy="#short-url">
            Copy
          </button>
        </div>
        <dl class="link-facts">
          <dt>Destination</dt>
          <dd class="wrap">{link.url}</dd>
          {link.iosUrl ? (
            <>
              <dt>iPhone and iPad</dt>
              <dd class="wrap">{link.iosUrl}</dd>
            </>
          ) : null}
          {link.androidUrl ? (
            <>
              <dt>Android</dt>
              <dd class="wrap">{link.androidUrl}</dd>
            </>
          ) : null}
          <dt>Clicks counted</dt>
          <dd>
            {n(link.clickCount)}
            {link.maxClicks != null ? ` of ${n(link.maxClicks)} allowed` : ''}
          </dd>
          <dt>Expires</dt>
          <dd>{link.expiresAt ? formatTime(link.expiresAt) : 'Never'}</dd>
        </dl>
      </section>

      <section class="card" aria-labelledby="clicks-h">
        <h2 id="clicks-h">Clicks</h2>
        <DayChart id="link-clicks" title="Clicks per day, last 30 days" days={p.days} series={p.series} summary={`${n(humans)} by people, ${n(bots)} by bots (UTC days)`} />
      </section>

      <div class="link-split">
        <section class="card" aria-labelledby="targets-h">
          <h2 id="targets-h">Where people went</h2>
          <p class="muted small">All time: {n(stats.clicks)} clicks by people, {n(stats.botClicks)} by bots and link previews.</p>
          <table class="link-counts">
            <caption class="visually-hidden">Human clicks by destination, all time</caption>
            <tbody>
              {TARGETS.map(([k, label]) => (
                <tr>
                  <th scope="row">{label}</th>
                  <td class="num">{n(stats.byTarget[k])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section class="card" aria-labelledby="countries-h">
          <h2 id="countries-h">Top countries</h2>
          {stats.topCountries.length ? (
            <table class="link-counts">
              <caption class="visually-hidden">Human clicks by country, all time</caption>
              <tbody>
                {stats.topCountries.map((c) => (
                  <tr>
                    <th scope="row">{countryName(c.country)}</th>
                    <td class="num">{n(c.clicks)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p class="muted">No country known yet.</p>
          )}
        </section>
        <section class="card link-qr" aria-labelledby="qr-h">
          <h2 id="qr-h">QR code</h2>
          <img src={`${p.qrSrc}?format=svg&size=240`} width="240" height="240" alt={`QR code that opens ${link.shortUrl}`} />
          <p class="small">
            Download: <a href={`${p.qrSrc}?format=png&size=1024`} download={`link-${link.code}.png`}>PNG</a> ·{' '}
            <a href={`${p.qrSrc}?format=svg&size=1024`} download={`link-${link.code}.svg`}>
              SVG
            </a>
          </p>
        </section>
      </div>

      <section class="card" aria-labelledby="manage-h">
        <h2 id="manage-h">Manage</h2>
        <div class="actions">
          <form method="post" action={`${path}/status`} class="inline">
            <Csrf token={p.owner.csrf} />
            {link.status === 'active' ? (
              <>
                <input type="hidden" name="status" value="disabled" />
                <button type="submit" class="secondary" data-confirm={`Disable “${link.name}”? Visitors get the disabled page until you enable it again.`}>
                  Disable
                </button>
              </>
            ) : (
              <>
                <input type="hidden" name="status" value="active" />
                <button type="submit">Enable</button>
              </>
            )}
          </form>
          <form method="post" action={`${path}/reset`} class="inline">
            <Csrf token={p.owner.csrf} />
            <button type="submit" class="secondary" data-confirm={`Reset the clicks of “${link.name}”? The counter and the chart start from zero; the all-time numbers stay.`}>
              Reset clicks
            </button>
          </form>
          <form method="post" action={`${path}/delete`} class="inline">
            <Csrf token={p.owner.csrf} />
            <button type="submit" class="danger" data-confirm={`Delete “${link.name}” for good? Its code is freed and visits get “not found”.`}>
              Delete
            </button>
          </form>
        </div>
        <p class="muted small manage-note">Reset zeroes the click counter (a link at its limit works again) and this chart; the all-time numbers above stay.</p>
      </section>
    </AppShell>
  );
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return `${regionNames.of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}
