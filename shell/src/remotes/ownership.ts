// Which remote owns which part of the site (spec section 2). Plain data, no React and no shared
// module, so the entry (index.ts) can read it before the async boundary to start the remote early.

export interface RemoteOwnership {
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
