// The tests' platform in a process of its own, started as npm start starts it, with
// `--import @learning/kit/tracing-register` (the instrumentations must load before the platform's
// modules, which a Jest worker has already loaded). It arranges a learner's pending Monster plan
// request, prints what the test needs as one line `{"arranged": …}`, and stops on SIGTERM.
import { flushTraces } from '@learning/kit/observability';
import { startTestPlatform } from '@learning/testing';
import { catalogFixtureOn, mediaSigningSecret } from '@learning/testing/catalog';

const platform = await startTestPlatform({ env: { LOG_LEVEL: 'info', SEED_DEMO: '0', MEDIA_SIGNING_SECRET: mediaSigningSecret } });
const fixture = await catalogFixtureOn(platform);
const plan = await fixture.createMonsterplan();
const learner = await fixture.learner();
const request = await fixture.requestMonsterplan(learner, plan._id);
console.log(JSON.stringify({ arranged: { url: platform.url, admin: fixture.admin, learner: learner.token, requestId: request._id } }));

process.once('SIGTERM', () => {
  platform
    .close()
    .then(flushTraces)
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
});
