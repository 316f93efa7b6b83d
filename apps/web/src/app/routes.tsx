import { PAGES } from '@sentiero/contract/pages';
import type { RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { Spinner } from '../ui/spinner.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { publicRoutes } from './public-routes.tsx';
import { lazyPage, unknownPath } from './route-parts.tsx';

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

/** SPEC section 2, the whole route tree: the storefront, the staff console and the rangers' app. */
export const routes: RouteObject[] = [publicRoutes, consoleRoutes, rangerRoutes];
