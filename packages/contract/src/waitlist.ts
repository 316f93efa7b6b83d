import { z } from 'zod';
import { ZCalendarDate, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';
import { WAITLIST_CUTOFF_HOURS, WAITLIST_MAX_PARTY } from './rules/waitlist.ts';

/*
 * A day's waiting list (issue 25 item 4, ADR 050): a member waits for a day with no places left;
 * places that come back are held for the first party that fits, who is told by mail and push and
 * takes them into the normal purchase (`app/v4/ticket/buy` with `waitlist_offer`).
 */

export { WAITLIST_CUTOFF_HOURS, WAITLIST_MAX_PARTY };

export const WAITLIST_ENTRY_STATES = ['waiting', 'offered', 'bought', 'declined', 'lapsed', 'left'] as const;

const ZOfferToken = z.string().trim().min(16).max(100);

export const ZWaitlistOffer = z
  .object({
    token: z.string(),
    places: z.number().int(),
    expires_at: z.string(),
    state: z.enum(['open', 'accepted', 'declined', 'lapsed']),
  })
  .meta({ id: 'WaitlistOffer' });

export const ZWaitlistEntry = z
  .object({
    id: z.number().int(),
    id_ticket: z.number().int(),
    ticket_title: z.string(),
    area_name: z.string(),
    day: z.string(),
    party: z.number().int(),
    state: z.enum(WAITLIST_ENTRY_STATES),
    /** 1 for the first in the queue; null once the entry left it. */
    position: z.number().int().nullable(),
    joined_at: z.string(),
    /** The places held for this member now, if any. */
    offer: ZWaitlistOffer.nullable(),
  })
  .meta({ id: 'WaitlistEntry' });
export type WaitlistEntry = z.infer<typeof ZWaitlistEntry>;

export const ticketWaitlistJoin = defineEndpoint({
  path: '/app/ticket/waitlist/join',
  kind: 'write',
  access: 'member',
  tag: 'tickets',
  summary:
    "Puts the member on a day's waiting list for a party of 1–10, when that day has too few places left for it. 409 when the member is already on it or the day has places; 400 when the day cannot be waited for (not an open day, too close to the activity, a ticket without a capacity or of more than one day).",
  input: z.object({
    lng: ZLanguageParam,
    id_ticket: ZId,
    day: ZCalendarDate,
    party: z.coerce.number().int().min(1).max(WAITLIST_MAX_PARTY),
  }),
  output: z.object({ entry: ZWaitlistEntry }),
});

export const ticketWaitlistLeave = defineEndpoint({
  path: '/app/ticket/waitlist/leave',
  kind: 'write',
  access: 'member',
  tag: 'tickets',
  summary:
    'Takes the member off a waiting list; places held for them go to the next in the queue. Another member’s entry answers 404.',
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: z.object({ left: z.literal(true) }),
});

export const ticketWaitlistMine = defineEndpoint({
  path: '/app/ticket/waitlist/mine',
  kind: 'read',
  access: 'member',
  cache: 'private',
  tag: 'tickets',
  summary:
    "The member's waiting lists for days still to come, each with their position in the queue and the places held for them, if any.",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ entries: z.array(ZWaitlistEntry) }),
});

export const ticketWaitlistOffer = defineEndpoint({
  path: '/app/ticket/waitlist/offer',
  kind: 'read',
  access: 'member',
  cache: 'private',
  tag: 'tickets',
  summary:
    "Places held for the member from a waiting list, by the link's token: the ticket, the day, how many and until when. Another member's token answers 404.",
  input: z.object({ lng: ZLanguageParam, token: ZOfferToken }),
  output: z.object({ entry: ZWaitlistEntry, offer: ZWaitlistOffer }),
});

export const ticketWaitlistDecline = defineEndpoint({
  path: '/app/ticket/waitlist/decline',
  kind: 'write',
  access: 'member',
  tag: 'tickets',
  summary:
    'Gives back places held for the member from a waiting list: they are offered to the next party that fits. 409 when the offer is no longer open.',
  input: z.object({ lng: ZLanguageParam, token: ZOfferToken }),
  output: z.object({ declined: z.literal(true) }),
});

export const ZConsoleWaitlistEntry = z.object({
  id: z.number().int(),
  position: z.number().int().nullable(),
  party: z.number().int(),
  state: z.enum(WAITLIST_ENTRY_STATES),
  joined_at: z.string(),
  member: z.object({ name: z.string(), email: z.string().nullable() }),
  offer_expires_at: z.string().nullable(),
});

export const consoleWaitlist = defineEndpoint({
  path: '/console/waitlist',
  kind: 'read',
  access: 'orders.read',
  tag: 'console',
  summary:
    "A day's waiting list for one ticket: who waits, in order, for how many, and whose places are held until when; then those who bought, declined, let the hold lapse or left.",
  input: z.object({ lng: ZLanguageParam, ticket_id: ZId, day: ZCalendarDate }),
  output: z.object({
    day: z.string(),
    entries: z.array(ZConsoleWaitlistEntry),
    waiting_places: z.number().int(),
    held_places: z.number().int(),
  }),
});
