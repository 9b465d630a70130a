import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { DomainError, InvalidFieldError } from './domain-error.js';
import { normaliseError } from './error-body.js';
import { markOutage } from './outage.js';

describe('normaliseError', () => {
  it('maps a domain error code to its status and keeps its reason, parameters and headers', () => {
    const err = new DomainError('RATE_LIMITED', 'auth.tooMany', {}, { headers: { 'Retry-After': '30' } });
    expect(normaliseError(err, 'r1')).toEqual({
      body: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many attempts. Please try again later.',
        code: 'RATE_LIMITED',
        reason: 'auth.tooMany',
        params: {},
        requestId: 'r1',
      },
      headers: { 'Retry-After': '30' },
      unexpected: false,
    });
  });

  it('names each invalid field with its English text and its reason', () => {
    const invalid = new InvalidFieldError('password', 'validation.passwordMin', { min: 10 });
    expect(normaliseError(invalid, 'r2').body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      reason: 'validation.passwordMin',
      params: { min: 10 },
      message: 'Password must be at least 10 characters',
      fields: { password: 'Password must be at least 10 characters' },
      fieldReasons: { password: { reason: 'validation.passwordMin', params: { min: 10 } } },
    });
  });

  it('gives a reason by code to the refusals of Nest and Fastify', () => {
    expect(normaliseError(new NotFoundException('Nope'), 'r').body).toMatchObject({ code: 'NOT_FOUND', reason: 'notFound.resource' });
  });

  it('unwraps Fastify errors that Nest wrapped', () => {
    const fst = Object.assign(new Error('Body is not valid JSON'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 });
    const wrapped = new HttpException(fst.message, 400, { cause: fst });
    expect(normaliseError(wrapped, 'r').body).toMatchObject({ statusCode: 400, code: 'MALFORMED_JSON' });
    const big = Object.assign(new Error('too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    expect(normaliseError(new HttpException(big.message, 413, { cause: big }), 'r').body).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('keeps the message of Nest HTTP exceptions', () => {
    expect(normaliseError(new BadRequestException('Nope'), 'r').body).toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: 'Nope',
    });
    expect(normaliseError(new NotFoundException(), 'r').body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('hides unknown errors behind a 500 without details', () => {
    const result = normaliseError(new TypeError('secret internals'), 'r9');
    expect(result.unexpected).toBe(true);
    expect(result.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An unexpected error occurred',
      code: 'INTERNAL',
      reason: 'common.internal',
      params: {},
      requestId: 'r9',
    });
  });
  it('answers 503 with the store, Retry-After and no details when PostgreSQL or Redis cannot be reached', () => {
    const refused = markOutage(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), 'database');
    expect(normaliseError(refused, 'r')).toEqual({
      body: {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database cannot be reached right now: try again in a few seconds',
        code: 'SERVICE_UNAVAILABLE',
        reason: 'common.databaseUnavailable',
        params: {},
        requestId: 'r',
      },
      headers: { 'Retry-After': '5' },
      unexpected: false,
      outage: 'database',
    });
    const redis = Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' });
    expect(normaliseError(redis, 'r').body).toMatchObject({ statusCode: 503, reason: 'common.redisUnavailable' });
  });
});
