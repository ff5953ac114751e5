// What jsdom lacks and the front-ends use (docs/STACK.md): TextEncoder (react-router at import),
// WebCrypto (payload decryption) and matchMedia. fetch is stubbed by each test.
const { TextDecoder, TextEncoder } = require('node:util');
const { webcrypto } = require('node:crypto');

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: true,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
}
