import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { clientRouter, hydratingRouter } from './app/router';
import { adoptRenderedAd } from './banner/sponsoredAd';
import { adoptRenderedSession } from './session';
import { primePrefetched } from './shared/api/prefetched';
import './shared/styles/variables.css';
import './shared/styles/base.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('Missing #root element');
}

/** What the server rendered the page with (`src/ssr/render.tsx`), when it did. */
interface ServerData {
  router: HydrationState;
  api: Record<string, unknown>;
}

function serverData(): ServerData | null {
  const text = document.getElementById('ssr-data')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerData;
  } catch {
    return null;
  }
}

/**
 * Marks the page `data-app-ready` once the app has rendered or hydrated (its effects run): a
 * rendered page shows its content before its handlers are attached, and a test or a script
 * that dispatches the app's own events waits for this.
 */
function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return children;
}

const rendered = serverData();
if (rendered && container.firstChild) {
  primePrefetched(rendered.api ?? {});
  adoptRenderedSession();
  adoptRenderedAd();
  void hydratingRouter(rendered.router).then((router) => {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (a long task a phone's tap waits behind);
    // what the server rendered stays on screen meanwhile.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <AppReady>
            <RouterProvider router={router} />
          </AppReady>
        </StrictMode>,
      );
    });
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <AppReady>
        <RouterProvider router={clientRouter()} />
      </AppReady>
    </StrictMode>,
  );
}
