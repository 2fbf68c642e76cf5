import { ZFullRequest, ZRequestimate, ZRequestList } from '@app/contracts/service-requests.contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileFast } from './response-serializer';

describe('fast reply serializer', () => {
  it('compiles the hot replies (request lists, one request, the full request)', () => {
    expect(compileFast(ZRequestList)).not.toBeNull();
    expect(compileFast(z.array(ZRequestimate))).not.toBeNull();
    expect(compileFast(ZFullRequest)).not.toBeNull();
  });

  it('writes exactly the declared fields, nulls included, and drops the rest', () => {
    const schema = z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      nested: z.object({ a: z.string() }).nullable(),
      tags: z.array(z.string()),
      note: z.string().optional(),
    });
    const write = compileFast(schema);
    expect(write).not.toBeNull();
    const out = write?.({
      id: 7,
      name: null,
      nested: { a: 'x', secret: 1 },
      tags: ['t'],
      passwordHash: 'no',
    });
    expect(JSON.parse(out ?? '')).toEqual({ id: 7, name: null, nested: { a: 'x' }, tags: ['t'] });
    expect(JSON.parse(write?.({ id: 1, name: 'n', nested: null, tags: [], note: 'y' }) ?? '')).toEqual({
      id: 1,
      name: 'n',
      nested: null,
      tags: [],
      note: 'y',
    });
  });

  it('leaves replies JSON Schema cannot express to zod', () => {
    expect(compileFast(z.object({ at: z.date() }))).toBeNull();
    expect(compileFast(z.string().transform((s) => s.length))).toBeNull();
    expect(compileFast(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]))).toBeNull();
  });
});
