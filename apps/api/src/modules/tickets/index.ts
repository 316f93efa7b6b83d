/** What other modules and the app's wiring may use of tickets (ADR 011); its other files are its own. */

export { RELEVANCE_CANDIDATES } from './listing-limits.ts';
export { registerTicketRoutes } from './routes.ts';
export {
  describeTicketDays,
  findSaleTicket,
  findSaleTicketForPurchase,
  isOnSale,
  listServiceTags,
  listTicketCardsById,
  listTickets,
  type PurchaseTicket,
  requireTicketInfo,
} from './service.ts';
