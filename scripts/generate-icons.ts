/**
 * Draws the app icons of the web app manifest (public/icons/*.png) from the shop's logo mark:
 * a white wrench on safety orange. Rendered by the system Chromium (Playwright), so no image
 * library is needed. Run after changing the mark: `npx tsx scripts/generate-icons.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const OUT = path.resolve(import.meta.dirname, '../public/icons');
const ORANGE = '#c2410c';
/** The favicon's wrench (a 32-unit grid), centred on (16, 16). */
const WRENCH = 'M21.5 6.5a5.5 5.5 0 0 0-5.3 7l-8.6 8.6a2 2 0 1 0 2.8 2.8l8.6-8.6a5.5 5.5 0 0 0 7-5.3l-3.2 3.2-3-.6-.6-3z';

/** Bounding box of WRENCH in its grid (measured once by the browser): the mark is centred by it. */
let box = { x: 0, y: 0, width: 32, height: 32 };

/**
 * `rounded`: the ordinary icon, a rounded square on transparency. Otherwise full-bleed orange
 * with the mark inside the central 80 % (the safe zone of maskable icons and Apple's own mask).
 */
function svg(size: number, rounded: boolean, markScale: number) {
  const s = (size / 32) * markScale;
  const dx = size / 2 - (box.x + box.width / 2) * s;
  const dy = size / 2 - (box.y + box.height / 2) * s;
  const bg = rounded ? `<rect width="${size}" height="${size}" rx="${size * 0.1875}" fill="${ORANGE}"/>` : `<rect width="${size}" height="${size}" fill="${ORANGE}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${bg}<path d="${WRENCH}" fill="#fff" transform="translate(${dx} ${dy}) scale(${s})"/></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  { file: 'maskable-192.png', size: 192, rounded: false, scale: 0.7 },
  { file: 'maskable-512.png', size: 512, rounded: false, scale: 0.7 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.8 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.setContent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="${WRENCH}"/></svg>`);
box = await page.locator('path').evaluate((el) => {
  const b = (el as SVGPathElement).getBBox();
  return { x: b.x, y: b.y, width: b.width, height: b.height };
});
fs.mkdirSync(OUT, { recursive: true });
for (const icon of ICONS) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.size, icon.rounded, icon.scale)}</body></html>`);
  await page.locator('svg').screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
  console.log(`public/icons/${icon.file} ${icon.size}×${icon.size}`);
}
await browser.close();
