import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chakraRecipesPerModule } from './build/chakra-recipes';

export default defineConfig({
  plugins: [
    // Each module that renders Chakra components brings their recipes (the theme has none of its own).
    chakraRecipesPerModule(),
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
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk: the split Rolldown makes by default (React,
        // the router, emotion, a dozen small Chakra pieces) compresses ~4 KB worse and costs requests.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  test: { include: ['src/**/*.test.ts'] },
});
