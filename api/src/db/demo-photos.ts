/**
 * Photos for the demo island, drawn at seed time with no network: a simple scene per trade (a
 * tiled bathroom, a painted room, a garden, a cake…) as SVG, in colours drawn from a seed, made a
 * PNG by sharp. The seed then stores them through the uploads module, as a provider's upload.
 */
import sharp from 'sharp';

export type Scene = 'bathroom' | 'room' | 'garden' | 'cake' | 'lights' | 'kitchen' | 'roof' | 'pool' | 'car' | 'studio';

/** The scene that shows a trade's work; a trade not named here shows a bright studio. */
const sceneOfTrade: Record<string, Scene> = {
  plumbing: 'bathroom', 'general-maintenance': 'bathroom', construction: 'kitchen', carpentry: 'kitchen', 'appliance-repair': 'kitchen',
  painting: 'room', cleaning: 'room', moving: 'room', 'pest-control': 'room', locksmith: 'room',
  landscaping: 'garden', 'dog-walking': 'garden', 'pet-sitting': 'garden', 'pet-training': 'garden',
  catering: 'cake', 'event-decor': 'cake', 'event-staff': 'cake', dj: 'lights', photography: 'studio',
  electrical: 'lights', hvac: 'lights', solar: 'roof', roofing: 'roof', pool: 'pool', 'auto-repair': 'car', 'car-detailing': 'car',
};

export function sceneOf(tradeSlug: string): Scene {
  return sceneOfTrade[tradeSlug] ?? 'studio';
}

/** Caribbean colours a scene picks from. */
const palette = ['#2a9d8f', '#e76f51', '#f4a261', '#e9c46a', '#264653', '#8ab17d', '#5e60ce', '#ff7f51', '#3a86ff', '#ef476f', '#06d6a0', '#118ab2'];
const soft = ['#f1faee', '#fdf0d5', '#e9f5db', '#fde2e4', '#e2ece9', '#fff1e6', '#eae4e9', '#dfe7fd'];

