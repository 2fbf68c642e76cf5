import { authPaths } from '@app/contracts/auth.contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { apiPost } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

/** Sign Out (002 §2.2): revoke the session (its refresh-token cookie), forget it here and go to /login. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const tokens = sessionStore.getSnapshot().tokens;
    // Leave first, so the signed-in guard does not remember this page as the place to come back to.
    navigate('/login', { replace: true });
    sessionStore.clear();
    queryClient.clear();
    if (tokens) {
      // Best effort: the local session is gone whatever the server answers.
      apiPost(authPaths.signOut, {}, z.unknown(), {
        accessToken: tokens.accessToken,
        isQuiet: true,
      }).catch(() => undefined);
    }
  }, [navigate, queryClient]);
}
