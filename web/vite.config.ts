import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.RESUELVE_API ?? 'http://localhost:3000';

/**
 * The one font file every first paint needs (Inter, latin) is asked for with the page, not once the
 * stylesheet has been read (decision 0038). Other subsets stay on demand (unicode-range).
 */
function preloadFirstFont(): Plugin {
  return {
    name: 'resuelve:preload-first-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.values(context.bundle ?? {}).find((file) => /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(file.fileName));
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

// The api serves web/dist and the locales on one port; in development Vite proxies both to it.
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [react(), preloadFirstFont()],
  server: {
    port: 5173,
    proxy: {
      // ws: the live-update socket (ui/src/lib/live.ts) connects under /api/v1/live.
      '/api': { target: api, changeOrigin: false, ws: true },
      '/locales': { target: api, changeOrigin: false },
    },
  },
  // The server render (src/entry-server.tsx, `vite build --ssr`) bundles the ui and every library,
  // so Node never loads .tsx or .css and the folder runs wherever it is copied (e2e/serve.ts).
  ssr: { noExternal: true },
  // React's production build on the server too (bundled, it would otherwise pick by the api's NODE_ENV).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    // The server render reads which CSS files a page's screens need (api/src/pages/page-render.ts).
    manifest: true,
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
}));
