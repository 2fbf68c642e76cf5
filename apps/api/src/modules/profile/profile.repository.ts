import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type ProfileRow = {
  user_id: number;
  user_name: string;
  user_email: string;
  user_phone: string | null;
  user_access: string;
  installer_id: number;
  installer_name: string;
  installer_email: string | null;
  installer_phone: string | null;
  address_line1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  category: string | null;
  offers_retail: boolean;
  offers_wholesale: boolean;
  capacity: number;
  tax_rate_bps: number;
  subscription: string;
  is_trial: boolean;
  trial_jobs_completed: number;
  stripe_account_id: string | null;
  onboarding_complete: boolean;
  calendar_authenticated: boolean;
  created_date: string;
  categories: string[] | string | null;
  has_job: boolean;
  has_catalog: boolean;
  /** The W-9 on file (decision 023): all null when none. */
  w9_file_name: string | null;
  w9_content_type: string | null;
  w9_size_bytes: number | null;
  /** ISO 8601, UTC. */
  w9_uploaded_at: string | null;
  w9_uploaded_by: string | null;
};

/**
 * One statement reads the profile: the user, the specialist it acts for, the categories of its catalog and
 * whether it has a job (a request assigned to it past answering) and a catalog (any priced service), and its
 * W-9 on file.
 */
export function createProfileRepository(db: Db) {
  return {
    async find(userId: number, installerId: number): Promise<ProfileRow | null> {
      const result = await db.execute(sql`
        select u.id as user_id, u.name as user_name, u.email as user_email, u.phone as user_phone,
               u.access as user_access,
               i.id as installer_id, i.name as installer_name, i.email as installer_email,
               i.phone as installer_phone, i.address_line1, i.city, i.state, i.zip, i.category,
               i.offers_retail, i.offers_wholesale, i.capacity, i.tax_rate_bps, i.subscription, i.is_trial,
               i.trial_jobs_completed, i.stripe_account_id, i.onboarding_complete, i.calendar_authenticated,
               to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD') as created_date,
               array(select distinct m.service_category from master_services m
                      where m.installer_id = i.id order by 1) as categories,
               exists (select 1 from service_requests sr
                        where sr.assigned_installer_id = i.id
                          and sr.current_state in ('scheduled','received','started','finished','collected','reviewed')
                      ) as has_job,
               exists (select 1 from services s where s.installer_id = i.id) as has_catalog,
               w.file_name as w9_file_name, w.content_type as w9_content_type, w.size_bytes as w9_size_bytes,
               to_char(w.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as w9_uploaded_at,
               wu.name as w9_uploaded_by
          from users u, installers i
          left join installer_w9s w on w.installer_id = i.id
          left join users wu on wu.id = w.uploaded_by_user_id
         where u.id = ${userId} and i.id = ${installerId}`);
      const rows = (result as unknown as { rows: ProfileRow[] }).rows;
      return rows[0] ?? null;
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
