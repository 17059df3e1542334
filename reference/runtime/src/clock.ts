/** Time as the runtime sees it; tests pass their own to run the loops fast. */
export interface Clock {
  now(): number;
  /**
   * Resolves after `ms`, or rejects with the signal's reason once it aborts. A background
   * sleep (`keepAlive` false) does not keep the process alive: a script that is done may exit
   * while the heartbeat and the pollers wait.
   */
  sleep(ms: number, signal?: AbortSignal, keepAlive?: boolean): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal, keepAlive = false) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      if (!keepAlive) timer.unref();
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  },
};
