import { calendarDateIn } from '@sentiero/contract/durations';
import type { OperatorKind } from '@sentiero/contract/operator-kinds';
import type { Transaction } from '@sentiero/db/client';
import { MEMBER_TIME_ZONE } from '../../platform/format.ts';
import { createInvitation } from './invitations.ts';
import { findSlugsStartingWith, insertCommissionRate, insertOperator } from './operators-repo.ts';

/**
 * Sentiero's share of a new operator's sales until an admin sets its own (the seeded operators
 * range from 6% to 15%): the middle of that range, in hundredths of a percent.
 */
export const NEW_OPERATOR_COMMISSION_BASIS_POINTS = 1000;

export type NewOperator = {
  name: string;
  kind: OperatorKind;
  vatNumber: string;
  contactEmail: string;
  /** Who is invited to own it. */
  ownerEmail: string;
  invitedBy: number;
  now: Date;
};

/** `Comune di Bovec – Turizem` → `comune-di-bovec-turizem`: whole words, 60 characters at most. */
export function slugOf(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const longer = slug ? `${slug}-${word}` : word;
    if (longer.length > 60) break;
    slug = longer;
  }
  return slug || words[0]?.slice(0, 60) || 'operatore';
}

/** The slug, or the first of `slug-2`, `slug-3`… nobody has. */
async function freeSlug(tx: Transaction, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(await findSlugsStartingWith(tx, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Makes an operator and invites its owner, in the caller's transaction (an approved "work with
 * us" application): if anything after fails, neither exists. The caller audits both and mails
 * the invitation after its commit.
 */
export async function openOperatorWithOwnerInvitation(tx: Transaction, origin: string, input: NewOperator) {
  const operator = await insertOperator(tx, {
    slug: await freeSlug(tx, input.name),
    name: input.name,
    kind: input.kind,
    vatNumber: input.vatNumber,
    contactEmail: input.contactEmail,
    createdAt: input.now,
  });
  // Its first rate, which also covers any month before it (ADR 042).
  await insertCommissionRate(tx, {
    operatorId: operator.id,
    month: calendarDateIn(MEMBER_TIME_ZONE, input.now).slice(0, 7),
    basisPoints: NEW_OPERATOR_COMMISSION_BASIS_POINTS,
    createdAt: input.now,
  });
  const { invitation, link, expiresAt } = await createInvitation(tx, origin, {
    email: input.ownerEmail,
    role: 'owner',
    operatorId: operator.id,
    areaIds: null,
    invitedBy: input.invitedBy,
    now: input.now,
  });
  return { operator, invitation, link, expiresAt };
}
