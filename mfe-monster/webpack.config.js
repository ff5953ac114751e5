// The 'monster' remote: exposes its route tree as 'monster/routes' for the shell; `npm start` runs it alone.
import { federatedApp } from '@learning/platform/build';

export default federatedApp({
  name: 'monster',
  root: import.meta.dirname,
  port: 3002,
  exposes: { './routes': './src/routes.tsx' },
});
