import {
  consoleOrder,
  consoleOrderMarkPaid,
  consoleOrderRefund,
  consoleOrderResend,
  consoleOrders,
} from '@sentiero/contract/console-orders';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { markOrderPaid, resendTickets } from './order-actions.ts';
import { getOrderStory } from './order-story.ts';
import { refundOrderAsStaff } from './refund-order.ts';
import { searchOrders } from './search-orders.ts';

/** The console's orders (issue 23, item 4); checkout's refunds and order desk are the app's decorations. */
export function registerConsoleOrderRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleOrders, (ctx, input) => searchOrders(ctx, input));
  registerEndpoint(app, consoleOrder, (ctx, input) => getOrderStory(ctx, input.code));
  registerEndpoint(app, consoleOrderResend, (ctx, input) => resendTickets(ctx, app.orderDesk, input.code));
  registerEndpoint(app, consoleOrderMarkPaid, (ctx, input) => markOrderPaid(ctx, app.orderDesk, input.code));
  registerEndpoint(app, consoleOrderRefund, (ctx, input) => refundOrderAsStaff(ctx, app.refunds, input));
}
