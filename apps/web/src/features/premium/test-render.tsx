import { readFileSync } from 'node:fs';
import type { MembershipControl, Subscription, SubscriptionStatus } from '@sentiero/contract/premium';
import type { Site } from '@sentiero/contract/system';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';

/** The English texts the screens really use, so a test reads what a member reads. */
const english = (namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/en/${namespace}.json`, import.meta.url), 'utf8'));

export const SITE: Site = {
  brand: 'Sentiero',
  premium_brand: 'Sentiero+',
  map: { tile_url: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'OSM' },
  company: { name: 'Sentiero S.r.l.', tax_number: 'IT00000000000', register_number: 'TO-000000' },
  payment_methods: { card: 'sandbox', stripe_publishable_key: null, paypal: true, cash: false },
  app_links: { app_store: null, play_store: null },
};

export async function createTestTranslations() {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['common', 'premium', 'checkout'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: {
      en: { common: english('common'), premium: english('premium'), checkout: english('checkout') },
    },
  });
  return i18n;
}

/** Renders as the server does (no effects), with the site's data already answered. */
export function renderWithApp(
  i18n: Awaited<ReturnType<typeof createTestTranslations>>,
  ui: ReactNode,
): string {
  const client = new QueryClient();
  client.setQueryData(['site'], SITE);
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{ui}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The text a reader sees, without tags or React's comment markers. */
export const visibleText = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The labels of the buttons on screen. */
export const buttonLabels = (html: string) =>
  [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map(([, inner]) => visibleText(inner ?? ''));

/**
 * The `actions` the API answers for a web membership the simulator charges, by its state
 * (`allowedControls` in apps/api/src/modules/premium/lifecycle.ts): the screens' tests
 * give a state and read the buttons the server's answer leads to.
 */
const SERVER_ACTIONS: Record<SubscriptionStatus, MembershipControl[]> = {
  trialing: ['change_payment', 'cancel'],
  active: ['change_payment', 'suspend', 'cancel'],
  past_due: ['change_payment', 'cancel'],
  suspended: ['resume', 'change_payment'],
  canceled: ['uncancel'],
  expired: [],
};

/** A yearly web membership in its free trial, paid by the simulator's card. */
export const membership = (change: Partial<Subscription> = {}): Subscription => ({
  id: 7,
  status: 'trialing',
  source: 'web',
  subscription_type: 'yearly',
  price: 2490,
  currency: 'EUR',
  start_date: '2026-03-01',
  expiry_date: '2026-03-08',
  trial_end_date: '2026-03-08',
  last_payment: null,
  paid: false,
  entitled: true,
  next_charge_date: '2026-03-08',
  retry_until: null,
  payment_method: 'sandbox',
  payment_label: 'Visa •••• 4242',
  managed_by_store: false,
  redirect_url: null,
  client_secret: null,
  actions: change.managed_by_store ? [] : SERVER_ACTIONS[change.status ?? 'trialing'],
  ...change,
});
