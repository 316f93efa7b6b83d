/** What other modules and the app's wiring may use of growth (ADR 011); its other files are its own. */

export { findGrowthBoosts } from './boosts.ts';
export { findAreaForecasts, WEATHER_BEFORE_TODAY } from './forecast.ts';
export { isRecordableDay, recordFieldObservation } from './observations.ts';
export { registerGrowthRoutes } from './routes.ts';
