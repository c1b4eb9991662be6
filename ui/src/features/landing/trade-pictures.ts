import plumbingPicture from '../../assets/trades/plumbing.svg?raw';
import electricalPicture from '../../assets/trades/electrical.svg?raw';
import cleaningPicture from '../../assets/trades/cleaning.svg?raw';
import photographyPicture from '../../assets/trades/photography.svg?raw';
import eventsPicture from '../../assets/trades/events.svg?raw';
import groomingPicture from '../../assets/trades/grooming.svg?raw';

/**
 * The trades' illustrations: flat SVGs drawn for Resuelve in the brand's teal, coral and sand,
 * released CC0 (credited in the landing footer), each under 2 KB. Bundled by Vite for the web and
 * the desktop alike; no network is needed to show them.
 *
 * Their markup goes in the page itself (decision 0044), decorative (`aria-hidden`): an SVG shown as
 * an `<img>` is a document of its own, and building six of them cost a phone 50–190 ms of blocked
 * main thread each while the landing started.
 */
const pictures: Record<string, string> = {
  plumbing: plumbingPicture,
  electrical: electricalPicture,
  cleaning: cleaningPicture,
  photography: photographyPicture,
  events: eventsPicture,
  grooming: groomingPicture,
};

export const tradePictures: Record<string, string> = Object.fromEntries(
  Object.entries(pictures).map(([name, svg]) => [
    name,
    svg.trim().replace('<svg ', '<svg class="landing-trade__picture" width="240" height="160" aria-hidden="true" focusable="false" '),
  ]),
);
