import type { TestContext } from './test-app.ts';

/** The first bytes of a PNG and a JPEG: what the upload checks (by content), not a whole picture. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 9)]);

/** `POST /api/admin/uploads` with one file, as the product form sends it. */
export function uploadPicture(ctx: TestContext, cookie: string, content: Buffer, filename = 'photo.png', type = 'image/png') {
  const boundary = '----shoppicturesboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/admin/uploads', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie } });
}
