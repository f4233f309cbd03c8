import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type EmailChangeBody,
  meResponseSchema,
  okResponseSchema,
  type UpdateProfileBody,
} from '../../../shared/auth/schema';
import { api } from '../../lib/api';
import { sessionKeys } from '../../lib/session';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.patch('/api/me', body, meResponseSchema),
    onSuccess: (me) => queryClient.setQueryData(sessionKeys.me, me),
  });
}

/** Nothing changes until the link sent to the new address is opened, so nothing to invalidate. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: EmailChangeBody) => api.post('/api/me/email-change', body, okResponseSchema),
  });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: () => api.post('/api/me/password-reset', {}, okResponseSchema),
  });
}
