import { z } from 'zod';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';

export const MY_TICKETS_PAGE_SIZE = 20;

export const ZIssuedTicket = z
  .object({
    code: z.string(),
    order_code: z.string(),
    title: z.string(),
    area: z.string(),
    category_id: z.number().int(),
    holder: z.string(),
    valid_from: z.string(),
    valid_until: z.string(),
    max_usage: z.number().int().nullable(),
    uses: z.number().int(),
    status: z.enum(['active', 'cancelled']),
    pay_on_site: z.boolean(),
    /** The signed first-format `ST1.…` text, which the redeem path reads. */
    signed_code: z.string(),
    /**
     * What the ticket's QR code shows, drawn and verified without a network: the compact `ST2.…`
     * code (ADR 044), or for a ticket issued before it, its `ST1.…` text.
     */
    qr_code: z.string(),
    download_url: z.string(),
  })
  .meta({ id: 'IssuedTicket' });
export type IssuedTicket = z.infer<typeof ZIssuedTicket>;

/** SPEC section 3: purchases grouped by `date_purchase`, newest first. */
export const ticketList = defineEndpoint({
  path: '/app/ticket/list',
  kind: 'read',
  access: 'member',
  cache: 'private',
  tag: 'tickets',
  summary: "The member's tickets, grouped by purchase date, newest first, filtered by category.",
  input: z.object({
    lng: ZLanguageParam,
    id: ZId.optional(),
    id_category: ZId.optional(),
    page: ZPageParam,
    source: z.enum(['mytickets', 'confirmation']).default('mytickets'),
  }),
  output: z.object({
    purchase_list: z.array(z.object({ date_purchase: z.string(), tickets: z.array(ZIssuedTicket) })),
    ...ZPaging,
  }),
});

export const ticketShare = defineEndpoint({
  path: '/app/ticket/share',
  kind: 'write',
  access: 'member',
  tag: 'tickets',
  summary: 'A read-only link to one ticket, for a companion who has no account.',
  input: z.object({ lng: ZLanguageParam, code: z.string().trim().min(4).max(64) }),
  output: z.object({ url: z.string() }),
});

export const ticketShareRevoke = defineEndpoint({
  path: '/app/ticket/share/revoke',
  kind: 'write',
  access: 'member',
  tag: 'tickets',
  summary: "Stops every share link of one of the member's tickets; sharing it again makes a new link.",
  input: z.object({ lng: ZLanguageParam, code: z.string().trim().min(4).max(64) }),
  output: z.object({ ok: z.literal(true) }),
});

export const ticketShared = defineEndpoint({
  path: '/app/ticket/shared',
  kind: 'read',
  access: 'public',
  cache: 'private',
  tag: 'tickets',
  summary: 'The ticket behind a share link, until its owner revokes it or its last valid day is over.',
  input: z.object({ lng: ZLanguageParam, token: z.string().trim().min(16).max(64) }),
  output: z.object({ ticket: ZIssuedTicket }),
});
