import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { bundleLocales } from './vite/bundle-locales.ts';
import { readDesktopCatalogs } from './vite/desktop-catalogs.ts';

const desktopRoot = import.meta.dirname;
const localesDir = resolve(desktopRoot, '../locales');

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
