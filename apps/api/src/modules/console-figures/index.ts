/** What the app's wiring (and `npm run bench:console`) uses of the console's figures (ADR 011, 036). */
export { figureDaysRollUp, rollUpDays } from './jobs.ts';
export { registerConsoleFigureRoutes } from './routes.ts';
