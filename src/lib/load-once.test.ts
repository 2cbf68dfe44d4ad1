import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once for every caller, and tries again after a failure', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk lost'))
      .mockResolvedValue('module');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('chunk lost');
    await expect(Promise.all([get(), get()])).resolves.toEqual(['module', 'module']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
