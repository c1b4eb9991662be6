import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { bundleLocales } from './vite/bundle-locales.ts';
import { readDesktopCatalogs } from './vite/desktop-catalogs.ts';

const desktopRoot = import.meta.dirname;
const localesDir = resolve(desktopRoot, '../locales');

/** The installer's appId, which Windows also needs at run time to attribute notifications. */
function readAppId(): string {
  const config = readFileSync(resolve(desktopRoot, '../electron-builder.yml'), 'utf8');
  const appId = /^appId:\s*([\w.-]+)\s*$/m.exec(config)?.[1];
  if (!appId) throw new Error('electron-builder.yml has no appId');
  return appId;
}

/*
 * Main and preload bundle every import (only `electron` and Node built-ins stay outside), so the
 * packaged app needs no node_modules. The preload is CommonJS: sandboxed preloads cannot be ESM.
 * Nothing here needs Electron's runtime, so the build runs where it cannot be downloaded.
 */
export default defineConfig({
  main: {
    define: {
      // Installers built for a real server bake its origin in; RESUELVE_API_ORIGIN at run time still wins.
      __BUILD_API_ORIGIN__: JSON.stringify(process.env.RESUELVE_API_ORIGIN ?? ''),
      // The main process's menus and dialogs speak from locales/ like everything else.
      __DESKTOP_LOCALES__: JSON.stringify(readDesktopCatalogs(localesDir)),
      __APP_ID__: JSON.stringify(readAppId()),
      // Installers built by the workflow point electron-updater at the generic feed they are published to.
      __UPDATE_FEED_URL__: JSON.stringify(process.env.RESUELVE_UPDATE_URL ?? ''),
      __TRAY_ICON__: JSON.stringify(`data:image/png;base64,${readFileSync(resolve(desktopRoot, 'resources/tray@2x.png')).toString('base64')}`),
    },
    build: {
      externalizeDeps: false,
      outDir: resolve(desktopRoot, 'out/main'),
      lib: { entry: resolve(desktopRoot, 'src/main/index.ts') },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      outDir: resolve(desktopRoot, 'out/preload'),
      lib: { entry: resolve(desktopRoot, 'src/preload/index.ts') },
      rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(desktopRoot, 'src/renderer'),
    plugins: [react(), bundleLocales(localesDir)],
    build: {
      outDir: resolve(desktopRoot, 'out/renderer'),
      rolldownOptions: { input: resolve(desktopRoot, 'src/renderer/index.html') },
    },
  },
});
