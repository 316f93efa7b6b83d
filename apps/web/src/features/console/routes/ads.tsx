import { AD_STATES } from '@sentiero/contract/console-ads';
import { AD_PLACEMENTS } from '@sentiero/contract/premium';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { type ConsoleAd, useAds } from '../comms-api.ts';
import { AdForm } from '../components/comms/ad-form.tsx';
import { AdList } from '../components/comms/ad-list.tsx';
import { ConsolePage } from '../components/comms/console-page.tsx';

/**
 * `/console/ads`: Sentiero's advertisements (house ads and partner offers) with their picture,
 * languages, placements and dates; Sentiero+ members never see any.
 */
export function Component() {
  const { t } = useTranslation('consoleComms');
  const [editing, setEditing] = useState<ConsoleAd | 'new' | null>(null);
  return (
    <ConsolePage
      title={() => t('ads.title')}
      actions={() => editing === null && <Button onClick={() => setEditing('new')}>{t('ads.new')}</Button>}
    >
      {() => <AdsScreen editing={editing} setEditing={setEditing} />}
    </ConsolePage>
  );
}

function AdsScreen({
  editing,
  setEditing,
}: {
  editing: ConsoleAd | 'new' | null;
  setEditing(value: ConsoleAd | 'new' | null): void;
}) {
  const { t } = useTranslation('consoleComms');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = AD_STATES.find((candidate) => candidate === searchParams.get('state'));
  const placement = AD_PLACEMENTS.find((candidate) => candidate === searchParams.get('placement'));
  const ads = useAds({ page: pageParam(searchParams), state, placement });
  const filter = (key: string, value: string) => {
    const next = new URLSearchParams(searchParams);
    next.delete('page');
    if (value) next.set(key, value);
    else next.delete(key);
    setSearchParams(next);
  };
  const data = ads.data;
  return (
    <>
      <p className="rounded-lg border border-stone-200 bg-stone-100 p-3 text-sm text-stone-700">
        {t('ads.lead')}
      </p>
      {editing !== null && (
        <AdForm
          key={editing === 'new' ? 'new' : editing.id}
          ad={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-stone-700">{t('ads.state')}</span>
          <select
            className={inputClass}
            value={state ?? ''}
            onChange={(event) => filter('state', event.target.value)}
          >
            <option value="">{t('ads.allStates')}</option>
            {AD_STATES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {t(`ads.states.${candidate}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-stone-700">{t('ads.placement')}</span>
          <select
            className={inputClass}
            value={placement ?? ''}
            onChange={(event) => filter('placement', event.target.value)}
          >
            <option value="">{t('ads.allPlacements')}</option>
            {AD_PLACEMENTS.map((candidate) => (
              <option key={candidate} value={candidate}>
                {t(`ads.placements.${candidate}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState isPending={ads.isPending} isError={ads.isError} onRetry={() => ads.refetch()} />
      {data && data.ads.length === 0 && <p className="text-stone-600">{t('ads.empty')}</p>}
      {data && data.ads.length > 0 && <AdList ads={data.ads} onEdit={(ad) => setEditing(ad)} />}
      {data && <Pager page={data.page} pages={data.pages} />}
    </>
  );
}