/** mulberry32: the same number always draws the same scene. */
function draw(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

const width = 1200;
const height = 900;

function tiles(x: number, y: number, w: number, h: number, size: number, fill: string, grout: string): string {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${grout}"/>`;
  for (let ty = y; ty < y + h; ty += size) {
    for (let tx = x; tx < x + w; tx += size) out += `<rect x="${tx + 3}" y="${ty + 3}" width="${size - 6}" height="${size - 6}" rx="4" fill="${fill}"/>`;
  }
  return out;
}

function scene(kind: Scene, seed: number): string {
  const r = draw(seed);
  const a = r.pick(palette);
  const b = r.pick(palette.filter((c) => c !== a));
  const wall = r.pick(soft);
  switch (kind) {
    case 'bathroom':
      return `${tiles(0, 0, width, 620, 100, wall, '#cfd8dc')}${tiles(0, 620, width, 280, 140, a, '#37474f')}
        <rect x="360" y="330" width="480" height="70" rx="18" fill="#fafafa" stroke="#b0bec5" stroke-width="6"/>
        <rect x="560" y="400" width="80" height="220" fill="#eceff1"/>
        <path d="M600 330 v-90 h60" stroke="#90a4ae" stroke-width="18" fill="none" stroke-linecap="round"/>
        <rect x="430" y="90" width="340" height="200" rx="16" fill="#e3f2fd" stroke="${b}" stroke-width="12"/>`;
    case 'room':
      return `<rect width="${width}" height="${height}" fill="${a}"/><rect y="700" width="${width}" height="200" fill="#c8a27a"/>
        <rect x="120" y="160" width="300" height="380" fill="#e3f2fd" stroke="#ffffff" stroke-width="18"/>
        <line x1="270" y1="160" x2="270" y2="540" stroke="#ffffff" stroke-width="12"/>
        <rect x="620" y="420" width="420" height="180" rx="30" fill="${b}"/><rect x="650" y="360" width="360" height="100" rx="30" fill="${b}" opacity="0.85"/>
        <rect x="900" y="520" width="160" height="40" rx="12" fill="${wall}" transform="rotate(-25 980 540)"/><line x1="980" y1="540" x2="1080" y2="700" stroke="#5d4037" stroke-width="14"/>`;
    case 'garden':
      return `<rect width="${width}" height="${height}" fill="#bde0fe"/><circle cx="980" cy="160" r="80" fill="#ffd166"/>
        <path d="M0 560 Q300 470 600 540 T1200 520 V900 H0 Z" fill="#6a994e"/><path d="M0 680 Q400 620 800 690 T1200 660 V900 H0 Z" fill="#386641"/>
        ${[140, 330, 520, 760, 980].map((x, i) => `<circle cx="${x}" cy="${560 - (i % 2) * 30}" r="${70 + (i % 3) * 15}" fill="#2d6a4f"/>`).join('')}
        ${Array.from({ length: 18 }, (_, i) => `<circle cx="${60 + i * 64}" cy="${760 + (i % 3) * 30}" r="16" fill="${i % 2 ? a : b}"/>`).join('')}`;
    case 'cake':
      return `<rect width="${width}" height="${height}" fill="${wall}"/><rect y="660" width="${width}" height="240" fill="#8d6e63"/>
        <ellipse cx="600" cy="660" rx="330" ry="40" fill="#eeeeee"/>
        <rect x="360" y="480" width="480" height="180" rx="20" fill="${a}"/><rect x="420" y="330" width="360" height="160" rx="20" fill="${b}"/>
        <rect x="480" y="210" width="240" height="130" rx="20" fill="${a}" opacity="0.9"/>
        ${[520, 600, 680].map((x) => `<rect x="${x - 8}" y="140" width="16" height="70" fill="#fff3b0"/><ellipse cx="${x}" cy="128" rx="12" ry="20" fill="#ffb703"/>`).join('')}
        ${Array.from({ length: 8 }, (_, i) => `<circle cx="${390 + i * 60}" cy="560" r="14" fill="#ffffff"/>`).join('')}`;
    case 'lights':
      return `<rect width="${width}" height="${height}" fill="#22313f"/><rect y="720" width="${width}" height="180" fill="#3d2c2e"/>
        ${[240, 600, 960].map((x) => `<line x1="${x}" y1="0" x2="${x}" y2="260" stroke="#9e9e9e" stroke-width="6"/>
          <path d="M${x - 110} 380 L${x - 50} 260 H${x + 50} L${x + 110} 380 Z" fill="${a}"/>
          <ellipse cx="${x}" cy="400" rx="60" ry="34" fill="#fff3b0"/><ellipse cx="${x}" cy="560" rx="200" ry="120" fill="#fff3b0" opacity="0.18"/>`).join('')}
        <rect x="80" y="520" width="180" height="240" rx="10" fill="#eceff1"/><rect x="110" y="560" width="120" height="20" fill="${b}"/><rect x="110" y="600" width="120" height="20" fill="${b}"/>`;
    case 'kitchen':
      return `<rect width="${width}" height="${height}" fill="${wall}"/>${tiles(0, 340, width, 160, 60, '#ffffff', '#cfd8dc')}
        ${[0, 1, 2, 3].map((i) => `<rect x="${60 + i * 280}" y="60" width="250" height="260" rx="10" fill="${a}"/><circle cx="${280 + i * 280}" cy="190" r="10" fill="#eeeeee"/>`).join('')}
        <rect x="0" y="500" width="${width}" height="40" fill="#e0e0e0"/>
        ${[0, 1, 2, 3].map((i) => `<rect x="${60 + i * 280}" y="560" width="250" height="300" rx="10" fill="${b}"/><rect x="${150 + i * 280}" y="600" width="70" height="12" rx="6" fill="#eeeeee"/>`).join('')}`;
    case 'roof':
      return `<rect width="${width}" height="${height}" fill="#a2d2ff"/><circle cx="180" cy="150" r="70" fill="#ffd166"/>
        <rect y="760" width="${width}" height="140" fill="#6a994e"/><rect x="260" y="460" width="680" height="320" fill="${wall}"/>
        <path d="M200 480 L600 180 L1000 480 Z" fill="${a}"/>
        ${[0, 1, 2].map((i) => `<path d="M${390 + i * 130} ${360 - i * 0} l110 0 l-30 -70 l-110 0 Z" fill="#1d3557" stroke="#a8dadc" stroke-width="4"/>`).join('')}
        <rect x="540" y="600" width="120" height="180" fill="${b}"/><rect x="330" y="560" width="130" height="110" fill="#e3f2fd"/><rect x="740" y="560" width="130" height="110" fill="#e3f2fd"/>`;
    case 'pool':
      return `<rect width="${width}" height="${height}" fill="#f5ebe0"/><rect x="120" y="220" width="960" height="560" rx="40" fill="#4cc9f0"/>
        <rect x="150" y="250" width="900" height="500" rx="30" fill="#00b4d8"/>
        ${Array.from({ length: 7 }, (_, i) => `<path d="M${190 + i * 125} ${400 + (i % 2) * 120} q30 -20 60 0 t60 0" stroke="#caf0f8" stroke-width="8" fill="none"/>`).join('')}
        <path d="M980 200 v140 M1040 200 v140 M980 240 h60 M980 290 h60" stroke="#adb5bd" stroke-width="12"/>
        <rect x="120" y="820" width="220" height="40" rx="10" fill="${a}"/><circle cx="1050" cy="840" r="46" fill="${b}"/>`;
    case 'car':
      return `<rect width="${width}" height="${height}" fill="#dee2e6"/><rect y="680" width="${width}" height="220" fill="#6c757d"/>
        <path d="M200 620 L300 460 Q340 400 420 400 H760 Q830 400 880 460 L980 560 Q1060 570 1060 640 V680 H200 Z" fill="${a}"/>
        <path d="M340 470 Q360 430 420 430 H560 V540 H300 Z M590 430 H750 Q800 430 840 480 L880 540 H590 Z" fill="#caf0f8"/>
        <circle cx="360" cy="690" r="80" fill="#212529"/><circle cx="360" cy="690" r="36" fill="#adb5bd"/>
        <circle cx="880" cy="690" r="80" fill="#212529"/><circle cx="880" cy="690" r="36" fill="#adb5bd"/>
        <rect x="1000" y="600" width="60" height="24" rx="8" fill="#fff3b0"/><rect x="60" y="120" width="200" height="120" rx="12" fill="${b}"/>`;
    case 'studio':
      return `<rect width="${width}" height="${height}" fill="${wall}"/><circle cx="600" cy="420" r="260" fill="${a}" opacity="0.25"/>
        <rect x="420" y="300" width="360" height="420" rx="40" fill="${a}"/><circle cx="600" cy="240" r="110" fill="${b}"/>
        <rect x="180" y="640" width="120" height="200" rx="14" fill="${b}"/><rect x="900" y="560" width="140" height="280" rx="14" fill="${a}" opacity="0.7"/>
        <rect y="840" width="${width}" height="60" fill="#adb5bd"/>`;
  }
}

/** One photo of `kind` as a PNG; the same kind and seed always draw the same picture. */
export async function scenePhoto(kind: Scene, seed: number): Promise<Buffer> {
  // Drawn on a 1200×900 canvas, made 960×720: three stored widths (320, 640, 960) keep the seed quick.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 ${width} ${height}">${scene(kind, seed)}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** A profile picture: a person's shape on a colour of the seed's. */
export async function portraitPhoto(seed: number): Promise<Buffer> {
  const r = draw(seed);
  const back = r.pick(palette);
  const shirt = r.pick(palette.filter((c) => c !== back));
  const skin = r.pick(['#8d5524', '#c68642', '#e0ac69', '#f1c27d', '#a0522d']);
  const hair = r.pick(['#2b2b2b', '#4e342e', '#6d4c41', '#212121']);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <rect width="512" height="512" fill="${back}"/><path d="M96 512 Q96 340 256 340 Q416 340 416 512 Z" fill="${shirt}"/>
    <rect x="226" y="280" width="60" height="70" fill="${skin}"/><circle cx="256" cy="220" r="92" fill="${skin}"/>
    <path d="M164 210 Q170 110 256 116 Q350 112 350 214 Q320 160 256 168 Q190 160 164 210 Z" fill="${hair}"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
