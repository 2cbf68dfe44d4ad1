// Reads and checks an import off the main thread, so a 50,000-row file never freezes the tab.
import { buildLoaded, loadFile, type Loaded } from './inspect';
import { UnreadableFileError } from './read';
import type { WorkerReply, WorkerRequest } from './session';

let loaded: Loaded | null = null;
const reply = (message: WorkerReply) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'inspect') {
      const bytes = new Uint8Array(await request.file.arrayBuffer());
      loaded = loadFile(bytes, request.file.name);
      reply({ type: 'inspected', inspection: loaded.inspection });
    } else if (loaded) {
      const built = buildLoaded(loaded, request.plan, (done, total) =>
        reply({ type: 'progress', done, total }),
      );
      reply({ type: 'built', built });
    }
  } catch (error) {
    reply({
      type: 'failed',
      message: error instanceof UnreadableFileError ? error.message : 'We could not read this file.',
      unreadable: error instanceof UnreadableFileError,
    });
  }
};
