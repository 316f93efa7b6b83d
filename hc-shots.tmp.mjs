import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [, , label, ...paths] = process.argv;
const BASE = 'http://localhost:3431';
const STATE = '/tmp/hc/state.json';
function totp(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30000)));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1] & 15;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1e6).padStart(6, '0');
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
if (!existsSync(STATE)) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${BASE}/console`);
  const result = await page.evaluate(async (code) => {
    const post = (path, body) =>
      fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        async (r) => `${r.status} ${await r.text()}`,
      );
    const a = await post('/api/console/login?lng=en', { email: 'admin@console.sentiero.localhost', password: 'Console-demo-2026' });
    const b = await post('/api/console/login/code?lng=en', { code });
    return [a, b];
  }, totp('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'));
  console.log(result.map((r) => r.slice(0, 120)));
  await context.storageState({ path: STATE });
  await context.close();
}
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: STATE, locale: 'en-GB' });
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2500);
    const name = path.replace(/[^a-z0-9]+/gi, '_');
    await page.screenshot({ path: `/tmp/hc/shots/${label}-${width}-${name}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
