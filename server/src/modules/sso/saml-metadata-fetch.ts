import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { SAML_LIMITS } from '@muster/contracts';
import { DomainError } from '../../platform/errors/domain-error.js';
import { AddressPolicy, guardedLookup, hostOf, RefusedAddressError } from '../siem/siem-http.js';

const TIMEOUT_MS = 15_000;

/**
 * GETs an IdP's metadata through the SIEM webhooks' SSRF guard: every address the host resolves to
 * must be public unicast (or in `SIEM_ALLOWED_NETWORKS`); https unless the address is allowed;
 * no redirects; at most the metadata size limit; 15 s.
 */
export function fetchMetadata(url: URL, allowedNetworks: readonly string[]): Promise<string> {
  const policy = new AddressPolicy(allowedNetworks);
  const host = hostOf(url);
  if (url.username || url.password) return Promise.reject(new DomainError('BAD_REQUEST', 'saml.invalidUrl'));
  if (isIP(host) && policy.isRefused(host)) return Promise.reject(new RefusedAddressError(host));
  if (url.protocol !== 'https:' && !(isIP(host) && policy.isAllowed(host))) {
    return Promise.reject(new DomainError('BAD_REQUEST', 'siem.httpsRequired'));
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<string>((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'GET',
        lookup: guardedLookup(policy),
        headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      (response) => {
        if ((response.statusCode ?? 0) !== 200) {
          response.resume();
          reject(new Error(`HTTP ${String(response.statusCode)}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > SAML_LIMITS.maxXmlBytes) {
            request.destroy();
            reject(new DomainError('BAD_REQUEST', 'saml.tooLarge'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    request.on('error', (err: Error) =>
      reject(err.name === 'AbortError' || err.name === 'TimeoutError' ? new Error('No answer within 15 s') : err),
    );
    request.end();
  });
}
