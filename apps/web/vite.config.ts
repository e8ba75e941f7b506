import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chakraRecipesPerModule } from './build/chakra-recipes';
import { routePreloads } from './build/route-preloads';
import { AUTH_ON_DEMAND_PATHS, needsDataLayer, SHELL_PATHS } from './src/lib/route-needs';

export default defineConfig({
  plugins: [
    // File-based routes (src/routes) → src/routeTree.gen.ts; each route's component is a chunk of its
    // own, loaded when the route is (docs/decisions/021-typed-routes-and-forms.md). Must precede react().
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single', semicolons: true }),
    // Each module that renders Chakra components brings their recipes (the theme has none of its own).
    chakraRecipesPerModule(),
    react(),
    // route-preloads.json: each page's chunks, which the server names in its HTML (modulepreload). Besides
    // its route files', a page needs at once the Firebase SDK (pages with a session) and the data layer
    // (pages that call the API), as lib/auth.tsx and the root layout load them.
    routePreloads({
      needsSession: (fullPath) => !AUTH_ON_DEMAND_PATHS.has(fullPath),
      extraModules: (fullPath) => [
        ...(AUTH_ON_DEMAND_PATHS.has(fullPath) ? [] : ['src/lib/firebase-sdk.ts']),
        // The HTML is the same for every visitor: pages that need the data layer only with a session
        // name it for none (main.tsx starts it at once when this browser holds a session hint).
        ...(needsDataLayer(fullPath, false) ? ['src/lib/data-provider.tsx'] : []),
      ],
      // The practice screen paints its shell first (main.tsx): the HTML names the shell's chunks only.
      firstPaintModules: (fullPath) => (SHELL_PATHS.has(fullPath) ? ['src/features/practice/practice-frame.tsx'] : undefined),
    }),
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
  test: { include: ['src/**/*.test.ts', 'build/**/*.test.ts'] },
});
