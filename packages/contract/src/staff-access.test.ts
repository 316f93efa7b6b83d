import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  type Grant,
  listScope,
  PERMISSIONS,
  type Permission,
  type Principal,
  permissionsHeld,
  type StaffRole,
} from './access.ts';

/*
 * The staff roles of issue 23, read by the one rule (ADR 027, 028): each role against each
 * permission, then the scopes. A row per role says every staff permission it holds; every other
 * permission is refused.
 */

const STAFF_PERMISSIONS = (Object.keys(PERMISSIONS) as Permission[]).filter(
  (permission) => !['public', 'member', 'premium'].includes(permission),
);

// A field device is a ranger's own phone (ADR 043): nobody else enrols one or acts through one.
const RANGERS_ONLY: readonly Permission[] = ['field.enrol', 'field'];

const HOLDS: Record<StaffRole, readonly Permission[]> = {
  admin: STAFF_PERMISSIONS.filter((permission) => !RANGERS_ONLY.includes(permission)),
  support: ['console', 'orders.read', 'orders.resend', 'inbox.handle'],
  owner: [
    'console',
    'orders.read',
    'orders.resend',
    'orders.markPaid',
    'orders.refund',
    'orders.export',
    'catalogue.read',
    'catalogue.write',
    'days.cancel',
    'figures.read',
    'statements.read',
    'team.manage',
    'audit.read',
    'growth.report',
    'checkin',
    'devices.manage',
    'coupons.manage',
    'reviews.moderate',
  ],
  manager: [
    'console',
    'orders.read',
    'orders.resend',
    'orders.markPaid',
    'orders.refund',
    'orders.export',
    'catalogue.read',
    'catalogue.write',
    'days.cancel',
    'figures.read',
    'growth.report',
    'devices.manage',
    'coupons.manage',
    'reviews.moderate',
  ],
  desk: ['console', 'orders.read', 'orders.resend', 'orders.markPaid'],
  accountant: ['console', 'orders.read', 'orders.refund', 'orders.export', 'figures.read', 'statements.read'],
  ranger: ['console', 'checkin', 'growth.report', 'field.enrol', 'field'],
};

const OPERATOR = 3;
const scopeOf = (role: StaffRole): Grant['scope'] =>
  role === 'admin' || role === 'support' ? 'everywhere' : { operatorId: OPERATOR };
const staff = (role: StaffRole, scope: Grant['scope'] = scopeOf(role)): Principal => ({
  kind: 'staff',
  id: 7,
  grants: [{ role, scope }],
});

describe('staff roles × permissions', () => {
  for (const [role, held] of Object.entries(HOLDS) as [StaffRole, readonly Permission[]][]) {
    for (const permission of STAFF_PERMISSIONS) {
      const allowed = held.includes(permission);
      it(`${allowed ? 'gives' : 'refuses'} ${role} ${permission}`, () => {
        const decision = decideAccess(staff(role), permission, { operatorId: OPERATOR, areaId: 12 });
        expect(decision).toEqual(
          allowed ? { allowed: true } : { allowed: false, status: 403, code: 'FORBIDDEN' },
        );
      });
    }
    it(`lists exactly what ${role} holds`, () => {
      expect(permissionsHeld(staff(role)).sort()).toEqual([...held].sort());
    });
  }

  it("never gives a member a staff permission, nor staff a member's", () => {
    const member: Principal = { kind: 'member', id: 7, grants: [{ role: 'member', scope: 'own' }] };
    for (const permission of STAFF_PERMISSIONS) {
      expect(decideAccess(member, permission)).toMatchObject({ allowed: false, status: 403 });
    }
    expect(decideAccess(staff('admin'), 'member')).toMatchObject({ allowed: false, status: 403 });
    expect(decideAccess({ kind: 'visitor' }, 'console')).toMatchObject({ allowed: false, status: 401 });
  });
});

describe('staff scopes', () => {
  it("keeps an operator's staff to the operator's things", () => {
    expect(decideAccess(staff('manager'), 'orders.refund', { operatorId: OPERATOR })).toEqual({
      allowed: true,
    });
    expect(decideAccess(staff('manager'), 'orders.refund', { operatorId: 4, areaId: 20 })).toMatchObject({
      allowed: false,
      code: 'FORBIDDEN',
    });
    expect(decideAccess(staff('support'), 'orders.read', { operatorId: 4, areaId: 20 })).toEqual({
      allowed: true,
    });
  });

  it('keeps a ranger narrowed to some areas to those areas', () => {
    const ranger = staff('ranger', { operatorId: OPERATOR, areaIds: [12, 13] });
    expect(decideAccess(ranger, 'checkin', { operatorId: OPERATOR, areaId: 13 })).toEqual({ allowed: true });
    expect(decideAccess(ranger, 'checkin', { operatorId: OPERATOR, areaId: 14 })).toMatchObject({
      allowed: false,
    });
  });

  it("turns grants into a list query's filter", () => {
    expect(listScope(staff('admin'), 'orders.read')).toEqual({ everywhere: true });
    expect(listScope(staff('desk'), 'orders.read')).toEqual({
      everywhere: false,
      operatorIds: [OPERATOR],
      areaIds: [],
    });
    const several: Principal = {
      kind: 'staff',
      id: 7,
      grants: [
        { role: 'ranger', scope: { operatorId: OPERATOR, areaIds: [12] } },
        { role: 'accountant', scope: { operatorId: 5 } },
      ],
    };
    expect(listScope(several, 'checkin')).toEqual({ everywhere: false, operatorIds: [], areaIds: [12] });
    expect(listScope(several, 'orders.read')).toEqual({ everywhere: false, operatorIds: [5], areaIds: [] });
    // Holding no grant with the permission lists nothing, rather than everything.
    expect(listScope(staff('ranger'), 'orders.read')).toEqual({
      everywhere: false,
      operatorIds: [],
      areaIds: [],
    });
    expect(listScope({ kind: 'visitor' }, 'orders.read')).toEqual({
      everywhere: false,
      operatorIds: [],
      areaIds: [],
    });
  });
});
