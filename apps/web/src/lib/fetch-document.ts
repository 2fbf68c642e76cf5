import { env } from '../env';
import { ApiHttpError, refreshAccessToken } from './api-client';
import { sessionStore } from './session-store';

export type DocumentQueryValue = string | number | undefined;

async function sendForDocument(url: string, accessToken: string | undefined): Promise<Response> {
  return fetch(url, {
    headers: {
      'X-Requested-With': 'fetch',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    cache: 'no-store',
  });
}

/**
 * A document the API writes (CSV, HTML, PDF) as the bytes it sent: `callApi` reads answers as text, which
 * drops a CSV's byte-order mark (Excel needs it for UTF-8) and breaks a PDF. Signed in like every call, with
 * one silent refresh on a 401. Failures throw `ApiHttpError` (4xx, 5xx) for the screen's own message.
 */
export async function fetchDocument(
  path: string,
  query: Record<string, DocumentQueryValue> = {},
): Promise<Blob> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const url = `${env.apiBaseUrl}${path}${search.size > 0 ? `?${search}` : ''}`;
  const token = sessionStore.getSnapshot().tokens?.accessToken;
  let response = await sendForDocument(url, token);
  if (response.status === 401 && token) {
    response = await sendForDocument(url, (await refreshAccessToken(token)).accessToken);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not the product's error body: the status says enough.
    }
    throw new ApiHttpError(response.status, body);
  }
  return response.blob();
}

/**
 * Hands a document to the browser as a download named `fileName`, through an object URL: nothing is asked of
 * the server again and the session token never appears in an address.
 */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download at once; the URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
