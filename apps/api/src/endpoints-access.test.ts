import type { Permission } from '@sentiero/contract/access';
import { ENDPOINTS } from '@sentiero/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from './test/app.ts';
import { createMember } from './test/factories.ts';
import { servedAccess, servedRoutes } from './test/served-routes.ts';
import { cookieOf, listenCountingBytes, postStreamed } from './test/streamed-requests.ts';

/*
 * Who may call each endpoint, as its declaration says (ADR 027): every path of the API is listed
 * here with its permission, so a new endpoint fails this test until someone decides it, and one
 * that needs someone is refused from its headers, before its body is read. The routes written by
 * hand (downloads, a redirect, mail clients' one-click links) are listed too: each declares its
 * access beside it (`operationAccess`), and one that declares none fails here like an endpoint.
 */

const ACCESS: Record<string, Permission> = {
  // Accounts. The user fetch answers a visitor itself: it clears the signed-in hint on its refusal.
  '/app/user/register': 'public',
  '/app/user/login': 'public',
  '/app/user/login/two-factor': 'public',
  '/app/user/logout': 'public',
  '/app/user/info': 'public',
  '/app/user/edit': 'member',
  '/app/user/edit/data': 'member',
  '/app/user/tag': 'member',
  '/app/user/password/update': 'member',
  '/app/user/password/recovery': 'public',
  '/app/user/password/reset': 'public',
  '/app/user/delete': 'member',
  // The mailed links work without a session: the mailbox is the proof.
  '/app/user/email/confirm': 'public',
  '/app/user/secure': 'public',
  '/app/user/export': 'member',
  '/app/permission': 'public',
  '/app/user/two-factor/setup': 'member',
  '/app/user/two-factor/enable': 'member',
  '/app/user/two-factor/disable': 'member',
  '/app/user/facebook/login': 'public',
  // Sentiero+ alerts; leaving push (a visitor's is a no-op) and the mailed unsubscribe link are open.
  '/app/alert/list': 'premium',
  '/app/alert/follow': 'premium',
  '/app/alert/unfollow': 'premium',
  '/app/alert/settings': 'premium',
  '/app/alert/push/subscribe': 'premium',
  '/app/alert/push/test': 'premium',
  '/app/alert/push/unsubscribe': 'public',
  '/app/alert/unsubscribe': 'public',
  '/app/area/activation/request': 'public',
  '/app/v2/area/info': 'public',
  '/app/v2/area/list': 'public',
  '/api/city/list': 'public',
  '/app/get/city': 'public',
  // Growth: members unlock a few areas, Sentiero+ has them all.
  '/app/area/list/level': 'public',
  '/app/area/level/unlock/check': 'public',
  '/app/area/level/unlock/area': 'member',
  '/app/area/level/report': 'member',
  '/app/blog/info': 'public',
  '/app/blog/list': 'public',
  '/app/category/list': 'public',
  '/app/catalogue/photo/file': 'public',
  '/app/catalogue/rules-document': 'public',
  '/app/region/list': 'public',
  // Paying asks a visitor to log in or register (SPEC section 2); a coupon can be checked by anyone.
  '/app/v4/ticket/buy': 'member',
  '/app/v4/ticket/buy/complete': 'member',
  '/app/v4/ticket/buy/cancel': 'member',
  '/app/coupon/info': 'public',
  '/app/ticket/keys': 'public',
  '/app/find/list': 'premium',
  '/app/find/save': 'premium',
  '/app/find/delete': 'premium',
  '/app/find/export': 'premium',
  '/app/find/import': 'premium',
  '/app/notebook/list': 'premium',
  '/app/notebook/save': 'premium',
  '/app/notebook/delete': 'premium',
  '/app/notebook/export': 'premium',
  '/app/guide/info': 'public',
  '/app/guide/list': 'public',
  '/app/ticket/list': 'member',
  '/app/ticket/share': 'member',
  // A buyer cancels guests of their own order by its rule (ADR 045).
  '/app/ticket/cancel/preview': 'member',
  '/app/ticket/cancel': 'member',
  '/app/ticket/waitlist/join': 'member',
  '/app/ticket/waitlist/leave': 'member',
  '/app/ticket/waitlist/mine': 'member',
  '/app/ticket/waitlist/offer': 'member',
  '/app/ticket/waitlist/decline': 'member',
  // A buyer moves guests to another day; a cancelled day's buyer chooses from the mail's signed link (ADR 049).
  '/app/ticket/move/preview': 'member',
  '/app/ticket/move': 'member',
  '/app/ticket/day-cancelled/info': 'public',
  '/app/ticket/day-cancelled/choose': 'public',
  '/app/ticket/share/revoke': 'member',
  // Buyers review what they did; everyone reads the reviews, and the request mail's way out is open (ADR 051).
  '/app/ticket/review/create': 'member',
  '/app/ticket/review/mine': 'member',
  '/app/ticket/review/list': 'public',
  '/app/ticket/review/requests/off': 'public',
  '/app/ticket/shared': 'public',
  '/app/newsletter/confirm': 'public',
  '/app/newsletter/unsubscribe': 'public',
  '/app/user/newsletter': 'public',
  '/app/contact/us': 'public',
  // Work with us: a business applies, and pays the featured listing, before it has any account.
  '/app/workwithus/plans': 'public',
  '/app/workwithus/buy': 'public',
  '/app/workwithus/buy/complete': 'public',
  '/app/photo/upload': 'premium',
  // A photo answers outsiders like no photo at all (404), not with a login.
  '/app/photo/file': 'public',
  // Plans and ads are shown to visitors too.
  '/app/subscription/price': 'public',
  '/app/ad/list': 'public',
  '/app/subscription/buy': 'member',
  '/app/subscription/info': 'member',
  '/app/subscription/suspend': 'member',
  '/app/subscription/resume': 'member',
  '/app/subscription/cancel': 'member',
  '/app/subscription/uncancel': 'member',
  '/app/subscription/payment-method': 'member',
  '/app/subscription/complete': 'member',
  '/app/v2/search': 'public',
  '/app/v2/search/advanced': 'public',
  '/app/search/filters': 'public',
  '/app/search/filters/advanced': 'public',
  '/health': 'public',
  '/site': 'public',
  '/app/region/ticket': 'public',
  '/app/service/tag/list': 'public',
  '/app/ticket/area/info': 'public',
  '/app/ticket/area/list': 'public',
  '/app/v2/ticket/area/list': 'public',
  '/app/ticket/calendar': 'public',
  '/app/v2/ticket/calendar': 'public',
  '/app/ticket/info': 'public',
  '/app/ticket/list/for-you': 'member',
  '/app/ticket/list/recommended': 'public',
  '/app/v2/ticket/list/recommended': 'public',
  '/app/ticket/package/list': 'public',
  '/app/ticket/residence/list': 'public',
  '/app/weather/info': 'public',
  // The console (ADR 028): signing in works without a staff session, and answers where it stands;
  // the rest asks for a complete one (second factor passed) with the permission.
  '/console/invitation': 'public',
  '/console/invitation/accept': 'public',
  '/console/login': 'public',
  '/console/session': 'public',
  '/console/two-factor/enrol': 'public',
  '/console/login/code': 'public',
  '/console/logout': 'public',
  '/console/me': 'console',
  '/console/reauthenticate': 'console',
  '/console/team': 'team.manage',
  '/console/team/invite': 'team.manage',
  '/console/team/grant/change': 'team.manage',
  '/console/team/grant/revoke': 'team.manage',
  '/console/team/staff/disable': 'team.manage',
  '/console/team/staff/enable': 'team.manage',
  '/console/logout/everywhere': 'console',
  '/console/audit': 'audit.read',
  '/console/growth-reports/areas': 'growth.report',
  '/console/growth-reports': 'growth.report',
  '/console/growth-reports/record': 'growth.report',
  '/console/growth-reports/correct': 'growth.report',
  '/console/orders': 'orders.read',
  '/console/order': 'orders.read',
  '/console/order/resend': 'orders.resend',
  '/console/order/mark-paid': 'orders.markPaid',
  '/console/order/refund': 'orders.refund',
  '/console/figures': 'figures.read',
  '/console/figures.csv': 'figures.read',
  '/console/statement': 'statements.read',
  '/console/statement.csv': 'statements.read',
  '/console/statement.pdf': 'statements.read',
  '/console/operator/commission': 'operators.manage',
  '/console/orders/choices': 'orders.read',
  '/console/orders/export.csv': 'orders.export',
  '/console/orders/exports': 'orders.export',
  '/console/orders/exports/list': 'orders.export',
  '/console/orders/exports/file': 'orders.export',
  '/console/manifest': 'orders.read',
  '/console/waitlist': 'orders.read',
  '/console/inbox': 'inbox.handle',
  '/console/inbox/thread': 'inbox.handle',
  '/console/inbox/reply': 'inbox.handle',
  '/console/inbox/assign': 'inbox.handle',
  '/console/inbox/state': 'inbox.handle',
  '/console/inbox/seen': 'inbox.handle',
  '/console/applications': 'applications.review',
  '/console/application': 'applications.review',
  '/console/application/approve': 'applications.review',
  '/console/application/reject': 'applications.review',
  '/console/operators': 'operators.manage',
  '/console/operator': 'operators.manage',
  '/console/coupons': 'coupons.manage',
  '/console/coupon/choices': 'coupons.manage',
  '/console/coupon/create': 'coupons.manage',
  '/console/coupon/update': 'coupons.manage',
  '/console/coupon/active': 'coupons.manage',
  '/console/reviews': 'reviews.moderate',
  '/console/review/answer': 'reviews.moderate',
  '/console/review/hide': 'reviews.moderate',
  '/console/ads': 'ads.manage',
  '/console/ad/create': 'ads.manage',
  '/console/ad/update': 'ads.manage',
  '/console/ad/active': 'ads.manage',
  '/console/ad/image': 'ads.manage',
  '/app/ad/image': 'public',
  '/console/newsletter/issues': 'newsletter.send',
  '/console/newsletter/issue': 'newsletter.send',
  '/console/newsletter/issue/create': 'newsletter.send',
  '/console/newsletter/issue/update': 'newsletter.send',
  '/console/newsletter/issue/preview': 'newsletter.send',
  '/console/newsletter/issue/test': 'newsletter.send',
  '/console/newsletter/issue/schedule': 'newsletter.send',
  '/console/newsletter/issue/cancel': 'newsletter.send',
  '/console/newsletter/issue/resume': 'newsletter.send',
  '/console/catalogue/areas': 'catalogue.read',
  '/console/catalogue/area': 'catalogue.read',
  '/console/catalogue/area/update': 'catalogue.write',
  '/console/catalogue/tickets': 'catalogue.read',
  '/console/catalogue/options': 'catalogue.read',
  '/console/catalogue/ticket': 'catalogue.read',
  '/console/catalogue/ticket/create': 'catalogue.write',
  '/console/catalogue/ticket/update': 'catalogue.write',
  '/console/catalogue/ticket/status': 'catalogue.write',
  '/console/catalogue/ticket/days': 'catalogue.read',
  '/console/catalogue/ticket/day': 'catalogue.write',
  '/console/day-cancellation/preview': 'days.cancel',
  '/console/day-cancellation/start': 'days.cancel',
  '/console/day-cancellation/progress': 'days.cancel',
  '/console/catalogue/photo/upload': 'catalogue.write',
  '/console/catalogue/photos': 'catalogue.read',
  '/console/catalogue/photo/delete': 'catalogue.write',
  '/console/catalogue/photo/reorder': 'catalogue.write',
  '/console/catalogue/rules/upload': 'catalogue.write',
  '/console/catalogue/rules/delete': 'catalogue.write',
  // Rangers in the field (ADR 043): enrolled from the console, then by the device's signature.
  '/ranger/device/enrol': 'field.enrol',
  '/ranger/bundle': 'field',
  '/ranger/uses': 'field',
  '/ranger/redeem': 'field',
  '/ranger/records': 'field',
  '/ranger/inspection/photo': 'field',
  '/console/ranger/devices': 'devices.manage',
  '/console/ranger/device/revoke': 'devices.manage',
  '/console/ranger/inspections': 'devices.manage',
  '/console/ranger/inspections/export.csv': 'devices.manage',
  '/console/ranger/inspection/photo/file': 'devices.manage',
  // Written by hand. The rules files are linked from public pages; the tickets' PDF is the buyer's
  // own (its service asks for the member); Facebook sends the browser back before any session.
  '/app/area/rules': 'public',
  '/app/ticket/rules': 'public',
  '/app/ticket/download': 'member',
  '/app/user/facebook/callback': 'public',
  // RFC 8058: a mail client posts these with the mail's token and no session.
  '/app/alert/unsubscribe/one-click': 'public',
  '/app/newsletter/unsubscribe/one-click': 'public',
  '/app/ticket/review/requests/off/one-click': 'public',
};

