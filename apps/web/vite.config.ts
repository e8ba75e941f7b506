import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    // File-based routes (src/routes) → src/routeTree.gen.ts; each route's component is a chunk of its
    // own, loaded when the route is (docs/decisions/021-typed-routes-and-forms.md). Must precede react().
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single', semicolons: true }),
    react(),
    // Hashed assets are compressed once at build (brotli and gzip, highest levels); the server sends
    // the variant the browser accepts (apps/api/src/server.ts, @fastify/static `preCompressed`).
    compression({
      include: /\.(js|mjs|css|svg|json|woff2?)$/,
      exclude: /\.html$/,
      threshold: 512,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 700,
  },
  test: { include: ['src/**/*.test.ts'] },
});
