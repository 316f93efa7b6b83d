/** What other modules and the app's wiring may use of weather (ADR 011); its other files are its own. */

export { configuredWeatherSource, startWeatherJobs } from './jobs.ts';
export { registerWeatherRoutes } from './routes.ts';
export { areaDayKey, findDayWeatherSnapshots, listGrowthWeather, listWeatherWarnings } from './service.ts';
