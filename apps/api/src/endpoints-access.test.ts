import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { ENDPOINTS, type EndpointName } from '@sentiero/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from './test/app.ts';
import { createMember } from './test/factories.ts';

/*
 * Who may call each endpoint is decided in its declaration (issue 21, item 4): a request that needs
 * a member is refused from its headers, before its body is read. Every endpoint is listed here with
 * that decision, so a new endpoint fails this test until someone makes it.
 */

type Decision = 'everyone' | 'member' | 'premium' | 'member:LOGIN_REQUIRED';

const DECISIONS: Record<EndpointName, Decision> = {
  // Accounts. The user fetch answers a visitor itself: it clears the signed-in hint on its refusal.
  userRegister: 'everyone',
  userLogin: 'everyone',
  userLoginTwoFactor: 'everyone',
  userLogout: 'everyone',
  userFetch: 'everyone',
  userEdit: 'member',
  userEditData: 'member',
  userTag: 'member',
  userPasswordUpdate: 'member',
  userPasswordRecovery: 'everyone',
  userPasswordReset: 'everyone',
  userDelete: 'member',
  // The mailed links work without a session: the mailbox is the proof.
  userEmailConfirm: 'everyone',
  userSecure: 'everyone',
  userExport: 'member',
  permission: 'everyone',
  twoFactorSetup: 'member',
  twoFactorEnable: 'member',
  twoFactorDisable: 'member',
  facebookLogin: 'everyone',
  // Sentiero+ alerts; leaving push (a visitor's is a no-op) and the mailed unsubscribe link are open.
  alertList: 'premium',
  alertFollow: 'premium',
  alertUnfollow: 'premium',
  alertSettings: 'premium',
  alertPushSubscribe: 'premium',
  alertPushTest: 'premium',
  alertPushUnsubscribe: 'everyone',
  alertUnsubscribe: 'everyone',
  areaActivationRequest: 'everyone',
  areaInfoV2: 'everyone',
  areaListV2: 'everyone',
  cityList: 'everyone',
  getCity: 'everyone',
  // Growth: members unlock a few areas, Sentiero+ has them all.
  areaListLevel: 'everyone',
  areaLevelUnlockCheck: 'everyone',
  areaLevelUnlock: 'member',
  areaLevelReport: 'member',
  blogInfo: 'everyone',
  blogList: 'everyone',
  categoryList: 'everyone',
  regionList: 'everyone',
  // Paying asks a visitor to log in or register (SPEC section 2); a coupon can be checked by anyone.
  ticketBuy: 'member:LOGIN_REQUIRED',
  ticketBuyComplete: 'member:LOGIN_REQUIRED',
  ticketBuyCancel: 'member:LOGIN_REQUIRED',
  couponInfo: 'everyone',
  ticketKeys: 'everyone',
  findList: 'premium',
  findSave: 'premium',
  findDelete: 'premium',
  findExport: 'premium',
  findImport: 'premium',
  notebookList: 'premium',
  notebookSave: 'premium',
  notebookDelete: 'premium',
  notebookExport: 'premium',
  guideInfo: 'everyone',
  guideList: 'everyone',
  ticketList: 'member',
  ticketShare: 'member',
  ticketShareRevoke: 'member',
  ticketShared: 'everyone',
  // Rangers' devices redeem with their own key, not a member's session.
  ticketRedeem: 'everyone',
  newsletterConfirm: 'everyone',
  newsletterUnsubscribe: 'everyone',
  userNewsletter: 'everyone',
  contactUs: 'everyone',
  photoUpload: 'premium',
  // A photo answers outsiders like no photo at all (404), not with a login.
  photoFile: 'everyone',
  // Plans and ads are shown to visitors too.
  subscriptionPrice: 'everyone',
  adList: 'everyone',
  subscriptionBuy: 'member',
  subscriptionInfo: 'member',
  subscriptionSuspend: 'member',
  subscriptionResume: 'member',
  subscriptionCancel: 'member',
  subscriptionUncancel: 'member',
  subscriptionPaymentMethod: 'member',
  subscriptionComplete: 'member',
  search: 'everyone',
  searchAdvanced: 'everyone',
  searchFilters: 'everyone',
  searchFiltersAdvanced: 'everyone',
  health: 'everyone',
  site: 'everyone',
  regionTicket: 'everyone',
  serviceTagList: 'everyone',
  ticketAreaInfo: 'everyone',
  ticketAreaList: 'everyone',
  ticketAreaListV2: 'everyone',
  ticketCalendar: 'everyone',
  ticketCalendarV2: 'everyone',
  ticketInfo: 'everyone',
  ticketListForYou: 'member',
  ticketListRecommended: 'everyone',
  ticketListRecommendedV2: 'everyone',
  ticketPackageList: 'everyone',
  ticketResidenceList: 'everyone',
  weatherInfo: 'everyone',
};

