// Runs after the shared modules are ready (index.ts is the async boundary federation needs).
import '@learning/platform/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { keepInstallPrompt } from './installable/install-prompt';
import { registerServiceWorker } from './installable/service-worker';
import './layout/layout.css';
import { loadRemoteRoutes } from './remotes/registry';

keepInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');
createRoot(root).render(
  <StrictMode>
    <App loadRemote={loadRemoteRoutes} />
  </StrictMode>,
);
