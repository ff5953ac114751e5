// Development only: this remote's own page (its routes without the shell), behind an async boundary.
import('./standalone').catch((error: unknown) => console.error('The standalone page failed to start', error));
