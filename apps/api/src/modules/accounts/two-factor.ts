import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  totpUri,
  verifyTotp,
} from '../../platform/totp.ts';
import { notifyAccountChange } from './notices.ts';
import { type Proof, requireRecentAuthentication } from './reauthentication.ts';
import { replaceRecoveryCodes, updateUser } from './repo.ts';
import { memberRow } from './service.ts';

/**
 * A new key for an authenticator app, kept as pending: the key in use (if any) keeps protecting
 * the account until a code of the new one confirms it, so starting a setup never turns the
 * factor off.
 */
export async function startTwoFactorSetup(ctx: ServiceContext, proof: Proof) {
  const row = await memberRow(ctx, await requireAccess(ctx, 'member'));
  await requireRecentAuthentication(ctx, row, proof);
  const secret = generateTotpSecret();
  await updateUser(ctx.db, row.id, { totpPendingSecret: secret });
  return { secret, uri: totpUri({ secret, account: row.email ?? String(row.id), issuer: ctx.config.brand }) };
}

export async function enableTwoFactor(ctx: ServiceContext, code: string) {
  const row = await memberRow(ctx, await requireAccess(ctx, 'member'));
  const now = ctx.clock.now();
  // A new key has never had a code accepted: the last step of the old key does not apply to it.
  const step = row.totpPendingSecret ? verifyTotp(row.totpPendingSecret, code, now) : null;
  if (step === null) throw new AppError('INVALID_CODE', 400, { code: 'invalidCode' });
  const recoveryCodes = generateRecoveryCodes();
  await replaceRecoveryCodes(ctx.db, row.id, recoveryCodes.map(hashRecoveryCode));
  await updateUser(ctx.db, row.id, {
    totpSecret: row.totpPendingSecret,
    totpPendingSecret: null,
    totpEnabledAt: now,
    totpLastStep: step,
    updatedAt: now,
  });
  if (row.email) {
    const change = row.totpEnabledAt ? 'twoFactorChanged' : 'twoFactorOn';
    await notifyAccountChange(ctx, row, row.email, change, { at: now });
  }
  return { recovery_codes: recoveryCodes };
}

export async function disableTwoFactor(ctx: ServiceContext, proof: Proof) {
  const row = await memberRow(ctx, await requireAccess(ctx, 'member'));
  await requireRecentAuthentication(ctx, row, proof);
  await replaceRecoveryCodes(ctx.db, row.id, []);
  await updateUser(ctx.db, row.id, {
    totpSecret: null,
    totpPendingSecret: null,
    totpEnabledAt: null,
    totpLastStep: null,
    updatedAt: ctx.clock.now(),
  });
  if (row.email && row.totpEnabledAt) await notifyAccountChange(ctx, row, row.email, 'twoFactorOff');
  return { ok: true as const };
}
