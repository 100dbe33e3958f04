/**
 * Reading a PDF the shop made as a person would: its text (pdfjs-dist, as a PDF viewer extracts
 * it) and the QR codes a phone would see on the page (the page drawn by pdfjs on @napi-rs/canvas,
 * then decoded with jsQR).
 */
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const open = (pdf: Buffer) => getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;

/** The text of every page, a line per line of the page, spaces (no-break ones too) as plain spaces. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await open(pdf);
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : ' ');
    }
    text += '\n';
  }
  await doc.destroy();
  return text.replace(/[^\S\n]+/g, ' ');
}

/** The text of the QR code on the first page, as a scanner reads it; null when none is found. */
export async function pdfQrCode(pdf: Buffer, scale = 3): Promise<string | null> {
  const doc = await open(pdf);
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  await doc.destroy();
  const code = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height);
  return code ? new TextDecoder('utf-8').decode(new Uint8Array(code.binaryData)) : null;
}
