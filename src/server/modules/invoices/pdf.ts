/**
 * The invoice as a PDF in the usual Russian layout (the bank block of the seller with the payment
 * QR code, the title, supplier and buyer, the table of lines, totals, the sum in words, validity
 * and signatures). PT Sans is embedded: pdfkit's standard fonts have no Cyrillic.
 */
import { createRequire } from 'node:module';
import type { SellerRequisites } from '#shared/schemas/seller-requisites.ts';
import { formatInvoiceAmount, type InvoiceDocument } from './document.ts';
import { paymentQrPng } from './qr.ts';

const require = createRequire(import.meta.url);
const REGULAR = require.resolve('@expo-google-fonts/pt-sans/400Regular/PTSans_400Regular.ttf');
const BOLD = require.resolve('@expo-google-fonts/pt-sans/700Bold/PTSans_700Bold.ttf');

const MARGIN = 40;
const PAGE_WIDTH = 595.28;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const QR_SIZE = 104;
const BORDER = 0.6;
const PAD = 3;

type Doc = PDFKit.PDFDocument;

/** «ООО «Ромашка», ИНН 7701234567, КПП 770101001, …»: a party's line as invoices print it. */
function partyLine(party: { name: string; inn?: string; kpp?: string | null; ogrn?: string | null; address?: string; account?: string | null; bank?: string; bik?: string | null; correspondentAccount?: string | null }): string {
  const ogrnLabel = party.ogrn?.length === 15 ? 'ОГРНИП' : 'ОГРН';
  return [
    party.name,
    party.inn && `ИНН ${party.inn}`,
    party.kpp && `КПП ${party.kpp}`,
    party.ogrn && `${ogrnLabel} ${party.ogrn}`,
    party.address,
    party.account && `р/с ${party.account}${party.bank ? ` в ${party.bank}` : ''}`,
    party.bik && `БИК ${party.bik}`,
    party.correspondentAccount && `к/с ${party.correspondentAccount}`,
  ]
    .filter(Boolean)
    .join(', ');
}

const sellerLine = (s: SellerRequisites) =>
  partyLine({ name: s.legalName, inn: s.inn, kpp: s.kpp, ogrn: s.ogrn, address: s.legalAddress, account: s.account, bank: s.bankName, bik: s.bik, correspondentAccount: s.correspondentAccount });

const buyerLine = (b: InvoiceDocument['buyer']) =>
  'inn' in b
    ? partyLine({ name: b.name, inn: b.inn, kpp: b.kpp, ogrn: b.ogrn, address: b.legalAddress, account: b.account, bik: b.bik, correspondentAccount: b.correspondentAccount })
    : b.name;

/** A bordered cell with text inside; answers nothing (the caller knows the row's height). */
function cell(doc: Doc, x: number, y: number, w: number, h: number, text: string, options: { bold?: boolean; align?: 'left' | 'right' | 'center'; size?: number; border?: boolean } = {}) {
  if (options.border !== false) doc.lineWidth(BORDER).rect(x, y, w, h).stroke();
  doc
    .font(options.bold ? 'bold' : 'regular')
    .fontSize(options.size ?? 9)
    .text(text, x + PAD, y + PAD, { width: w - 2 * PAD, align: options.align ?? 'left' });
}

/** The seller's bank block, as a payment order lays it out, with the QR code beside it. */
async function bankBlock(doc: Doc, invoice: InvoiceDocument, top: number): Promise<number> {
  const s = invoice.seller;
  const blockWidth = WIDTH - QR_SIZE - 12;
  const labelW = 44;
  const valueW = 132;
  const leftW = blockWidth - labelW - valueW;
  const halfW = leftW / 2;
  const row = 15;
  const bankH = 2 * row;
  cell(doc, MARGIN, top, leftW, bankH, '');
  doc.font('regular').fontSize(9).text(s.bankName, MARGIN + PAD, top + PAD, { width: leftW - 2 * PAD, height: row * 1.4, ellipsis: true });
  doc.fontSize(7).text('Банк получателя', MARGIN + PAD, top + bankH - 10, { width: leftW - 2 * PAD });
  cell(doc, MARGIN + leftW, top, labelW, row, 'БИК');
  cell(doc, MARGIN + leftW + labelW, top, valueW, row, s.bik);
  cell(doc, MARGIN + leftW, top + row, labelW, row, 'Сч. №');
  cell(doc, MARGIN + leftW + labelW, top + row, valueW, row, s.correspondentAccount);

  const second = top + bankH;
  cell(doc, MARGIN, second, halfW, row, `ИНН ${s.inn}`);
  cell(doc, MARGIN + halfW, second, halfW, row, s.kpp ? `КПП ${s.kpp}` : '');
  const recipientH = 4 * row;
  cell(doc, MARGIN, second + row, leftW, recipientH - row, '');
  doc.font('regular').fontSize(8.5).text(s.legalName, MARGIN + PAD, second + row + PAD, { width: leftW - 2 * PAD, height: recipientH - row - 12, ellipsis: true });
  doc.fontSize(7).text('Получатель', MARGIN + PAD, second + recipientH - 10, { width: leftW - 2 * PAD });
  cell(doc, MARGIN + leftW, second, labelW, recipientH, 'Сч. №');
  cell(doc, MARGIN + leftW + labelW, second, valueW, recipientH, s.account);

  const qr = await paymentQrPng(invoice.qrPayload);
  const qrTop = top - 4;
  doc.image(qr, MARGIN + WIDTH - QR_SIZE, qrTop, { width: QR_SIZE, height: QR_SIZE });
  doc.font('regular').fontSize(6.5).text('Оплата по QR-коду в приложении банка', MARGIN + WIDTH - QR_SIZE, qrTop + QR_SIZE + 2, { width: QR_SIZE, align: 'center' });
  return Math.max(second + recipientH, qrTop + QR_SIZE + 12);
}