const endpoints = Object.values(ENDPOINTS);
const guarded = endpoints.filter((endpoint) => ACCESS[endpoint.path] !== 'public');

/**
 * The routes the payment providers and the app stores call, outside the document (their bodies are
 * the providers' own, signed over the raw bytes): they ask for no session, the signature is the
 * access. Any other route of the API is in the document and in the table above.
 */
const SIGNED_BY_PROVIDERS = [
  '/api/payments/stripe/webhook',
  '/api/payments/paypal/webhook',
  '/api/subscriptions/stripe/webhook',
  '/api/subscriptions/paypal/webhook',
  '/api/subscriptions/apple/notifications',
  '/api/subscriptions/google/notifications',
];

let sut: TestApp;
let plain: Browser;
let net: Awaited<ReturnType<typeof listenCountingBytes>>;

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' });
  net = await listenCountingBytes(sut);
  plain = await createMember(sut, 'Senzaplus');
});
afterAll(() => sut.close());

describe('who may call each endpoint', () => {
  it('is decided for every endpoint of the contract, as its declaration says', () => {
    const declared = Object.fromEntries(endpoints.map((endpoint) => [endpoint.path, endpoint.access]));
    const listed = Object.fromEntries(Object.entries(ACCESS).filter(([path]) => path in declared));
    expect(declared).toStrictEqual(listed);
  });

  it('is decided for every route the API serves, those written by hand included', async () => {
    expect(await servedAccess(sut.app)).toStrictEqual(ACCESS);
  });

  it("leaves no route of the API out of the document but the providers' signed callbacks", async () => {
    const routes = servedRoutes(sut.app).filter(
      (url) => url.startsWith('/api/') && !url.startsWith('/api/docs'),
    );
    const documented = Object.keys(await servedAccess(sut.app)).map((path) => `/api${path}`);
    expect(routes.length).toBeGreaterThan(200);
    expect(new Set(routes)).toEqual(new Set([...documented, ...SIGNED_BY_PROVIDERS]));
  });
});

