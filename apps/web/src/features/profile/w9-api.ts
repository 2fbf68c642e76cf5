import {
  profileCalls,
  type TW9Reply,
  W9_LIMITS,
  w9Messages,
  ZW9Reply,
} from '@app/contracts/profile.contract';
import { env } from '../../env';
import { ApiHttpError, buildPath, refreshAccessToken } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';
import { sessionStore } from '../../lib/session-store';

export type W9Mode = 'upload' | 'replace';

/** What the browser can tell before sending (the server decides by content): type by name or type, and size. */
export function checkW9File(file: File): string | null {
  if (file.size === 0) return w9Messages.empty;
  if (file.size > W9_LIMITS.maxBytes) return w9Messages.tooLarge;
  const byType = (W9_LIMITS.contentTypes as readonly string[]).includes(file.type);
  const byName = /\.(pdf|jpe?g|png)$/i.test(file.name);
  return byType || byName ? null : w9Messages.wrongType;
}

type Answer = { status: number; body: unknown };

/** One multipart send with upload progress (fetch reports none), signed in with `token`. */
function send(
  url: string,
  method: 'POST' | 'PUT',
  file: File,
  token: string | undefined,
  onProgress: (percent: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('X-Requested-With', 'fetch');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not the product's JSON: the status says enough.
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error(w9Messages.uploadFailed));
    const form = new FormData();
    form.set('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * POST (upload) or PUT (replace) /profile/w9/{installerId} as multipart form data, reporting progress; one
 * silent refresh on a 401. Failures throw ApiHttpError with the server's message (400/409/413/415).
 */
export async function saveW9(
  installerId: number,
  file: File,
  mode: W9Mode,
  onProgress: (percent: number) => void = () => {},
): Promise<TW9Reply> {
  const call = mode === 'upload' ? profileCalls.uploadW9 : profileCalls.replaceW9;
  const url = `${env.apiBaseUrl}${buildPath(call.path, { installerId })}`;
  const token = sessionStore.getSnapshot().tokens?.accessToken;
  let answer = await send(url, call.method, file, token, onProgress);
  if (answer.status === 401 && token) {
    answer = await send(url, call.method, file, (await refreshAccessToken(token)).accessToken, onProgress);
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiHttpError(answer.status, answer.body);
  return ZW9Reply.parse(answer.body);
}

export function removeW9(installerId: number) {
  return callApi(profileCalls.removeW9, { params: { installerId } }, { isQuiet: true });
}

/** A short-lived link to the W-9 on file (the installer's own, or one a dealership paid by check or cash). */
export function fetchW9Link(installerId: number) {
  return callApi(profileCalls.w9Link, { params: { installerId } }, { isQuiet: true });
}

/** The message a failed W-9 call shows: the server's for a 4xx, else the action's own. */
export function describeW9Failure(error: unknown, fallback: string): string {
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return fallback;
}
