// Who is calling: the route guards on the kit's verified access tokens, the tokens' algorithm and keys,
// and their revocation before they expire.
export { everyone, revocationsPath, revocationsSince, revokeToken, revokeUserTokens, tokensGoodFrom, type RevocationsAnswer } from './revocations.js';
export { requireAdmin, requireUser, tokenAlgorithm, type KeySource, type Principal, type PublicJwk } from './tokens.js';
