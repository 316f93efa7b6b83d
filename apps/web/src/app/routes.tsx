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
        <TicketRow source="discounted" moreTo="/promotions" />
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

/**
 * SPEC section 2: "/user (index and account both show the account screen)", with its
 * subscriptions part showing the Sentiero+ membership and, under the preferences, the member's
 * recommendations.
 */
const accountScreen = async () => {
  const { AccountScreen } = await import('../features/account/routes/account.tsx');
  const { MembershipPanel } = await import('../features/premium/components/membership-panel.tsx');
  const { ForYouRow } = await import('../features/catalogue/components/for-you-row.tsx');
  return {
    Component: () => (
      <AccountScreen
        premium={
          <Slot>
            <MembershipPanel />
          </Slot>
        }
        recommendations={
          <Slot>
            <ForYouRow />
          </Slot>
        }
      />
    ),
  };
};

type ContentPage = keyof typeof import('../features/content/routes/pages.tsx');
const content = (name: ContentPage) => async () => ({
  Component: (await import('../features/content/routes/pages.tsx'))[name],
});

/** SPEC section 2, the whole route tree. */
export const routes: RouteObject[] = [
  {
    path: '/',
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
          { path: 'ref/:refId', loader: keepReferral, element: home },
          {
            path: 'events',
            lazy: async () => {
              const { loader, Component } = await import('../features/catalogue/routes/events.tsx');
              return {
                loader,
                Component: () => (
                  <Component
                    ad={
                      <Slot>
                        <AdSlot placement="listing" />
                      </Slot>
                    }
                  />
                ),
              };
            },
          },
          {
            path: 'events/:eventsId',
            lazy: async () => {
              const { loader, Component } = await import('../features/catalogue/routes/area.tsx');
              const { FollowAreaButton } = await import('../features/alerts/components/follow-button.tsx');
              return {
                loader,
                Component: () => (
                  <Component follow={(area) => <FollowAreaButton areaId={area.id} areaName={area.name} />} />
                ),
              };
            },
          },
          { path: 'categories/:categoryId', lazy: () => import('../features/catalogue/routes/category.tsx') },
          { path: 'promotions', lazy: () => import('../features/catalogue/routes/promotions.tsx') },
          {
            path: 'growth',
            lazy: async () => {
              const { GrowthTable } = await import('../features/growth/routes/growth.tsx');
              const { PremiumBanner } = await import('../features/premium/components/premium-banner.tsx');
              const { FollowAreaButton } = await import('../features/alerts/components/follow-button.tsx');
              return {
                Component: () => (
                  <GrowthTable
                    follow={(area) => <FollowAreaButton areaId={area.id} areaName={area.name} />}
                    banner={
                      <Slot>
                        <PremiumBanner />
                      </Slot>
                    }
                    ad={
                      <Slot>
                        <AdSlot placement="growth" />
                      </Slot>
                    }
                  />
                ),
              };
            },
          },
          {
            path: 'event/:eventId',
            lazy: async () => ({ loader: (await import('../features/catalogue/routes/event.tsx')).loader }),
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
              {
                path: 'guests',
                lazy: async () => {
                  const { loader, Component } = await import('../features/checkout/routes/guests.tsx');
                  const { ForecastStrip } = await import('../features/weather/components/forecast-strip.tsx');
                  return {
                    loader,
                    Component: () => (
                      <Component
                        weather={(chosen) => (
                          <Slot>
                            <ForecastStrip
                              areaId={chosen.areaId}
                              timeZone={chosen.timeZone}
                              chosen={chosen.dates}
                            />
                          </Slot>
                        )}
                      />
                    ),
                  };
                },
              },
              {
                path: 'payment',
                lazy: async () => {
                  const { loader, PaymentStep } = await import('../features/checkout/routes/payment.tsx');
                  const { PremiumBanner } = await import('../features/premium/components/premium-banner.tsx');
                  return {
                    loader,
                    Component: () => (
                      <PaymentStep
                        banner={
                          <Slot>
                            <PremiumBanner />
                          </Slot>
                        }
                      />
                    ),
                  };
                },
              },
              {
                path: 'confirmation',
                lazy: async () => {
                  const { loader, Component } = await import('../features/checkout/routes/confirmation.tsx');
                  const { PremiumBanner } = await import('../features/premium/components/premium-banner.tsx');
                  return {
                    loader,
                    Component: () => (
                      <Component
                        banner={
                          <Slot>
                            <PremiumBanner />
                          </Slot>
                        }
                      />
                    ),
                  };
                },
              },
            ],
          },
          { path: 'blog', lazy: () => import('../features/blog/routes/blog-list.tsx') },
          {
            path: 'blog/:blogId',
            lazy: async () => {
              const { loader, Component } = await import('../features/blog/routes/blog-post.tsx');
              return {
                loader,
                Component: () => (
                  <Component
                    ad={
                      <Slot>
                        <AdSlot placement="blog" />
                      </Slot>
                    }
                  />
                ),
              };
            },
          },
          { path: 'guides', lazy: () => import('../features/guides/routes/guide-list.tsx') },
          {
            path: 'guides/:slug',
            lazy: async () => {
              const { loader, GuidePage } = await import('../features/guides/routes/guide.tsx');
              const { PremiumBanner } = await import('../features/premium/components/premium-banner.tsx');
              return { loader, Component: () => <GuidePage banner={<PremiumBanner />} /> };
            },
          },
          { path: 'plus', lazy: () => import('../features/premium/routes/plus.tsx') },
          {
            path: 'search',
            lazy: async () => {
              const { SearchPage } = await import('../features/search/routes/search.tsx');
              return {
                Component: () => <SearchPage renderResults={(results) => <TicketList query={results} />} />,
              };
            },
          },
          { path: 'society', lazy: content('SocietyPage') },
          { path: 'termsconditions', lazy: content('TermsPage') },
          { path: 'company', lazy: content('CompanyPage') },
          { path: 'about', lazy: content('AboutPage') },
          { path: 'app', lazy: content('AppPage') },
          { path: 'contact', lazy: () => import('../features/contact/routes/contact.tsx') },
          {
            path: 'tickets/shared/:token',
            lazy: () => import('../features/tickets/routes/shared-ticket.tsx'),
          },
          { path: 'verify', lazy: () => import('../features/tickets/routes/verify.tsx') },
          {
            path: 'newsletter/confirm',
            lazy: () => import('../features/account/routes/newsletter-confirm.tsx'),
          },
          {
            path: 'newsletter/unsubscribe',
            lazy: () => import('../features/account/routes/newsletter-unsubscribe.tsx'),
          },
          {
            path: 'alerts/unsubscribe',
            lazy: () => import('../features/alerts/routes/alert-unsubscribe.tsx'),
          },
          { path: 'confirm-email', lazy: () => import('../features/account/routes/confirm-email.tsx') },
          { path: 'secure-account', lazy: () => import('../features/account/routes/secure-account.tsx') },
          {
            loader: requireVisitor,
            children: [
              { path: 'login', lazy: () => import('../features/account/routes/login.tsx') },
              {
                path: 'forgot-password',
                lazy: () => import('../features/account/routes/forgot-password.tsx'),
              },
              { path: 'reset-password', lazy: () => import('../features/account/routes/reset-password.tsx') },
              { path: 'signup', lazy: () => import('../features/account/routes/signup.tsx') },
            ],
          },
          {
            loader: requireMember,
            children: [
              {
                path: 'user',
                children: [
                  { index: true, lazy: accountScreen },
                  { path: 'account', lazy: accountScreen },
                  { path: 'mytickets', lazy: () => import('../features/tickets/routes/my-tickets.tsx') },
                  {
                    path: 'finds',
                    lazy: async () => {
                      const { FindsPage } = await import('../features/finds/routes/finds.tsx');
                      const { PremiumBanner } = await import(
                        '../features/premium/components/premium-banner.tsx'
                      );
                      return { Component: () => <FindsPage banner={<PremiumBanner />} /> };
                    },
                  },
                  {
                    path: 'notebook',
                    lazy: async () => {
                      const { NotebookPage } = await import('../features/finds/routes/notebook.tsx');
                      const { PremiumBanner } = await import(
                        '../features/premium/components/premium-banner.tsx'
                      );
                      return { Component: () => <NotebookPage banner={<PremiumBanner />} /> };
                    },
                  },
                  {
                    path: 'alerts',
                    lazy: async () => {
                      const { AlertsPage } = await import('../features/alerts/routes/alerts.tsx');
                      const { PremiumBanner } = await import(
                        '../features/premium/components/premium-banner.tsx'
                      );
                      return { Component: () => <AlertsPage banner={<PremiumBanner />} /> };
                    },
                  },
                  {
                    path: 'delete-account',
                    lazy: () => import('../features/account/routes/delete-account.tsx'),
                  },
                  unknownPath,
                ],
              },
              { path: 'user-navbar', lazy: () => import('../features/account/routes/user-navbar.tsx') },
              {
                path: 'plus/confirmation',
                lazy: () => import('../features/premium/routes/plus-confirmation.tsx'),
              },
              { path: 'logout', loader: logout },
            ],
          },
          unknownPath,
        ],
      },
    ],
  },
];
