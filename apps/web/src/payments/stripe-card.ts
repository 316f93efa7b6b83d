import type { Language } from '@sentiero/contract/languages';
// `pure` adds Stripe's script only when `loadStripe` runs, not when this module is imported.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { StripeConfirmResult } from './card-confirmation.ts';

/** What the card field reports as the buyer types: whether Stripe could take the card now. */
export type StripeCardState = { complete: boolean };

/**
 * Stripe's card field, mounted: confirms with what was typed into it a ticket order's
 * PaymentIntent, or the SetupIntent that saves the card of a Sentiero+ membership for the charge
 * after its free trial (Stripe's client secrets say which: `seti_…` or `pi_…`).
 */
export type MountedStripeCard = {
  confirm(clientSecret: string): Promise<StripeConfirmResult>;
  destroy(): void;
};

/**
 * Loads Stripe.js from Stripe and mounts its card field in `target`. The card number is typed
 * into Stripe's frame and goes from there to Stripe only (PCI DSS); 3-D Secure, when the bank
 * asks for it, opens over this page. This module is imported only when Stripe takes cards, so
 * neither it nor Stripe's script reach other pages.
 */
export async function mountStripeCard(
  target: HTMLElement,
  options: { publishableKey: string; language: Language; onChange(state: StripeCardState): void },
): Promise<MountedStripeCard> {
  const stripe = await loadStripe(options.publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available here');
  const card = stripe.elements({ locale: options.language }).create('card', {
    // Buyers are mostly European: the postal code check is for North American cards.
    hidePostalCode: true,
    style: { base: { fontSize: '16px', color: '#1c1917' } },
  });
  card.on('change', (event) => options.onChange({ complete: event.complete }));
  card.mount(target);
  return {
    confirm: (clientSecret) =>
      clientSecret.startsWith('seti_')
        ? stripe.confirmCardSetup(clientSecret, { payment_method: { card } })
        : stripe.confirmCardPayment(clientSecret, { payment_method: { card } }),
    destroy: () => card.destroy(),
  };
}
