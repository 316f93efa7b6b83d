import { PAGES } from '@sentiero/contract/pages';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const STEPS = [
  { name: 'information', page: PAGES.event },
  { name: 'guests', page: PAGES.eventGuests },
  { name: 'payment', page: PAGES.eventPayment },
  { name: 'confirmation', page: PAGES.eventConfirmation },
] as const;
export type StepName = (typeof STEPS)[number]['name'];

/**
 * SPEC section 4's purchase flow: information, guests, payment, confirmation. Earlier steps are
 * links until the purchase is made.
 */
export function CheckoutSteps({ ticketId, current }: { ticketId: number; current: StepName }) {
  const { t } = useTranslation('checkout');
  const currentIndex = STEPS.findIndex((step) => step.name === current);
  return (
    <nav aria-label={t('steps.label')} className="mb-6">
      <ol className="flex flex-wrap gap-x-2 gap-y-1 text-sm">
        {STEPS.map((step, index) => {
          const done = index < currentIndex;
          const label = (
            <>
              <span
                aria-hidden
                className={`inline-flex size-6 items-center justify-center rounded-full text-xs ${
                  index === currentIndex
                    ? 'bg-brand-700 text-white'
                    : done
                      ? 'bg-brand-100 text-brand-900'
                      : 'bg-stone-200 text-stone-600'
                }`}
              >
                {done ? <Check className="size-3.5" /> : index + 1}
              </span>
              {t(`steps.${step.name}`)}
            </>
          );
          return (
            <li key={step.name} className="flex items-center gap-2">
              {index > 0 && <span aria-hidden className="h-px w-4 bg-stone-300" />}
              {done && current !== 'confirmation' ? (
                <Link
                  to={step.page.path({ eventId: ticketId })}
                  className="flex items-center gap-1.5 text-brand-800"
                >
                  {label}
                </Link>
              ) : (
                <span
                  aria-current={index === currentIndex ? 'step' : undefined}
                  className={`flex items-center gap-1.5 ${index === currentIndex ? 'font-semibold text-stone-900' : 'text-stone-500'}`}
                >
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
