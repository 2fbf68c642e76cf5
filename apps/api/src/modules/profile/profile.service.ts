import { AppError } from '@app/contracts/errors.contract';
import { onboardingProgress, onboardingStateOf } from '@app/contracts/payment-onboarding.contract';
import type { TProfile } from '@app/contracts/profile.contract';
import type { AuthContext } from '../../platform/security/auth-context';
import type { ProfileRepository } from './profile.repository';
import { w9Dto } from './profile.w9.repository';

/** PGlite answers a text[] as an array; node-postgres too, but a driver may answer its literal '{a,b}'. */
function textArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .slice(1, -1)
    .split(',')
    .map((v) => v.replace(/^"|"$/g, ''));
}

export function createProfileService({ repository }: { repository: ProfileRepository }) {
  return {
    /**
     * GET /profile/{userId} (row 157): the caller's own profile only (another user's id is FORBIDDEN), for the
     * specialist it acts for. ASSIST users read it too (read-only everywhere, decision 22).
     */
    async getProfile(auth: AuthContext, userId: number): Promise<TProfile> {
      if (userId !== auth.userId)
        throw new AppError('FORBIDDEN', `The profile of user ${userId} is not yours`);
      const row = await repository.find(userId, auth.companyId);
      if (!row) throw new AppError('NOT_FOUND', `Profile of user ${userId} not found`);
      const state = onboardingStateOf(row);
      const steps = [
        { key: 'payment' as const, label: 'Payment account set up', done: state === 'complete' },
        {
          key: 'firstJob' as const,
          label: 'First job scheduled',
          done: row.has_job || Number(row.trial_jobs_completed) > 0,
        },
        { key: 'calendar' as const, label: 'Calendar linked', done: row.calendar_authenticated },
        { key: 'catalog' as const, label: 'Service catalog priced', done: row.has_catalog },
      ];
      return {
        user: {
          User_id: Number(row.user_id),
          user_name: row.user_name,
          Email: row.user_email,
          user_phone_number: row.user_phone,
          access: row.user_access,
        },
        installer: {
          Installer_id: Number(row.installer_id),
          Installer_Name: row.installer_name,
          installer_email: row.installer_email,
          phone: row.installer_phone,
          address_line1: row.address_line1,
          city: row.city,
          state: row.state,
          zip: row.zip,
          installer_category: row.category,
          categories: textArray(row.categories),
          services: [
            ...(row.offers_retail ? (['retail'] as const) : []),
            ...(row.offers_wholesale ? (['whole'] as const) : []),
          ],
          capacity: Number(row.capacity),
          tax_rate: Number(row.tax_rate_bps) / 100,
          subscription: row.subscription,
          is_trial: row.is_trial,
          trial_jobs_completed: Number(row.trial_jobs_completed),
          calendar_linked: row.calendar_authenticated,
          created_date: row.created_date,
          w9:
            row.w9_file_name === null
              ? null
              : w9Dto({
                  fileName: row.w9_file_name,
                  contentType: row.w9_content_type ?? '',
                  sizeBytes: Number(row.w9_size_bytes),
                  uploadedAt: row.w9_uploaded_at ?? '',
                  uploadedByName: row.w9_uploaded_by,
                }),
        },
        payment: {
          state,
          onboarding_complete: row.onboarding_complete,
          has_account: Boolean(row.stripe_account_id),
          progress: onboardingProgress(state) as 50 | 100,
        },
        setup: row.is_trial
          ? { steps, completed: steps.filter((s) => s.done).length, total: steps.length }
          : null,
      };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
