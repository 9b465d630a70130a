import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.MUSTER_API_URL ?? 'http://localhost:3000';
const chakraTheme = join(dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm/theme');

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@muster/contracts', replacement: fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
      // Modules of Chakra's theme one by one (src/components/ui/chakra-theme.ts says why).
      { find: /^@chakra-theme\/(.*)$/, replacement: `${chakraTheme}/$1.js` },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // The server reads it to preload a public page's chunks with its HTML.
    manifest: true,
    modulePreload: false,
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the entry loads statically goes in one chunk: without this the bundler emits
        // the shell's shared modules as dozens of tiny chunks, each a request before first paint.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});
