// Which remote owns which part of the site (spec section 2). A remote's route tree uses paths from
// the site root ('home', 'product-monster-plan/:id'), because the shell mounts it under '*'.
import { NotFoundRedirect, RequireAdmin, useLocation } from '@learning/platform';
import { RemoteArea } from './RemoteArea';

interface RemoteOwnership {
  remote: string;
  paths: string[];
  isAdminOnly?: boolean;
}

export const remoteAreas: RemoteOwnership[] = [
  { remote: 'home', paths: ['/home', '/boosterz'] },
  { remote: 'monster', paths: ['/product-monster-plan'] },
  { remote: 'lessons', paths: ['/product-remote-lesson'] },
  { remote: 'admin', paths: ['/administrator'], isAdminOnly: true },
];

export function ownerOf(pathname: string): RemoteOwnership | undefined {
  return remoteAreas.find(({ paths }) => paths.some((path) => pathname === path || pathname.startsWith(`${path}/`)));
}

/** Every path the shell does not own: the remote that owns it, or the 404 page. */
export function RemoteRoutes() {
  const { pathname } = useLocation();
  const owner = ownerOf(pathname);
  if (!owner) return <NotFoundRedirect />;
  const area = <RemoteArea key={owner.remote} remote={owner.remote} />;
  return owner.isAdminOnly ? <RequireAdmin>{area}</RequireAdmin> : area;
}
