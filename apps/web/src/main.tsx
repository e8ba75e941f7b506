import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@shunkan/ui/theme';
import { Toaster } from '@shunkan/ui/toaster';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './lib/auth';
import { loadPublicConfig } from './lib/public-config';
import { router } from './router';

// Spec: on load the app unregisters any service workers (a stale one could serve an old build).
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistrations().then((registrations) => {
    for (const registration of registrations) void registration.unregister();
  });
}

function App() {
  // The data layer (TanStack Query, tRPC) wraps the pages that call the API: features/layout/root-layout.tsx.
  return (
    <ChakraProvider value={system}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <Toaster />
    </ChakraProvider>
  );
}

// The page's code (the matched routes' lazy chunks) downloads while the configuration loads, rather than
// after the first render asks for it.
const [matchedRoutes] = router.getMatchedRoutes(window.location.pathname);
for (const route of matchedRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);

const rootElement = document.getElementById('root') as HTMLElement;
loadPublicConfig()
  .then(() => {
    // The first render as a transition: React renders in slices and yields to the browser between them,
    // instead of one long task that holds the page (and any input) until the whole screen is built.
    const root = createRoot(rootElement);
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  })
  .catch((error: unknown) => {
    rootElement.textContent = `サーバーに接続できません。しばらくしてから再度お読み込みください。(${String(error)})`;
  });
