// jsdom ships no types and @types/jsdom is not installed; the prerender step (src/entry-server.tsx) uses only this.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
