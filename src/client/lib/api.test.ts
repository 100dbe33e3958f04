import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from './api.ts';

describe('a refused reply in the browser console', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is information for a 4xx the shop answers on purpose, an error for a failure of the server', () => {
    vi.stubGlobal('window', {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      const refused = failure(new Response(null, { status }), { message: 'Проверьте поля' }, 'POST', '/api/orders');
      expect(refused).toMatchObject({ message: 'Проверьте поля', status });
    }
    expect(error).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledTimes(7);
    expect(info).toHaveBeenLastCalledWith('POST /api/orders: 429 Проверьте поля');
    failure(new Response(null, { status: 500 }), { message: 'Внутренняя ошибка сервера' }, 'GET', '/api/cart');
    expect(error).toHaveBeenCalledWith('GET /api/cart: 500 Внутренняя ошибка сервера');
  });
});
