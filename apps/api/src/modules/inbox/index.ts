/** What the app's wiring uses of the inbox (ADR 011); its other files are its own. */
export { registerInboxRoutes } from './routes.ts';
export { startInboxAnswers } from './start-inbox-answers.ts';
