import { ownerOf } from '../src/routing.js';

describe('the routing table', () => {
  // That every route a service serves is routed to it is derived from the services' own routers in
  // scripts/test/openapi-routes.test.ts; here, what no service owns.
  it.each(['/v1', '/v1/', '/v1/unknown', '/v1/authx', '/v2/auth/login', '/v1/auth/../files/x', '/v1/users/%2e%2e/files', '/internal/revocations', '/v1/../internal/revocations'])(
    '%s has no owner',
    (path) => {
      expect(ownerOf(path)).toBeUndefined();
    },
  );
});
