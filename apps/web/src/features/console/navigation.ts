import type { Permission } from '@sentiero/contract/access';
import { PAGES } from '@sentiero/contract/pages';

/**
 * A section of the console, shown to whoever holds its permission. Its name is `sections.<id>` of
 * the `console` namespace, or `label` (`namespace:key`) for a section whose texts live apart.
 */
export type ConsoleSection = { id: string; path: string; permission: Permission; label?: string };

/**
 * The console's sections that exist, in the order of the navigation. A section is added here
 * when its screen is built (orders, catalogue, figures, team…), never before: a link to nothing
 * is worse than no link.
 */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { id: 'home', path: PAGES.console.path(), permission: 'console' },
  { id: 'orders', path: PAGES.consoleOrders.path(), permission: 'orders.read' },
  { id: 'manifest', path: PAGES.consoleManifest.path(), permission: 'orders.read' },
  { id: 'catalogue', path: PAGES.consoleCatalogue.path(), permission: 'catalogue.read' },
  { id: 'areas', path: PAGES.consoleAreas.path(), permission: 'catalogue.read' },
  { id: 'coupons', path: PAGES.consoleCoupons.path(), permission: 'coupons.manage' },
  {
    id: 'growth',
    path: PAGES.consoleGrowth.path(),
    permission: 'growth.report',
    label: 'consoleRecords:sections.growth',
  },
  {
    id: 'inbox',
    path: PAGES.consoleInbox.path(),
    permission: 'inbox.handle',
    label: 'consoleInbox:sections.inbox',
  },
  {
    id: 'applications',
    path: PAGES.consoleApplications.path(),
    permission: 'applications.review',
    label: 'consoleInbox:sections.applications',
  },
  {
    id: 'operators',
    path: PAGES.consoleOperators.path(),
    permission: 'operators.manage',
    label: 'consoleInbox:sections.operators',
  },
  { id: 'ads', path: PAGES.consoleAds.path(), permission: 'ads.manage' },
  { id: 'newsletter', path: PAGES.consoleNewsletter.path(), permission: 'newsletter.send' },
  { id: 'figures', path: PAGES.consoleFigures.path(), permission: 'figures.read' },
  { id: 'statements', path: PAGES.consoleStatements.path(), permission: 'statements.read' },
  {
    id: 'audit',
    path: PAGES.consoleAudit.path(),
    permission: 'audit.read',
    label: 'consoleRecords:sections.audit',
  },
  { id: 'team', path: PAGES.consoleTeam.path(), permission: 'team.manage' },
  {
    id: 'devices',
    path: PAGES.consoleDevices.path(),
    permission: 'devices.manage',
    label: 'consoleRecords:sections.devices',
  },
  {
    id: 'inspections',
    path: PAGES.consoleInspections.path(),
    permission: 'devices.manage',
    label: 'consoleRecords:sections.inspections',
  },
];

/** The sections a staff member's permissions open. */
export function visibleSections(
  permissions: readonly Permission[],
  sections: readonly ConsoleSection[] = CONSOLE_SECTIONS,
): ConsoleSection[] {
  return sections.filter((section) => permissions.includes(section.permission));
}
