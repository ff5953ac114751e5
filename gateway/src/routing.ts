// Which service owns each /v1 path (spec section 7). The table is read top to bottom and the first
// row whose segments begin the path wins, so the more specific rows come before their parents.

export type ServiceName = 'auth' | 'catalog' | 'media' | 'exam';

export const serviceNames: readonly ServiceName[] = ['auth', 'catalog', 'media', 'exam'];

/** `{name}` stands for one path segment. A row also owns every path below it. */
export const routingTable: ReadonlyArray<{ path: string; service: ServiceName }> = [
  { path: '/v1/auth', service: 'auth' },
  { path: '/v1/users', service: 'auth' },
  { path: '/v1/notifications', service: 'auth' }, // the learner's notifications
  { path: '/v1/centre', service: 'auth' }, // the centre's name and contact, which auth's mails carry too

  { path: '/v1/files', service: 'media' },
  { path: '/v1/monsterplans/aloud', service: 'media' },
  { path: '/v1/documents', service: 'media' }, // static downloads: the brochure and aloud-reading PDFs
  { path: '/v1/media', service: 'media' }, // signed streaming URLs
  { path: '/v1/posters', service: 'media' }, // published videos' poster frames, for the cards

  { path: '/v1/monsterplans/exam-results', service: 'exam' },
  { path: '/v1/monsterplans/{id}/exam', service: 'exam' },
  { path: '/v1/monsterplans/{id}/questions', service: 'exam' }, // the plan's question bank (administrator)

  { path: '/v1/monsterplans/{monsterplanId}/play/{videoId}', service: 'catalog' },
  { path: '/v1/monsterplans', service: 'catalog' },
  { path: '/v1/lessons', service: 'catalog' },
  { path: '/v1/lesson-requests', service: 'catalog' },
  { path: '/v1/monsterplan-requests', service: 'catalog' },
  { path: '/v1/progress', service: 'catalog' }, // listening progress
  { path: '/v1/refunds', service: 'catalog' }, // the refund ledger
  { path: '/v1/payments', service: 'catalog' }, // QPay: invoices, its callback, the payments
  { path: '/v1/payments.csv', service: 'catalog' },
  { path: '/v1/me/bank-account', service: 'catalog' }, // the account a learner's refunds are paid into
  { path: '/v1/me/refunds', service: 'catalog' }, // the learner's refund claims
];

const rows = routingTable.map(({ path, service }) => ({ path, segments: path.split('/').slice(1), service }));

/** The service that answers `path` (a pathname, no query), or undefined when no service owns it. */
export function ownerOf(path: string): ServiceName | undefined {
  return rowOf(path)?.service;
}

/** The row of the table that routes `path`, e.g. `/v1/monsterplans/{id}/exam`: the route /metrics counts it under. */
export function routeOf(path: string): string | undefined {
  return rowOf(path)?.path;
}

function rowOf(path: string): (typeof rows)[number] | undefined {
  const segments = path.split('/').slice(1);
  // Dot segments would let a path that looks like one service's reach another's after normalisation.
  if (segments.some(isDotSegment)) return undefined;
  return rows.find((row) => row.segments.every((part, index) => matches(part, segments[index])));
}

export function isV1Path(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/');
}

function matches(pattern: string, segment: string | undefined): boolean {
  if (segment === undefined || segment === '') return false;
  return pattern.startsWith('{') ? true : pattern === segment;
}

function isDotSegment(segment: string): boolean {
  return /^(?:\.|%2e){1,2}$/i.test(segment);
}
