import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { DomainError } from './domain-error.js';
import { normaliseError } from './error-body.js';

describe('normaliseError', () => {
  it('maps a domain error code to its status and keeps fields and headers', () => {
    const err = new DomainError('RATE_LIMITED', 'Slow down', undefined, { 'Retry-After': '30' });
    expect(normaliseError(err, 'r1')).toEqual({
      body: { statusCode: 429, error: 'Too Many Requests', message: 'Slow down', code: 'RATE_LIMITED', requestId: 'r1' },
      headers: { 'Retry-After': '30' },
      unexpected: false,
    });
    const invalid = new DomainError('VALIDATION_FAILED', 'email: Required', { email: 'Required' });
    expect(normaliseError(invalid, 'r2').body).toMatchObject({ statusCode: 400, fields: { email: 'Required' } });
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
      requestId: 'r9',
    });
  });
});
