// The entry: an async boundary, so that the federation runtime shares React and the platform
// before any of the app's modules runs.
import('./bootstrap').catch((error: unknown) => console.error('The shell failed to start', error));
