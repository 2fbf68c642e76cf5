import { z } from 'zod';

/** Public settings of the SPA. Only VITE_* variables reach the browser, so nothing secret belongs here. */
const ZWebEnv = z.object({
  VITE_API_BASE_URL: z
    .string()
    .regex(/^\/[^/]|^\/$|^https?:\/\//, 'VITE_API_BASE_URL must be a path like /api or an absolute URL')
    .default('/api'),
  VITE_SUPPORT_EMAIL: z.email('VITE_SUPPORT_EMAIL must be an e-mail address').default('support@example.com'),
  VITE_HOMEPAGE_URL: z.string().min(1).default('/'),
});

function parseWebEnv(source: Record<string, unknown>) {
  const parsed = ZWebEnv.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid web environment variables:\n${problems.join('\n')}`);
  }
  return {
    apiBaseUrl: parsed.data.VITE_API_BASE_URL.replace(/\/$/, ''),
    supportEmail: parsed.data.VITE_SUPPORT_EMAIL,
    homepageUrl: parsed.data.VITE_HOMEPAGE_URL,
  };
}

export const env = parseWebEnv(import.meta.env);

export const PRODUCT_NAME = 'Installer Marketplace';
