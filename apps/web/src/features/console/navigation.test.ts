import { describe, expect, it } from 'vitest';
import { type ConsoleSection, visibleSections } from './navigation.ts';

const SECTIONS: ConsoleSection[] = [
  { id: 'home', path: '/console', permission: 'console' },
  { id: 'orders', path: '/console/orders', permission: 'orders.read' },
  { id: 'team', path: '/console/team', permission: 'team.manage' },
];

describe("the console's navigation", () => {
  it('lists only the sections the permissions open', () => {
    expect(visibleSections(['console', 'checkin'], SECTIONS).map((section) => section.id)).toEqual(['home']);
    expect(visibleSections(['console', 'orders.read', 'team.manage'], SECTIONS).map((s) => s.id)).toEqual([
      'home',
      'orders',
      'team',
    ]);
    expect(visibleSections([], SECTIONS)).toEqual([]);
  });
});
