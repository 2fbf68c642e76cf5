import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * The named columns of `table`, as a select list keyed by the same names: `select(pickColumns(users, 'id',
 * 'email'))` instead of writing `id: users.id, email: users.email` out. Spread it beside renamed or computed
 * fields: `select({ ...pickColumns(users, 'id'), company: dealers.name })`.
 */
export function pickColumns<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  const picked = {} as Pick<T['_']['columns'], K>;
  for (const name of names) picked[name] = all[name];
  return picked;
}
