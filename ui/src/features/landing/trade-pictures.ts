/**
 * The trades' illustrations: flat SVGs drawn for Resuelve in the brand's teal, coral and sand,
 * released CC0 (credited in the landing footer), each under 2 KB. Bundled by Vite for the web and
 * the desktop alike; no network is needed to show them.
 */
export const tradePictures: Record<string, string> = {
  plumbing: new URL('../../assets/trades/plumbing.svg', import.meta.url).href,
  electrical: new URL('../../assets/trades/electrical.svg', import.meta.url).href,
  cleaning: new URL('../../assets/trades/cleaning.svg', import.meta.url).href,
  photography: new URL('../../assets/trades/photography.svg', import.meta.url).href,
  events: new URL('../../assets/trades/events.svg', import.meta.url).href,
  grooming: new URL('../../assets/trades/grooming.svg', import.meta.url).href,
};
