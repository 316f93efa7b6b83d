import type { Clock } from '../platform/context.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A clock a test moves by hand: it reads `start` until the test says otherwise. */
export type TestClock = Clock & {
  /** The instant it reads, in milliseconds. */
  ms(): number;
  /** Moves it to an instant. */
  set(instant: number): void;
  /** Moves it to `days` days (fractions too) after its start. */
  at(days: number): void;
};

export function createTestClock(start: number): TestClock {
  let instant = start;
  return {
    now: () => new Date(instant),
    ms: () => instant,
    set(next) {
      instant = next;
    },
    at(days) {
      instant = start + days * DAY;
    },
  };
}

/**
 * The clock of the test that is running, for an app a whole file shares: the app reads whichever
 * clock the test made last (`use`), so each test starts on a clock of its own and runs alone too.
 */
export function createClockSwitch(): Clock & { use(clock: TestClock): TestClock } {
  let current: Clock | undefined;
  return {
    now() {
      if (!current) throw new Error('no test clock in use: make one in the test or its beforeEach');
      return current.now();
    },
    use(clock) {
      current = clock;
      return clock;
    },
  };
}
