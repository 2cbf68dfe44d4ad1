// The emulator's scheduled jobs, run as pg_cron runs a hosted project's: "at most one instance of a job at a time. If
// a second run is supposed to start before the first one finishes, then the second run is queued and started as soon
// as the first run completes" (pg_cron's README). A roll that waits ten minutes behind a rebuild of the cells holds one
// connection, not ten.

/** `job`, run at most once at a time: a call during a run queues one more run after it (calls beyond that join it). */
export function oneAtATime(job: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const run = (async () => {
      try {
        await job();
      } finally {
        running = undefined;
      }
    })();
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}
