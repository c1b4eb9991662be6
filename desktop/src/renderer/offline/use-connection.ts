import { useSyncExternalStore } from 'react';

function subscribe(notify: () => void): () => void {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** Whether the computer has a network (Chromium's own view of it). */
export function useConnection(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** The app path in the hash router's address (`#/offline` → `/offline`). */
function readHash(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

function subscribeHash(notify: () => void): () => void {
  window.addEventListener('hashchange', notify);
  return () => window.removeEventListener('hashchange', notify);
}

export function useHashPath(): string {
  return useSyncExternalStore(subscribeHash, readHash, () => '/');
}
