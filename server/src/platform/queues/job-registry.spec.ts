import { ALL_JOBS } from '@muster/contracts';
import { checkJobRegistry } from './job-registry.js';

describe('checkJobRegistry', () => {
  const whole = ALL_JOBS.map((job) => ({ job, owner: `Owner.${job}` }));

  it('accepts exactly one handler per job', () => {
    expect(checkJobRegistry(whole)).toEqual([]);
  });

  it('names a job without a handler', () => {
    const [first, ...rest] = whole;
    expect(checkJobRegistry(rest)).toEqual([`job "${first!.job}" has no handler`]);
  });

  it('names a job with two handlers and both owners', () => {
    const dup = { job: whole[0]!.job, owner: 'Other.handle' };
    expect(checkJobRegistry([...whole, dup])).toEqual([`job "${dup.job}" has 2 handlers: Owner.${dup.job}, Other.handle`]);
  });

  it('names a handler of an unknown job', () => {
    expect(checkJobRegistry([...whole, { job: 'nope.job' as never, owner: 'Ghost.run' }])).toEqual([
      'Ghost.run handles unknown job "nope.job"',
    ]);
  });
});
