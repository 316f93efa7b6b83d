import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { requireReauthenticationForRefund, requireRecentReauthentication } from './staff-reauthentication.ts';
import type { StaffSession } from './staff-sessions.ts';

const NOW = Date.parse('2026-06-01T10:00:00Z');
const clock = { now: () => new Date(NOW) };
const staff = (reauthenticatedMinutesAgo: number | null): StaffSession => ({
  staffId: 1,
  tokenHash: 'x',
  email: 'a@console.test',
  name: 'A',
  language: 'en',
  totpEnrolled: true,
  twoFactorAt: new Date(NOW - 60 * 60_000),
  reauthenticatedAt:
    reauthenticatedMinutesAgo === null ? null : new Date(NOW - reauthenticatedMinutesAgo * 60_000),
  expiresAt: new Date(NOW + 30 * 60_000),
  grants: [{ role: 'accountant', scope: { operatorId: 3 } }],
});

describe('re-authentication of staff', () => {
  it('lets through a proof of the last minutes, and asks again for an older one', () => {
    expect(() => requireRecentReauthentication({ staff: staff(9), clock }, 10)).not.toThrow();
    expect(() => requireRecentReauthentication({ staff: staff(11), clock }, 10)).toThrow(
      expect.objectContaining({ code: 'REAUTHENTICATION_REQUIRED', status: 403 }),
    );
    expect(() => requireRecentReauthentication({ staff: staff(null), clock }, 10)).toThrow(
      expect.objectContaining({ code: 'REAUTHENTICATION_REQUIRED' }),
    );
  });

  it('asks for it on refunds above REFUND_REAUTH_CENTS only', () => {
    const config = loadConfig({ NODE_ENV: 'test', REFUND_REAUTH_CENTS: '5000' });
    expect(config.refundReauthCents).toBe(5000);
    expect(loadConfig({ NODE_ENV: 'test' }).refundReauthCents).toBe(10_000);
    expect(() => requireReauthenticationForRefund({ staff: staff(60), clock, config }, 5000)).not.toThrow();
    expect(() => requireReauthenticationForRefund({ staff: staff(60), clock, config }, 5001)).toThrow(
      expect.objectContaining({ code: 'REAUTHENTICATION_REQUIRED' }),
    );
    expect(() => requireReauthenticationForRefund({ staff: staff(2), clock, config }, 5001)).not.toThrow();
  });
});
