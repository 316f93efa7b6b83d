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
import { attachTicketSignature, encodeTicketPayload } from '@sentiero/contract/ticket-code';
import { attachCompactSignature, encodeCompactClaims } from '@sentiero/contract/ticket-code-compact';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
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
const server = createServer((request, response) => {
  if (request.url === '/verdict.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    return;
  }
  response
    .writeHead(200, { 'content-type': 'text/html' })
    .end('<!doctype html><title>ranger verdict</title><script src="/verdict.js"></script>');
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
  const loadAfter = loadavg();
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
  console.log(
    `load average before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')}`,
  );
} finally {
  await browser.close();
  server.close();
}
