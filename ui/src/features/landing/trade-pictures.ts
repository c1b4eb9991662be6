import plumbingPicture from '../../assets/trades/plumbing.svg';
import electricalPicture from '../../assets/trades/electrical.svg';
import cleaningPicture from '../../assets/trades/cleaning.svg';
import photographyPicture from '../../assets/trades/photography.svg';
import eventsPicture from '../../assets/trades/events.svg';
import groomingPicture from '../../assets/trades/grooming.svg';

/**
 * The trades' illustrations: flat SVGs drawn for Resuelve in the brand's teal, coral and sand,
 * released CC0 (credited in the landing footer), each under 2 KB. Bundled by Vite for the web and
 * the desktop alike; no network is needed to show them. Imported (not `new URL(…, import.meta.url)`),
 * so the server render names them as the browser build does.
 */
export const tradePictures: Record<string, string> = {
  plumbing: plumbingPicture,
  electrical: electricalPicture,
  cleaning: cleaningPicture,
  photography: photographyPicture,
  events: eventsPicture,
  grooming: groomingPicture,
};