const CHUNK = Buffer.alloc(16 * 1024, 0x20);
/** A JSON body of spaces, sent in chunks with no length until the answer comes. */
const postEndlessJson = (path: string, cookie?: string) =>
  postStreamed(
    `${net.origin}/api${path}?lng=en`,
    { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    () => CHUNK,
  );

/** Fastify's body limit: a server that read the body would read past it before refusing. */
const BODY_LIMIT = 1024 * 1024;

describe('an endpoint for members', () => {
  it('asks a visitor to log in without reading the body', async () => {
    expect(guarded.length).toBeGreaterThan(40);
    for (const { path } of guarded) {
      const from = net.mark();
      const answer = await postEndlessJson(path);
      expect(answer.status, `${path}: ${answer.body}`).toBe(401);
      expect(JSON.parse(answer.body).code, path).toBe('UNAUTHENTICATED');
      expect(net.readSince(from), path).toBeLessThan(BODY_LIMIT / 2);
    }
  });

  it('refuses a member without Sentiero+ where it is needed, without reading the body', async () => {
    const premium = guarded.filter(({ path }) => ACCESS[path] === 'premium');
    expect(premium.length).toBeGreaterThan(10);
    for (const { path } of premium) {
      const from = net.mark();
      const answer = await postEndlessJson(path, cookieOf(plain));
      expect(answer.status, `${path}: ${answer.body}`).toBe(403);
      expect(JSON.parse(answer.body).code, path).toBe('PREMIUM_REQUIRED');
      expect(net.readSince(from), path).toBeLessThan(BODY_LIMIT / 2);
    }
  });

  it("refuses a member's session at the console's doors: it is no staff session", async () => {
    // A ranger's device is known by its signature, never by a member's cookie either.
    const consoleEndpoints = guarded.filter(
      ({ path }) => path.startsWith('/console/') || path.startsWith('/ranger/'),
    );
    expect(consoleEndpoints.length).toBeGreaterThan(5);
    for (const { path } of consoleEndpoints) {
      const answer = await postEndlessJson(path, cookieOf(plain));
      expect(answer.status, `${path}: ${answer.body}`).toBe(401);
      expect(JSON.parse(answer.body).code, path).toBe('UNAUTHENTICATED');
    }
  });

  it('asks a visitor to log in at a route written by hand for members', async () => {
    const declared = new Set<string>(endpoints.map((endpoint) => endpoint.path));
    const byHand = Object.keys(ACCESS).filter((path) => !declared.has(path) && ACCESS[path] !== 'public');
    expect(byHand).toEqual(['/app/ticket/download']);
    for (const path of byHand) {
      const answer = await sut.app.inject({ method: 'GET', url: `/api${path}?lng=en&code=ABC` });
      expect(answer.statusCode, path).toBe(401);
      expect(answer.json().code, path).toBe('UNAUTHENTICATED');
    }
  });

  it('asks a visitor to log in when read by GET, in an answer no cache keeps', async () => {
    for (const { path } of guarded.filter((endpoint) => endpoint.kind === 'read')) {
      const answer = await sut.app.inject({ method: 'GET', url: `/api${path}?lng=en` });
      expect(answer.statusCode, path).toBe(401);
      expect(answer.json().code, path).toBe('UNAUTHENTICATED');
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
    }
  });
});
