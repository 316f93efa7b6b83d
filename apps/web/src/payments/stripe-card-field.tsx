import { type RefObject, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../lib/i18n.ts';
import { inputClass } from '../ui/form-field.tsx';
import type { MountedStripeCard, StripeCardState } from './stripe-card.ts';

/**
 * The card's details when Stripe takes cards: Stripe's own field, loaded with Stripe.js only
 * when this is shown. `cardRef` holds the mounted field for the payment form to confirm with.
 * Shared by the ticket checkout and the Sentiero+ purchase; its texts are the checkout's.
 */
export function StripeCardField({
  publishableKey,
  cardRef,
  onChange,
  error,
}: {
  publishableKey: string;
  cardRef: RefObject<MountedStripeCard | null>;
  onChange(state: StripeCardState): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  const id = useId();
  const target = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const reportChange = useEffectEvent(onChange);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let mounted: MountedStripeCard | undefined;
    let cancelled = false;
    setStatus('loading');
    reportChange({ complete: false });
    import('./stripe-card.ts')
      .then(({ mountStripeCard }) =>
        mountStripeCard(element, { publishableKey, language, onChange: (state) => reportChange(state) }),
      )
      .then((card) => {
        if (cancelled) {
          card.destroy();
          return;
        }
        mounted = card;
        cardRef.current = card;
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      mounted?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey, language, cardRef]);

  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset aria-describedby={described} className="flex flex-col gap-1">
      <legend className="mb-1 font-medium text-sm text-stone-700">{t('payment.cardDetails')}</legend>
      <div className={`${inputClass} min-h-11 py-3 ${error ? 'border-red-600' : ''}`}>
        <div ref={target} />
        {status === 'loading' && <p className="text-sm text-stone-500">{t('payment.cardLoading')}</p>}
      </div>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {t('payment.cardByStripe')}
      </p>
      {status === 'failed' && (
        <p role="alert" className="text-red-700 text-sm">
          {t('payment.cardUnavailable')}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-red-700 text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
