// Who may call what: auth's routes for a signed-in user or the administrator, called by a guest, the
// learner it concerns, another learner and the administrator; a refusal's message is Mongolian. (The
// sign-in calls are anyone's; signing out and deleting one's account act on the caller's own token and
// account: auth.test.ts and deletion.test.ts.)
import { randomUUID } from 'node:crypto';
import { eventually, expectStatus } from '@learning/testing';
import { adminOnly, anyone, type Caller, expectWhoMayCall, type Route, signedIn } from '@learning/testing/authorization';
import { type CatalogFixture, type Learner, startCatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;
let learner: Learner;
let otherLearner: Learner;
/** The learner's notification of their approved request. */
let notificationId: string;

beforeAll(async () => {
  fixture = await startCatalogFixture();
  [learner, otherLearner] = await Promise.all([fixture.createMonsterplan().then((plan) => fixture.approvedForMonsterplan(plan._id)), fixture.learner()]);
  notificationId = await eventually(async () => {
    const page = expectStatus(await fixture.call('GET', '/v1/notifications', { token: learner.token }), 200, 'the notifications');
    return page.result[0]?._id as string | undefined;
  }, 'the approval is notified');
});
afterAll(() => fixture?.close());

const routes: Route[] = [
  { method: 'GET', path: '/v1/auth/me', prepare: async () => ({ path: '/v1/auth/me' }), expected: signedIn(200) },
  { method: 'GET', path: '/v1/users', prepare: async () => ({ path: '/v1/users?perPage=10&currentPage=1' }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/users?search=', prepare: async () => ({ path: '/v1/users?search=test.mn' }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/users/{id}', prepare: async () => ({ path: `/v1/users/${learner.id}` }), expected: adminOnly(200) },
  {
    method: 'PUT',
    path: '/v1/users/{id}/admin',
    prepare: async () => ({ path: `/v1/users/${(await fixture.learner()).id}/admin`, body: { isAdmin: false } }),
    expected: adminOnly(200),
  },
  { method: 'GET', path: '/v1/auth/mail-preferences', prepare: async () => ({ path: '/v1/auth/mail-preferences' }), expected: signedIn(200) },
  {
    method: 'PUT',
    path: '/v1/auth/mail-preferences',
    prepare: async () => ({ path: '/v1/auth/mail-preferences', body: { weeks: true } }),
    expected: signedIn(200),
  },
  { method: 'GET', path: '/v1/auth/reminders', prepare: async () => ({ path: '/v1/auth/reminders' }), expected: signedIn(200) },
  { method: 'PUT', path: '/v1/auth/reminders', prepare: async () => ({ path: '/v1/auth/reminders', body: { dailyAt: '20:00' } }), expected: signedIn(200) },
  { method: 'GET', path: '/v1/auth/push-key', prepare: async () => ({ path: '/v1/auth/push-key' }), expected: anyone },
  {
    method: 'PUT',
    path: '/v1/auth/push-subscriptions',
    prepare: async () => ({
      path: '/v1/auth/push-subscriptions',
      body: { endpoint: `https://push.example.mn/send/${randomUUID()}`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
    }),
    expected: signedIn(204),
  },
  {
    method: 'DELETE',
    path: '/v1/auth/push-subscriptions (one of the caller\'s own devices: another\'s is none of theirs)',
    prepare: async () => ({ path: '/v1/auth/push-subscriptions', body: { endpoint: `https://push.example.mn/send/${randomUUID()}` } }),
    expected: signedIn(404),
  },
  {
    method: 'PUT',
    path: '/v1/auth/password (the caller\'s own, with the current password typed again: a wrong one is refused)',
    prepare: async () => ({ path: '/v1/auth/password', body: { currentPassword: 'not-the-password', password: 'a-new-password-1', repeatPassword: 'a-new-password-1' } }),
    expected: { guest: 401, learner: 403, otherLearner: 403, admin: 403 },
  },
  {
    method: 'PUT',
    path: '/v1/centre/logo (a JSON body is not the multipart picture the administrator sends)',
    prepare: async () => ({ path: '/v1/centre/logo', body: {} }),
    expected: adminOnly(400),
  },
  { method: 'DELETE', path: '/v1/centre/logo', prepare: async () => ({ path: '/v1/centre/logo' }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/notifications', prepare: async () => ({ path: '/v1/notifications' }), expected: signedIn(200) },
  { method: 'GET', path: '/v1/notifications/unread-count', prepare: async () => ({ path: '/v1/notifications/unread-count' }), expected: signedIn(200) },
  { method: 'PUT', path: '/v1/notifications/read', prepare: async () => ({ path: '/v1/notifications/read' }), expected: signedIn(200) },
  {
    method: 'PUT',
    path: '/v1/notifications/{id}/read (the learner\'s own; another\'s is not found)',
    prepare: async () => ({ path: `/v1/notifications/${notificationId}/read` }),
    expected: { guest: 401, learner: 200, otherLearner: 404, admin: 404 },
  },
];

const tokenOf = (caller: Caller) => ({ guest: undefined, learner: learner.token, otherLearner: otherLearner.token, admin: fixture.admin })[caller];

it.each(routes)('$method $path', (route) => expectWhoMayCall(route, fixture.call, tokenOf));
