export * from './common.js';
export * from './events.js';
export * as auth from './auth.js';
export * as catalog from './catalog.js';
export * as media from './media.js';
export * as exam from './exam.js';
export * from './exam-rules.js';
export * from './payload-token.js';
export * from './media-urls.js';
