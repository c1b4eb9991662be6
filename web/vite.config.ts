import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.RESUELVE_API ?? 'http://localhost:3000';

// The api serves web/dist and the locales on one port; in development Vite proxies both to it.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      // ws: the live-update socket (ui/src/lib/live.ts) connects under /api/v1/live.
      '/api': { target: api, changeOrigin: false, ws: true },
      '/locales': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
});
