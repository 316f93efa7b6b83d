import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isAwaitingConfirmation } from '../api.ts';
import { createTestTranslations, membership, renderWithApp, visibleText } from '../test-render.tsx';
import { MembershipWelcome } from './plus-confirmation.tsx';

vi.hoisted(() => Object.assign(globalThis, { __BUILD_ID__: 'test' }));

let i18n: Awaited<ReturnType<typeof createTestTranslations>>;
beforeAll(async () => {
  i18n = await createTestTranslations();
});

const render = (subscription: ReturnType<typeof membership>) =>
  visibleText(renderWithApp(i18n, <MembershipWelcome subscription={subscription} />));

describe('the Sentiero+ confirmation page', () => {
  it('welcomes a member whose trial card is confirmed with the benefits switched on', () => {
    const text = render(membership());
    expect(text).toContain('the benefits are already switched on');
    expect(text).toContain('Your free trial runs until March 8, 2026');
  });

  it('does not promise the benefits while the provider has still to confirm the membership', () => {
    const waiting = membership({ entitled: false, next_charge_date: null, payment_method: 'card' });
    const text = render(waiting);
    expect(text).not.toContain('already switched on');
    expect(text).toContain('waiting for your payment provider to confirm the membership');
    // The page asks again until it is confirmed, and stops once it is, or once it has ended.
    expect(isAwaitingConfirmation(waiting)).toBe(true);
    expect(isAwaitingConfirmation(membership())).toBe(false);
    expect(isAwaitingConfirmation(membership({ status: 'expired', entitled: false }))).toBe(false);
    expect(isAwaitingConfirmation(null)).toBe(false);
  });
});
