import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buttonLabels, createTestTranslations, membership, renderWithApp } from '../test-render.tsx';
import { MembershipManager } from './membership-panel.tsx';

vi.hoisted(() => Object.assign(globalThis, { __BUILD_ID__: 'test' }));

let i18n: Awaited<ReturnType<typeof createTestTranslations>>;
beforeAll(async () => {
  i18n = await createTestTranslations();
});

const buttons = (subscription: Parameters<typeof MembershipManager>[0]['subscription']) =>
  buttonLabels(renderWithApp(i18n, <MembershipManager subscription={subscription} />));

describe("the membership's buttons", () => {
  it('offers only what the server says the membership allows, in its order', () => {
    // Stripe keeps the card of its own subscription: the server offers no change of it here.
    expect(
      buttons(membership({ status: 'active', payment_method: 'card', actions: ['suspend', 'cancel'] })),
    ).toEqual(['Suspend', 'Cancel membership']);
    // Not approved at PayPal yet: nothing to act on.
    expect(buttons(membership({ payment_method: 'paypal', actions: [] }))).toEqual([]);
  });
});
