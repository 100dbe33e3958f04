import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '#client/lib/api.ts';
import { IMPORT_BANNER_MS } from '#shared/constants.ts';
import { invalidateCatalog } from '#client/features/admin/lib/catalog.ts';
import { importProductItem } from './api.ts';

export type ItemResult =
  | { index: number; name: string; status: 'created' | 'updated'; productId: number; sku: string }
  | { index: number; name: string; status: 'error'; message: string };

export type RunState = 'idle' | 'running' | 'stopping' | 'done' | 'stopped';

const itemName = (item: unknown) => {
  const name = item && typeof item === 'object' ? (item as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name.trim() ? name.trim() : 'без названия';
};

/** Every message of a failed item, without repeats. */
function errorText(error: unknown): string {
  if (error instanceof ApiError && error.errors) {
    const messages = [...new Set(Object.values(error.errors).flat())];
    if (messages.length > 0) return messages.join('; ');
  }
  return error instanceof Error ? error.message : 'Не удалось импортировать товар';
}

/**
 * An import run: the items are sent one by one, in order, so one bad item does not stop the
 * rest, and a stop takes effect between two items. The closing banner goes after 5 s (spec 9).
 */
export function useImportRun() {
  const queryClient = useQueryClient();
  const [total, setTotal] = useState(0);
  const [results, setResults] = useState<ItemResult[]>([]);
  const [state, setState] = useState<RunState>('idle');
  const [banner, setBanner] = useState<string | null>(null);
  const stopRequested = useRef(false);

  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), IMPORT_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  async function run(items: unknown[]) {
    setBanner(null);
    setResults([]);
    setTotal(items.length);
    setState('running');
    stopRequested.current = false;
    const done: ItemResult[] = [];
    for (const [index, item] of items.entries()) {
      if (stopRequested.current) break;
      const name = itemName(item);
      let result: ItemResult;
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        result = { index, name, status: 'error', message: 'Ожидался объект товара с полями name, sku, price, categoryId' };
      } else {
        try {
          const { action, product } = await importProductItem(item);
          result = { index, name: product.name, status: action, productId: product.id, sku: product.sku };
        } catch (error) {
          result = { index, name, status: 'error', message: errorText(error) };
        }
      }
      done.push(result);
      setResults([...done]);
    }
    const stopped = stopRequested.current && done.length < items.length;
    setState(stopped ? 'stopped' : 'done');
    const ok = done.filter((r) => r.status !== 'error').length;
    setBanner(
      `${stopped ? 'Импорт остановлен' : 'Импорт завершён'}: успешно ${ok} из ${items.length}, ошибок ${done.length - ok}` +
        (stopped ? `, не обработано ${items.length - done.length}` : ''),
    );
    if (ok > 0) void invalidateCatalog(queryClient);
  }

  const stop = () => {
    stopRequested.current = true;
    setState('stopping');
  };

  return { total, results, state, banner, run, stop };
}
