// The 'home' remote: exposes its route tree as 'home/routes' for the shell; `npm start` runs it alone.
import { federatedApp } from '@learning/platform/build';

export default federatedApp({
  name: 'home',
  root: import.meta.dirname,
  port: 3001,
  exposes: { './routes': './src/routes.tsx' },
});
