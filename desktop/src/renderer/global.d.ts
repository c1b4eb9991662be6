import type { ResuelveBridge } from '../shared/ipc.ts';

declare global {
  interface Window {
    /** Set by the preload; missing only when the page runs outside the console (a plain browser). */
    resuelve?: ResuelveBridge;
  }
}
