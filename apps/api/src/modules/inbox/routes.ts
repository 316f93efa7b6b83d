import {
  consoleInbox,
  consoleInboxAssign,
  consoleInboxReply,
  consoleInboxState,
  consoleInboxThread,
} from '@sentiero/contract/console-inbox';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import {
  assignAsStaff,
  changeThreadState,
  listInboxForStaff,
  readThread,
  replyAsStaff,
} from './console-inbox.ts';

/** The console's inbox (issue 23, item 4; ADR 031). */
export function registerInboxRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleInbox, (ctx, input) => listInboxForStaff(ctx, input));
  registerEndpoint(app, consoleInboxThread, (ctx, input) => readThread(ctx, input.id));
  registerEndpoint(app, consoleInboxReply, (ctx, input) => replyAsStaff(ctx, input));
  registerEndpoint(app, consoleInboxAssign, (ctx, input) => assignAsStaff(ctx, input));
  registerEndpoint(app, consoleInboxState, (ctx, input) => changeThreadState(ctx, input));
}
