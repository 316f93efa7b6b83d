import {
  consoleInbox,
  consoleInboxAssign,
  consoleInboxReply,
  consoleInboxSeen,
  consoleInboxState,
  consoleInboxThread,
} from '@sentiero/contract/console-inbox';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import {
  assignAsStaff,
  changeThreadState,
  listInboxForStaff,
  markSeenAsStaff,
  readThread,
  replyAsStaff,
} from './console-inbox.ts';
import type { ReplyAddresses } from './reply-addresses.ts';

/**
 * The console's inbox (issue 23, item 4; ADR 031). `addresses` make each reply's Reply-To its
 * thread's address; null when inbound mail is off.
 */
export function registerInboxRoutes(
  app: FastifyInstance,
  { addresses }: { addresses: ReplyAddresses | null },
) {
  registerEndpoint(app, consoleInbox, (ctx, input) => listInboxForStaff(ctx, input));
  registerEndpoint(app, consoleInboxThread, (ctx, input) => readThread(ctx, input.id));
  registerEndpoint(app, consoleInboxReply, (ctx, input) => replyAsStaff(ctx, input, addresses));
  registerEndpoint(app, consoleInboxAssign, (ctx, input) => assignAsStaff(ctx, input));
  registerEndpoint(app, consoleInboxState, (ctx, input) => changeThreadState(ctx, input));
  registerEndpoint(app, consoleInboxSeen, (ctx, input) => markSeenAsStaff(ctx, input));
}
