import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  type Grant,
  grantsHolding,
  PERMISSIONS,
  type Principal,
  rolesHolding,
} from './access.ts';

/*
 * The scopes a grant can have, read by the one rule (ADR 027). Members' grants are `own` today;
 * an operator's staff will hold theirs for the operator, or some of its areas.
 */

const operatorDesk = (areaIds?: number[]): Principal => ({
  kind: 'member',
  id: 40,
  grants: [{ role: 'member', scope: { operatorId: 3, ...(areaIds ? { areaIds } : {}) } }],
});

describe('decideAccess', () => {
  it('lets everyone, visitors too, at what is public', () => {
    expect(decideAccess({ kind: 'visitor' }, 'public')).toEqual({ allowed: true });
  });

  it("covers an operator's things with a grant for the operator, whatever their area", () => {
    expect(decideAccess(operatorDesk(), 'member', { operatorId: 3, areaId: 12 })).toEqual({ allowed: true });
    expect(decideAccess(operatorDesk(), 'member', { operatorId: 3 })).toEqual({ allowed: true });
    expect(decideAccess(operatorDesk(), 'member', { operatorId: 4, areaId: 12 })).toMatchObject({
      allowed: false,
      code: 'FORBIDDEN',
    });
  });

  it("covers only the areas a narrowed grant names, never the operator's whole", () => {
    const narrowed = operatorDesk([12, 13]);
    expect(decideAccess(narrowed, 'member', { operatorId: 3, areaId: 13 })).toEqual({ allowed: true });
    expect(decideAccess(narrowed, 'member', { operatorId: 3, areaId: 14 })).toMatchObject({ allowed: false });
    expect(decideAccess(narrowed, 'member', { operatorId: 3 })).toMatchObject({ allowed: false });
    expect(decideAccess(narrowed, 'member', { ownerId: 40 })).toMatchObject({ allowed: false });
  });

  it('covers everything with a grant held everywhere', () => {
    const staff: Principal = { kind: 'member', id: 1, grants: [{ role: 'member', scope: 'everywhere' }] };
    expect(decideAccess(staff, 'member', { ownerId: 99 })).toEqual({ allowed: true });
    expect(decideAccess(staff, 'member', { operatorId: 3, areaId: 12 })).toEqual({ allowed: true });
  });

  it('names the roles each permission needs, none for the public one', () => {
    expect(Object.keys(PERMISSIONS).slice(0, 3)).toEqual(['public', 'member', 'premium']);
    expect(rolesHolding('public')).toEqual([]);
    expect(rolesHolding('premium')).toEqual(['premium']);
  });
});

describe('grantsHolding', () => {
  it('answers the grants through which a permission is held, by what their roles hold', () => {
    const ranger: Grant = { role: 'ranger', scope: { operatorId: 3, areaIds: [12] } };
    const desk: Grant = { role: 'desk', scope: { operatorId: 3 } };
    const admin: Grant = { role: 'admin', scope: 'everywhere' };
    expect(grantsHolding([desk, ranger], 'field')).toEqual([ranger]);
    expect(grantsHolding([desk, ranger, admin], 'orders.read')).toEqual([desk, admin]);
    expect(grantsHolding([desk, ranger], 'premiumFigures.read')).toEqual([]);
  });
});
