/**
 * The payment QR code of ГОСТ Р 56042-2014 («Стандарты финансовых операций. Двумерные символы
 * штрихового кода для осуществления платежей физическими лицами»), which Russian banking apps
 * read to fill a transfer: the format tag `ST0001`, the encoding `2` (UTF-8), then `Key=value`
 * pairs separated by `|`; the five required ones first (Name, PersonalAcc, BankName, BIC,
 * CorrespAcc), then the optional ones; `Sum` is in kopecks.
 */
import QRCode from 'qrcode';
import type { SellerRequisites } from '#shared/schemas/seller-requisites.ts';

const HEADER = 'ST00012';

/** A value may not hold the separator: the standard has no escape, so it is dropped (with the line breaks a banking app would not show). */
const clean = (value: string) => value.replace(/[|\r\n]+/g, ' ').replace(/\s+/g, ' ').trim();

export function paymentQrPayload(seller: SellerRequisites, sumKopecks: number, purpose: string): string {
  const fields: [string, string][] = [
    ['Name', seller.legalName],
    ['PersonalAcc', seller.account],
    ['BankName', seller.bankName],
    ['BIC', seller.bik],
    ['CorrespAcc', seller.correspondentAccount],
    ['PayeeINN', seller.inn],
    ...(seller.kpp ? ([['KPP', seller.kpp]] as [string, string][]) : []),
    ['Sum', String(sumKopecks)],
    ['Purpose', purpose],
  ];
  return [HEADER, ...fields.map(([key, value]) => `${key}=${clean(value)}`)].join('|');
}

/** The QR code as a PNG: level M, as banks print it; the text in byte mode as UTF-8 (the header's encoding 2). */
export const paymentQrPng = (payload: string): Promise<Buffer> => QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 0, scale: 8 });
