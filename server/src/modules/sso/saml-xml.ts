import { SAML_LIMITS } from '@muster/contracts';
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { parseCertificate } from './saml-cert.js';
import type { SamlIdpCertificate } from './saml-cert.js';

/**
 * Checks made before any XML reaches a parser: a bounded size, and no document type declaration
 * or entity (XML bombs, external entities). Anything else is the library's to refuse.
 */
export function assertSafeXml(xml: string): void {
  if (Buffer.byteLength(xml, 'utf8') > SAML_LIMITS.maxXmlBytes) throw new DomainError('BAD_REQUEST', 'saml.tooLarge');
  if (/<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST/i.test(xml)) throw new DomainError('BAD_REQUEST', 'saml.malformed');
}

/** A base64 SAMLResponse decoded and checked (size, no DTD); throws a 400 otherwise. */
export function decodeSamlMessage(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw new DomainError('BAD_REQUEST', 'saml.malformed');
  const compact = value.replace(/\s+/g, '');
  // base64 grows 4/3: refuse before decoding anything larger than the bound.
  if (compact.length > Math.ceil((SAML_LIMITS.maxXmlBytes * 4) / 3) + 4) throw new DomainError('BAD_REQUEST', 'saml.tooLarge');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new DomainError('BAD_REQUEST', 'saml.malformed');
  const xml = Buffer.from(compact, 'base64').toString('utf8');
  assertSafeXml(xml);
  if (!xml.trimStart().startsWith('<')) throw new DomainError('BAD_REQUEST', 'saml.malformed');
  return xml;
}

/** Parses checked XML; a 400 when it is not well-formed. */
export async function parseXml(xml: string): Promise<unknown> {
  assertSafeXml(xml);
  try {
    return await parseDomFromString(xml);
  } catch {
    throw new DomainError('BAD_REQUEST', 'saml.malformed');
  }
}

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  sloUrl: string | null;
  certificates: SamlIdpCertificate[];
}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** The little of a DOM element read here (the server compiles without the DOM library). */
interface XmlElement {
  getAttribute(name: string): string | null;
  readonly textContent: string | null;
}
type XmlNode = Parameters<typeof xpath.selectElements>[0];

function select(node: unknown, path: string): XmlElement[] {
  const found: unknown = xpath.selectElements(node as XmlNode, path);
  return found as XmlElement[];
}

/** The identity provider an IdP metadata document describes (the first with an IDPSSODescriptor). */
export async function parseIdpMetadata(xml: string): Promise<IdpMetadata> {
  const doc = await parseXml(xml);
  const descriptor = select(doc, "//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]")[0];
  const idp = descriptor && select(descriptor, "*[local-name()='IDPSSODescriptor']")[0];
  const entityId = descriptor?.getAttribute('entityID')?.trim();
  if (!descriptor || !idp || !entityId) throw new DomainError('BAD_REQUEST', 'saml.metadataInvalid');
  const services = select(idp, "*[local-name()='SingleSignOnService']");
  const sso = services.find((s) => s.getAttribute('Binding') === REDIRECT) ?? services[0];
  const slo = select(idp, "*[local-name()='SingleLogoutService']").find((s) => s.getAttribute('Binding') === REDIRECT);
  const certificates = select(idp, "*[local-name()='KeyDescriptor'][not(@use) or @use='signing']//*[local-name()='X509Certificate']")
    .map((el) => parseCertificate(el.textContent ?? ''))
    .filter((c): c is SamlIdpCertificate => c !== null);
  const ssoUrl = sso?.getAttribute('Location')?.trim();
  if (!ssoUrl || !/^https?:\/\//.test(ssoUrl) || !certificates.length) throw new DomainError('BAD_REQUEST', 'saml.metadataInvalid');
  const sloUrl = slo?.getAttribute('Location')?.trim() ?? null;
  const unique = [...new Map(certificates.map((c) => [c.fingerprint, c])).values()];
  return { entityId, ssoUrl, sloUrl: sloUrl && /^https?:\/\//.test(sloUrl) ? sloUrl : null, certificates: unique };
}
