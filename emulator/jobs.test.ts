// A scheduled job due again while its last run is still going is queued once behind it, as pg_cron queues a job's runs.
import { describe, expect, it } from 'vitest';
import { oneAtATime } from './jobs';

/** A job that counts its runs and ends each when the test says. */
function heldJob() {
  const ends: (() => void)[] = [];
  let running = 0;
  let most = 0;
  const job = async () => {
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => ends.push(resolve));
    running--;
  };
  return { job, ends, runs: () => ends.length, most: () => most };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('oneAtATime', () => {
  it('runs a job due during its run once more after it, never two at a time', async () => {
    const held = heldJob();
    const job = oneAtATime(held.job);
    const first = job();
    const second = job();
    const third = job();
    await settle();
    expect(held.runs()).toBe(1);
    held.ends[0]();
    await first;
    await settle();
    expect(held.runs()).toBe(2);
    held.ends[1]();
    await Promise.all([second, third]);
    expect(held.runs()).toBe(2);
    expect(held.most()).toBe(1);
  });

  it('starts a new run once the last has ended', async () => {
    const held = heldJob();
    const job = oneAtATime(held.job);
    const first = job();
    await settle();
    held.ends[0]();
    await first;
    const again = job();
    await settle();
    expect(held.runs()).toBe(2);
    held.ends[1]();
    await again;
  });

  it('runs the queued run after a run that failed', async () => {
    let calls = 0;
    let fail: (error: Error) => void = () => {};
    const job = oneAtATime(async () => {
      calls++;
      if (calls === 1) await new Promise<void>((_, reject) => (fail = reject));
    });
    const first = job();
    const second = job();
    fail(new Error('the database went away'));
    await expect(first).rejects.toThrow('the database went away');
    await second;
    expect(calls).toBe(2);
  });
});
