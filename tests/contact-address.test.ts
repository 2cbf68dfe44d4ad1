// The contact function's limit counts the address the gateway saw, not the X-Forwarded-For a caller writes
// (issue 12): rotating the header and the email address still meets the 429 after five messages.
import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './support/emulator';
import { postToFunction } from './support/functions';

const emu = emulatorForFile();

describe('contact limit and forged addresses', () => {
  it('answers 429 to the sixth message although every one names another client and another email', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postToFunction(
        emu,
        'contact',
        JSON.stringify({
          name: 'Ada',
          email: `rotating-${i}-${Date.now()}@example.com`,
          message: 'Do you buy bulk lots?',
          elapsedMs: 9000,
        }),
        { 'x-forwarded-for': `198.51.100.${i + 1}`, 'cf-connecting-ip': `198.51.100.${i + 101}` },
      );
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
