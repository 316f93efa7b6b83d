import { request as newRequest } from '@playwright/test';
import { totpCode } from '../fixtures/accounts.ts';
import { adminStatePath, DEMO_ADMIN } from '../fixtures/staff.ts';
import { expect, test } from '../fixtures/test.ts';

/*
 * The demo admin signs in to the console once for the whole run, with one authenticator code, and
 * its session is kept for the workers: they invite with it the staff their journeys sign in as
 * (fixtures/staff.ts), so no two journeys ever give the same authenticator's code.
 */
test('the demo admin signs in to the console once for the run', async ({ baseURL }) => {
  const admin = await newRequest.newContext({ baseURL });
  const login = await admin.post('/api/console/login?lng=en', {
    form: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const code = await admin.post('/api/console/login/code?lng=en', {
    form: { code: totpCode(DEMO_ADMIN.key) },
  });
  expect(code.ok(), await code.text()).toBe(true);
  await admin.storageState({ path: adminStatePath() });
  await admin.dispose();
});
