import type { RouteObject } from 'react-router';
import { CategoryList } from '../features/catalogue/components/category-list.tsx';
import { RegionPicker } from '../features/catalogue/components/region-picker.tsx';
import { HomePage } from '../features/home/routes/home.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { keepReferral, logout, requireMember, requireVisitor, toHome } from './guards.ts';
import { PlaceholderPage } from './placeholder-page.tsx';
import { PublicLayout } from './public-layout.tsx';

const home = <HomePage categories={<CategoryList />} regions={<RegionPicker />} />;
const page = (titleKey: string) => <PlaceholderPage titleKey={titleKey} />;
const unknownPath: RouteObject = { path: '*', loader: toHome };

/** SPEC section 2, the whole route tree. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        // Errors below render inside the layout, so header, footer and language stay usable.
        errorElement: <ErrorScreen />,
        children: [
          { index: true, element: home },
          { path: 'ref/:refId', loader: keepReferral, element: home },
          { path: 'events', element: page('pages.events') },
          { path: 'events/:eventsId', element: page('pages.area') },
          { path: 'categories/:categoryId', lazy: () => import('../features/catalogue/routes/category.tsx') },
          { path: 'promotions', element: page('pages.promotions') },
          {
            path: 'event/:eventId',
            children: [
              { index: true, element: page('pages.event') },
              { path: 'guests', element: page('pages.eventGuests') },
              { path: 'payment', element: page('pages.eventPayment') },
              { path: 'confirmation', element: page('pages.eventConfirmation') },
            ],
          },
          { path: 'blog', element: page('pages.blog') },
          { path: 'blog/:blogId', element: page('pages.blogPost') },
          { path: 'search', element: page('pages.search') },
          { path: 'society', element: page('pages.society') },
          { path: 'termsconditions', element: page('pages.termsconditions') },
          { path: 'company', element: page('pages.company') },
          { path: 'contact', element: page('pages.contact') },
          {
            loader: requireVisitor,
            children: [
              { path: 'login', element: page('pages.login') },
              { path: 'forgot-password', element: page('pages.forgotPassword') },
              { path: 'signup', element: page('pages.signup') },
            ],
          },
          {
            loader: requireMember,
            children: [
              {
                path: 'user',
                children: [
                  { index: true, element: page('pages.account') },
                  { path: 'account', element: page('pages.account') },
                  { path: 'mytickets', element: page('pages.mytickets') },
                  { path: 'delete-account', element: page('pages.deleteAccount') },
                  unknownPath,
                ],
              },
              { path: 'user-navbar', element: page('pages.userNavbar') },
              { path: 'logout', loader: logout },
            ],
          },
          unknownPath,
        ],
      },
    ],
  },
];
