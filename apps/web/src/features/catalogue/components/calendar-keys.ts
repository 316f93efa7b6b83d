/** Arrow keys move a day sideways and a week up or down, as in any date picker. */
export const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * From `index`, `step` days on, or the next open day after that in the same direction: focus
 * only lands on days that can be chosen. `undefined` when there is none that way.
 */
export function findNextOpenDay(open: boolean[], index: number, step: number): number | undefined {
  const direction = Math.sign(step);
  for (let candidate = index + step; candidate >= 0 && candidate < open.length; candidate += direction) {
    if (open[candidate]) return candidate;
  }
  return undefined;
}
