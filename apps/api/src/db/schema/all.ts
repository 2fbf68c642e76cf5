// The full schema, handed to Drizzle as one object. Tables live in one file per domain.

export * from './analytics';
export * from './calendar';
export * from './calendar-feed';
export * from './calendar-link';
export * from './catalog';
export * from './contracts';
export * from './customers';
export * from './identity';
export * from './money';
export * from './outbox';
export * from './read-cache';
export * from './referrals';
export * from './service-requests';
export * from './vehicles';
