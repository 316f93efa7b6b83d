/**
 * `node scripts/render-app-icons.ts`: the installed app's PNG icons, drawn from the site's mark
 * (`favicon.svg`) and its full-bleed variant for masks (`icons/maskable.svg`) by the system
 * Chromium at each size. Run again after changing either drawing; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const publicDir = new URL('../apps/web/public/', import.meta.url);
const ICONS = [
  { svg: 'favicon.svg', png: 'icons/icon-192.png', size: 192 },
  { svg: 'favicon.svg', png: 'icons/icon-512.png', size: 512 },
  // iOS draws its own rounded corners over an opaque square.
  { svg: 'icons/maskable.svg', png: 'icons/apple-touch-icon.png', size: 180 },
  { svg: 'icons/maskable.svg', png: 'icons/maskable-192.png', size: 192 },
  { svg: 'icons/maskable.svg', png: 'icons/maskable-512.png', size: 512 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = readFileSync(new URL(icon.svg, publicDir), 'utf8');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.size}px;height:${icon.size}px}</style>${svg}`,
    );
    await page.screenshot({ path: new URL(icon.png, publicDir).pathname, omitBackground: true });
    await page.close();
    console.log(`${icon.png}: ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
