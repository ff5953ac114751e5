// The training centre's name, contact and logo (GET /v1/centre), for the header and /help. They change
// only with the centre's settings, so one answer serves the visit.
import type { auth } from '@learning/contracts';
import { api, useQuery } from '@learning/platform';

export function useCentre() {
  return useQuery({
    queryKey: ['centre'],
    queryFn: ({ signal }) => api.get<auth.Centre>('/v1/centre', undefined, signal),
    staleTime: 60 * 60_000,
  });
}
