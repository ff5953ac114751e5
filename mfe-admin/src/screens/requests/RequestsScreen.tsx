// /administrator/lessons/requests and /administrator/monsterplans/requests: the requests panel alone,
// its heading the page's title.
import type { RequestKind } from '../../requests';
import { RequestsPanel } from './RequestsPanel';

export function RequestsScreen({ kind }: { kind: RequestKind }) {
  return <RequestsPanel kind={kind} isPageTitle />;
}
