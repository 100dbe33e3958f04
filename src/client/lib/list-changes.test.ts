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
/** A query client whose lists show these ids. */
function listsClient(lists: ListsSummary) {
  const queryClient = new QueryClient();
  const key = listsQuery().queryKey;
  queryClient.setQueryData(key, lists);
  return { queryClient, key };
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toggleListed', () => {
  it('sends a second quick change only once the first is answered, and keeps both on the counter', async () => {
    const answers = heldAnswers();
    const { queryClient, key } = listsClient({ favorites: [], compare: [] });

    toggleListed(queryClient, 'favorites', 11, false);
    toggleListed(queryClient, 'compare', 12, false);
    await settled();
    expect(queryClient.getQueryData(key)).toEqual({ favorites: [11], compare: [12] });
    // A first visit's cookie comes with the first answer: the second change waits for it.
    expect(answers).toHaveLength(1);

    answers[0]!({ favorites: [11], compare: [] });
    await settled();
    expect(answers).toHaveLength(2);
    expect(queryClient.getQueryData(key)).toEqual({ favorites: [11], compare: [12] });
    answers[1]!({ favorites: [11], compare: [12] });
    await settled();

    expect(queryClient.getQueryData(key)).toEqual({ favorites: [11], compare: [12] });
    // Both answered: the lists are read from the server again rather than taken from either answer.
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('sends the next change after a refused one', async () => {
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => answers.push(resolve)));
    const { queryClient, key } = listsClient({ favorites: [], compare: [] });

    toggleListed(queryClient, 'compare', 21, false);
    toggleListed(queryClient, 'compare', 22, false);
    await settled();
    answers[0]!(new Response(JSON.stringify({ message: 'Товар не найден' }), { status: 404, headers: { 'content-type': 'application/json' } }));
    await settled();
    await settled();
    expect(answers).toHaveLength(2);
    answers[1]!(new Response(JSON.stringify({ favorites: [], compare: [22] }), { headers: { 'content-type': 'application/json' } }));
    await settled();
    // The refused product is taken back when the lists are read again.
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('one change alone shows the server answer', async () => {
    const answers = heldAnswers();
    const { queryClient, key } = listsClient({ favorites: [5], compare: [] });

    toggleListed(queryClient, 'favorites', 7, false);
    await settled();
    answers[0]!({ favorites: [5, 7], compare: [3] });
    await settled();

    expect(queryClient.getQueryData(key)).toEqual({ favorites: [5, 7], compare: [3] });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });
});
