// Runs after the shared modules are ready (index.ts is the async boundary federation needs).
import '@learning/platform/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './layout/layout.css';
import { loadRemoteRoutes } from './remotes/registry';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');
createRoot(root).render(
  <StrictMode>
    <App loadRemote={loadRemoteRoutes} />
  </StrictMode>,
);
