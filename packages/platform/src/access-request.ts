// A learner's request to join a Monster plan or a lesson bundle (spec sections 4 and 8), the same for
// both products: on success the current user is reloaded, so the bundle reads pending; a failed
// request sends the visitor to sign in, with continue set to the current address.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { api, ApiError } from './api';
import { currentAddress, currentUserKey, signInPath } from './session';

/** `path` is the request family, e.g. '/v1/monsterplan-requests'; mutate({ monsterplan: id }). */
export function useAccessRequest<Body extends object>(path: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const reloadCurrentUser = () => queryClient.invalidateQueries({ queryKey: currentUserKey });
  return useMutation({
    mutationFn: (body: Body) => api.post<unknown>(path, body),
    // Returned, so the button keeps its spinner until the new state is on screen.
    onSuccess: reloadCurrentUser,
    onError: (error) => {
      // 409: the request exists already (sent from another tab): the reloaded user shows it.
      if (error instanceof ApiError && error.status === 409) return reloadCurrentUser();
      navigate(signInPath(currentAddress(location)));
    },
  });
}
