import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  emailResponseSchema,
  LoginBody,
  meResponseSchema,
  okResponseSchema,
  TokenMode,
  verifyTokenResponseSchema,
} from '../../../shared/auth/schema';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { forgetSession, sessionKeys } from '../../lib/session';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<Answer<typeof meResponseSchema>>('/api/auth/login', body),
    onSuccess: (me) => {
      // A new session: nothing cached for a previous one may leak into it.
      forgetSession(queryClient);
      queryClient.setQueryData(sessionKeys.me, me);
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<Answer<typeof okResponseSchema>>('/api/auth/forgot-password', { email }),
  });
}

/** Checking a link's token reads nothing and changes nothing, so it is a query (cached per token). */
export function verifyTokenQuery(token: string, mode: TokenMode) {
  return queryOptions({
    queryKey: ['auth', 'verify-token', mode, token],
    queryFn: () =>
      api.post<Answer<typeof verifyTokenResponseSchema>>('/api/auth/verify-token', { token, mode }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useVerifyToken(token: string, mode: TokenMode, enabled: boolean) {
  return useQuery({ ...verifyTokenQuery(token, mode), enabled });
}

const PASSWORD_PATHS: Record<Exclude<TokenMode, 'verifyAndChangeEmail'>, string> = {
  setPassword: '/api/auth/set-password',
  resetPassword: '/api/auth/reset-password',
};

export function usePasswordWithToken(mode: Exclude<TokenMode, 'verifyAndChangeEmail'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post<Answer<typeof emailResponseSchema>>(PASSWORD_PATHS[mode], body),
    // A reset ends every session of the account: forget whatever this tab knew about one.
    onSuccess: () => forgetSession(queryClient),
  });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<Answer<typeof emailResponseSchema>>('/api/auth/update-email', { token }),
    onSuccess: () => forgetSession(queryClient),
  });
}
