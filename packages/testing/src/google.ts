// A real OpenID provider (oidc-provider) on loopback standing in for Google in tests: discovery,
// JWKS, the authorization endpoint (with response_mode=fragment), the token endpoint with PKCE and
// one-time codes. Its login page signs in whoever the test named, without UI. A test can also make
// the next token answer carry a tampered id_token, still signed with the provider's key, to see
// that the platform checks the claims (audience, expiry) and not only the signature.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWTPayload } from 'jose';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';

export interface GoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface GoogleStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers a redirect URI of the client (the platform's port is known only once it runs). */
  allowRedirect(redirectUri: string): void;
  /** Who the next visits to the login page sign in as. */
  signInAs(user: GoogleUser): void;
  /** The next token answer's id_token gets these claims changed, and is signed again with the provider's key. */
  tamperNextIdToken(change: (claims: JWTPayload) => JWTPayload): void;
  close(): Promise<void>;
}

export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const clientId = 'learning-platform.apps.googleusercontent.test';
  const clientSecret = 'stand-in-client-secret';
  const redirectUris = new Set<string>();
  const users = new Map<string, GoogleUser>();
  let current: GoogleUser | undefined;
  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'stand-in-key';
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };

  // Listening first: the issuer's address names the port.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    adapter: (name: string) => (name === 'Client' ? clientAdapter() : new MapAdapter(name)),
    jwks: { keys: [jwk] },
    cookies: { keys: ['stand-in-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the email claims in the id_token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 3600, AuthorizationCode: 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = users.get(sub);
      return user && { accountId: sub, claims: () => ({ ...user }) };
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.method === 'POST' && ctx.path === '/token' && tamper && body?.id_token) {
      const change = tamper;
      tamper = undefined;
      const claims = change(decodeJwt(body.id_token));
      body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey);
    }
  });

  const answerProvider = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) void finishInteraction(req, res).catch((error: unknown) => fail(res, error));
    else answerProvider(req, res);
  });

  function clientAdapter(): Adapter {
    const adapter = new MapAdapter('Client');
    adapter.find = async (id: string) =>
      id === clientId
        ? {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [...redirectUris],
            response_types: ['code'],
            grant_types: ['authorization_code'],
            token_endpoint_auth_method: 'client_secret_basic',
          }
        : undefined;
    return adapter;
  }

  async function finishInteraction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (!current) throw new Error('The test did not say who signs in (signInAs).');
    users.set(current.sub, current);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: current.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    allowRedirect: (redirectUri) => void redirectUris.add(redirectUri),
    signInAs: (user) => void (current = user),
    tamperNextIdToken: (change) => void (tamper = change),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

function fail(res: ServerResponse, error: unknown) {
  res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error));
}

/** What the provider stores (sessions, interactions, codes, grants), in memory; a consumed code stays marked. */
class MapAdapter implements Adapter {
  private static readonly store = new Map<string, AdapterPayload>();
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  async upsert(id: string, payload: AdapterPayload) {
    MapAdapter.store.set(this.key(id), payload);
  }
  async find(id: string) {
    return MapAdapter.store.get(this.key(id));
  }
  async findByUid(uid: string) {
    return [...MapAdapter.store.entries()].find(([key, payload]) => key.startsWith(`${this.model}:`) && payload.uid === uid)?.[1];
  }
  async findByUserCode() {
    return undefined;
  }
  async consume(id: string) {
    const payload = MapAdapter.store.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MapAdapter.store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, payload] of MapAdapter.store) if (payload.grantId === grantId) MapAdapter.store.delete(key);
  }
}

/**
 * What the browser does between the authorization URL and /callback/google, over plain fetch with
 * a cookie jar: follows the provider's redirects (its login page signs in without UI) and reads the
 * answer from the redirect URI's fragment.
 */
export async function followToCallback(authorizationUrl: string, redirectUri: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(redirectUri)) {
      const answer = new URL(url);
      return Object.fromEntries(new URLSearchParams(answer.hash.slice(1) || answer.search.slice(1)));
    }
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`${url} answered ${response.status} without a redirect: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('Too many redirects on the way to the callback.');
}
