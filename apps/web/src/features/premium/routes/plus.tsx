import { PAGES } from '@sentiero/contract/pages';
import type { Plan, SubscriptionType } from '@sentiero/contract/premium';
import {
  Ban,
  BookOpen,
  CloudSunRain,
  type LucideIcon,
  MapPinned,
  NotebookPen,
  Percent,
  TableProperties,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { withRedirect } from '../../../lib/redirect-path.ts';
import { prefetch } from '../../../lib/route-data.ts';
import { siteQueryOptions, useSite } from '../../../lib/site.ts';
import { buttonClass } from '../../../ui/button.tsx';
import { useHydrated } from '../../../ui/client-only.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { getPlansQueryOptions, useMembership, usePlans } from '../api.ts';
import { JoinForm, usePlanPrice } from '../components/join-form.tsx';
import { MembershipDetails } from '../components/membership-details.tsx';
import { MembershipRetry } from '../components/membership-failure.tsx';
import { isMembershipRunning, planParam, yearlySavingPercent } from '../membership.ts';

/** The visitor's plans are public: the server renders the page with them (ADR 016). */
export function loader({ context }: LoaderFunctionArgs) {
  return prefetch(context, ({ language }) => [getPlansQueryOptions(language), siteQueryOptions]);
}

/** SPEC section 1: what Sentiero+ gives. */
const BENEFITS: { key: string; Icon: LucideIcon; to?: string }[] = [
  { key: 'noAds', Icon: Ban },
  { key: 'weather', Icon: CloudSunRain },
  { key: 'discounts', Icon: Percent },
  { key: 'map', Icon: MapPinned },
  { key: 'guides', Icon: BookOpen, to: PAGES.guides.path() },
  { key: 'notebook', Icon: NotebookPen },
  { key: 'growth', Icon: TableProperties },
];

const FAQ = ['cancel', 'afterCancel', 'suspend', 'trial', 'store', 'payment', 'failed'] as const;

function Hero({ brand }: { brand: string }) {
  const { t } = useTranslation('premium');
  return (
    <section
      aria-labelledby="plus-title"
      className="-mx-4 -mt-8 grid overflow-hidden bg-sand-100 sm:mx-0 sm:mt-0 sm:rounded-2xl md:grid-cols-[1fr_22rem]"
    >
      <div className="px-5 py-8 sm:px-10 sm:py-10">
        <h1
          id="plus-title"
          className="font-display font-semibold text-3xl text-brand-950 tracking-tight sm:text-display"
        >
          {brand}
        </h1>
        <p className="mt-3 max-w-xl text-stone-700 sm:text-lg">{t('page.lead')}</p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {BENEFITS.map(({ key, Icon, to }) => (
            <li key={key} className="flex items-start gap-3">
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>
                <span className="block font-medium text-stone-900">
                  {to ? (
                    <Link
                      to={to}
                      className="underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
                    >
                      {t(`benefits.${key}.title`)}
                    </Link>
                  ) : (
                    t(`benefits.${key}.title`)
                  )}
                </span>
                <span className="block text-sm text-stone-700">{t(`benefits.${key}.text`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <img
        src="/illustrations/plus.svg"
        alt=""
        width={480}
        height={360}
        fetchPriority="high"
        className="hidden h-full w-full object-contain md:block"
      />
    </section>
  );
}

/** A plan as a visitor sees it: the price with VAT, the trial, the renewal, and the way in (log in first). */
function PlanCard({ plan, saving }: { plan: Plan; saving: number | undefined }) {
  const { t } = useTranslation('premium');
  const language = useCurrentLanguage();
  const pricePer = usePlanPrice();
  const featured = plan.subscription_type === 'yearly';
  const back = PAGES.plus.path({ plan: plan.subscription_type, hash: 'plans' });
  return (
    <li
      className={`flex flex-col rounded-xl border bg-white p-5 shadow-sm ${featured ? 'border-brand-600 ring-1 ring-brand-600' : 'border-stone-200'}`}
    >
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-lg text-stone-900">
          {t(`plan.name.${plan.subscription_type}`)}
        </span>
        {featured && saving && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-medium text-amber-900 text-sm">
            {t('plan.saving', { percent: saving })}
          </span>
        )}
      </p>
      <p className="mt-3">
        <span className="font-semibold text-3xl text-stone-900">
          {formatMoney(plan.price_cents, language)}
        </span>
        <span className="text-stone-700"> {t(`plan.per.${plan.subscription_type}`)}</span>
      </p>
      <p className="text-sm text-stone-600">{t('plan.vat')}</p>
      <p className="mt-3 text-stone-800">
        {plan.trial_days > 0
          ? t('plan.trialThen', { count: plan.trial_days, price: pricePer(plan) })
          : t('plan.noTrial')}
      </p>
      <p className="mt-1 text-sm text-stone-600">{t('plan.renews')}</p>
      <Link
        to={withRedirect('login', back)}
        className={`${buttonClass(featured ? 'primary' : 'secondary')} mt-5 w-full`}
      >
        {plan.trial_days > 0 ? t('join.startTrial', { count: plan.trial_days }) : t('join.choose')}
      </Link>
    </li>
  );
}

function VisitorPlans({ plans }: { plans: Plan[] }) {
  const { t } = useTranslation('premium');
  const saving = yearlySavingPercent(plans);
  return (
    <div className="space-y-4">
      <PlansHeading />
      <ul className="grid gap-4 sm:grid-cols-2">
        {plans.map((plan) => (
          <PlanCard key={plan.subscription_type} plan={plan} saving={saving} />
        ))}
      </ul>
      <p className="text-sm text-stone-700">
        {t('join.loginFirst')}{' '}
        <Link
          to={withRedirect('signup', PAGES.plus.path({ hash: 'plans' }))}
          className="font-medium text-brand-800 underline"
        >
          {t('join.signUp')}
        </Link>
      </p>
    </div>
  );
}

/** The plans' heading; a member whose membership runs reads about theirs instead. */
function PlansHeading({ member = false }: { member?: boolean }) {
  const { t } = useTranslation('premium');
  return (
    <>
      <h2 id="plus-plans" className="mb-1 font-semibold text-2xl">
        {t(member ? 'plans.memberTitle' : 'plans.title')}
      </h2>
      <p className="mb-5 text-stone-700">{t(member ? 'page.alreadyMember' : 'plans.lead')}</p>
    </>
  );
}

/** A signed-in member: their membership when they have one, otherwise the plans to choose and pay. */
function MemberPlans({ plans, initialPlan }: { plans: Plan[]; initialPlan: SubscriptionType }) {
  const { t } = useTranslation('premium');
  const membership = useMembership();
  const methods = useSite().data?.payment_methods;
  if (membership.isPending || !methods) {
    return (
      <>
        <PlansHeading />
        <Spinner size="medium" />
      </>
    );
  }
  if (membership.isError) {
    return (
      <>
        <PlansHeading />
        <MembershipRetry onRetry={() => membership.refetch()} />
      </>
    );
  }
  const subscription = membership.data.subscription;
  if (subscription && isMembershipRunning(subscription)) {
    return (
      <>
        <PlansHeading member />
        <div className="max-w-xl space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
          <MembershipDetails subscription={subscription} />
          <Link
            to={PAGES.accountSettings.path({ hash: 'subscriptions' })}
            className={buttonClass('secondary')}
          >
            {t('page.manage')}
          </Link>
        </div>
      </>
    );
  }
  return (
    <>
      <PlansHeading />
      <div className="max-w-xl rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        <JoinForm plans={plans} initialPlan={initialPlan} methods={methods} />
      </div>
    </>
  );
}

/** `/plus`: Sentiero+, its benefits, its two plans with the free trial, and the questions people ask. */
export function Component() {
  const { t } = useTranslation('premium');
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  const [params] = useSearchParams();
  const plans = usePlans();
  const hydrated = useHydrated();
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  return (
    <div className="space-y-12">
      <Hero brand={brand} />
      <section id="plans" aria-labelledby="plus-plans" className="scroll-mt-24">
        {plans.data ? (
          hydrated && isLoggedIn ? (
            <MemberPlans plans={plans.data.plans} initialPlan={planParam(params.get('plan'))} />
          ) : (
            <VisitorPlans plans={plans.data.plans} />
          )
        ) : plans.isError ? (
          <>
            <PlansHeading />
            <MembershipRetry onRetry={() => plans.refetch()} />
          </>
        ) : (
          <>
            <PlansHeading />
            <QueryState isPending={plans.isPending} isError={false} onRetry={() => plans.refetch()} />
          </>
        )}
      </section>
      <section aria-labelledby="plus-faq" className="max-w-3xl">
        <h2 id="plus-faq" className="mb-4 font-semibold text-2xl">
          {t('faq.title')}
        </h2>
        <div className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {FAQ.map((key) => (
            <details key={key} className="group p-4">
              <summary className="cursor-pointer font-medium text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-700">
                {t(`faq.${key}.q`, { brand })}
              </summary>
              <p className="mt-2 text-stone-700">{t(`faq.${key}.a`, { brand })}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
