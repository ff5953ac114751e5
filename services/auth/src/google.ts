// Google sign-in as an OpenID Connect client (openid-client): the authorization code flow with PKCE,
// state and nonce. Discovery is fetched on first use and kept, so the service starts while Google is
// unreachable; the id_token's signature (the issuer's JWKS), issuer, audience, expiry and nonce are
// verified by the library.
import * as oidc from 'openid-client';

export interface GoogleSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the service keeps between the start of a sign-in and its callback. */
export interface GoogleAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The parameters the provider sent back to the redirect URI. */
export interface GoogleAnswer {
  code: string;
  state: string;
  /** RFC 9207: sent by providers that announce it (oidc-provider); Google does not. */
  iss?: string | undefined;
}

export interface GoogleIdentity {
  sub: string;
  email: string | undefined;
  isEmailVerified: boolean;
  name: string | undefined;
}

export interface GoogleClient {
  /** A fresh attempt and the provider's authorization URL for it. */
  start(redirectUri: string): Promise<{ attempt: GoogleAttempt; authorizationUrl: string }>;
  /** Exchanges the code and verifies the id_token; rejects with a `GoogleRefusal` or a network error. */
  finish(attempt: GoogleAttempt, answer: GoogleAnswer): Promise<GoogleIdentity>;
}

/** The provider or the id_token said no (a used code, a wrong audience, an expired token…). */
export class GoogleRefusal extends Error {
  override name = 'GoogleRefusal';
}

export function googleClient(settings: GoogleSettings): GoogleClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= discover(settings).catch((error: unknown) => {
      discovered = undefined; // the next sign-in tries again
      throw error;
    });
    return discovered;
  };

  return {
    async start(redirectUri) {
      const config = await configuration();
      const attempt: GoogleAttempt = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri,
      };
      const authorizationUrl = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        // The spec's /callback/google reads the code from the URL hash.
        response_mode: 'fragment',
        scope: 'openid email profile',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { attempt, authorizationUrl: authorizationUrl.href };
    },

    async finish(attempt, answer) {
      const config = await configuration();
      const callbackUrl = new URL(attempt.redirectUri);
      callbackUrl.searchParams.set('code', answer.code);
      callbackUrl.searchParams.set('state', answer.state);
      if (answer.iss) callbackUrl.searchParams.set('iss', answer.iss);
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw isRefusal(error) ? new GoogleRefusal(describe(error), { cause: error }) : error;
      }
      const claims = tokens.claims();
      if (!claims) throw new GoogleRefusal('no id_token');
      return {
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined,
        isEmailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}

async function discover({ issuer, clientId, clientSecret }: GoogleSettings): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  // Plain http only for a provider on this machine (the tests' stand-in); Google is https.
  const execute = url.protocol === 'http:' && isLoopback(url.hostname) ? [oidc.allowInsecureRequests] : [];
  return oidc.discovery(url, clientId, clientSecret, undefined, { execute });
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
}

/** Errors that are the provider's or the token's answer, as opposed to the provider being unreachable. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.AuthorizationResponseError ||
    (error instanceof oidc.ClientError && Boolean(error.code?.startsWith('OAUTH_')))
  );
}

function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return `${error.error}: ${error.error_description ?? ''}`;
  return error instanceof Error ? error.message : String(error);
}
