import { approvalFormSchema, centsOf, EMPTY_APPROVAL_FORM, payloadOf } from './payload';

const ORG = '4b0a3c1e-9f53-4c55-8f4e-0c7f1d7a2b10';

describe('approval request form', () => {
  it('reads dollars as cents, refusing what is not an amount', () => {
    expect(centsOf('2500')).toBe(250_000);
    expect(centsOf('1,250.5')).toBe(125_050);
    expect(centsOf('12.345')).toBeNaN();
    expect(centsOf('ten')).toBeNaN();
  });

  it('names only the fields of the chosen kind', () => {
    const values = { ...EMPTY_APPROVAL_FORM, orgId: ORG, amount: '2000', confirmName: 'Quay', userId: ORG };
    expect(payloadOf({ ...values, kind: 'credit_grant' })).toEqual({ kind: 'credit_grant', orgId: ORG, amountCents: 200_000 });
    expect(payloadOf({ ...values, kind: 'signing_key_rotate' })).toEqual({ kind: 'signing_key_rotate' });
    expect(payloadOf({ ...values, kind: 'org_terminate' })).toEqual({ kind: 'org_terminate', orgId: ORG, confirmName: 'Quay' });
    expect(payloadOf({ ...values, kind: 'role_raise', role: 'ROOT_ADMIN' })).toEqual({
      kind: 'role_raise',
      userId: ORG,
      role: 'ROOT_ADMIN',
    });
  });

  it('checks the payload with the contracts and asks for a reason, on the form’s fields', () => {
    const schema = approvalFormSchema();
    const bad = schema.safeParse({ ...EMPTY_APPROVAL_FORM, kind: 'credit_grant', amount: 'x' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['orgId', 'amount', 'reason']));
    const good = schema.safeParse({ ...EMPTY_APPROVAL_FORM, kind: 'credit_grant', orgId: ORG, amount: '2000', reason: 'Pilot' });
    expect(good.data).toEqual({ payload: { kind: 'credit_grant', orgId: ORG, amountCents: 200_000 }, text: 'Pilot' });
  });
});
