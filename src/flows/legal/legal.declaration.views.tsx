import type { Translate } from '../../kernel/i18n.js';
import type { AppStorePrivacy, PlayDataSafety } from './legal.declaration.js';
import type { Words } from './legal.words.js';

// The store declarations as pages (the App Store privacy label, Google Play's Data safety
// answers), inside the legal pages' frame (legal.pages.tsx).

/** A translated sentence with `{slot}` placeholders filled by elements. */
export function Fill({ text, slots }: { text: string; slots: Record<string, preact.ComponentChildren> }) {
  return <>{text.split(/(\{\w+\})/).map((part) => (/^\{\w+\}$/.test(part) && part.slice(1, -1) in slots ? slots[part.slice(1, -1)] : part))}</>;
}

export function AppStoreView({ d, w }: { d: AppStorePrivacy; w: Words }) {
  const { t } = w;
  const yes = (b: boolean) => (b ? t('lgYes') : t('lgNo'));
  const box = (title: string, hint: string, list: AppStorePrivacy['entries']) => {
    const types = [...new Set(list.map((e) => e.category))];
    return types.length ? (
      <div class="label-box">
        <h3>{title}</h3>
        <p class="muted small">{hint}</p>
        <ul class="chips">
          {types.map((t) => (
            <li>{t}</li>
          ))}
        </ul>
      </div>
    ) : null;
  };
  return (
    <article class="doc-body">
      <section aria-labelledby="summary-h">
        <h2 id="summary-h">{t('lgSummary')}</h2>
        {d.dataNotCollected ? (
          <div class="label-box">
            <h3>{t('lgNotCollected')}</h3>
            <p class="muted small">{t('lgNotCollectedHint')}</p>
          </div>
        ) : (
          <div class="label-grid">
            {box(t('lgTrack'), t('lgTrackHint'), d.entries.filter((e) => e.usedForTracking))}
            {box(t('lgLinkedBox'), t('lgLinkedHint'), d.entries.filter((e) => e.linkedToIdentity))}
            {box(t('lgNotLinkedBox'), t('lgNotLinkedHint'), d.entries.filter((e) => !e.linkedToIdentity))}
          </div>
        )}
      </section>
      {d.entries.length ? (
        <section aria-labelledby="entries-h">
          <h2 id="entries-h">{t('details')}</h2>
          <DataTable
            labelledBy="entries-h"
            rows={d.entries}
            columns={[
              { label: t('lgDataType'), cell: (e) => typeCell(e.category, e.group) },
              { label: t('lgPurpose'), cell: (e) => e.purpose },
              { label: t('lgLinkedCol'), cell: (e) => yes(e.linkedToIdentity) },
              { label: t('lgTrackingCol'), cell: (e) => yes(e.usedForTracking) },
              { label: t('lgSource'), cell: (e) => e.source },
            ]}
          />
        </section>
      ) : null}
      <Unmapped list={d.unmappedProcessors} t={t} />
    </article>
  );
}

/** A declaration's table: scrollable and focusable when wide; each cell names its column for the phone layout. */
function DataTable<T>({ labelledBy, rows, columns }: { labelledBy: string; rows: T[]; columns: { label: string; cell: (row: T) => preact.ComponentChildren }[] }) {
  return (
    <div class="table-wrap" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col">{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr>
              {columns.map((c) => (
                <td data-label={c.label}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A data type with its group, as both stores list them. */
const typeCell = (name: string, group: string) => (
  <span>
    {name} <span class="muted small">({group})</span>
  </span>
);

function Unmapped({ list, t }: { list: { id: string; name: string }[]; t: Translate }) {
  return list.length ? (
    <section aria-labelledby="unmapped-h">
      <h2 id="unmapped-h">{t('lgAlsoReceives')}</h2>
      <p>{t('lgAlsoReceivesBody', { list: list.map((x) => x.name).join(', ') })}</p>
    </section>
  ) : null;
}

export function PlayView({ d, w }: { d: PlayDataSafety; w: Words }) {
  const { t } = w;
  const yes = (b: boolean) => (b ? t('lgYes') : t('lgNo'));
  return (
    <article class="doc-body">
      <section aria-labelledby="play-h">
        <h2 id="play-h">{t('lgSafetySummary')}</h2>
        <ul>
          <li>{d.dataCollected ? t('lgCollects') : t('lgNoCollect')}</li>
          <li>{d.dataShared ? t('lgShares') : t('lgNoShare')}</li>
        </ul>
        {d.dataTypes.length ? (
          <DataTable
            labelledBy="play-h"
            rows={d.dataTypes}
            columns={[
              { label: t('lgDataType'), cell: (x) => typeCell(x.dataType, x.category) },
              { label: t('lgShared'), cell: (x) => yes(x.shared) },
              { label: t('lgOptional'), cell: (x) => yes(x.optional) },
              { label: t('lgPurposes'), cell: (x) => x.purposes.join(', ') },
              { label: t('lgSource'), cell: (x) => x.sources.join(', ') },
            ]}
          />
        ) : null}
      </section>
      <Unmapped list={d.unmappedProcessors} t={t} />
    </article>
  );
}
