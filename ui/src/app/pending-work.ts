import { useEffect } from 'react';
import { create } from 'zustand';

// Counts screens waiting on code or translations (Suspense fallbacks), for the top progress bar.
export const usePendingWork = create<{ count: number; add(): void; remove(): void }>()((set) => ({
  count: 0,
  add: () => set((s) => ({ count: s.count + 1 })),
  remove: () => set((s) => ({ count: Math.max(0, s.count - 1) })),
}));

/** Rendered inside Suspense fallbacks: marks work as pending while it is on screen. */
export function PendingMarker() {
  useEffect(() => {
    usePendingWork.getState().add();
    return () => usePendingWork.getState().remove();
  }, []);
  return null;
}
