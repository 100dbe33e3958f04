import { FileDown } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import type { PaymentMethod } from '#shared/constants.ts';

/** Orders paid by invoice have one to download (GET /api/orders/{id}/invoice.pdf: the owner and staff). */
export const hasInvoice = (order: { paymentMethod: PaymentMethod }) => order.paymentMethod === 'invoice';

/**
 * «Скачать счёт (PDF)»: a plain link, so it works before the script loads; the server names the
 * file «Счёт на оплату № N.pdf».
 */
export function InvoiceLink({ orderId, size = 'default', className }: { orderId: number; size?: 'default' | 'sm'; className?: string }) {
  return (
    <Button asChild variant="outline" size={size} className={className}>
      <a href={`/api/orders/${orderId}/invoice.pdf`} download data-testid="invoice-link">
        <FileDown aria-hidden />
        Скачать счёт (PDF)
      </a>
    </Button>
  );
}
