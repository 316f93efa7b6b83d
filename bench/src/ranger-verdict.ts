/**
 * `npm run bench:ranger`: the time from a decoded QR code (its text) to the verdict (ADR 044) on
 * a phone-class CPU: Chromium with its CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`),
 * 1,000 verdicts against a revoked list of 100,000 tickets held as a phone keeps it. Goal (issue
 * 24): p95 ≤ 100 ms. The mix of codes is a day at a gate: mostly valid compact codes, some
 * revoked, some used up, some of the first format. BENCH_VERDICTS, BENCH_REVOKED and
 * BENCH_CPU_SLOWDOWN change the sizes; BENCH_PORT the local page's port.
 */
import { generateKeyPairSync, randomInt, sign } from 'node:crypto';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { RangerBundleContent } from '@sentiero/contract/ranger';
import { encodeRevokedCodes } from '@sentiero/contract/ranger-field';
import { attachTicketSignature, encodeTicketPayload } from '@sentiero/contract/ticket-code';
import { attachCompactSignature, encodeCompactClaims } from '@sentiero/contract/ticket-code-compact';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { AppVerdictRun } from './ranger/app-verdict-page.ts';
import type { VerdictRun } from './ranger/verdict-page.ts';

const verdicts = Number(process.env.BENCH_VERDICTS ?? 1_000);
const revokedCount = Number(process.env.BENCH_REVOKED ?? 100_000);
const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const port = Number(process.env.BENCH_PORT ?? 3450);
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const randomCode = () => `T${Array.from({ length: 10 }, () => ALPHABET[randomInt(32)]).join('')}`;
const compactId = (code: string) =>
  [...code.slice(1)].reduce((id, char) => id * 32 + ALPHABET.indexOf(char), 0);

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const publicKeyRaw = [...Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url')];
const keyId = '5e171e20';
const claims = (code: string, areaId: number) => ({
  keyId,
  code,
  ticketId: 1_000 + randomInt(5_000),
  areaId,
  validFrom: '2026-09-12',
  validUntil: '2026-09-14',
  initials: 'ZS',
  guests: 1,
  maxUses: 3,
});
const signCompact = (code: string, areaId = 42) => {
  const bytes = encodeCompactClaims(claims(code, areaId));
  return attachCompactSignature(bytes, sign(null, bytes, privateKey));
};
const signFirst = (code: string) => {
  const encoded = encodeTicketPayload({
    code,
    area_id: 42,
    area_name: 'Alta Valle Tanaro',
    title: 'Permesso raccolta funghi giornaliero',
    valid_from: '2026-09-12',
    valid_until: '2026-09-14',
    holder: 'Maria Luisa De Santis',
    max_usage: 3,
    issued_at: 1_789_000_000,
    key_id: keyId,
  });
  return attachTicketSignature(encoded, sign(null, Buffer.from(encoded), privateKey));
};

const revokedCodes = Array.from({ length: revokedCount }, randomCode);
const codes: string[] = [];
const uses: Record<string, number> = {};
for (let i = 0; i < verdicts; i++) {
  const kind = i % 20;
  if (kind === 0) codes.push(signCompact(revokedCodes[randomInt(revokedCount)] as string));
  else if (kind === 1) codes.push(signFirst(randomCode()));
  // A ticket of a neighbouring area the ranger does not check.
  else if (kind === 3) codes.push(signCompact(randomCode(), 19));
  else {
    const code = randomCode();
    uses[code] = kind === 2 ? 3 : randomInt(3);
    codes.push(signCompact(code, kind % 2 === 0 ? 42 : 7));
  }
}

const bundle = await build({
  entryPoints: [fileURLToPath(new URL('./ranger/verdict-page.ts', import.meta.url))],
  bundle: true,
  format: 'iife',
  globalName: 'rangerBench',
  target: 'chrome120',
  write: false,
  minify: true,
});
const script = bundle.outputFiles[0]?.text ?? '';
// The rangers' app's own path (apps/web/src/features/ranger): the signed bundle checked and opened,
// then `judgeScan` on each decoded text, as the scan screen calls it.
const appBundle = await build({
  entryPoints: [fileURLToPath(new URL('./ranger/app-verdict-page.ts', import.meta.url))],
  bundle: true,
  format: 'iife',
  globalName: 'rangerAppBench',
  target: 'chrome120',
  write: false,
  minify: true,
});
const appScript = appBundle.outputFiles[0]?.text ?? '';

/** The bundle as `GET /api/ranger/bundle` answers it: the payload signed by an Ed25519 bundle key. */
const bundleKeys = generateKeyPairSync('ed25519');
const issuedAt = new Date('2026-09-13T07:30:00Z');
const bundleContent: RangerBundleContent = {
  version: 1,
  device_id: 1,
  issued_at: issuedAt.toISOString(),
  expires_at: new Date(issuedAt.getTime() + 24 * 3600_000).toISOString(),
  ticket_keys: [{ key_id: keyId, alg: 'Ed25519', x: Buffer.from(publicKeyRaw).toString('base64url') }],
  areas: [42, 7].map((id) => ({
    id,
    name: `Area ${id}`,
    time_zone: 'Europe/Rome',
    rules: '',
    limits: null,
    daily_limit_g: 3000,
    growth: null,
    tickets: [{ id: 13, title: `Ticket 13 of area ${id}` }],
  })),
  revoked: { encoding: 'sorted-delta-leb128', count: revokedCount, codes: encodeRevokedCodes(revokedCodes) },
  uses: Object.entries(uses).filter(([, count]) => count > 0),
};
const bundlePayload = JSON.stringify(bundleContent);
const signedBundle = {
  format: 'SB1' as const,
  key_id: 'b0b0b0b0',
  issued_at: bundleContent.issued_at,
  expires_at: bundleContent.expires_at,
  payload: bundlePayload,
  signature: sign(null, Buffer.from(`SB1.${bundlePayload}`), bundleKeys.privateKey).toString('base64url'),
  requestedAt: bundleContent.issued_at,
  receivedAt: bundleContent.issued_at,
};
const bundleKey = { keyId: 'b0b0b0b0', x: bundleKeys.publicKey.export({ format: 'jwk' }).x ?? '' };
const server = createServer((request, response) => {
  if (request.url === '/verdict.js' || request.url === '/app-verdict.js') {
    response
      .writeHead(200, { 'content-type': 'text/javascript' })
      .end(request.url === '/verdict.js' ? script : appScript);
    return;
  }
  response
    .writeHead(200, { 'content-type': 'text/html' })
    .end(
      '<!doctype html><title>ranger verdict</title><script src="/verdict.js"></script><script src="/app-verdict.js"></script>',
    );
});
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
const loadBefore = loadavg();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  // 127.0.0.1 is a secure context: WebCrypto's Ed25519 is there as on the ranger's https page.
  await page.goto(`http://127.0.0.1:${port}/`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const input = {
    publicKeyRaw,
    keyId,
    revokedIds: revokedCodes.map(compactId),
    codes,
    uses,
    now: '2026-09-13T08:00:00Z',
    areaIds: [42, 7],
  };
  const run = (await page.evaluate(
    (given) =>
      (
        globalThis as unknown as { rangerBench: { runVerdicts: (x: typeof given) => Promise<VerdictRun> } }
      ).rangerBench.runVerdicts(given),
    input,
  )) as VerdictRun;
  const sorted = [...run.timesMs].sort((a, b) => a - b);
  console.log(
    `\nRanger verdict: decoded QR text → verdict in Chromium, CPU ×${slowdown}, ${verdicts} verdicts, ${revokedCount.toLocaleString('en')} revoked tickets`,
  );
  console.table({
    'revoked list + key import (ms, once)': run.setupMs.toFixed(1),
    'first verdict (ms)': (run.timesMs[0] ?? 0).toFixed(2),
    'p50 (ms)': percentile(sorted, 50).toFixed(2),
    'p95 (ms)': percentile(sorted, 95).toFixed(2),
    'max (ms)': (sorted.at(-1) ?? 0).toFixed(2),
    'goal p95 (ms)': 100,
    'revoked list in memory (kB)': ((revokedCount * 8) / 1024).toFixed(0),
  });
  console.log('verdicts by outcome:', run.reasons);

  // The app's path: this phone also recorded a use of every tenth valid ticket (not yet sent).
  const localUses = Object.fromEntries(
    Object.keys(uses)
      .filter((_, position) => position % 10 === 0)
      .map((code) => [code, 1]),
  );
  const app = (await page.evaluate(
    (given) =>
      (
        globalThis as unknown as {
          rangerAppBench: { runAppVerdicts: (x: typeof given) => Promise<AppVerdictRun> };
        }
      ).rangerAppBench.runAppVerdicts(given),
    { bundle: signedBundle, bundleKey, codes, localUses, now: '2026-09-13T08:00:00Z' },
  )) as AppVerdictRun;
  const appSorted = [...app.timesMs].sort((a, b) => a - b);
  console.log(
    `\nThe app's path (features/ranger judgeScan): the signed bundle of ${(bundlePayload.length / 1024).toFixed(0)} kB checked and opened once, then each decoded text`,
  );
  console.table({
    'bundle signature check (ms, once)': app.checkMs.toFixed(1),
    'bundle opened: parsed, revoked list decoded and sorted (ms, once)': app.openMs.toFixed(1),
    'first verdict (ms)': (app.timesMs[0] ?? 0).toFixed(2),
    'p50 (ms)': percentile(appSorted, 50).toFixed(2),
    'p95 (ms)': percentile(appSorted, 95).toFixed(2),
    'max (ms)': (appSorted.at(-1) ?? 0).toFixed(2),
    'goal p95 (ms)': 100,
  });
  console.log('verdicts by outcome:', app.reasons);
  const loadAfter = loadavg();
  console.log(
    `load average before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')}`,
  );
} finally {
  await browser.close();
  server.close();
}
