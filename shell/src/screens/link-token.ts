// The token a mail's link carries after '#token=' (the reset and unsubscribe links): a fragment never
// reaches a server in a request line. It is read once, then taken out of the address bar, so it is not
// kept in the history or shown over a shoulder.
import { useLocation, useNavigate } from '@learning/platform';
import { useEffect, useState } from 'react';

export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token'));

  useEffect(() => {
    // The router's own replace (history.replaceState under BrowserRouter), so the page keeps its place.
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  return token;
}
