/** What the app's wiring uses of the console's orders (ADR 011, 033). */

export { CSV_BOM, csvRows } from './csv.ts';
export { startOrderExportJobs } from './export-jobs.ts';
export { registerConsoleOrderRoutes } from './routes.ts';
