import {
  consoleManifest,
  consoleOrder,
  consoleOrderChoices,
  consoleOrderExportCreate,
  consoleOrderExportFile,
  consoleOrderExports,
  consoleOrderMarkPaid,
  consoleOrderRefund,
  consoleOrderResend,
  consoleOrders,
  consoleOrdersExport,
} from '@sentiero/contract/console-orders';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { downloadOrderExport, listOrderExports, requestOrderExport } from './background-exports.ts';
import type { OrderExportDeps } from './export-jobs.ts';
import { exportOrders } from './export-orders.ts';
import { getManifest, getOrderChoices } from './manifest.ts';
import { markOrderPaid, resendTickets } from './order-actions.ts';
import { getOrderStory } from './order-story.ts';
import { refundOrderAsStaff } from './refund-order.ts';
import { searchOrders } from './search-orders.ts';

/** The console's orders (issue 23, item 4); checkout's refunds and order desk are the app's decorations. */
export function registerConsoleOrderRoutes(
  app: FastifyInstance,
  exports: Pick<OrderExportDeps, 'queueOrderExport'>,
) {
  registerEndpoint(app, consoleOrders, (ctx, input) => searchOrders(ctx, input));
  registerEndpoint(app, consoleOrder, (ctx, input) => getOrderStory(ctx, input.code));
  registerEndpoint(app, consoleOrderResend, (ctx, input) => resendTickets(ctx, app.orderDesk, input.code));
  registerEndpoint(app, consoleOrderMarkPaid, (ctx, input) => markOrderPaid(ctx, app.orderDesk, input.code));
  registerEndpoint(app, consoleOrderRefund, (ctx, input) => refundOrderAsStaff(ctx, app.refunds, input));
  registerEndpoint(app, consoleOrderChoices, (ctx) => getOrderChoices(ctx));
  registerEndpoint(app, consoleManifest, (ctx, input) => getManifest(ctx, input));
  registerEndpoint(app, consoleOrdersExport, async (ctx, input, _request, reply) =>
    sendCsv(reply, await exportOrders(ctx, input)),
  );
  registerEndpoint(app, consoleOrderExportCreate, (ctx, input) => requestOrderExport(ctx, exports, input));
  registerEndpoint(app, consoleOrderExports, (ctx, input) => listOrderExports(ctx, input.page));
  registerEndpoint(app, consoleOrderExportFile, async (ctx, input, _request, reply) =>
    sendCsv(reply, await downloadOrderExport(ctx, input.id)),
  );
}

/** A CSV sent as it is read, piece by piece: no length, and streams go uncompressed (compression.ts). */
async function sendCsv(reply: FastifyReply, file: { filename: string; body: NodeJS.ReadableStream }) {
  await reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(file.filename))
    .header('cache-control', 'private, no-store')
    .send(file.body);
  return reply as never;
}

/** A file name in any language: an ASCII one for old clients, the UTF-8 one (RFC 6266) for the rest. */
function contentDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
