// Conditional GETs: whether the copy a client keeps (its If-None-Match) is the one we would send.

/** If-None-Match against our ETag, compared weakly as RFC 9110 asks for GET; `*` matches anything. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));
}
