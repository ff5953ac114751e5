// The catalog service: lesson bundles, Monster plans, access requests, learners' access, play
// authorisation, listening progress and the days' assignment and daily release, and payment of
// requests through QPay.
import type { ServiceDefinition } from '@learning/kit/service';
import { migrations } from '../migrations/index.js';
import { createAccountSeal } from './bank-accounts.js';
import { qpaySettingsOf, type CatalogConfig } from './config.js';
import { seedDemo } from './demo.js';
import { catalogSubscriptions } from './events.js';
import { keepLists } from './list-cache.js';
import { createMediaSigner } from './media-urls.js';
import { pollOpenInvoices } from './payments/invoice-poller.js';
import { createQpayClient } from './payments/qpay-client.js';
import { internalRoutes } from './routes/internal.js';
import { lessonRoutes } from './routes/lessons.js';
import { monsterplanRoutes } from './routes/monsterplans.js';
import { paymentRoutes } from './routes/payments.js';
import { progressRoutes } from './routes/progress.js';
import { refundClaimRoutes } from './routes/refund-claims.js';
import { refundRoutes } from './routes/refunds.js';
import { lessonRequestRoutes, monsterplanRequestRoutes } from './routes/requests.js';
import type { CatalogTables } from './tables.js';
import { sweepWeekReleasesEveryMinute } from './week-releases.js';
import { sweepAloudWindowsEveryMinute } from './aloud-windows.js';

export function catalogService(config: CatalogConfig): ServiceDefinition<CatalogTables> {
  const signer = createMediaSigner(config.MEDIA_SIGNING_SECRET, config.MEDIA_URL_TTL_SECONDS);
  const qpaySettings = qpaySettingsOf(config);
  const qpay = qpaySettings && createQpayClient(qpaySettings);
  const accountSeal = createAccountSeal(config.BANK_ACCOUNT_KEY);
  let weekReleases: { stop(): Promise<void> } | undefined;
  let aloudWindows: { stop(): Promise<void> } | undefined;
  let invoicePoller: { stop(): Promise<void> } | undefined;
  return {
    name: 'catalog',
    migrations,
    async start(context) {
      if (config.SEED_DEMO === '1' && (await seedDemo(context.db))) {
        context.logger.info('the catalog was empty: seeded the demo plans and lesson bundles (SEED_DEMO=0 turns this off)');
      }
      weekReleases = sweepWeekReleasesEveryMinute(context);
      aloudWindows = sweepAloudWindowsEveryMinute(context.db, context.logger);
      if (qpay) invoicePoller = pollOpenInvoices(context, qpay, config.QPAY_CHECK_SECONDS * 1000);
    },
    async stop() {
      await Promise.all([weekReleases?.stop(), aloudWindows?.stop(), invoicePoller?.stop()]);
    },
    subscriptions: (context) => catalogSubscriptions(context, config, qpay),
    routes(app, context) {
      const lists = keepLists(context.db);
      app.use(lessonRoutes(context, signer, lists));
      app.use(monsterplanRoutes(context, signer, lists));
      app.use(lessonRequestRoutes(context, lists));
      app.use(monsterplanRequestRoutes(context, lists));
      app.use(progressRoutes(context, config.STREAK_MINUTES));
      app.use(refundClaimRoutes(context, accountSeal));
      app.use(refundRoutes(context, config.REFUND_AMOUNT_MNT));
      app.use(paymentRoutes(context, qpay, { publicUrl: config.PUBLIC_URL, invoiceMinutes: config.QPAY_INVOICE_MINUTES, firstCheckMs: config.QPAY_CHECK_SECONDS * 1000 }));
      app.use(internalRoutes(context, config.INTERNAL_TOKEN));
    },
  };
}
