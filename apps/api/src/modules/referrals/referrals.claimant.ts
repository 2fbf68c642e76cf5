import { AppError } from '@app/contracts/errors.contract';
import { referralMessages as messages, ZPublicClaimFields } from '@app/contracts/referrals.contract';
import type { AuthContext } from '../../platform/security/auth-context';
import type { ReferralsRepository } from './referrals.repository';

/** The claimant's details: the form's (public) or its company's (signed in, decision 17). */
export async function claimantOf(
  repository: Pick<ReferralsRepository, 'findInstaller' | 'findUser'>,
  auth: AuthContext | null,
  body: Record<string, unknown>,
) {
  if (auth && auth.userType === 'installer' && body.claim_token === undefined) {
    if (auth.access === 'ASSIST') throw new AppError('FORBIDDEN', 'Assistants cannot claim referrals');
    const [company, user] = await Promise.all([
      repository.findInstaller(auth.companyId),
      repository.findUser(auth.userId),
    ]);
    return {
      installerId: auth.companyId,
      actor: 'installer' as const,
      userId: auth.userId,
      name: user?.name ?? auth.userName,
      phone: user?.phone ?? company?.phone ?? null,
      email: user?.email ?? auth.email,
      business: company?.name ?? '',
    };
  }
  if (body.claim_token === undefined) {
    throw new AppError('VALIDATION_FAILED', messages.invalidLink, {
      details: [{ path: 'claim_token', message: 'claim_token is required' }],
    });
  }
  const fields = ZPublicClaimFields.safeParse(body);
  if (!fields.success) {
    throw new AppError('VALIDATION_FAILED', fields.error.issues[0]?.message ?? messages.claimFailed, {
      details: fields.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return {
    installerId: null,
    actor: 'public' as const,
    userId: null,
    name: fields.data.specialist_name,
    phone: fields.data.specialist_phone,
    email: fields.data.specialist_email,
    business: fields.data.specialist_business,
  };
}
