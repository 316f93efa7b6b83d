import { describe, expect, it } from 'vitest';
import { requireStaffAccess, staffListScope } from './access.ts';
import type { StaffSession } from './staff-sessions.ts';

/* The one access rule as the console's services ask it (ADR 027, 028). */

const session = (overrides: Partial<StaffSession> = {}): StaffSession => ({
  staffId: 9,
  tokenHash: 'token-of-9',
  email: 'desk@console.test',
  name: 'Desk',
  language: 'it',
  totpEnrolled: true,
  twoFactorAt: new Date('2026-06-01T08:00:00Z'),
  reauthenticatedAt: new Date('2026-06-01T08:00:00Z'),
  expiresAt: new Date('2026-06-01T08:30:00Z'),
  grants: [{ role: 'desk', scope: { operatorId: 3, areaIds: [12] } }],
  ...overrides,
});

const refusal = (run: () => unknown) => {
  try {
    run();
    return undefined;
  } catch (error) {
    const { status, code } = error as { status: number; code: string };
    return { status, code };
  }
};

describe('requireStaffAccess', () => {
  it('refuses no session, and a session still waiting for its code, like a visitor', () => {
    expect(refusal(() => requireStaffAccess({ staff: null }, 'console'))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    // Grants are not even read before the code; were they, the pending session still holds nothing.
    const pending = session({ twoFactorAt: null });
    expect(refusal(() => requireStaffAccess({ staff: pending }, 'orders.read'))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
  });

  it("lets a desk read its areas' orders, and nothing it does not hold or does not cover", () => {
    const staff = session();
    expect(requireStaffAccess({ staff }, 'orders.read', { operatorId: 3, areaId: 12 })).toBe(staff);
    expect(refusal(() => requireStaffAccess({ staff }, 'orders.refund'))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(
      refusal(() => requireStaffAccess({ staff }, 'orders.read', { operatorId: 3, areaId: 13 })),
    ).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(staffListScope({ staff }, 'orders.read')).toEqual({
      everywhere: false,
      operatorIds: [],
      areaIds: [12],
    });
    expect(staffListScope({ staff: null }, 'orders.read')).toEqual({
      everywhere: false,
      operatorIds: [],
      areaIds: [],
    });
  });
});
