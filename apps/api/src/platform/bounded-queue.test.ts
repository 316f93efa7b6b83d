import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './bounded-queue.ts';
import { AppError } from './errors.ts';

/** A task that runs until the test lets it end. */
function heldTask(log: string[], name: string) {
  let release = () => {};
  const ended = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release,
    run: async () => {
      log.push(`start ${name}`);
      await ended;
      log.push(`end ${name}`);
      return name;
    },
  };
}

describe('BoundedQueue', () => {
  it('runs a few at once, lets a few wait in order, and refuses the next with a 503 and Retry-After', async () => {
    const sut = new BoundedQueue({ running: 2, waiting: 2, retryAfterSeconds: 5 });
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(log, name));
    const results = tasks.map((task) => sut.run(task.run));
    await Promise.resolve();
    expect(log).toEqual(['start a', 'start b']);
    expect([sut.running, sut.waiting]).toEqual([2, 2]);

    const refused = await sut.run(async () => 'e').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, retryAfterSeconds: 5 });

    tasks[1]?.release();
    await expect(results[1]).resolves.toBe('b');
    // The turn that ended went to the first that waited, not to a newcomer.
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    expect([sut.running, sut.waiting]).toEqual([2, 1]);
    for (const task of tasks) task.release();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect([sut.running, sut.waiting]).toEqual([0, 0]);
  });

  it('frees the turn of a task that fails', async () => {
    const sut = new BoundedQueue({ running: 1, waiting: 0, retryAfterSeconds: 1 });
    await expect(sut.run(async () => Promise.reject(new Error('corrupt image')))).rejects.toThrow(
      'corrupt image',
    );
    await expect(sut.run(async () => 'next')).resolves.toBe('next');
  });
});
