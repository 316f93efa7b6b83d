import { COUPON_STATES } from '@sentiero/contract/console-coupons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { type ConsoleCoupon, useCouponChoices, useCoupons } from '../comms-api.ts';
import { ConsolePage } from '../components/comms/console-page.tsx';
import { CouponForm } from '../components/comms/coupon-form.tsx';
import { CouponList } from '../components/comms/coupon-list.tsx';

/**
 * `/console/coupons`: the coupons the staff member manages — an operator's own, or for an admin
 * every one and Sentiero's — searched by code and state, each with its uses; a new one, a
 * change, switching one off.
 */
export function Component() {
  const { t } = useTranslation('consoleComms');
  const [editing, setEditing] = useState<ConsoleCoupon | 'new' | null>(null);
  return (
    <ConsolePage
      title={() => t('coupons.title')}
      actions={() =>
        editing === null && <Button onClick={() => setEditing('new')}>{t('coupons.new')}</Button>
      }
    >
      {() => <CouponsScreen editing={editing} setEditing={setEditing} />}
    </ConsolePage>
  );
}

function CouponsScreen({
  editing,
  setEditing,
}: {
  editing: ConsoleCoupon | 'new' | null;
  setEditing(value: ConsoleCoupon | 'new' | null): void;
}) {
  const { t } = useTranslation('consoleComms');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = COUPON_STATES.find((candidate) => candidate === searchParams.get('state'));
  const code = searchParams.get('code') ?? '';
  const operatorParam = searchParams.get('operator');
  const operator =
    operatorParam === 'sentiero' ? 'sentiero' : Number(operatorParam) > 0 ? Number(operatorParam) : undefined;
  const coupons = useCoupons({ page: pageParam(searchParams), state, code: code || undefined, operator });
  const choices = useCouponChoices(undefined);
  const [typed, setTyped] = useState(code);
  const filter = (changes: Record<string, string>) => {
    const next = new URLSearchParams(searchParams);
    next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next);
  };
  const data = coupons.data;
  const operators = choices.data?.operators ?? [];
  return (
    <>
      {editing !== null && (
        <CouponForm
          key={editing === 'new' ? 'new' : editing.id}
          coupon={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <form
        aria-label={t('coupons.search')}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          filter({ code: typed.trim().toUpperCase() });
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-stone-700">{t('coupons.searchCode')}</span>
          <input className={inputClass} value={typed} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-stone-700">{t('coupons.state')}</span>
          <select
            className={inputClass}
            value={state ?? ''}
            onChange={(event) => filter({ state: event.target.value })}
          >
            <option value="">{t('coupons.allStates')}</option>
            {COUPON_STATES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {t(`coupons.states.${candidate}`)}
              </option>
            ))}
          </select>
        </label>
        {(operators.length > 1 || choices.data?.sentiero) && (
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-stone-700">{t('coupons.operator')}</span>
            <select
              className={inputClass}
              value={operatorParam ?? ''}
              onChange={(event) => filter({ operator: event.target.value })}
            >
              <option value="">{t('coupons.allOperators')}</option>
              {choices.data?.sentiero && <option value="sentiero">{t('coupons.sentiero')}</option>}
              {operators.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <Button type="submit" variant="secondary">
          {t('coupons.search')}
        </Button>
      </form>
      <QueryState isPending={coupons.isPending} isError={coupons.isError} onRetry={() => coupons.refetch()} />
      {data && <p className="text-sm text-stone-600">{t('coupons.total', { count: data.total })}</p>}
      {data && data.coupons.length === 0 && <p className="text-stone-600">{t('coupons.empty')}</p>}
      {data && data.coupons.length > 0 && (
        <CouponList coupons={data.coupons} onEdit={(coupon) => setEditing(coupon)} />
      )}
      {data && <Pager page={data.page} pages={data.pages} />}
    </>
  );
}
