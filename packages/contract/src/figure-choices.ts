/*
 * The figures' choices (ADR 036), apart from the endpoints' schemas so the console's screens
 * carry them without zod.
 */
export const FIGURE_GRAINS = ['day', 'week', 'month'] as const;
export type FigureGrain = (typeof FIGURE_GRAINS)[number];
export const FIGURE_SPLITS = ['operator', 'area', 'ticket'] as const;
export type FigureSplit = (typeof FIGURE_SPLITS)[number];
export const FIGURE_TABLES = ['sales', 'places', 'on_site', 'premium'] as const;
export type FigureTable = (typeof FIGURE_TABLES)[number];
