// The entry: an async boundary, so that the federation runtime shares React and the platform
// before any of the app's modules runs.
import { preloadRemoteOf } from './remotes/registry';

// The page's remote is fetched while the shell's chunks download (a round trip chain of its own).
preloadRemoteOf(window.location.pathname);

import(/* webpackChunkName: "bootstrap" */ './bootstrap').catch((error: unknown) => console.error('The shell failed to start', error));
