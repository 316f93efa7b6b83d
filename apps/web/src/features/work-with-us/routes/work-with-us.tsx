import type { Application } from '@sentiero/contract/work-with-us';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { findSpecificMessage } from '../../../lib/form-errors.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { prefetch } from '../../../lib/route-data.ts';
import { siteQueryOptions, useSite } from '../../../lib/site.ts';
import { Alert, FailureAlert } from '../../../ui/alert.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import {
  getApplicationPlansQueryOptions,
  getCatalogueChoicesQueryOptions,
  useCompleteApplication,
} from '../api.ts';
import { ApplicationForm } from '../components/application-form.tsx';
import { ApplicationReceived } from '../components/application-received.tsx';

/** The plans' price and the catalogue's choices are public: the server renders the page with them. */
export function loader({ context }: LoaderFunctionArgs) {
  return prefetch(context, ({ language }) => [
    getApplicationPlansQueryOptions(language),
    getCatalogueChoicesQueryOptions(language),
    siteQueryOptions,
  ]);
}

const BENEFITS = ['audience', 'tickets', 'payouts'] as const;

/** `/work-with-us`: a business applies to sell on Sentiero; `?application=` is the way back from PayPal. */
export function Component() {
  const { t } = useTranslation('workWithUs');
  const language = useCurrentLanguage();
  const [searchParams] = useSearchParams();
  const returning = searchParams.get('application');
  const plans = useQuery(getApplicationPlansQueryOptions(language));
  const choices = useQuery(getCatalogueChoicesQueryOptions(language));
  const site = useSite();
  const [sent, setSent] = useState<Application | null>(null);
  const complete = useCompleteApplication({ onSuccess: ({ application }) => setSent(application) });
  const asked = useRef(false);
  useEffect(() => {
    if (!returning || asked.current) return;
    asked.current = true;
    complete.mutate(returning);
  }, [returning, complete]);

  const featured = plans.data?.plans.find((plan) => plan.plan === 'featured');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading lead={t('lead')}>{t('title')}</PageHeading>
      {!sent && (
        <ul className="mb-6 grid gap-3 sm:grid-cols-3">
          {BENEFITS.map((key) => (
            <li key={key} className="rounded-lg bg-sand-100 p-4">
              <p className="font-semibold text-stone-900">{t(`benefits.${key}.title`)}</p>
              <p className="text-sm text-stone-700">{t(`benefits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        {sent ? (
          <ApplicationReceived application={sent} />
        ) : returning && complete.isPending ? (
          <Spinner />
        ) : (
          <>
            {complete.isError && (
              <FailureAlert title={t('paymentFailed')} detail={findSpecificMessage(complete.error)} />
            )}
            {featured && choices.data && site.data ? (
              <ApplicationForm
                site={site.data}
                choices={{
                  activities: choices.data.activity_list,
                  countries: choices.data.country_list,
                  featuredCents: featured.price_cents,
                }}
                onSent={setSent}
              />
            ) : plans.isError || choices.isError || site.isError ? (
              <Alert tone="error">{t('unavailable')}</Alert>
            ) : (
              <Spinner />
            )}
          </>
        )}
      </div>
    </div>
  );
}
