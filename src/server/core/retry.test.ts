import { describe, expect, it } from 'vitest';
import { doublingDelay, retry } from './retry.ts';

describe('retry', () => {
  it('tries again while the error is worth it, at most `retries` more times', async () => {
    let tries = 0;
    const failing = () => {
      tries++;
      return Promise.reject(new Error(`try ${tries}`));
    };
    await expect(retry(failing, { retries: 3, shouldRetry: () => true })).rejects.toThrow('try 4');
    expect(tries).toBe(4);
  });

  it('stops at an error not worth another try, and returns the first success', async () => {
    let tries = 0;
    await expect(retry(() => Promise.reject(new Error(`no ${++tries}`)), { retries: 3, shouldRetry: () => false })).rejects.toThrow('no 1');
    const answer = await retry((attempt) => (attempt < 2 ? Promise.reject(new Error('busy')) : Promise.resolve(attempt)), { retries: 3, shouldRetry: () => true });
    expect(answer).toBe(2);
  });

  it('pauses between tries and stops a pause when the signal is aborted', async () => {
    const pauses: number[] = [];
    const delay = doublingDelay(() => 5);
    await retry((attempt) => (attempt < 2 ? Promise.reject(new Error('busy')) : Promise.resolve()), {
      retries: 3,
      shouldRetry: () => true,
      delayMs: (attempt) => {
        pauses.push(delay(attempt));
        return delay(attempt);
      },
    });
    expect(pauses).toEqual([10, 20]);
    const controller = new AbortController();
    const stopped = retry(() => Promise.reject(new Error('busy')), { retries: 3, shouldRetry: () => true, delayMs: () => 60_000, signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(stopped).rejects.toThrow('stop');
  });
});
