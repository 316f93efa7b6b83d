import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { useCheckCoupon } from '../api.ts';
import { useCheckoutStore } from '../store.ts';

/** SPEC section 5, the contract's rule: what could be a coupon code at all. */
const COUPON_CODE = /^[A-Z0-9-]{3,40}$/;

/** SPEC section 4: a coupon is valid or invalid ('Coupon code is valid!', 'Coupon code not valid'). */
export function CouponForm({ ticketId, quantity }: { ticketId: number; quantity: number }) {
  const { t } = useTranslation(['checkout', 'errors']);
  const language = useCurrentLanguage();
  const inputId = useId();
  const applied = useCheckoutStore((state) => state.coupon);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const check = useCheckCoupon(ticketId, quantity, {
    onSuccess: (answer) => {
      useCheckoutStore
        .getState()
        .applyCoupon({ code: answer.code, discountCents: answer.discount_cents, quantity });
      setCode('');
    },
    onError: (error) =>
      setProblem(
        error instanceof ApiRequestError && error.status < 500
          ? (error.fields.code ?? error.message)
          : t('errors:INTERNAL'),
      ),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim().toUpperCase();
    setProblem(null);
    if (!COUPON_CODE.test(value)) setProblem(t('errors:field.couponFormat'));
    else check.mutate(value);
  }

  return (
    <Card title={t('coupon.title')}>
      {applied ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-brand-900">
            <span className="font-semibold">{t('coupon.valid')}</span>{' '}
            {t('coupon.applied', {
              code: applied.code,
              discount: formatMoney(applied.discountCents, language),
            })}
          </p>
          <Button variant="secondary" onClick={() => useCheckoutStore.getState().applyCoupon(null)}>
            {t('coupon.remove')}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-1">
          <label htmlFor={inputId} className="font-medium text-sm text-stone-700">
            {t('coupon.label')}
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-error` : undefined}
              className={inputClass}
            />
            <Button type="submit" variant="secondary" busy={check.isPending} busyLabel={t('coupon.checking')}>
              {t('coupon.apply')}
            </Button>
          </div>
          {problem && (
            <p id={`${inputId}-error`} className="text-red-700 text-sm">
              {problem}
            </p>
          )}
        </form>
      )}
    </Card>
  );
}
