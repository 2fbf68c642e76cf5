import type { TManagedUser } from '@app/contracts/users.contract';
import { describe, expect, it } from 'vitest';
import { filterUsers } from './users-page';

const user = (user_name: string, Email: string): TManagedUser => ({
  User_id: Email.length,
  user_name,
  Email,
  user_phone_number: '8135550100',
  User_type: 'installer',
  Company_id: 7,
  access: 'STANDARD',
  company_name: 'Elite Auto Film',
  company_type: 'specialist',
  status: 'active',
  active: true,
});

describe('User Management search (002 §2.11: by name or e-mail)', () => {
  const users = [user('Evan Brooks', 'installer@demo.test'), user('Nina Patel', 'installer2@demo.test')];

  it('matches a part of the name or the e-mail, whatever the case; blank shows everyone', () => {
    expect(filterUsers(users, 'nina').map((u) => u.user_name)).toEqual(['Nina Patel']);
    expect(filterUsers(users, 'INSTALLER2@').map((u) => u.user_name)).toEqual(['Nina Patel']);
    expect(filterUsers(users, 'demo.test')).toHaveLength(2);
    expect(filterUsers(users, '  ')).toHaveLength(2);
    expect(filterUsers(users, 'zed')).toEqual([]);
  });
});
