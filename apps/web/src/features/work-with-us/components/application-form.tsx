import { zodResolver } from '@hookform/resolvers/zod';
import type { CountryCode } from '@sentiero/contract/common';
import { PAGES } from '@sentiero/contract/pages';
import { VAT_COUNTRIES } from '@sentiero/contract/rules/vat-numbers';
import type { Site } from '@sentiero/contract/system';
import { type Application, BUSINESS_KINDS } from '@sentiero/contract/work-with-us';
import { useRef, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorText, findSpecificMessage, showServerFieldErrors } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { CardNotTakenError } from '../../../payments/card-confirmation.ts';
import { useCardPayment } from '../../../payments/card-payment.tsx';
import { FailureAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import {
  CheckboxField,
  checkboxClass,
  FormField,
  inputClass,
  RadioCard,
  TextField,
} from '../../../ui/form-field.tsx';
import { useRegions, useSendApplication } from '../api.ts';
import {
  type ApplicationFormOutput,
  type ApplicationFormValues,
  EMPTY_APPLICATION,
  messageKey,
  readFeaturedPayment,
  toApplicationInput,
  ZApplicationForm,
} from '../schema.ts';
import { FeaturedPayment } from './featured-payment.tsx';

const FIELDS = [
  'business_name',
  'business_kind',
  'vat_country',
  'vat_number',
  'contact_name',
  'email',
  'phone',
  'activities',
  'country',
  'region',
  'area_names',
  'message',
  'plan',
  'terms',
] as const;

type Choices = {
  activities: { slug: string; name: string }[];
  countries: { code: CountryCode; name: string }[];
  featuredCents: number;
};

/** The application: who the business is, what it sells and where, and its plan. */
export function ApplicationForm({
  choices,
  site,
  onSent,
}: {
  choices: Choices;
  site: Site;
  onSent(application: Application): void;
}) {
  const { t } = useTranslation(['workWithUs', 'errors', 'checkout']);
  const language = useCurrentLanguage();
  const form = useForm<ApplicationFormValues, unknown, ApplicationFormOutput>({
    resolver: zodResolver(ZApplicationForm),
    defaultValues: EMPTY_APPLICATION,
  });
  const errors = form.formState.errors;
  const [plan, country, choice] = form.watch(['plan', 'country', 'payment.choice']);
  const regions = useRegions(language, country as CountryCode | '');
  const cardPayment = useCardPayment(site.payment_methods);
  const [leaving, setLeaving] = useState(false);
  // One key per attempt: a lost answer sent again is the same application, never a second one.
  const attemptKey = useRef<string | null>(null);
  const send = useSendApplication({
    onSuccess: ({ application }) => {
      attemptKey.current = null;
      if (application.redirect_url) {
        setLeaving(true);
        window.location.assign(application.redirect_url);
        return;
      }
      onSent(application);
    },
    onError: (error) => {
      if (!(error instanceof CardNotTakenError)) attemptKey.current = null;
      showServerFieldErrors(form.setError, error, FIELDS);
    },
  });
  const text = (error: Pick<FieldError, 'type' | 'message'> | undefined) =>
    fieldErrorText(error, (key) => t(messageKey(key)));

  const submit = form.handleSubmit((values) => {
    let payment = null;
    if (values.plan === 'featured') {
      const method = readFeaturedPayment(
        form.getValues('payment'),
        site.payment_methods.card,
        new Date().toISOString().slice(0, 10),
      );
      if (!method.ok) {
        for (const [field, message] of Object.entries(method.problems)) {
          form.setError(`payment.card.${field as 'number' | 'expiry' | 'cvc'}`, { message });
        }
        return;
      }
      if (form.getValues('payment.choice') === 'card' && !cardPayment.requireWholeCard()) return;
      payment = method.fields;
    }
    attemptKey.current ??= crypto.randomUUID();
    send.mutate({
      application: toApplicationInput(values, payment, attemptKey.current),
      confirmCard: (secret) => cardPayment.confirm(secret),
    });
  });

  const specific =
    send.error instanceof CardNotTakenError ? t('payment.declined') : findSpecificMessage(send.error);
  const price = formatMoney(choices.featuredCents, language);
  const select = (name: 'business_kind' | 'vat_country' | 'country' | 'region') => form.register(name);

  return (
    <form noValidate onSubmit={submit} className="space-y-8">
      <fieldset className="space-y-4">
        <legend className="mb-2 font-display font-semibold text-stone-900 text-xl">
          {t('sections.business')}
        </legend>
        <TextField
          label={t('fields.businessName')}
          autoComplete="organization"
          error={text(errors.business_name)}
          {...form.register('business_name')}
        />
        <FormField label={t('fields.businessKind')} error={text(errors.business_kind)}>
          {(control) => (
            <select className={inputClass} {...control} {...select('business_kind')}>
              <option value="">{t('fields.choose')}</option>
              {BUSINESS_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <FormField label={t('fields.vatCountry')} error={text(errors.vat_country)}>
            {(control) => (
              <select className={inputClass} {...control} {...select('vat_country')}>
                {VAT_COUNTRIES.map((code) => (
                  <option key={code} value={code}>
                    {t(`vatCountries.${code}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            label={t('fields.vatNumber')}
            hint={t(`vatExamples.${form.watch('vat_country')}`)}
            autoComplete="off"
            error={text(errors.vat_number)}
            {...form.register('vat_number')}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 font-display font-semibold text-stone-900 text-xl">
          {t('sections.contact')}
        </legend>
        <TextField
          label={t('fields.contactName')}
          autoComplete="name"
          error={text(errors.contact_name)}
          {...form.register('contact_name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={text(errors.email)}
            {...form.register('email')}
          />
          <TextField
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            error={text(errors.phone)}
            {...form.register('phone')}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 font-display font-semibold text-stone-900 text-xl">
          {t('sections.offer')}
        </legend>
        <fieldset aria-describedby={errors.activities ? 'activities-error' : undefined}>
          <legend className="mb-2 font-medium text-sm text-stone-700">{t('fields.activities')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {choices.activities.map((activity) => (
              <label key={activity.slug} className="flex items-start gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  value={activity.slug}
                  className={checkboxClass}
                  {...form.register('activities')}
                />
                {activity.name}
              </label>
            ))}
          </div>
          {errors.activities && (
            <p id="activities-error" className="mt-1 text-red-700 text-sm">
              {text(errors.activities as FieldError)}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('fields.country')} error={text(errors.country)}>
            {(control) => (
              <select className={inputClass} {...control} {...select('country')}>
                {choices.countries.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('fields.region')} error={text(errors.region)}>
            {(control) => (
              <select className={inputClass} {...control} {...select('region')}>
                <option value="">{t('fields.wholeCountry')}</option>
                {(regions.data?.region_list ?? []).map((region) => (
                  <option key={region.slug} value={region.slug}>
                    {region.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <TextField
          label={t('fields.areaNames')}
          hint={t('fields.areaNamesHint')}
          error={text(errors.area_names)}
          {...form.register('area_names')}
        />
        <FormField label={t('fields.message')} error={text(errors.message)}>
          {(control) => (
            <textarea rows={5} className={inputClass} {...control} {...form.register('message')} />
          )}
        </FormField>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-display font-semibold text-stone-900 text-xl">
          {t('sections.plan')}
        </legend>
        {(['commission', 'featured'] as const).map((option) => (
          <RadioCard
            key={option}
            value={option}
            title={option === 'featured' ? t('plans.featured', { price }) : t('plans.commission')}
            text={t(`plans.${option}Text`)}
            {...form.register('plan')}
          />
        ))}
        {plan === 'featured' && (
          <FeaturedPayment
            methods={site.payment_methods}
            cardPayment={cardPayment}
            choice={choice}
            register={form.register}
            errors={errors.payment?.card}
          />
        )}
      </fieldset>

      <CheckboxField
        label={
          <>
            {t('fields.terms')}{' '}
            <Link to={PAGES.terms.path()} className="underline" target="_blank">
              {t('fields.termsLink')}
            </Link>
          </>
        }
        error={text(errors.terms)}
      >
        {(control) => (
          <input type="checkbox" className={checkboxClass} {...control} {...form.register('terms')} />
        )}
      </CheckboxField>

      {send.isError && <FailureAlert title={t('failed')} detail={specific} />}
      <Button
        type="submit"
        className="w-full sm:w-auto"
        busy={send.isPending || leaving}
        busyLabel={t('sending')}
      >
        {plan === 'featured' ? t('submitAndPay', { price }) : t('submit')}
      </Button>
    </form>
  );
}
