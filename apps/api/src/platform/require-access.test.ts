import type { Resource } from '@sentiero/contract/access';
import { describe, expect, it } from 'vitest';
import { type RoleRules, requireAccess } from './access.ts';
import type { SessionUser } from './sessions.ts';

/* The one access rule as the services ask it (ADR 027): who is refused, with what, and who passes. */

const member: SessionUser = { id: 7, tokenHash: 'token-of-7', expiresAt: new Date('2030-01-01T00:00:00Z') };

/** Sentiero+ as the premium module would answer it, counting how often it is asked. */
function rolesWith(premium: boolean): RoleRules & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    premium: async (userId) => {
      asked.push(userId);
      return premium;
    },
  };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: { code?: string; status?: number }) => reason,
  );
  return error && { status: error.status, code: error.code };
};

describe('requireAccess', () => {
  it('asks a visitor to log in, whatever the permission, without asking about Sentiero+', async () => {
    const roles = rolesWith(true);
    for (const permission of ['member', 'premium'] as const) {
      expect(await refusal(requireAccess({ user: null, roles }, permission))).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
      });
    }
    expect(roles.asked).toEqual([]);
  });

  it('lets a member in and answers who they are, without looking Sentiero+ up', async () => {
    const roles = rolesWith(false);
    expect(await requireAccess({ user: member, roles }, 'member')).toBe(member);
    expect(roles.asked).toEqual([]);
  });

  it('lets a member with Sentiero+ use what needs it', async () => {
    const roles = rolesWith(true);
    expect(await requireAccess({ user: member, roles }, 'premium')).toBe(member);
    expect(roles.asked).toEqual([member.id]);
  });

  it('refuses a member without Sentiero+ with the code that offers it', async () => {
    expect(await refusal(requireAccess({ user: member, roles: rolesWith(false) }, 'premium'))).toEqual({
      status: 403,
      code: 'PREMIUM_REQUIRED',
    });
  });

  it("lets a member at their own things and refuses another member's", async () => {
    const own: Resource = { ownerId: member.id };
    const others: Resource = { ownerId: member.id + 1 };
    expect(await requireAccess({ user: member, roles: rolesWith(false) }, 'member', own)).toBe(member);
    expect(await refusal(requireAccess({ user: member, roles: rolesWith(false) }, 'member', others))).toEqual(
      {
        status: 403,
        code: 'FORBIDDEN',
      },
    );
    // Sentiero+ is no key to another member's things either.
    expect(await refusal(requireAccess({ user: member, roles: rolesWith(true) }, 'premium', others))).toEqual(
      {
        status: 403,
        code: 'FORBIDDEN',
      },
    );
  });

  it("refuses a member an operator's things", async () => {
    const order: Resource = { operatorId: 3, areaId: 12 };
    expect(await refusal(requireAccess({ user: member, roles: rolesWith(true) }, 'member', order))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
  });
});
