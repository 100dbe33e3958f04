import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { TEST_SELLER_REQUISITES } from '../../../../tests/helpers/seller-requisites.ts';
import { paymentQrPayload, paymentQrPng } from './qr.ts';

describe('the payment QR code (ГОСТ Р 56042-2014)', () => {
  it('has no separator inside a value and reads back as UTF-8 text', async () => {
    const seller = { ...TEST_SELLER_REQUISITES, legalName: 'ООО «Ромашка | Опт»', bankName: 'АО «Банк»\nфилиал', kpp: '' };
    const payload = paymentQrPayload(seller, 1_234_567, 'Оплата по счёту № 7 от 1 декабря 2026 г.');
    expect(payload).toBe(
      `ST00012|Name=ООО «Ромашка Опт»|PersonalAcc=${seller.account}|BankName=АО «Банк» филиал|BIC=${seller.bik}|CorrespAcc=${seller.correspondentAccount}|PayeeINN=${seller.inn}|Sum=1234567|Purpose=Оплата по счёту № 7 от 1 декабря 2026 г.`,
    );
    const png = PNG.sync.read(await paymentQrPng(payload));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(new TextDecoder().decode(new Uint8Array(code!.binaryData))).toBe(payload);
  });
});
