// The centre's logo as the administrator changes it: PUT /v1/centre/logo with the picture, DELETE to
// remove it. Each answers the centre as it is now shown, written into the query the shell's header
// reads (the platform's useCentre), so the header shows the change at once.
import { auth } from '@learning/contracts';
import { api, centreKey, upload, useMutation, useQueryClient } from '@learning/platform';

/** Whether the logo shown is one an administrator uploaded (not CENTRE_LOGO_URL's). */
export const isUploadedLogo = (centre: auth.Centre) => centre.logoUrl?.startsWith(`${auth.centreLogo.path}?`) ?? false;

/** Whether the server takes the file: its type and size, checked before it is sent. */
export const logoProblemOf = (file: File): 'notImage' | 'tooLarge' | null =>
  !(auth.centreLogo.types as readonly string[]).includes(file.type) ? 'notImage' : file.size > auth.centreLogo.maxBytes ? 'tooLarge' : null;

export function useUploadLogo(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return upload<auth.Centre>(auth.centreLogo.path, form, { method: 'PUT', onProgress });
    },
    onSuccess: (centre) => queryClient.setQueryData(centreKey, centre),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<auth.Centre>(auth.centreLogo.path),
    onSuccess: (centre) => queryClient.setQueryData(centreKey, centre),
  });
}
