/** What other modules, scripts and the app's wiring may use of the staff side (ADR 011, 028). */
export { createDemoStaff } from './demo-staff.ts';
export { createInvitation, mailInvitation } from './invitations.ts';
export { findOperatorAreaIdsBySlug, findOperatorBySlug } from './repo.ts';
export { registerStaffRoutes } from './routes.ts';
