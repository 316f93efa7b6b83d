/** What other modules and the app's wiring may use of my-tickets (ADR 011); its other files are its own. */
export { registerMyTicketRoutes } from './routes.ts';
export { listTicketsToMail, newShareToken, pdfLabels, toPdfTicket } from './service.ts';
