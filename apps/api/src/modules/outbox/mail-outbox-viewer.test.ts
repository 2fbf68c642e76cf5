import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const env = { JWT_SECRET: 'x'.repeat(48), DATA_DIR: '/nonexistent-data-dir' };

describe('MAIL_OUTBOX_VIEWER', () => {
  it('is on by default only with demo seeding', () => {
    expect(loadConfig(env).mailOutboxViewer).toBe(true); // embedded database: demo seeding on
    expect(loadConfig({ ...env, SEED_DEMO: 'false' }).mailOutboxViewer).toBe(false);
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://db.example/app' }).mailOutboxViewer).toBe(false);
  });

  it('can be chosen either way outside production', () => {
    expect(loadConfig({ ...env, SEED_DEMO: 'false', MAIL_OUTBOX_VIEWER: 'true' }).mailOutboxViewer).toBe(
      true,
    );
    expect(loadConfig({ ...env, MAIL_OUTBOX_VIEWER: 'false' }).mailOutboxViewer).toBe(false);
  });

  it('is off in production and refused there', () => {
    const production = { ...env, NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/app' };
    expect(loadConfig(production).mailOutboxViewer).toBe(false);
    expect(() => loadConfig({ ...production, MAIL_OUTBOX_VIEWER: 'true' })).toThrow(/MAIL_OUTBOX_VIEWER/);
  });
});
