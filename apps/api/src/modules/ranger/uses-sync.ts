import { decideAccess } from '@sentiero/contract/access';
import type { FieldUse } from '@sentiero/contract/ranger';
import { CHAIN_GENESIS, chainRecordHash } from '@sentiero/contract/ranger-field';
import type { Transaction } from '@sentiero/db/client';
import { requireStaffAccess, staffPrincipalOf } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { markDeviceSynced } from './devices-repo.ts';
import {
  countUse,
  findChainRecord,
  findPreviousUse,
  findTicketForUse,
  findUseByClientId,
  insertChainBreak,
  insertConflict,
  insertFieldUse,
} from './uses-repo.ts';

type ChainVerdict = 'ok' | 'gap' | 'rewrite';
type UseResult = {
  client_id: string;
  outcome: 'recorded' | 'duplicate' | 'unknown_ticket';
  conflict: boolean;
  chain: ChainVerdict;
};

/**
 * Whether a record sits where its chain says (ADR 043): its hash is the hash of its own content,
 * its `prev_hash` is the hash of the device's record before it (received before, or earlier in
 * this batch), and no other record holds its place. A predecessor never received is a gap.
 */
async function checkChain(
  tx: Transaction,
  deviceId: number,
  use: FieldUse,
  seen: Map<number, { clientId: string; hash: string }>,
): Promise<ChainVerdict> {
  const own = await chainRecordHash({ ...use, kind: 'use' });
  if (own !== use.hash) return 'rewrite';
  const sameplace = seen.get(use.seq) ?? (await findChainRecord(tx, deviceId, use.seq));
  if (sameplace && sameplace.clientId !== use.client_id) return 'rewrite';
  if (use.seq === 1) return use.prev_hash === CHAIN_GENESIS ? 'ok' : 'rewrite';
  const before = seen.get(use.seq - 1) ?? (await findChainRecord(tx, deviceId, use.seq - 1));
  if (!before?.hash) return 'gap';
  return before.hash === use.prev_hash ? 'ok' : 'rewrite';
}

/**
 * The uses a ranger's phone recorded offline (issue 24, item 4): each counted exactly once (its
 * client id is unique per device, a retry finds it), each kept even past the ticket's maximum
 * (the conflict row names both devices), each checked against the device's hash chain.
 */
export async function syncUses(
  ctx: ServiceContext,
  input: { uses: FieldUse[] },
): Promise<{ results: UseResult[] }> {
  const device = ctx.device;
  if (!device) throw new AppError('UNAUTHENTICATED', 401);
  requireStaffAccess(ctx, 'field');
  const now = ctx.clock.now();
  const uses = [...input.uses].sort((a, b) => a.seq - b.seq);
  const seen = new Map<number, { clientId: string; hash: string }>();
  const results: UseResult[] = [];
  for (const use of uses) {
    results.push(
      await ctx.db.transaction(async (tx) => {
        const known = await findUseByClientId(tx, device.deviceId, use.client_id);
        if (known) {
          seen.set(use.seq, { clientId: use.client_id, hash: use.hash });
          // The same record again is a retry; the same id with other content rewrote it.
          const chain: ChainVerdict = known.hash === use.hash ? 'ok' : 'rewrite';
          if (chain === 'rewrite') await flag(tx, device.deviceId, use, chain, now);
          return { client_id: use.client_id, outcome: 'duplicate', conflict: false, chain };
        }
        const chain = await checkChain(tx, device.deviceId, use, seen);
        seen.set(use.seq, { clientId: use.client_id, hash: use.hash });
        if (chain !== 'ok') await flag(tx, device.deviceId, use, chain, now);
        const ticket = await findTicketForUse(tx, use.ticket_code);
        // A code of no ticket, or of an area the ranger does not guard, counts nothing.
        if (!ticket || !decideAccess(staffPrincipalOf(device.staff), 'field', ticket).allowed) {
          return { client_id: use.client_id, outcome: 'unknown_ticket', conflict: false, chain };
        }
        const redemptionId = await insertFieldUse(tx, {
          issuedTicketId: ticket.id,
          redeemedAt: new Date(use.device_time),
          receivedAt: now,
          deviceId: device.deviceId,
          staffId: device.staff.staffId,
          clientId: use.client_id,
          latitude: use.latitude,
          longitude: use.longitude,
          chainSeq: use.seq,
          prevHash: use.prev_hash,
          recordHash: use.hash,
        });
        // Sent twice at once: the other request recorded it while this one waited.
        if (redemptionId === null)
          return { client_id: use.client_id, outcome: 'duplicate', conflict: false, chain };
        const counted = await countUse(tx, ticket.id);
        const conflict = counted.maxUsage !== null && counted.uses > counted.maxUsage;
        if (conflict) {
          const other = await findPreviousUse(tx, ticket.id, redemptionId);
          if (other) {
            await insertConflict(tx, {
              issuedTicketId: ticket.id,
              redemptionId,
              otherRedemptionId: other.id,
              deviceId: device.deviceId,
              otherDeviceId: other.deviceId,
              detectedAt: now,
            });
          }
        }
        return { client_id: use.client_id, outcome: 'recorded', conflict, chain };
      }),
    );
  }
  await markDeviceSynced(ctx.db, device.deviceId, now);
  return { results };
}

function flag(tx: Transaction, deviceId: number, use: FieldUse, kind: 'gap' | 'rewrite', now: Date) {
  return insertChainBreak(tx, { deviceId, seq: use.seq, kind, clientId: use.client_id, detectedAt: now });
}
