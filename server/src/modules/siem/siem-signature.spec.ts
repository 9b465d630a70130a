import { Webhook } from 'standardwebhooks';
import { newSigningSecret, secretHint, signature, signatureHeader } from './siem-signature.js';

describe('Standard Webhooks signer', () => {
  // The test vector of the Standard Webhooks specification.
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
  const timestamp = 1614265330;
  const payload = '{"test": 2432232314}';

  it('reproduces the specification test vector', () => {
    expect(signature(secret, id, timestamp, payload)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs under every live secret, and the standardwebhooks library accepts either', () => {
    const rotatedIn = newSigningSecret();
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader([rotatedIn, secret], id, now, payload);
    expect(header.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(now), 'webhook-signature': header };
    expect(new Webhook(secret).verify(payload, headers)).toEqual({ test: 2432232314 });
    expect(new Webhook(rotatedIn).verify(payload, headers)).toEqual({ test: 2432232314 });
    expect(() => new Webhook(newSigningSecret()).verify(payload, headers)).toThrow();
  });

  it('makes whsec_ secrets of 24 random bytes and shows only their start', () => {
    const made = newSigningSecret();
    expect(made).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(made.slice(6), 'base64')).toHaveLength(24);
    expect(newSigningSecret()).not.toBe(made);
    expect(secretHint(made)).toBe(`${made.slice(0, 10)}…`);
  });
});
