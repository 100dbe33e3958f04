import { z } from '#shared/schemas/z.ts';
import { notFound } from '../../core/http-errors.ts';
import { ORDER_NOT_FOUND } from '../orders/service.ts';
import type { App } from '../../core/app-types.ts';
import { invoiceForViewer } from './service.ts';

/**
 * A file name in a Content-Disposition header: an ASCII fallback, and the Russian name as RFC 5987's
 * `filename*` (UTF-8, percent-encoded; encodeURIComponent leaves `'()*` as they are, which the
 * RFC's attr-char does not allow).
 */
export const attachmentDisposition = (fileName: string, asciiFallback: string) =>
  `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** The invoice of an order paid by invoice (issue 27): its owner and staff only. */
export default async function invoiceRoutes(app: App) {
  app.get(
    '/orders/:id/invoice.pdf',
    {
      config: { access: 'user' },
      schema: { tags: ['Заказы'], summary: 'Счёт на оплату заказа в PDF (владельцу заказа и сотрудникам; только для оплаты по счёту)', params: z.object({ id: z.string() }) },
    },
    async (request, reply) => {
      // As GET /api/orders/{id}: a number that is no order's is simply not found.
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      if (id <= 0) throw notFound(ORDER_NOT_FOUND);
      const file = await invoiceForViewer(app.deps.db, id, request.user!);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(file.fileName, `invoice-${file.document.orderId}.pdf`))
        .send(file.pdf);
    },
  );
}
