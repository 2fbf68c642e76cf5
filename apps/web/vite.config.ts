import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.mjs';

// The folder of this file, without Node types (URL and decodeURIComponent are standard).
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiOrigin = 'http://127.0.0.1:3000';

export default defineConfig({
  root: webRoot,
  // precompress: .br and .gz copies beside the built files, served by the API (apps/api/src/app.ts).
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/meta.json': { target: apiOrigin, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the built app: the server is public and maps carry the full source (issue 19). Hidden
    // maps would only help an error-reporting service, and there is none; debug with `npm run dev`, where Vite
    // serves maps of the modules it transforms. The API also refuses to serve any `.map` file it finds in dist.
    sourcemap: false,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    env: { TZ: 'UTC' },
  },
});
