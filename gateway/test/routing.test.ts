import { ownerOf } from '../src/routing.js';

describe('the routing table', () => {
  // Every call of spec section 7, with the service that owns it.
  it.each([
    ['/v1/auth/check-email', 'auth'],
    ['/v1/auth/login', 'auth'],
    ['/v1/auth/register', 'auth'],
    ['/v1/auth/login-google', 'auth'],
    ['/v1/auth/me', 'auth'],
    ['/v1/users', 'auth'],
    ['/v1/users/64f0c2', 'auth'],
    ['/v1/notifications', 'auth'],
    ['/v1/notifications/unread-count', 'auth'],
    ['/v1/notifications/read', 'auth'],
    ['/v1/notifications/64f0c2/read', 'auth'],
    ['/v1/files/monsterplan-videos', 'media'],
    ['/v1/files/monsterplan-videos/64f0c2', 'media'],
    ['/v1/files/lesson-videos', 'media'],
    ['/v1/files/lesson-videos/64f0c2', 'media'],
    ['/v1/monsterplans/aloud', 'media'],
    ['/v1/documents/brochure-1.pdf', 'media'],
    ['/v1/media/videos/64f0c2', 'media'],
    ['/v1/monsterplans/exam-results', 'exam'],
    ['/v1/monsterplans/64f0c2/exam', 'exam'],
    ['/v1/monsterplans/64f0c2/questions', 'exam'],
    ['/v1/monsterplans/64f0c2/questions/75a1d3', 'exam'],
    ['/v1/monsterplans/64f0c2/play/75a1d3', 'catalog'],
    ['/v1/monsterplans', 'catalog'],
    ['/v1/monsterplans/64f0c2', 'catalog'],
    ['/v1/lessons', 'catalog'],
    ['/v1/lessons/64f0c2', 'catalog'],
    ['/v1/lesson-requests', 'catalog'],
    ['/v1/lesson-requests/total-new-requests', 'catalog'],
    ['/v1/lesson-requests/64f0c2', 'catalog'],
    ['/v1/monsterplan-requests', 'catalog'],
    ['/v1/monsterplan-requests/total-new-requests', 'catalog'],
    ['/v1/monsterplan-requests/64f0c2', 'catalog'],
    ['/v1/progress/videos/64f0c2', 'catalog'],
    ['/v1/progress/monsterplans/64f0c2', 'catalog'],
    ['/v1/progress/lessons/64f0c2', 'catalog'],
    ['/v1/progress/mine', 'catalog'],
    ['/v1/monsterplans/64f0c2/refunds', 'catalog'],
    ['/v1/monsterplans/64f0c2/refunds.csv', 'catalog'],
    ['/v1/refunds', 'catalog'],
    ['/v1/refunds/alouds', 'catalog'],
    ['/v1/refunds/64f0c2/paid', 'catalog'],
  ])('%s is answered by %s', (path, service) => {
    expect(ownerOf(path)).toBe(service);
  });

  it.each(['/v1', '/v1/', '/v1/unknown', '/v1/authx', '/v2/auth/login', '/v1/auth/../files/x', '/v1/users/%2e%2e/files'])(
    '%s has no owner',
    (path) => {
      expect(ownerOf(path)).toBeUndefined();
    },
  );
});
