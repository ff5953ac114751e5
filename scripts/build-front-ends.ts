// `npm test`'s first step: the browser journeys drive the built front-ends, so build the ones that
// are missing or older than their sources (a no-op when they are current).
import { createLogger } from '@learning/kit/observability';
import { buildFrontEndsThatNeedIt } from './front-ends.js';

await buildFrontEndsThatNeedIt(createLogger('build', 'info'));
