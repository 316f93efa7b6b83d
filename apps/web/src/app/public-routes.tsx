import { PAGES, type Page } from '@sentiero/contract/pages';
import type { ComponentType, ReactNode } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { getRecommendedQueryOptions } from '../features/catalogue/api.ts';
import { CategoryList } from '../features/catalogue/components/category-list.tsx';
import { ForYouSlot } from '../features/catalogue/components/for-you-slot.tsx';
import { RegionPicker } from '../features/catalogue/components/region-picker.tsx';
import { TicketList } from '../features/catalogue/components/ticket-list.tsx';
import { TicketRow } from '../features/catalogue/components/ticket-row.tsx';
import { HomePage } from '../features/home/routes/home.tsx';
import { HomeSearch } from '../features/search/components/home-search.tsx';
import { prefetch } from '../lib/route-data.ts';
import { siteQueryOptions } from '../lib/site.ts';
import { getCategoriesQueryOptions, getRegionsQueryOptions } from '../queries/reference-data.ts';
import { Spinner } from '../ui/spinner.tsx';
import { lazyWhenSeen } from '../ui/when-seen.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { keepReferral, logout, requireMember, requireVisitor } from './guards.ts';
import { PublicLayout } from './public-layout.tsx';
import { assembled, inSlot, lazyPage, unknownPath } from './route-parts.tsx';
import { Slot } from './slot.tsx';

// Parts below the fold of the public pages: their code loads, and the browser takes them over,
// when they come near the screen (ui/when-seen.tsx).
const AdSlot = lazyWhenSeen(async () => (await import('../features/premium/components/ad-slot.tsx')).AdSlot);
const PremiumBannerWhenSeen = lazyWhenSeen(
  async () => (await import('../features/premium/components/premium-banner.tsx')).PremiumBanner,
);
const ForecastStripWhenSeen = lazyWhenSeen(
  async () => (await import('../features/weather/components/forecast-strip.tsx')).ForecastStrip,
);

const home = (
  <HomePage
    search={<HomeSearch />}
    categories={<CategoryList />}
    regions={<RegionPicker />}
    highlights={
      <>
        <ForYouSlot />
        <TicketRow source="hottest" />
        <TicketRow source="newest" />
        <TicketRow source="discounted" moreTo={PAGES.promotions.path()} />
        {/* Last, so that a member's page, whose ad goes once the app knows them, moves nothing. */}
        <Slot>
          <AdSlot placement="home" />
        </Slot>
      </>
    }
  />
);
const homeLoader = ({ context }: LoaderFunctionArgs) =>
  prefetch(context, ({ language }) => [
    getCategoriesQueryOptions(language),
    getRegionsQueryOptions(language, 'IT'),
    // The search box's countries.
    getRegionsQueryOptions(language),
    getRecommendedQueryOptions(language, 'hottest'),
    getRecommendedQueryOptions(language, 'newest'),
    getRecommendedQueryOptions(language, 'discounted'),
  ]);

// Parts several pages are given.
const premiumBanner = () => import('../features/premium/components/premium-banner.tsx');
const followButton = () => import('../features/alerts/components/follow-button.tsx');

/**
 * SPEC section 2: "/user (index and account both show the account screen)", with its
 * subscriptions part showing the Sentiero+ membership and, under the preferences, the member's
 * recommendations.
 */
const accountScreen = assembled(
  [
    () => import('../features/account/routes/account.tsx'),
    () => import('../features/premium/components/membership-panel.tsx'),
    () => import('../features/catalogue/components/for-you-row.tsx'),
  ],
  ({ AccountScreen }, { MembershipPanel }, { ForYouRow }) => ({
    Component: () => (
      <AccountScreen premium={inSlot(<MembershipPanel />)} recommendations={inSlot(<ForYouRow />)} />
    ),
  }),
);

type ContentPage = keyof typeof import('../features/content/routes/pages.tsx');
const content = (page: Page, name: ContentPage) =>
  lazyPage(page, async () => ({ Component: (await import('../features/content/routes/pages.tsx'))[name] }));

/** A member's screen with the Sentiero+ banner above it. */
const withBanner = <Screen extends string>(
  page: Page,
  load: () => Promise<Record<Screen, ComponentType<{ banner: ReactNode }>>>,
  screen: Screen,
) =>
  lazyPage(
    page,
    assembled([load, premiumBanner], (module, { PremiumBanner }) => {
      const MemberScreen: ComponentType<{ banner: ReactNode }> = module[screen];
      return { Component: () => <MemberScreen banner={<PremiumBanner />} /> };
    }),
  );

