/** What other modules and the app's wiring may use of work-with-us (ADR 011); its other files are its own. */
export type { WorkWithUsDeps } from './apply.ts';
export { settleApplicationPayment } from './apply.ts';
export type { ApplicationRow } from './repo.ts';
export {
  type ApplicationFilter,
  approveApplication,
  type CreateOperatorAndInviteOwner,
  listApplications,
  type Reviewer,
  rejectApplication,
} from './review.ts';
export { registerWorkWithUsRoutes } from './routes.ts';
