/** The shared ioredis command client. */
export const REDIS = Symbol('REDIS');
