import { media } from '../src/index.js';

describe('a translation link the learner may be given', () => {
  it.each(['https://docs.google.com/document/d/abc/edit', 'HTTP://docs.example.mn/a b', '/v1/documents/monsterplans/p1/intro.pdf', '/'])(
    'may be %j: an http(s) address or a path on this site',
    (url) => {
      expect(media.isSafeLink(url)).toBe(true);
    },
  );

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'https:\\\\evil.example',
    'https:evil.example',
    'https:///evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'docs.example.mn/a',
    'https://docs.example.mn/a\nb',
  ])('is not %j, which a browser would open elsewhere or run', (url) => {
    expect(media.isSafeLink(url)).toBe(false);
  });
});
