import { authCalls } from '@app/contracts/auth.contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callApi } from '../../../lib/call-api';
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
      // Best effort: the local session is gone whatever the server answers. A public call: the session is
      // named by its refresh-token cookie, so no access token is sent.
      callApi(authCalls.signOut, { body: {} }, { isQuiet: true }).catch(() => undefined);
    }
  }, [navigate, queryClient]);
}
