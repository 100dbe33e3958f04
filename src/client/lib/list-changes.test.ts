import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListsSummary } from '#shared/product-lists.ts';
import { listsQuery } from './lists.ts';
import { toggleListed } from './list-changes.ts';

/** The server's answers, held until the test lets each one through. */
function heldAnswers() {
  const answers: ((summary: ListsSummary) => void)[] = [];
  vi.stubGlobal('fetch', () =>
    new Promise<Response>((resolve) => answers.push((summary) => resolve(new Response(JSON.stringify(summary), { headers: { 'content-type': 'application/json' } })))),
  );
  return answers;
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toggleListed', () => {
  it('two products compared quickly stay two when the first answer comes back last', async () => {
    const answers = heldAnswers();
    const queryClient = new QueryClient();
    const key = listsQuery().queryKey;
    queryClient.setQueryData(key, { favorites: [], compare: [] });

    toggleListed(queryClient, 'compare', 11, false);
    toggleListed(queryClient, 'compare', 12, false);
    expect(queryClient.getQueryData(key)?.compare).toEqual([11, 12]);

    answers[1]!({ favorites: [], compare: [11, 12] });
    await settled();
    answers[0]!({ favorites: [], compare: [11] });
    await settled();

    expect(queryClient.getQueryData(key)?.compare).toEqual([11, 12]);
    // Both answered: the lists are read from the server again rather than taken from either answer.
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('one change alone shows the server answer', async () => {
    const answers = heldAnswers();
    const queryClient = new QueryClient();
    const key = listsQuery().queryKey;
    queryClient.setQueryData(key, { favorites: [5], compare: [] });

    toggleListed(queryClient, 'favorites', 7, false);
    answers[0]!({ favorites: [5, 7], compare: [3] });
    await settled();

    expect(queryClient.getQueryData(key)).toEqual({ favorites: [5, 7], compare: [3] });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });
});
