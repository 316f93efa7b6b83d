import { PAGES, type Page } from '@sentiero/contract/pages';
import type { ComponentType, ReactNode } from 'react';
import type { LazyRouteFunction, LoaderFunctionArgs, NonIndexRouteObject, RouteObject } from 'react-router';
import { redirect } from 'react-router';
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
import { keepReferral, logout, requireMember, requireVisitor, toHome } from './guards.ts';
import { PublicLayout } from './public-layout.tsx';
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
const unknownPath: RouteObject = { path: '*', loader: toHome };

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

/** A page of the table of pages (contract/pages.ts) at its address, its code loaded when first opened. */
const lazyPage = (page: Page, lazy: LazyRouteFunction<RouteObject>): NonIndexRouteObject => ({
  path: page.pattern,
  lazy,
});

/** A route put together from a page's module and the parts it is given, loaded side by side. */
function assembled<const Modules extends readonly unknown[]>(
  load: { [Index in keyof Modules]: () => Promise<Modules[Index]> },
  assemble: (...modules: Modules) => RouteModule,
): LazyRouteFunction<RouteObject> {
  return async () => assemble(...((await Promise.all(load.map((module) => module()))) as unknown as Modules));
}

/** A part lent to another feature's page (slot.tsx). */
const inSlot = (part: ReactNode) => <Slot>{part}</Slot>;

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

/**
 * The staff console (ADR 028): a subtree of its own beside the storefront, with its own frame.
 * Every module of it is imported lazily, here only, so none of its code is in the storefront's
 * scripts (`console-routes.test.ts`).
 */
const consoleRoutes: RouteObject = {
  path: PAGES.console.pattern,
  lazy: () => import('../features/console/routes/layout.tsx'),
  errorElement: <ErrorScreen />,
  hydrateFallbackElement: <Spinner size="large" />,
  children: [
    { index: true, lazy: () => import('../features/console/routes/home.tsx') },
    lazyPage(PAGES.consoleSignIn, () => import('../features/console/routes/sign-in.tsx')),
    lazyPage(PAGES.consoleInvitation, () => import('../features/console/routes/invitation.tsx')),
    lazyPage(PAGES.consoleEnrol, () => import('../features/console/routes/enrol.tsx')),
    lazyPage(PAGES.consoleCode, () => import('../features/console/routes/code.tsx')),
    lazyPage(PAGES.consoleTeam, () => import('../features/console/routes/team.tsx')),
    lazyPage(PAGES.consoleFigures, () => import('../features/console/routes/figures.tsx')),
    lazyPage(PAGES.consoleStatements, () => import('../features/console/routes/statements.tsx')),
    lazyPage(PAGES.consoleOrders, () => import('../features/console/orders/routes/orders.tsx')),
    lazyPage(PAGES.consoleOrder, () => import('../features/console/orders/routes/order.tsx')),
    lazyPage(PAGES.consoleManifest, () => import('../features/console/orders/routes/manifest.tsx')),
    lazyPage(PAGES.consoleGrowth, () => import('../features/console/routes/growth.tsx')),
    lazyPage(PAGES.consoleAudit, () => import('../features/console/routes/audit.tsx')),
    lazyPage(PAGES.consoleDevices, () => import('../features/console/routes/devices.tsx')),
    lazyPage(PAGES.consoleInspections, () => import('../features/console/routes/inspections.tsx')),
    lazyPage(PAGES.consoleInbox, () => import('../features/console/routes/inbox.tsx')),
    lazyPage(PAGES.consoleApplications, () => import('../features/console/routes/applications.tsx')),
    lazyPage(PAGES.consoleOperators, () => import('../features/console/routes/operators.tsx')),
    lazyPage(PAGES.consoleCoupons, () => import('../features/console/routes/coupons.tsx')),
    lazyPage(PAGES.consoleReviews, () => import('../features/console/routes/reviews.tsx')),
    lazyPage(PAGES.consoleAds, () => import('../features/console/routes/ads.tsx')),
    lazyPage(PAGES.consoleNewsletter, () => import('../features/console/routes/newsletter.tsx')),
    lazyPage(PAGES.consoleNewsletterIssue, () => import('../features/console/routes/newsletter-issue.tsx')),
    lazyPage(PAGES.consoleCatalogue, () => import('../features/console/catalogue/routes/catalogue.tsx')),
    lazyPage(PAGES.consoleCatalogueNew, () => import('../features/console/catalogue/routes/new-ticket.tsx')),
    lazyPage(PAGES.consoleCatalogueTicket, () => import('../features/console/catalogue/routes/ticket.tsx')),
    lazyPage(PAGES.consoleAreas, () => import('../features/console/catalogue/routes/areas.tsx')),
    lazyPage(PAGES.consoleArea, () => import('../features/console/catalogue/routes/area.tsx')),
    unknownPath,
  ],
};

/**
 * The rangers' phone app (issue 24, ADR 048): a subtree of its own with its own frame, manifest
 * and service worker; its code is loaded only at these addresses.
 */
const rangerRoutes: RouteObject = {
  path: PAGES.ranger.pattern,
  lazy: () => import('../features/ranger/routes/layout.tsx'),
  errorElement: <ErrorScreen />,
  hydrateFallbackElement: <Spinner size="large" />,
  children: [
    { index: true, lazy: () => import('../features/ranger/routes/scan.tsx') },
    lazyPage(PAGES.rangerInspection, () => import('../features/ranger/routes/inspection.tsx')),
    lazyPage(PAGES.rangerGrowth, () => import('../features/ranger/routes/growth.tsx')),
    lazyPage(PAGES.rangerQueue, () => import('../features/ranger/routes/queue.tsx')),
    { path: '*', loader: () => redirect(`${PAGES.ranger.path()}/`) },
  ],
};

/** SPEC section 2, the whole route tree: each page at its address in the table of pages. */
export const routes: RouteObject[] = [
  {
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
                        weather={(area) => (
                          <ForecastStripWhenSeen areaId={area.id} timeZone={area.timeZone} />
                        )}
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
          lazyPage(
            PAGES.newsletterConfirm,
            () => import('../features/account/routes/newsletter-confirm.tsx'),
          ),
          lazyPage(
            PAGES.newsletterUnsubscribe,
            () => import('../features/account/routes/newsletter-unsubscribe.tsx'),
          ),
          lazyPage(PAGES.alertUnsubscribe, () => import('../features/alerts/routes/alert-unsubscribe.tsx')),
          lazyPage(
            PAGES.reviewRequestsOff,
            () => import('../features/tickets/routes/review-requests-off.tsx'),
          ),
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
                  withBanner(
                    PAGES.alerts,
                    () => import('../features/alerts/routes/alerts.tsx'),
                    'AlertsPage',
                  ),
                  lazyPage(
                    PAGES.deleteAccount,
                    () => import('../features/account/routes/delete-account.tsx'),
                  ),
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
  },
  consoleRoutes,
  rangerRoutes,
];
