import {
  regionTicket,
  serviceTagList,
  ticketAreaInfo,
  ticketAreaList,
  ticketAreaListV2,
  ticketCalendar,
  ticketCalendarV2,
  ticketInfo,
  ticketListRecommended,
  ticketListRecommendedV2,
  ticketPackageList,
  ticketResidenceList,
} from '@sentiero/contract/tickets';
import type { FastifyInstance } from 'fastify';
import { registerRulesDownload } from '../../platform/downloads.ts';
import { registerEndpoint } from '../../platform/http.ts';
import {
  getTicketCalendar,
  listAreaTickets,
  listRecommendedTickets,
  listRegionTickets,
  listResidenceCountries,
  listServiceTags,
  listTicketPackages,
  requireTicketInfo,
  requireTicketRules,
} from './service.ts';

export function registerTicketRoutes(app: FastifyInstance) {
  registerEndpoint(app, ticketPackageList, (ctx, input) => listTicketPackages(ctx, input.id));
  for (const endpoint of [ticketInfo, ticketAreaInfo]) {
    registerEndpoint(app, endpoint, async (ctx, input) => ({
      ticket: await requireTicketInfo(ctx, input.id),
    }));
  }
  for (const endpoint of [ticketAreaList, ticketAreaListV2]) {
    registerEndpoint(app, endpoint, (ctx, input) => listAreaTickets(ctx, input.id, input.page));
  }
  registerEndpoint(app, regionTicket, (ctx, input) =>
    listRegionTickets(ctx, input.id, input.id_category, input.page),
  );
  for (const endpoint of [ticketListRecommended, ticketListRecommendedV2]) {
    registerEndpoint(app, endpoint, (ctx, input) => listRecommendedTickets(ctx, input.source, input.page));
  }
  for (const endpoint of [ticketCalendar, ticketCalendarV2]) {
    registerEndpoint(app, endpoint, (ctx, input) => getTicketCalendar(ctx, input.id, input.from, input.days));
  }
  registerEndpoint(app, ticketResidenceList, (ctx, input) => listResidenceCountries(ctx, input.id));
  registerEndpoint(app, serviceTagList, (ctx) => listServiceTags(ctx));
  registerRulesDownload(
    app,
    '/api/app/ticket/rules',
    (ctx, id) => requireTicketRules(ctx, id),
    "A ticket's rules as a text file, in the language asked for.",
  );
}
