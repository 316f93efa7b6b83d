import type { ApiInput } from '@sentiero/contract/api';
import type { CountryCode } from '@sentiero/contract/common';
import type { Language } from '@sentiero/contract/languages';
import type { Application } from '@sentiero/contract/work-with-us';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import type { MutationConfig } from '../../lib/mutation-config.ts';
import { CardNotTakenError } from '../../payments/card-confirmation.ts';

/** The plans and the featured listing's price: public, the server renders the page with them. */
export function getApplicationPlansQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['work-with-us', 'plans', language],
    queryFn: ({ signal }) => callApi('workWithUsPlans', { lng: language }, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

/** The catalogue's activities and countries, as a business chooses what it sells and where. */
export function getCatalogueChoicesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['work-with-us', 'choices', language],
    queryFn: ({ signal }) => callApi('searchFilters', { lng: language }, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

export function useRegions(language: Language, country: CountryCode | '') {
  return useQuery({
    queryKey: ['work-with-us', 'regions', language, country],
    queryFn: ({ signal }) =>
      callApi('regionList', { lng: language, country: country || undefined }, { signal }),
    enabled: country !== '',
    staleTime: 5 * 60 * 1000,
  });
}

export type SendApplication = {
  application: ApiInput<'workWithUsBuy'>;
  /** Confirms the featured listing's card with Stripe.js when the server asks for it. */
  confirmCard(clientSecret: string): Promise<'confirmed' | 'refused'>;
};

/**
 * Sends the application; for the featured plan paid by a Stripe card, confirms the card and asks
 * the server what came of it. A PayPal answer carries the address to approve the payment at.
 */
export function useSendApplication(
  config: MutationConfig<{ application: Application }, SendApplication> = {},
) {
  return useMutation({
    ...config,
    mutationFn: async ({ application, confirmCard }: SendApplication) => {
      const answer = await callApi('workWithUsBuy', application);
      const { client_secret, redirect_url, reference } = answer.application;
      if (!client_secret || redirect_url) return answer;
      if ((await confirmCard(client_secret)) === 'refused') throw new CardNotTakenError('declined');
      return callApi('workWithUsComplete', { reference });
    },
  });
}

/** Back from PayPal: the application as the payment left it. */
export function useCompleteApplication(config: MutationConfig<{ application: Application }, string> = {}) {
  return useMutation({
    ...config,
    mutationFn: (reference: string) => callApi('workWithUsComplete', { reference }),
  });
}
