import { useEffect, useState } from 'react';

/** The tile server the Content-Security-Policy allows (api config MAP_TILE_ORIGIN); same default. */
export const mapTileOrigin: string = (import.meta.env.VITE_MAP_TILE_ORIGIN as string | undefined) ?? 'https://tile.openstreetmap.org';

export const tileUrlTemplate = `${mapTileOrigin}/{z}/{x}/{y}.png`;

/** How long one tile may take before the map gives way to a plain list. */
export const tileProbeTimeoutMs = 4000;

export type TileStatus = 'probing' | 'reachable' | 'unreachable';

let probe: Promise<boolean> | null = null;

/**
 * Whether the tile server answers, asked once per page load: one tile loaded as an image (the
 * way Leaflet will load them, under the same CSP), given up after a short wait.
 */
export function probeTiles(origin: string = mapTileOrigin, timeoutMs: number = tileProbeTimeoutMs): Promise<boolean> {
  probe ??= new Promise<boolean>((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(ok: boolean) {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(ok);
    }
    image.onload = () => finish(true);
    image.onerror = () => finish(false);
    image.src = `${origin}/0/0/0.png`;
  });
  return probe;
}

/** Forget the answer (tests; a later page load asks again anyway). */
export function resetTileProbe(): void {
  probe = null;
}

/** The tile server's answer, asked once `enabled` (a map near the screen); 'probing' until then. */
export function useTileStatus(enabled = true): TileStatus {
  const [status, setStatus] = useState<TileStatus>('probing');
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void probeTiles().then((ok) => live && setStatus(ok ? 'reachable' : 'unreachable'));
    return () => {
      live = false;
    };
  }, [enabled]);
  return status;
}
