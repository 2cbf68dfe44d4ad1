// A local stand-in for the external form-collection service (a Google Form's formResponse endpoint): it takes
// application/x-www-form-urlencoded posts of entry fields, answers 200 with a short HTML page, and records what it
// got. Tests can make it fail (any status) or stop it to make it unreachable.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FormSubmission = {
  path: string;
  contentType: string;
  fields: Record<string, string>;
  receivedAt: string;
};

export type FakeFormService = {
  /** The formResponse URL to configure as CONTACT_FORM_URL. */
  url: string;
  /** Every accepted submission, oldest first. */
  submissions: FormSubmission[];
  /** Answer every post with this status (and record nothing) until `recover()`. */
  failWith(status: number): void;
  recover(): void;
  /** Entry fields the form requires; a post missing one gets 400, as Google Forms does. */
  requireFields(names: string[]): void;
  stop(): Promise<void>;
};

export async function startFakeFormService(): Promise<FakeFormService> {
  const submissions: FormSubmission[] = [];
  let failure: number | null = null;
  let required: string[] = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method !== 'POST' || !/^\/forms\/d\/e\/[^/]+\/formResponse$/.test(path)) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not Found</p>');
        return;
      }
      if (failure !== null) {
        res
          .writeHead(failure, { 'content-type': 'text/html' })
          .end('<p>Something went wrong. Please try again later.</p>');
        return;
      }
      const contentType = req.headers['content-type'] ?? '';
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      if (
        !contentType.startsWith('application/x-www-form-urlencoded') ||
        required.some((name) => !fields[name])
      ) {
        res.writeHead(400, { 'content-type': 'text/html' }).end('<p>This form could not be submitted.</p>');
        return;
      }
      submissions.push({ path, contentType, fields, receivedAt: new Date().toISOString() });
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<p>Your response has been recorded.</p>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/forms/d/e/1FAIpQLSfake-contact-form/formResponse`,
    submissions,
    failWith: (status) => {
      failure = status;
    },
    recover: () => {
      failure = null;
    },
    requireFields: (names) => {
      required = names;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A URL on which nothing listens: a form service that is down. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/forms/d/e/down/formResponse`;
}
