import { useQueryClient } from '@tanstack/react-query';
import type {
  EmailChangeBody,
  meResponseSchema,
  okResponseSchema,
  UpdateProfileBody,
} from '../../../shared/auth/schema';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.patch<Answer<typeof meResponseSchema>>('/api/me', body),
    onSuccess: (me) => queryClient.setQueryData(sessionKeys.me, me),
  });
}

/** Nothing changes until the link sent to the new address is opened, so nothing to invalidate. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: EmailChangeBody) =>
      api.post<Answer<typeof okResponseSchema>>('/api/me/email-change', body),
  });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: () => api.post<Answer<typeof okResponseSchema>>('/api/me/password-reset', {}),
  });
}
