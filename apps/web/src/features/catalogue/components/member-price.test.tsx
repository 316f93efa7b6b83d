import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MemberPrice } from './member-price.tsx';

vi.hoisted(() => Object.assign(globalThis, { __BUILD_ID__: 'test' }));

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: {
        catalogue: {
          memberPrice: 'With Sentiero+ {{price}}',
          memberPriceYours: 'Your Sentiero+ price: {{price}}',
        },
      },
    },
  });
});

const render = () =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <MemberPrice cents={1980} usualCents={2200} />
      </MemoryRouter>
    </I18nextProvider>,
  );

// A member's own wording ("Your Sentiero+ price") follows the signed-in state after hydration:
// the Sentiero+ journey (e2e/specs/premium.spec.ts) reads it on an event page.
describe('MemberPrice', () => {
  it('shows others the Sentiero+ price as an offer that leads to the membership', () => {
    const html = render();
    expect(html).toContain('With Sentiero+');
    expect(html).toContain('href="/plus"');
  });
});
