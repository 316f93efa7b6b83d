import type { Permission } from '@sentiero/contract/access';
import { PAGES } from '@sentiero/contract/pages';

/** A section of the console, shown to whoever holds its permission. */
export type ConsoleSection = { id: string; path: string; permission: Permission };

/**
 * The console's sections that exist, in the order of the navigation. A section is added here
 * when its screen is built (orders, catalogue, figures, team…), never before: a link to nothing
 * is worse than no link.
 */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { id: 'home', path: PAGES.console.path(), permission: 'console' },
  { id: 'catalogue', path: PAGES.consoleCatalogue.path(), permission: 'catalogue.read' },
  { id: 'team', path: PAGES.consoleTeam.path(), permission: 'team.manage' },
];

/** The sections a staff member's permissions open. */
export function visibleSections(
  permissions: readonly Permission[],
  sections: readonly ConsoleSection[] = CONSOLE_SECTIONS,
): ConsoleSection[] {
  return sections.filter((section) => permissions.includes(section.permission));
}
