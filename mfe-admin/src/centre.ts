// The centre's logo as the administrator manages it: GET /v1/centre (the query the shell's header
// reads too, so a change shows there at once), PUT /v1/centre/logo with the picture, DELETE to remove it.
import type { auth } from '@learning/contracts';
import { api, upload, useMutation, useQuery, useQueryClient } from '@learning/platform';

const centreKey = ['centre'];
export const logoPath = '/v1/centre/logo';

/** The pictures the server takes; the file input offers only these. */
export const logoTypes = ['image/png', 'image/jpeg', 'image/webp'];
export const maxLogoBytes = 512 * 1024;

export function useCentre() {
  return useQuery({ queryKey: centreKey, queryFn: ({ signal }) => api.get<auth.Centre>('/v1/centre', undefined, signal) });
}

/** Whether the logo shown is one an administrator uploaded (not CENTRE_LOGO_URL's). */
export const isUploadedLogo = (centre: auth.Centre) => centre.logoUrl?.startsWith(`${logoPath}?`) ?? false;

export function useUploadLogo(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return upload<auth.Centre>(logoPath, form, { method: 'PUT', onProgress });
    },
    onSuccess: (centre) => queryClient.setQueryData(centreKey, centre),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<auth.Centre>(logoPath),
    onSuccess: (centre) => queryClient.setQueryData(centreKey, centre),
  });
}
