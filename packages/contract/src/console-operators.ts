import { z } from 'zod';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { OPERATOR_KINDS } from './operator-kinds.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';

/*
 * The operators that sell on Sentiero, for its admins (issue 23): how many areas each owns and
 * who its owners are, or whom an approved application invited to be one.
 */

export const OPERATORS_PAGE_SIZE = 25;

const ZOwner = z.object({ name: z.string(), email: z.string() });
/** An owner's invitation not yet accepted (nor expired). */
const ZOwnerInvitation = z.object({ email: z.string(), expires_at: z.string() });

const ZOperatorSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(OPERATOR_KINDS),
  vat_number: z.string().nullable(),
  contact_email: z.string(),
  areas: z.number().int(),
  owners: z.array(ZOwner),
  owner_invitations: z.array(ZOwnerInvitation),
  created_at: z.string(),
});

export const consoleOperators = defineEndpoint({
  path: '/console/operators',
  kind: 'read',
  access: 'operators.manage',
  tag: 'console',
  summary:
    'The operators, by name, 25 a page (searched by name, slug or VAT number): their areas counted, their owners and open owner invitations.',
  input: z.object({
    lng: ZLanguageParam,
    page: ZPageParam,
    q: z.string().trim().min(2).max(100).optional(),
  }),
  output: z.object({ operators: z.array(ZOperatorSummary), ...ZPaging }),
});

export const consoleOperator = defineEndpoint({
  path: '/console/operator',
  kind: 'read',
  access: 'operators.manage',
  tag: 'console',
  summary:
    'One operator: its details, commission, areas (named in the reader’s language), owners and open owner invitations.',
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: ZOperatorSummary.extend({
    /** Sentiero's share of each sale, in hundredths of a percent (1500 = 15%). */
    commission_basis_points: z.number().int(),
    area_list: z.array(
      z.object({ id: z.number().int(), slug: z.string(), name: z.string(), available: z.boolean() }),
    ),
  }),
});
