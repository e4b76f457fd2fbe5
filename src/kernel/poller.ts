/**
 * A background loop of every node (webhook deliveries, owner mails, scheduled publishes): one
 * round at a time, the next `everyMs` after the last one ended, at once after `kick()`. Rounds
 * never overlap: `run` (a round asked for by a test or the CLI) waits for the one in flight, and
 * a kick during a round starts the next as soon as it ends. A round that throws is handed to
 * `onError` and the loop goes on; `close` stops the loop and resolves once the round in flight
 * is over. Timers are unref'd: a loop never keeps the process alive.
 */
export interface Poller {
  /** Starts the loop (the first round `everyMs` later, or at once with `immediate`). Before it, kick() does nothing. */
  start(): void;
  /** The next round at once (after the one in flight, if any). */
  kick(): void;
  /** Runs `round` exclusively: after the round in flight and before the next. */
  run<T>(round: () => Promise<T>): Promise<T>;
  /** Stops the loop; resolves when the round in flight (if any) has ended. */
  close(): Promise<void>;
}

export function createPoller(opts: {
  round: () => Promise<unknown>;
  /** Pause between rounds, read after each round (a loop may poll faster while busy). */
  everyMs: number | (() => number);
  onError: (err: unknown) => void;
  /** The first round right at start. */
  immediate?: boolean;
}): Poller {
  const delay = typeof opts.everyMs === 'number' ? () => opts.everyMs as number : opts.everyMs;
  let serial: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;
  let ticking = false;
  let again = false;

  const run = <T>(round: () => Promise<T>): Promise<T> => {
    const r = serial.then(round, round);
    serial = r.catch(() => undefined);
    return r;
  };

  function schedule(ms: number) {
    if (!started || stopped) return;
    if (ticking) {
      if (ms === 0) again = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  async function tick() {
    ticking = true;
    again = false;
    try {
      await run(opts.round);
    } catch (err) {
      opts.onError(err);
    }
    ticking = false;
    schedule(again ? 0 : delay());
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(opts.immediate ? 0 : delay());
    },
    kick: () => schedule(0),
    run,
    async close() {
      stopped = true;
      clearTimeout(timer);
      await serial;
    },
  };
}
