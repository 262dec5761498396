/**
 * Runs at most `limit` tasks at once; the others wait their turn in order. For work that takes a
 * core and a lot of memory each (decoding pictures), so a burst of requests queues instead of
 * exhausting the machine.
 */
export function createConcurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
