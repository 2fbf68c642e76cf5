import type { FastifyInstance } from 'fastify';

// Mantine injects style attributes, so styles allow 'unsafe-inline'; scripts never do.
// Map tiles come from OpenStreetMap (the maps port's keyless default).
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://tile.openstreetmap.org https://*.tile.openstreetmap.org",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

// Swagger UI's page needs inline styles and its own initializer script.
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
].join('; ');

/** A year, subdomains included: what browsers' HSTS preload expects; sent only when the product is served over https. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether a request URL is under /api. Routing matches case-insensitively and ignores repeated slashes, so
 * `/API/…`, `//api/…` and `/api` itself reach the API too and must get the same headers.
 */
export function isApiUrl(url: string): boolean {
  const pathname = (url.split('?')[0] ?? '').replace(/^\/+/, '/').toLowerCase();
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }): void {
  const hsts = new URL(options.publicUrl).protocol === 'https:';
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    // A page may ask for less (token pages send no-referrer: their address is a credential).
    if (!reply.hasHeader('Referrer-Policy'))
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=(self)');
    if (hsts) reply.header('Strict-Transport-Security', HSTS);
    const isApi = isApiUrl(request.url);
    const isDocs = isApi && /^\/+api\/docs(\/|$|\?)/i.test(request.url);
    reply.header('Content-Security-Policy', isDocs ? DOCS_CSP : APP_CSP);
    // API answers are not cached, unless the call says how (the ICS feed: private, revalidated by ETag).
    if (isApi && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
