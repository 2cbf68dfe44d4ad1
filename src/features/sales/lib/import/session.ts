// One file being imported: its reading and checking run in a Web Worker where the browser has one, and in place
// otherwise (tests), through the same functions.
import { buildLoaded, loadFile, type Inspection, type Loaded } from './inspect';
import { UnreadableFileError } from './read';
import type { BuiltRows, ImportPlan } from './rows';

export type WorkerRequest = { type: 'inspect'; file: File } | { type: 'build'; plan: ImportPlan };
export type WorkerReply =
  | { type: 'inspected'; inspection: Inspection }
  | { type: 'progress'; done: number; total: number }
  | { type: 'built'; built: BuiltRows }
  | { type: 'failed'; message: string; unreadable: boolean };

export type ImportSession = {
  inspect(file: File): Promise<Inspection>;
  build(plan: ImportPlan, onProgress: (done: number, total: number) => void): Promise<BuiltRows>;
  close(): void;
};

export function createImportSession(): ImportSession {
  if (typeof Worker === 'undefined') return inPlace();
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
  let progress: ((done: number, total: number) => void) | null = null;
  const ask = <T>(request: WorkerRequest, pick: (reply: WorkerReply) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<WorkerReply>) => {
        const reply = event.data;
        if (reply.type === 'progress') return progress?.(reply.done, reply.total);
        if (reply.type === 'failed')
          return reject(reply.unreadable ? new UnreadableFileError(reply.message) : new Error(reply.message));
        const value = pick(reply);
        if (value !== undefined) resolve(value);
      };
      worker.onerror = () => reject(new Error('We could not read this file.'));
      worker.postMessage(request);
    });
  return {
    inspect: (file) =>
      ask({ type: 'inspect', file }, (r) => (r.type === 'inspected' ? r.inspection : undefined)),
    build: (plan, onProgress) => {
      progress = onProgress;
      return ask({ type: 'build', plan }, (r) => (r.type === 'built' ? r.built : undefined));
    },
    close: () => worker.terminate(),
  };
}

function inPlace(): ImportSession {
  let loaded: Loaded | null = null;
  return {
    async inspect(file) {
      loaded = loadFile(new Uint8Array(await file.arrayBuffer()), file.name);
      return loaded.inspection;
    },
    async build(plan, onProgress) {
      if (!loaded) throw new Error('inspect a file first');
      return buildLoaded(loaded, plan, onProgress);
    },
    close: () => {},
  };
}
