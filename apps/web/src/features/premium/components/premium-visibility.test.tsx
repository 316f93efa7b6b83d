import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { member } from '../../../test/fixtures.ts';
import { createTestTranslations, renderWithApp, visibleText } from '../test-render.tsx';

vi.hoisted(() => Object.assign(globalThis, { __BUILD_ID__: 'test' }));
/*
 * After hydration, in the browser of a signed-in member: the server's page (rendered for a
 * visitor) has become theirs. React renders stores with their server snapshot on the server, so
 * the member is handed to the components through the store's hook.
 */
vi.mock('../../../ui/client-only.tsx', () => ({ useHydrated: () => true }));
const session = vi.hoisted(() => ({ state: { isLoggedIn: false, user: null as unknown } }));
vi.mock('../../../lib/auth-store.ts', () => ({
  useAuthStore: (select: (state: unknown) => unknown) => select(session.state),
}));

let i18n: Awaited<ReturnType<typeof createTestTranslations>>;
let PremiumBanner: typeof import('./premium-banner.tsx').PremiumBanner;
let AdSlot: typeof import('./ad-slot.tsx').AdSlot;

beforeAll(async () => {
  ({ PremiumBanner } = await import('./premium-banner.tsx'));
  ({ AdSlot } = await import('./ad-slot.tsx'));
  i18n = await createTestTranslations();
});
afterEach(() => {
  session.state = { isLoggedIn: false, user: null };
});

const signIn = (isPremium: boolean) => {
  session.state = { isLoggedIn: true, user: { ...member(1, 'Giulia'), is_premium: isPremium } };
};

describe('the Sentiero+ banner', () => {
  it('invites a visitor to /plus with the free trial and the prices, VAT included', () => {
    const html = renderWithApp(i18n, <PremiumBanner />);
    expect(html).toContain('href="/plus"');
    expect(visibleText(html)).toContain(
      'Free for 7 days, then €24.90 a year or €2.99 a month, VAT included.',
    );
  });

  it('invites a member without Sentiero+ too', () => {
    signIn(false);
    expect(renderWithApp(i18n, <PremiumBanner />)).toContain('href="/plus"');
  });

  it('is not shown to a member', () => {
    signIn(true);
    expect(renderWithApp(i18n, <PremiumBanner />)).toBe('');
  });
});

describe('an advertising slot', () => {
  it('keeps its place at a fixed height, labelled as advertising, before its ad is asked for', () => {
    const html = renderWithApp(i18n, <AdSlot placement="home" />);
    expect(html).toMatch(/<aside aria-label="Advertisement" class="[^"]*\bh-32\b/);
    expect(visibleText(html)).toBe('Advertisement');
  });

  it('is never shown to a member', () => {
    signIn(true);
    expect(renderWithApp(i18n, <AdSlot placement="home" />)).toBe('');
  });
});
