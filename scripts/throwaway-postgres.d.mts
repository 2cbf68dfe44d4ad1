import type { StdioOptions } from 'node:child_process';

export const pgBin: string | undefined;
export function startPostgres(options?: { stdio?: StdioOptions }): { url: string; stop(): void };
