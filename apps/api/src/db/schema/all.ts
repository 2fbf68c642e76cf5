// The full schema, handed to Drizzle as one object. Tables live in one file per domain.
export * from './identity';
export * from './outbox';
export * from './vehicles';
export * from './catalog';
export * from './customers';
export * from './service-requests';
export * from './calendar';
export * from './money';
export * from './referrals';
export * from './contracts';
export * from './analytics';
