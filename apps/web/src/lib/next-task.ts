type Scheduler = { yield?: () => Promise<void> };

/**
 * Goes on in a task of its own, after the browser has had its turn (input, painting): a start of
 * many steps split into short tasks, so a tap is never kept waiting behind all of them (issue 21).
 * `scheduler.yield` where the browser has it keeps our place ahead of other queued work.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
