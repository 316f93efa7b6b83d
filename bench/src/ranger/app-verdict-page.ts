/**
 * Runs in the browser: the rangers' app's own verdict path (apps/web/src/features/ranger), timed
 * as the phone runs it. The signed bundle, as `GET /api/ranger/bundle` answers it with 100,000
 * revoked tickets, is checked (Ed25519) and opened once, as the app does when it starts; then each
 * decoded QR text goes through `judgeScan` with the uses this phone recorded, as the scan screen
 * calls it.
 */
import { bundleSignatureHolds, indexBundle } from '../../../apps/web/src/features/ranger/bundle.ts';
import type { StoredBundle } from '../../../apps/web/src/features/ranger/kept.ts';
import { judgeScan } from '../../../apps/web/src/features/ranger/verdict.ts';

export type AppVerdictRun = {
  checkMs: number;
  openMs: number;
  timesMs: number[];
  reasons: Record<string, number>;
};

export async function runAppVerdicts(input: {
  bundle: StoredBundle;
  bundleKey: { keyId: string; x: string };
  codes: string[];
  localUses: Record<string, number>;
  now: string;
}): Promise<AppVerdictRun> {
  const checkStart = performance.now();
  if (!(await bundleSignatureHolds(input.bundle, input.bundleKey))) throw new Error('bundle signature');
  const openStart = performance.now();
  const index = indexBundle(input.bundle);
  const openEnd = performance.now();
  const localUses = new Map(Object.entries(input.localUses));
  const now = new Date(input.now);
  const timesMs: number[] = [];
  const reasons: Record<string, number> = {};
  for (const text of input.codes) {
    const start = performance.now();
    const verdict = await judgeScan({ text, index, localUses, now });
    timesMs.push(performance.now() - start);
    const outcome = verdict.valid ? 'valid' : verdict.reason;
    reasons[outcome] = (reasons[outcome] ?? 0) + 1;
  }
  return { checkMs: openStart - checkStart, openMs: openEnd - openStart, timesMs, reasons };
}
