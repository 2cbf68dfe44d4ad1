// What a long bench starts with: a watchdog that ends a run stuck past its time budget, and the line that says which
// machine its figures come from.
import os from 'node:os';

/** Exits with code 1 once `budgetMs` has passed, saying so; `cleanUp` (stopping servers, say) runs first when given. */
export function giveUpAfter(bench: string, budgetMs: number, cleanUp?: () => Promise<void>): void {
  const watchdog = setTimeout(() => {
    console.error(`${bench} gave up after ${budgetMs / 60000} minutes.`);
    if (cleanUp) void cleanUp().finally(() => process.exit(1));
    else process.exit(1);
  }, budgetMs);
  watchdog.unref();
}

/** "machine: 4 cores (CPU model), 16 GB, load 0.52 0.40 0.31, Node v22.x": printed before the figures. */
export function machineLine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${load}, Node ${process.version}`;
}
