// A service's background work done in rounds: one at once, then the next `intervalMs` after each
// ends, so two rounds never overlap however long one takes; a stop waits for the round in hand and
// starts no other. The internal polls and auth's reminder clock run this way.

export interface Rounds {
  /** Resolves once the round in hand has finished; no round starts after it. */
  stop(): Promise<void>;
}

/** `round` handles its own failures: a rejection would end nothing, but it would go unheard. */
export function startRounds(round: () => Promise<void>, intervalMs: number): Rounds {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inHand: Promise<void> = Promise.resolve();
  let isStopped = false;
  const run = () => {
    inHand = round()
      .catch(() => undefined)
      .finally(() => {
        if (isStopped) return;
        timer = setTimeout(run, intervalMs);
        timer.unref?.();
      });
  };
  run();
  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await inHand;
    },
  };
}
