import * as accounts from './accounts.ts';
import * as alerts from './alerts.ts';
import * as areas from './areas.ts';
import * as blog from './blog.ts';
import * as catalogue from './catalogue.ts';
import * as cataloguePhotos from './catalogue-photos.ts';
import * as checkout from './checkout.ts';
import * as consoleAds from './console-ads.ts';
import * as consoleApplications from './console-applications.ts';
import * as consoleAreas from './console-areas.ts';
import * as consoleAudit from './console-audit.ts';
import * as consoleAuth from './console-auth.ts';
import * as consoleCatalogue from './console-catalogue.ts';
import * as consoleCoupons from './console-coupons.ts';
import * as consoleFigures from './console-figures.ts';
import * as consoleGrowth from './console-growth.ts';
import * as consoleInbox from './console-inbox.ts';
import * as consoleNewsletter from './console-newsletter.ts';
import * as consoleOperators from './console-operators.ts';
import * as consoleOrders from './console-orders.ts';
import * as consoleRanger from './console-ranger.ts';
import * as consoleTeam from './console-team.ts';
import * as dayCancellations from './day-cancellations.ts';
import { pickEndpoints } from './endpoint.ts';
import * as finds from './finds.ts';
import * as growth from './growth.ts';
import * as guides from './guides.ts';
import * as myTickets from './my-tickets.ts';
import * as newsletter from './newsletter.ts';
import * as notebook from './notebook.ts';
import * as photos from './photos.ts';
import * as premium from './premium.ts';
import * as ranger from './ranger.ts';
import * as search from './search.ts';
import * as system from './system.ts';
import * as ticketCancel from './ticket-cancel.ts';
import * as ticketMove from './ticket-move.ts';
import * as ticketReviews from './ticket-reviews.ts';
import * as tickets from './tickets.ts';
import * as waitlist from './waitlist.ts';
import * as weather from './weather.ts';
import * as workWithUs from './work-with-us.ts';

/**
 * Every endpoint of the API by route name: an endpoint is declared once, as a `defineEndpoint`
 * export of its module, and its export name is its route name. The web's path table (`routes.ts`,
 * generated from this) and the client's types (`api.ts`) are derived from it; the server is
 * tested to serve each one. A new contract module is added here (a unit test says when one is
 * missing).
 */
export const ENDPOINTS = {
  ...pickEndpoints(system),
  ...pickEndpoints(catalogue),
  ...pickEndpoints(cataloguePhotos),
  ...pickEndpoints(areas),
  ...pickEndpoints(growth),
  ...pickEndpoints(tickets),
  ...pickEndpoints(search),
  ...pickEndpoints(blog),
  ...pickEndpoints(guides),
  ...pickEndpoints(accounts),
  ...pickEndpoints(newsletter),
  ...pickEndpoints(checkout),
  ...pickEndpoints(myTickets),
  ...pickEndpoints(ticketReviews),
  ...pickEndpoints(ticketCancel),
  ...pickEndpoints(waitlist),
  ...pickEndpoints(ticketMove),
  ...pickEndpoints(dayCancellations),
  ...pickEndpoints(premium),
  ...pickEndpoints(weather),
  ...pickEndpoints(finds),
  ...pickEndpoints(notebook),
  ...pickEndpoints(photos),
  ...pickEndpoints(alerts),
  ...pickEndpoints(workWithUs),
  ...pickEndpoints(consoleAuth),
  ...pickEndpoints(consoleTeam),
  ...pickEndpoints(consoleOrders),
  ...pickEndpoints(consoleFigures),
  ...pickEndpoints(consoleGrowth),
  ...pickEndpoints(consoleAudit),
  ...pickEndpoints(consoleInbox),
  ...pickEndpoints(consoleApplications),
  ...pickEndpoints(consoleOperators),
  ...pickEndpoints(consoleCoupons),
  ...pickEndpoints(consoleAds),
  ...pickEndpoints(consoleNewsletter),
  ...pickEndpoints(consoleCatalogue),
  ...pickEndpoints(ranger),
  ...pickEndpoints(consoleRanger),
  ...pickEndpoints(consoleAreas),
};

export type EndpointName = keyof typeof ENDPOINTS;
