import { authCalls } from '@app/contracts/auth.contract';
import { companyCalls } from '@app/contracts/shell.contract';
import { usersCalls as calls, type TCompanyType, type TCreateUserBody } from '@app/contracts/users.contract';
import { ApiHttpError } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

const quiet = { isQuiet: true } as const;

export const fetchUsers = () => callApi(calls.listUsers, undefined, quiet);
export const fetchCompanyChoices = () => callApi(calls.listInstallers, undefined, quiet);
export const fetchUserCompanies = (userId: number) =>
  callApi(companyCalls.listUserAccess, { params: { id: userId } }, quiet);
export const fetchUserStatus = (email: string) => callApi(authCalls.userStatus, { params: { email } }, quiet);

/** What the form sends (row 149's body). */
export type UserBody = Omit<TCreateUserBody, 'companyId'> & { companyId: number };

/** Rows 149 (no id) and 150. */
export const saveUser = (userId: number | null, body: UserBody) =>
  userId === null
    ? callApi(calls.createUser, { body }, quiet)
    : callApi(calls.updateUser, { params: { id: userId }, body: { ...body, userId } }, quiet);

/** Row 151: the whole list of additional companies. */
export const saveCompanyAccess = (userId: number, companies: { id: number; type: TCompanyType }[]) =>
  callApi(
    calls.setCompanyAccess,
    {
      params: { userId },
      body: { associations: companies.map((c) => ({ company_id: c.id, company_type: c.type })) },
    },
    quiet,
  );

/** Row 153. */
export const requestPasswordReset = (email: string) =>
  callApi(authCalls.requestPasswordReset, { body: { email } }, quiet);

/** The server's text for a failure (M229 and M231 append it). */
export function failureText(error: unknown): string {
  if (error instanceof ApiHttpError) return error.userMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
