import { AppError } from './errors.ts';

export type QueueLimits = {
  /** Tasks that run at once. */
  running: number;
  /** Tasks that may wait for a turn; one more is refused. */
  waiting: number;
  /** What a refused caller is told (`Retry-After`). */
  retryAfterSeconds: number;
};

/**
 * Work that holds a scarce resource (a thread of libuv's pool, hundreds of megabytes) taken in
 * turns: a few tasks run, a few wait in order of arrival, and the next is refused at once with a
 * 503 and `Retry-After` rather than left to pile up behind them.
 */
export class BoundedQueue {
  readonly #limits: QueueLimits;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limits: QueueLimits) {
    this.#limits = limits;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.#limits.running) {
      this.#running += 1;
    } else if (this.#waiting.length < this.#limits.waiting) {
      // The task that ends hands its turn over: `running` stays as it is.
      await new Promise<void>((turn) => this.#waiting.push(turn));
    } else {
      throw new AppError('SERVICE_UNAVAILABLE', 503, undefined, {
        retryAfterSeconds: this.#limits.retryAfterSeconds,
      });
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
