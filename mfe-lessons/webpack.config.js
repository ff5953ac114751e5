// The 'lessons' remote: exposes its route tree as 'lessons/routes' for the shell; `npm start` runs it alone.
import { federatedApp } from '@learning/platform/build';

export default federatedApp({
  name: 'lessons',
  root: import.meta.dirname,
  port: 3003,
  exposes: { './routes': './src/routes.tsx' },
});
