/** What other modules, scripts and the app's wiring may use of the staff side (ADR 011, 028). */
export { createDemoStaff } from './demo-staff.ts';
export {
  findOperatorAreasBySlug,
  findOperatorName,
  findOperatorNameBySlug,
  findSentieroStaffHolding,
  listSentieroStaffHolding,
  type StaffContact,
  type StaffName,
  staffNamesOf,
} from './directory.ts';
export { createInvitation, mailInvitation } from './invitations.ts';
export { NEW_OPERATOR_COMMISSION_BASIS_POINTS, openOperatorWithOwnerInvitation } from './open-operator.ts';
export { registerStaffRoutes } from './routes.ts';
