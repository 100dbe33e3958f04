/**
 * A checkout's body that passes every rule (delivery to an address, cash), `extra` over it: for
 * the API tests, the browser tests and the load benchmark alike. Free of the test runner, so a
 * script may use it.
 */
export const validOrderBody = (cartId: string, extra: Record<string, unknown> = {}) => ({
  customerName: 'Иван Петров',
  customerEmail: 'ivan.petrov@example.ru',
  customerPhone: '+7 900 123-45-67',
  address: 'ул. Мира, д. 5, кв. 12',
  city: 'Волгоград',
  postalCode: '400005',
  paymentMethod: 'cash',
  notes: 'Позвонить за час',
  consent: true,
  cartId,
  ...extra,
});
