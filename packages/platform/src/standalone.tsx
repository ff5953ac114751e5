// A remote's standalone page for development: its routes with the platform's providers and router,
// without the shell, against a running gateway (the dev server proxies /v1 and /config.json).
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
// Through the package name, not a relative path, so the page uses the shared singleton the routes use.
import { BrowserRouter, Navigate, PlatformProvider, Route, Routes } from '@learning/platform';
import './styles.css';

/** Renders a remote's route tree; `start` is where '/' leads (e.g. '/home'). */
export function renderStandalone(routes: ReactNode, { start }: { start: string }, container = document.getElementById('root')): void {
  if (!container) throw new Error('No #root element to render into');
  createRoot(container).render(
    <StrictMode>
      <PlatformProvider>
        <BrowserRouter>
          <main style={{ maxWidth: 1100, margin: '0 auto', padding: 24 }}>
            <Routes>
              <Route index element={<Navigate replace to={start} />} />
              {/* The shell's pages, which a remote links to, are not here. */}
              <Route path="404" element={<p>404</p>} />
              <Route path="unauthorized" element={<p>UNAUTHORIZED</p>} />
              <Route path="*" element={routes} />
            </Routes>
          </main>
        </BrowserRouter>
      </PlatformProvider>
    </StrictMode>,
  );
}
