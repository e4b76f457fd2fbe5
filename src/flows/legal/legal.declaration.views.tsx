import type { Translate } from '../../kernel/i18n.js';
import type { AppStorePrivacy, PlayDataSafety } from './legal.declaration.js';
import type { Words } from './legal.pages.js';

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
          <div class="table-wrap" tabIndex={0} role="region" aria-labelledby="entries-h">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('lgDataType')}</th>
                  <th scope="col">{t('lgPurpose')}</th>
                  <th scope="col">{t('lgLinkedCol')}</th>
                  <th scope="col">{t('lgTrackingCol')}</th>
                  <th scope="col">{t('lgSource')}</th>
                </tr>
              </thead>
              <tbody>
                {d.entries.map((e) => (
                  <tr>
                    <td data-label={t('lgDataType')}>
                      <span>
                        {e.category} <span class="muted small">({e.group})</span>
                      </span>
                    </td>
                    <td data-label={t('lgPurpose')}>{e.purpose}</td>
                    <td data-label={t('lgLinkedCol')}>{yes(e.linkedToIdentity)}</td>
                    <td data-label={t('lgTrackingCol')}>{yes(e.usedForTracking)}</td>
                    <td data-label={t('lgSource')}>{e.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      <Unmapped list={d.unmappedProcessors} t={t} />
    </article>
  );
}

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
          <div class="table-wrap" tabIndex={0} role="region" aria-labelledby="play-h">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('lgDataType')}</th>
                  <th scope="col">{t('lgShared')}</th>
                  <th scope="col">{t('lgOptional')}</th>
                  <th scope="col">{t('lgPurposes')}</th>
                  <th scope="col">{t('lgSource')}</th>
                </tr>
              </thead>
              <tbody>
                {d.dataTypes.map((x) => (
                  <tr>
                    <td data-label={t('lgDataType')}>
                      <span>
                        {x.dataType} <span class="muted small">({x.category})</span>
                      </span>
                    </td>
                    <td data-label={t('lgShared')}>{yes(x.shared)}</td>
                    <td data-label={t('lgOptional')}>{yes(x.optional)}</td>
                    <td data-label={t('lgPurposes')}>{x.purposes.join(', ')}</td>
                    <td data-label={t('lgSource')}>{x.sources.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <Unmapped list={d.unmappedProcessors} t={t} />
    </article>
  );
}
