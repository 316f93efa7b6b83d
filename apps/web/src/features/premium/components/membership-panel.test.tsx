import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buttonLabels,
  createTestTranslations,
  membership,
  renderWithApp,
  visibleText,
} from '../test-render.tsx';
import { MembershipManager } from './membership-panel.tsx';

vi.hoisted(() => Object.assign(globalThis, { __BUILD_ID__: 'test' }));

let i18n: Awaited<ReturnType<typeof createTestTranslations>>;
beforeAll(async () => {
  i18n = await createTestTranslations();
});

const render = (subscription: Parameters<typeof MembershipManager>[0]['subscription']) => {
  const html = renderWithApp(i18n, <MembershipManager subscription={subscription} />);
  return { text: visibleText(html), buttons: buttonLabels(html) };
};

describe('the Sentiero+ part of the subscriptions section', () => {
  it('shows a membership in its free trial with every field of the display, and when the first charge comes', () => {
    const { text, buttons } = render(membership());
    expect(text).toContain('Free trial');
    expect(text).toContain('Your free trial runs until March 8, 2026. The first charge is on March 8, 2026');
    for (const label of [
      'Status',
      'Subscription type',
      'Price',
      'Start date',
      'Trial end date',
      'Expiry date',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('Yearly');
    expect(text).toContain('€24.90/year');
    expect(text).toContain('Last payment None yet');
    expect(text).toContain('Paid No');
    expect(text).toContain('Next charge €24.90 on March 8, 2026');
    expect(text).toContain('Visa •••• 4242');
    // A trial can be cancelled or paid otherwise, not suspended (only an active membership is).
    expect(buttons).toEqual(['Change payment method', 'Cancel membership']);
  });

  it('tells a member whose renewal failed when it is tried again and until when to update the payment method', () => {
    const { text, buttons } = render(
      membership({
        status: 'past_due',
        trial_end_date: null,
        start_date: '2025-03-01',
        expiry_date: '2026-03-01',
        next_charge_date: '2026-03-04',
        retry_until: '2026-03-08',
        last_payment: { date: '2025-03-01', amount_cents: 2490 },
      }),
    );
    expect(text).toContain('Payment failed');
    expect(text).toContain(
      "Your renewal payment failed. We'll try again on March 4, 2026; update your payment method before March 8, 2026 to keep Sentiero+.",
    );
    expect(text).toContain('Last payment €24.90 on March 1, 2025');
    expect(buttons[0]).toBe('Change payment method');
  });

  it('says until when a cancelled membership stays, and offers only to undo the cancellation', () => {
    const { text, buttons } = render(
      membership({ status: 'canceled', expiry_date: '2026-09-30', next_charge_date: null, paid: true }),
    );
    expect(text).toContain('Cancelled');
    expect(text).toContain('it stays active until September 30, 2026, then ends');
    expect(text).not.toContain('Next charge');
    expect(buttons).toEqual(['Undo cancellation']);
  });

  it('offers suspend to an active membership and resume to a suspended one', () => {
    expect(render(membership({ status: 'active', paid: true })).buttons).toEqual([
      'Change payment method',
      'Suspend',
      'Cancel membership',
    ]);
    expect(render(membership({ status: 'suspended', next_charge_date: null })).buttons).toEqual([
      'Resume',
      'Change payment method',
    ]);
  });

  it('shows an app-store membership with its state and where to manage it, without any button', () => {
    const { text, buttons } = render(
      membership({
        status: 'active',
        source: 'apple',
        managed_by_store: true,
        payment_method: null,
        payment_label: null,
      }),
    );
    expect(text).toContain('Active');
    expect(text).toContain('Bought in the App Store: cancel or pause it in that app.');
    expect(text).toContain('Payment method App Store');
    expect(buttons).toEqual([]);
  });
});