const declared = (name: EndpointName): Decision => {
  const endpoint: { access?: string; loginCode?: string } = ENDPOINTS[name];
  if (!endpoint.access) return 'everyone';
  return (endpoint.loginCode ? `${endpoint.access}:${endpoint.loginCode}` : endpoint.access) as Decision;
};

const names = Object.keys(ENDPOINTS) as EndpointName[];
const guarded = names.filter((name) => DECISIONS[name] !== 'everyone');

describe('who may call each endpoint', () => {
  it('is decided for every endpoint, as its declaration says', () => {
    expect(Object.keys(DECISIONS).sort()).toEqual([...names].sort());
    const declarations = Object.fromEntries(names.map((name) => [name, declared(name)]));
    expect(declarations).toEqual(DECISIONS);
  });
});

let sut: TestApp;
let origin: string;
let plain: Browser;
const sockets: Socket[] = [];

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' });
  sut.app.server.on('connection', (socket: Socket) => sockets.push(socket));
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
  plain = await createMember(sut, 'Senzaplus');
});
afterAll(() => sut.close());

const CHUNK = Buffer.alloc(16 * 1024, 0x20);
/** A JSON body of spaces, sent in chunks with no length until the answer comes. */
function postEndlessJson(path: string, cookie?: string): Promise<{ status: number; body: string }> {
  let answered = false;
  const body = new Readable({
    read() {
      this.push(answered ? null : CHUNK);
    },
  });
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${origin}/api${path}?lng=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });
    outgoing.on('response', (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part) => {
        text += part;
      });
      response.on('end', () => {
        outgoing.destroy();
        resolve({ status: response.statusCode ?? 0, body: text });
      });
    });
    // The server closing the connection while this side still sends is the point, not a failure.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    body.pipe(outgoing);
  });
}

const cookieOf = (browser: Browser) => [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
const readSince = (from: number) => sockets.slice(from).reduce((sum, socket) => sum + socket.bytesRead, 0);
/** Fastify's body limit: a server that read the body would read past it before refusing. */
const BODY_LIMIT = 1024 * 1024;

describe('an endpoint for members', () => {
  it('asks a visitor to log in without reading the body', async () => {
    expect(guarded.length).toBeGreaterThan(40);
    for (const name of guarded) {
      const from = sockets.length;
      const answer = await postEndlessJson(ENDPOINTS[name].path);
      expect(answer.status, `${name}: ${answer.body}`).toBe(401);
      const code = DECISIONS[name] === 'member:LOGIN_REQUIRED' ? 'LOGIN_REQUIRED' : 'UNAUTHENTICATED';
      expect(JSON.parse(answer.body).code, name).toBe(code);
      expect(readSince(from), name).toBeLessThan(BODY_LIMIT / 2);
    }
  });

  it('refuses a member without Sentiero+ where it is needed, without reading the body', async () => {
    for (const name of guarded.filter((each) => DECISIONS[each] === 'premium')) {
      const from = sockets.length;
      const answer = await postEndlessJson(ENDPOINTS[name].path, cookieOf(plain));
      expect(answer.status, `${name}: ${answer.body}`).toBe(403);
      expect(JSON.parse(answer.body).code, name).toBe('PREMIUM_REQUIRED');
      expect(readSince(from), name).toBeLessThan(BODY_LIMIT / 2);
    }
  });

  it('asks a visitor to log in when read by GET, in an answer no cache keeps', async () => {
    for (const name of guarded.filter((each) => ENDPOINTS[each].kind === 'read')) {
      const answer = await sut.app.inject({ method: 'GET', url: `/api${ENDPOINTS[name].path}?lng=en` });
      expect(answer.statusCode, name).toBe(401);
      expect(answer.headers['cache-control'], name).toBe('private, no-store');
    }
  });
});
