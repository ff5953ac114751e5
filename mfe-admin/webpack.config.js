// The 'admin' remote: exposes its route tree as 'admin/routes' for the shell; `npm start` runs it alone.
import { federatedApp } from '@learning/platform/build';

export default federatedApp({
  name: 'admin',
  root: import.meta.dirname,
  port: 3004,
  exposes: { './routes': './src/routes.tsx' },
});