/** «Поставщик» / «Покупатель»: the label on the left, the requisites wrapped beside it. */
function partyRow(doc: Doc, label: string, text: string, top: number): number {
  const labelW = 112;
  doc.font('regular').fontSize(9).text(label, MARGIN, top, { width: labelW });
  doc.font('bold').fontSize(9).text(text, MARGIN + labelW, top, { width: WIDTH - labelW });
  return Math.max(doc.y, top + 12) + 6;
}

const COLUMNS = [
  { title: '№', width: 24, align: 'center' as const },
  { title: 'Товары (работы, услуги)', width: 0, align: 'left' as const },
  { title: 'Кол-во', width: 46, align: 'right' as const },
  { title: 'Ед.', width: 30, align: 'center' as const },
  { title: 'Цена', width: 72, align: 'right' as const },
  { title: 'Сумма', width: 78, align: 'right' as const },
];
COLUMNS[1]!.width = WIDTH - COLUMNS.reduce((sum, c) => sum + c.width, 0);

const PAGE_BOTTOM = 841.89 - MARGIN;

function tableRow(doc: Doc, values: string[], top: number, bold: boolean): number {
  doc.font(bold ? 'bold' : 'regular').fontSize(9);
  const height = Math.max(...values.map((v, i) => doc.heightOfString(v, { width: COLUMNS[i]!.width - 2 * PAD }))) + 2 * PAD;
  let x = MARGIN;
  values.forEach((value, i) => {
    cell(doc, x, top, COLUMNS[i]!.width, height, value, { bold, align: bold ? 'center' : COLUMNS[i]!.align });
    x += COLUMNS[i]!.width;
  });
  return top + height;
}

function linesTable(doc: Doc, invoice: InvoiceDocument, top: number): number {
  let y = tableRow(doc, COLUMNS.map((c) => c.title), top, true);
  invoice.lines.forEach((line, i) => {
    if (y > PAGE_BOTTOM - 40) {
      doc.addPage();
      y = tableRow(doc, COLUMNS.map((c) => c.title), MARGIN, true);
    }
    y = tableRow(doc, [String(i + 1), line.name, String(line.quantity), line.unit, formatInvoiceAmount(line.priceKopecks), formatInvoiceAmount(line.totalKopecks)], y, false);
  });
  return y;
}

function totals(doc: Doc, invoice: InvoiceDocument, top: number): number {
  let y = top + 6;
  const amountW = COLUMNS.at(-1)!.width;
  for (const total of invoice.totals) {
    doc.font('bold').fontSize(9);
    doc.text(total.label, MARGIN, y, { width: WIDTH - amountW - 6, align: 'right' });
    if (total.kopecks !== null) doc.text(formatInvoiceAmount(total.kopecks), MARGIN + WIDTH - amountW, y, { width: amountW - PAD, align: 'right' });
    y += 13;
  }
  return y;
}

function signatures(doc: Doc, seller: SellerRequisites, top: number) {
  const entrepreneur = seller.inn.length === 12;
  const signers: [string, string][] = entrepreneur
    ? [['Индивидуальный предприниматель', seller.director]]
    : [
        ['Руководитель', seller.director],
        ['Главный бухгалтер', seller.chiefAccountant],
      ];
  const labelW = 150;
  const lineW = 110;
  signers.forEach(([label, name], i) => {
    const y = top + i * 30;
    doc.font('bold').fontSize(9).text(label, MARGIN, y + 4, { width: labelW });
    doc.lineWidth(BORDER).moveTo(MARGIN + labelW, y + 15).lineTo(MARGIN + labelW + lineW, y + 15).stroke();
    doc.font('regular').fontSize(9).text(name, MARGIN + labelW + lineW + 10, y + 4, { width: WIDTH - labelW - lineW - 10 });
    doc.fontSize(6.5).text('подпись', MARGIN + labelW, y + 17, { width: lineW, align: 'center' });
  });
}

/** The invoice's PDF. */
export async function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  // Loaded when an invoice is drawn: imported with the server, PDFKit was 0.2 s of every start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: invoice.title, Author: invoice.seller.legalName, Subject: invoice.title, Creator: invoice.seller.legalName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);

  let y = await bankBlock(doc, invoice, MARGIN);
  doc.font('bold').fontSize(14).text(invoice.title, MARGIN, y + 14, { width: WIDTH });
  y = doc.y + 4;
  doc.lineWidth(1.5).moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).stroke();
  y = partyRow(doc, 'Поставщик (Исполнитель):', sellerLine(invoice.seller), y + 8);
  y = partyRow(doc, 'Покупатель (Заказчик):', buyerLine(invoice.buyer), y);
  y = partyRow(doc, 'Основание:', `Заказ № ${invoice.orderId} от ${invoice.date}`, y);
  y = linesTable(doc, invoice, y + 4);
  if (y > PAGE_BOTTOM - 200) {
    doc.addPage();
    y = MARGIN;
  }
  y = totals(doc, invoice, y);
  doc.font('regular').fontSize(9).text(invoice.countLine, MARGIN, y + 4, { width: WIDTH });
  doc.font('bold').fontSize(10).text(invoice.totalInWords, MARGIN, doc.y + 1, { width: WIDTH });
  doc.font('regular').fontSize(9).text(`Счёт действителен до ${invoice.validUntil} В назначении платежа укажите номер и дату счёта.`, MARGIN, doc.y + 8, { width: WIDTH });
  y = doc.y + 6;
  doc.lineWidth(1.5).moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).stroke();
  signatures(doc, invoice.seller, y + 14);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
