import { describe, expect, it } from 'vitest';
import { findNextOpenDay } from './calendar-keys.ts';

describe('arrow keys on the availability calendar', () => {
  const open = [false, true, false, true, true, false, false, false, true, false];

  it('skip the days that cannot be chosen', () => {
    expect(findNextOpenDay(open, 1, 1)).toBe(3);
    expect(findNextOpenDay(open, 3, -1)).toBe(1);
  });

  it('go a week down or up, or on to the next open day that way', () => {
    expect(findNextOpenDay(open, 1, 7)).toBe(8);
    expect(findNextOpenDay(open, 8, -7)).toBe(1);
    expect(findNextOpenDay(open, 3, 7)).toBeUndefined();
  });

  it('stay put at the ends of the four weeks shown', () => {
    expect(findNextOpenDay(open, 8, 1)).toBeUndefined();
    expect(findNextOpenDay(open, 1, -1)).toBeUndefined();
  });
});
