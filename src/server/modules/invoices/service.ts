import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { badRequest, conflict, notFound } from '../../core/http-errors.ts';
import { isStaff } from '#shared/constants.ts';
import type { PublicUser } from '#shared/types.ts';
import type { OrderInvoiceMail } from '../orders/mails.ts';
import { ORDER_NOT_FOUND } from '../orders/service.ts';
import { invoiceRequisites } from '../settings/service.ts';
import { findInvoice, type InvoiceDocument } from './document.ts';
import { invoicePdf } from './pdf.ts';

export const INVOICE_NOT_ISSUED = 'Счёт сейчас не может быть выставлен: реквизиты магазина не заполнены. Обратитесь к менеджеру.';

export const INVOICE_UNAVAILABLE_MESSAGE = 'Оплата по счёту сейчас недоступна: выберите другой способ оплаты';

/** For a new order paid by invoice: how many banking days its invoice is valid; refused while the shop's requisites are incomplete. */
export async function invoiceValidDaysOrRefuse(db: Db): Promise<number> {
  const seller = await invoiceRequisites(db);
  if (!seller) throw badRequest(INVOICE_UNAVAILABLE_MESSAGE, { paymentMethod: [INVOICE_UNAVAILABLE_MESSAGE] });
  return seller.invoiceValidDays;
}

export type InvoiceFile = { fileName: string; pdf: Buffer; document: InvoiceDocument };

/** «Счёт на оплату № 15.pdf» */
const fileNameOf = (document: InvoiceDocument) => `Счёт на оплату № ${document.orderId}.pdf`;

/** The invoice's PDF of an order paid by invoice; null when the order is not one or nothing can be issued. */
export async function invoiceFile(db: Db, orderId: number): Promise<InvoiceFile | null> {
  const found = await findInvoice(db, orderId);
  if (!found?.document) return null;
  return { fileName: fileNameOf(found.document), pdf: await invoicePdf(found.document), document: found.document };
}

/**
 * The invoice for the order's owner or staff. Anyone else, an order that does not exist and an
 * order not paid by invoice are the same 404; incomplete requisites are a 409 that says so.
 */
export async function invoiceForViewer(db: Db, orderId: number, viewer: PublicUser): Promise<InvoiceFile> {
  const found = await findInvoice(db, orderId);
  if (!found || (found.order.userId !== viewer.id && !isStaff(viewer.role))) throw notFound(ORDER_NOT_FOUND);
  if (!found.document) throw conflict(INVOICE_NOT_ISSUED);
  return { fileName: fileNameOf(found.document), pdf: await invoicePdf(found.document), document: found.document };
}

/**
 * The invoice a new order's letter carries; null for other orders, when nothing can be issued, or
 * when the PDF fails (logged): the letter then points to the order page, and the order stands.
 */
export async function invoiceForMail(db: Db, orderId: number, log: Pick<FastifyBaseLogger, 'error'>): Promise<OrderInvoiceMail | null> {
  try {
    const file = await invoiceFile(db, orderId);
    return file && { attachment: { filename: file.fileName, content: file.pdf, contentType: 'application/pdf' }, validUntil: file.document.validUntil };
  } catch (error) {
    log.error({ err: error, orderId }, 'invoice for the order mail failed');
    return null;
  }
}
