// Which links an administrator may give the learners' pages (a video's translation document), checked
// where they are taken in and again where a page renders one.

/**
 * An http(s) address, or a path on this site. Not `//host` or `/\host`, which browsers open on another
 * host, and not `javascript:` and the like. Browsers drop tabs and line breaks inside an address and
 * read `\` as `/`, so those are refused anywhere in it.
 */
export function isSafeLink(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return false;
  return /^https?:\/\/[^/]/i.test(url) || /^\/(?!\/)/.test(url);
}
