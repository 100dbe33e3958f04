// @vitest-environment happy-dom
import { act, Suspense, use } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useOpenHere } from './open-here.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

function Shell() {
  const [open, setOpen] = useOpenHere();
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть меню
      </button>
      {open && <div role="dialog">Меню</div>}
      <Suspense fallback={<p>Загрузка</p>}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** A page whose code or data is still on its way: React keeps the previous page on screen meanwhile. */
function deferredPage() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  function Page() {
    use(arrived);
    return <h1>Вторая страница</h1>;
  }
  return { Page, arrive };
}

let unmount = () => {};
afterEach(() => unmount());

async function shop() {
  window.history.replaceState(null, '', '/');
  const next = deferredPage();
  const router = createBrowserRouter([
    { path: '/', element: <Shell />, children: [{ index: true, element: <h1>Первая страница</h1> }, { path: 'next', element: <next.Page /> }] },
  ]);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<RouterProvider router={router} />));
  unmount = () => {
    act(() => root.unmount());
    container.remove();
  };
  const text = () => container.textContent ?? '';
  const click = (label: string) => act(async () => [...container.querySelectorAll('button')].find((b) => b.textContent === label)!.click());
  return { router, next, text, click, dialog: () => container.querySelector('[role="dialog"]') };
}

describe('a menu open for one location', () => {
  it('closes when the visitor goes to another page', async () => {
    const { router, next, text, click, dialog } = await shop();
    await click('Открыть меню');
    expect(dialog()?.textContent).toBe('Меню');
    await act(async () => {
      next.arrive();
      await router.navigate('/next');
    });
    expect(text()).toContain('Вторая страница');
    expect(dialog()).toBeNull();
  });

  it('opened while the next page is still being drawn, it stays open once that page shows', async () => {
    const { router, next, text, click, dialog } = await shop();
    await act(async () => void router.navigate('/next'));
    // The address is the new page's already; the screen still shows the previous one.
    expect(window.location.pathname).toBe('/next');
    expect(text()).toContain('Первая страница');

    await click('Открыть меню');
    await act(async () => next.arrive());
    expect(text()).toContain('Вторая страница');
    expect(dialog()?.textContent).toBe('Меню');
  });
});
