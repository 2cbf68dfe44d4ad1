/**
 * Runs `task` when the browser's main thread is next idle (at most `timeoutMs` later), so work a visitor has not asked
 * for yet (fetching the login dialog before the first tap) never delays a frame or a tap. Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 50);
  return () => window.clearTimeout(id);
}
