/** What other modules, scripts and the app's wiring may use of the staff side (ADR 011, 028). */
export { createDemoStaff } from './demo-staff.ts';
export {
  findSentieroStaffWithRoles,
  findStaffNames,
  type StaffName,
} from './directory-repo.ts';
export { createInvitation, mailInvitation } from './invitations.ts';
export {
  NEW_OPERATOR_COMMISSION_BASIS_POINTS,
  type NewOperator,
  openOperatorWithOwnerInvitation,
} from './open-operator.ts';
export { findOperatorAreaIdsBySlug, findOperatorById, findOperatorBySlug } from './repo.ts';
export { registerStaffRoutes } from './routes.ts';
