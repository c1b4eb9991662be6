/**
 * Renders web/brand/og-image.svg to web/public/og-image.png (1200×630), the site's link-preview
 * image (decision record 0036): crawlers do not take SVG. Run once after changing the SVG:
 *   node scripts/render-og-image.mjs            (Chromium at CHROMIUM or /usr/bin/chromium)
 * Chromium draws the text in the app's own Inter; sharp then stores it as a small palette PNG.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = fs.readFileSync(path.join(root, 'web/brand/og-image.svg'), 'utf8');
const font = path.join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'og-image-'));
const page = path.join(work, 'page.html');
fs.writeFileSync(
  page,
  `<!doctype html><html><head><style>
    @font-face { font-family: 'Inter Variable'; font-weight: 100 900; src: url('file://${font}') format('woff2-variations'); }
    html, body { margin: 0; padding: 0; overflow: hidden; }
  </style></head><body>${svg}</body></html>`,
);
const shot = path.join(work, 'shot.png');
execFileSync(process.env.CHROMIUM ?? '/usr/bin/chromium', [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--hide-scrollbars',
  '--force-device-scale-factor=1',
  '--window-size=1200,630',
  '--virtual-time-budget=2000',
  `--screenshot=${shot}`,
  `file://${page}`,
], { stdio: 'ignore' });
const out = path.join(root, 'web/public/og-image.png');
await sharp(shot).resize(1200, 630).png({ palette: true, quality: 90, effort: 10 }).toFile(out);
fs.rmSync(work, { recursive: true, force: true });
const { width, height, size } = await sharp(out).metadata().then(async (m) => ({ ...m, size: fs.statSync(out).size }));
console.log(`web/public/og-image.png ${width}x${height}, ${Math.round(size / 1024)} KB`);
