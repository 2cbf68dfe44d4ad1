// A call to an outside source under a deadline: past it, the call's signal aborts and nobody waits for it any longer.

/** The deadline passed before the call answered. */
export class DeadlineExceeded extends Error {}

/**
 * Runs `run` with a signal that aborts after `timeoutMs`. Once the deadline has passed, the answer is DeadlineExceeded,
 * whatever error the aborted call ends with; before it, the call's own result or error.
 */
export async function raceDeadline<T>(
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DeadlineExceeded();
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } catch (error) {
    // The call may reject with its own abort error just before the deadline's turn comes.
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}