/** SPEC section 2, the storefront and members' pages: each at its address in the table of pages. */
export const publicRoutes: RouteObject = {
  path: PAGES.home.pattern,
  element: <PublicLayout />,
  // The site's brand and company, in the header and footer of every page.
  loader: ({ context }) => prefetch(context, () => [siteQueryOptions]),
  errorElement: <ErrorScreen />,
  // Shown while a deep link's route module and data load, before the first render.
  hydrateFallbackElement: <Spinner size="large" />,
  children: [
    {
      // Errors below render inside the layout, so header, footer and language stay usable.
      errorElement: <ErrorScreen />,
      children: [
        { index: true, loader: homeLoader, element: home },
        { path: PAGES.referral.pattern, loader: keepReferral, element: home },
        lazyPage(
          PAGES.events,
          assembled([() => import('../features/catalogue/routes/events.tsx')], ({ loader, Component }) => ({
            loader,
            Component: () => <Component ad={inSlot(<AdSlot placement="listing" />)} />,
          })),
        ),
        lazyPage(
          PAGES.area,
          assembled(
            [() => import('../features/catalogue/routes/area.tsx'), followButton],
            ({ loader, Component }, { FollowAreaButton }) => ({
              loader,
              Component: () => (
                <Component follow={(area) => <FollowAreaButton areaId={area.id} areaName={area.name} />} />
              ),
            }),
          ),
        ),
        lazyPage(PAGES.category, () => import('../features/catalogue/routes/category.tsx')),
        lazyPage(PAGES.promotions, () => import('../features/catalogue/routes/promotions.tsx')),
        lazyPage(
          PAGES.growth,
          assembled(
            [() => import('../features/growth/routes/growth.tsx'), premiumBanner, followButton],
            ({ GrowthTable }, { PremiumBanner }, { FollowAreaButton }) => ({
              Component: () => (
                <GrowthTable
                  follow={(area) => <FollowAreaButton areaId={area.id} areaName={area.name} />}
                  banner={inSlot(<PremiumBanner />)}
                  ad={inSlot(<AdSlot placement="growth" />)}
                />
              ),
            }),
          ),
        ),
        {
          ...lazyPage(PAGES.event, async () => ({
            loader: (await import('../features/catalogue/routes/event.tsx')).loader,
          })),
          children: [
            {
              index: true,
              lazy: async () => {
                const { EventInformation } = await import('../features/catalogue/routes/event.tsx');
                return {
                  Component: () => (
                    <EventInformation
                      banner={<PremiumBannerWhenSeen />}
                      ad={<AdSlot placement="event" />}
                      weather={(area) => <ForecastStripWhenSeen areaId={area.id} timeZone={area.timeZone} />}
                    />
                  ),
                };
              },
            },
            lazyPage(
              PAGES.eventGuests,
              assembled(
                [
                  () => import('../features/checkout/routes/guests.tsx'),
                  () => import('../features/weather/components/forecast-strip.tsx'),
                ],
                ({ loader, Component }, { ForecastStrip }) => ({
                  loader,
                  Component: () => (
                    <Component
                      weather={(chosen) =>
                        inSlot(
                          <ForecastStrip
                            areaId={chosen.areaId}
                            timeZone={chosen.timeZone}
                            chosen={chosen.dates}
                          />,
                        )
                      }
                    />
                  ),
                }),
              ),
            ),
            lazyPage(
              PAGES.eventPayment,
              assembled(
                [() => import('../features/checkout/routes/payment.tsx'), premiumBanner],
                ({ loader, PaymentStep }, { PremiumBanner }) => ({
                  loader,
                  Component: () => <PaymentStep banner={inSlot(<PremiumBanner />)} />,
                }),
              ),
            ),
            lazyPage(
              PAGES.eventConfirmation,
              assembled(
                [() => import('../features/checkout/routes/confirmation.tsx'), premiumBanner],
                ({ loader, Component }, { PremiumBanner }) => ({
                  loader,
                  Component: () => <Component banner={inSlot(<PremiumBanner />)} />,
                }),
              ),
            ),
          ],
        },
        lazyPage(PAGES.blog, () => import('../features/blog/routes/blog-list.tsx')),
        lazyPage(
          PAGES.blogPost,
          assembled([() => import('../features/blog/routes/blog-post.tsx')], ({ loader, Component }) => ({
            loader,
            Component: () => <Component ad={inSlot(<AdSlot placement="blog" />)} />,
          })),
        ),
        lazyPage(PAGES.guides, () => import('../features/guides/routes/guide-list.tsx')),
        lazyPage(
          PAGES.guide,
          assembled(
            [() => import('../features/guides/routes/guide.tsx'), premiumBanner],
            ({ loader, GuidePage }, { PremiumBanner }) => ({
              loader,
              Component: () => <GuidePage banner={<PremiumBanner />} />,
            }),
          ),
        ),
        lazyPage(PAGES.plus, () => import('../features/premium/routes/plus.tsx')),
        lazyPage(
          PAGES.search,
          assembled([() => import('../features/search/routes/search.tsx')], ({ SearchPage }) => ({
            Component: () => <SearchPage renderResults={(results) => <TicketList query={results} />} />,
          })),
        ),
        content(PAGES.society, 'SocietyPage'),
        content(PAGES.terms, 'TermsPage'),
        content(PAGES.company, 'CompanyPage'),
        content(PAGES.about, 'AboutPage'),
        content(PAGES.app, 'AppPage'),
        lazyPage(PAGES.contact, () => import('../features/contact/routes/contact.tsx')),
        lazyPage(PAGES.workWithUs, () => import('../features/work-with-us/routes/work-with-us.tsx')),
        lazyPage(PAGES.sharedTicket, () => import('../features/tickets/routes/shared-ticket.tsx')),
        lazyPage(PAGES.verify, () => import('../features/tickets/routes/verify.tsx')),
        lazyPage(PAGES.dayCancelled, () => import('../features/tickets/routes/day-cancelled.tsx')),
        lazyPage(PAGES.newsletterConfirm, () => import('../features/account/routes/newsletter-confirm.tsx')),
        lazyPage(
          PAGES.newsletterUnsubscribe,
          () => import('../features/account/routes/newsletter-unsubscribe.tsx'),
        ),
        lazyPage(PAGES.alertUnsubscribe, () => import('../features/alerts/routes/alert-unsubscribe.tsx')),
        lazyPage(PAGES.reviewRequestsOff, () => import('../features/tickets/routes/review-requests-off.tsx')),
        lazyPage(PAGES.confirmEmail, () => import('../features/account/routes/confirm-email.tsx')),
        lazyPage(PAGES.secureAccount, () => import('../features/account/routes/secure-account.tsx')),
        {
          loader: requireVisitor,
          children: [
            lazyPage(PAGES.login, () => import('../features/account/routes/login.tsx')),
            lazyPage(PAGES.forgotPassword, () => import('../features/account/routes/forgot-password.tsx')),
            lazyPage(PAGES.resetPassword, () => import('../features/account/routes/reset-password.tsx')),
            lazyPage(PAGES.signup, () => import('../features/account/routes/signup.tsx')),
          ],
        },
        {
          loader: requireMember,
          children: [
            {
              path: PAGES.account.pattern,
              children: [
                { index: true, lazy: accountScreen },
                { path: PAGES.accountSettings.pattern, lazy: accountScreen },
                lazyPage(PAGES.myTickets, () => import('../features/tickets/routes/my-tickets.tsx')),
                withBanner(PAGES.finds, () => import('../features/finds/routes/finds.tsx'), 'FindsPage'),
                withBanner(
                  PAGES.notebook,
                  () => import('../features/finds/routes/notebook.tsx'),
                  'NotebookPage',
                ),
                withBanner(PAGES.alerts, () => import('../features/alerts/routes/alerts.tsx'), 'AlertsPage'),
                lazyPage(PAGES.deleteAccount, () => import('../features/account/routes/delete-account.tsx')),
                unknownPath,
              ],
            },
            lazyPage(PAGES.userNavbar, () => import('../features/account/routes/user-navbar.tsx')),
            lazyPage(PAGES.waitlistOffer, () => import('../features/tickets/routes/waitlist-offer.tsx')),
            lazyPage(
              PAGES.plusConfirmation,
              () => import('../features/premium/routes/plus-confirmation.tsx'),
            ),
            { path: PAGES.logout.pattern, loader: logout },
          ],
        },
        unknownPath,
      ],
    },
  ],
};
