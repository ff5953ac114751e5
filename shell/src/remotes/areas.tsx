// The remote's area for every path the shell does not own (the table is in ownership.ts). A remote's
// route tree uses paths from the site root ('home', 'product-monster-plan/:id'), because the shell
// mounts it under '*'.
import { NotFoundRedirect, RequireAdmin, useLocation } from '@learning/platform';
import { ownerOf } from './ownership';
import { RemoteArea } from './RemoteArea';

/** Every path the shell does not own: the remote that owns it, or the 404 page. */
export function RemoteRoutes() {
  const { pathname } = useLocation();
  const owner = ownerOf(pathname);
  if (!owner) return <NotFoundRedirect />;
  const area = <RemoteArea key={owner.remote} remote={owner.remote} />;
  return owner.isAdminOnly ? <RequireAdmin>{area}</RequireAdmin> : area;
}
