import type { CartSummary as CartFigures } from '@sentiero/contract/checkout';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import checkout from '../../../../public/locales/it/checkout.json' with { type: 'json' };
import { CartSummary } from './cart-summary.tsx';

// The app's i18next loads translations over HTTP; this test gives the component its own instance.
vi.mock('../../../lib/i18n.ts', () => ({ useCurrentLanguage: () => 'it' }));

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'it', resources: { it: { checkout } } });
});

const borgotaroWeek: CartFigures = {
  location: 'Val Taro, Emilia-Romagna',
  ticket: 'Permesso porcini settimanale',
  category: 'Natura viva',
  start_date: '2026-11-24',
  end_date: '2026-11-30',
  max_usage: null,
  quantity: 1,
  unit_price_cents: 2200,
  subtotal_cents: 2200,
  discount_cents: 0,
  coupon_discount_cents: 0,
  service_fee_cents: 0,
  total_cents: 2200,
  currency: 'EUR',
};

const render = (summary: CartFigures, estimate?: boolean) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <CartSummary summary={summary} estimate={estimate} />
    </I18nextProvider>,
  )
    // What a reader sees: the text without tags, React's markers or doubled spaces.
    .replace(/<[^>]+>/gu, ' ')
    .replace(/\s+/gu, ' ');

describe('the cart summary', () => {
  it('shows no coupon or discount line when nothing was taken off', () => {
    const html = render(borgotaroWeek);
    expect(html).not.toContain('Sconto coupon');
    expect(html).not.toContain('Sconto ');
    expect(html).toContain('Totale');
  });

  it('shows the coupon line with what the coupon took off', () => {
    const html = render({ ...borgotaroWeek, coupon_discount_cents: 220, total_cents: 1980 });
    expect(html).toMatch(/Sconto coupon − ?2,20 €/);
  });

  it('calls the total an estimate only when asked to', () => {
    expect(render(borgotaroWeek)).not.toContain('stimat');
    expect(render(borgotaroWeek, true)).toContain('Costo stimato');
  });
});
