// The centre's name, contact and logo (GET /v1/centre) in the shared query client: the shell's header
// and /help read it, and the administrator's logo screen writes a new answer into the same key, so
// the header shows a new logo at once.
import type { auth } from '@learning/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const centreKey = ['centre'] as const;

export function fetchCentre(signal?: AbortSignal): Promise<auth.Centre> {
  return api.get<auth.Centre>('/v1/centre', undefined, signal);
}

/** It changes only with the centre's settings or its logo, so one answer serves the visit. */
export function useCentre() {
  return useQuery({ queryKey: centreKey, queryFn: ({ signal }) => fetchCentre(signal), staleTime: 60 * 60_000 });
}
