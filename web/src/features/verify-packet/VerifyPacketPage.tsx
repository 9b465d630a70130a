import { Alert, Badge, Box, Button, Card, Container, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { BUNDLE_MANIFEST_VERIFY_MAX, type VerifyBundleResult } from '@muster/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { addRecipes } from '../../components/ui/system';
import { apiRequest, ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { formatDate, formatDateTime } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { usePageMeta } from '../site/usePageMeta';
import { KEYS_PATH, sha256OfFile, verifyOffline, type OfflineVerdict, type PublishedKey } from './offline-verify';

addRecipes({ recipes: { input: inputRecipe } });

/** What the server says of a packet (no more than this is told). */
interface VerifyResult {
  status: 'valid' | 'superseded' | 'revoked';
  organisation: string;
  profile: string;
  from: string;
  to: string;
  issuedAt: string;
  version: number;
  shortCode: string;
  revokedAt: string | null;
  revokedReason: string | null;
  currentShortCode: string | null;
  fileMatch: boolean | null;
}

type Lookup = { token: string } | { code: string };

type Live =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'found'; result: VerifyResult }
  | { kind: 'unknown' }
  | { kind: 'error'; error: unknown };

const STATUS_PALETTE = { valid: 'green', superseded: 'orange', revoked: 'red', unknown: 'gray' } as const;

async function ask(body: Record<string, string>): Promise<VerifyResult | null> {
  try {
    return await apiRequest<VerifyResult>('POST', '/api/verify-packet', body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

function Verdict({ live }: { live: Live }) {
  const { t, i18n } = useTranslation('verifyPacket');
  const language = i18n.resolvedLanguage;
  if (live.kind === 'checking') return <Text data-testid="verify-checking">{t('checking')}</Text>;
  if (live.kind === 'error') {
    return (
      <Alert.Root status="error" data-testid="verify-error">
        <Alert.Indicator />
        <Alert.Description>{errorText(t, live.error)}</Alert.Description>
      </Alert.Root>
    );
  }
  if (live.kind === 'unknown') {
    return (
      <Card.Root variant="outline" data-testid="verify-result" data-status="unknown">
        <Card.Body gap="2">
          <HStack>
            <Badge colorPalette={STATUS_PALETTE.unknown} size="lg" data-testid="verify-status">
              {t('status.unknown')}
            </Badge>
          </HStack>
          <Text>{t('unknownText')}</Text>
        </Card.Body>
      </Card.Root>
    );
  }
  if (live.kind !== 'found') return null;
  const r = live.result;
  return (
    <Card.Root variant="outline" data-testid="verify-result" data-status={r.status}>
      <Card.Body gap="3">
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette={STATUS_PALETTE[r.status]} size="lg" data-testid="verify-status">
            {t(`status.${r.status}`)}
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            {t(`statusText.${r.status}`)}
          </Text>
        </HStack>
        <Stack gap="1" fontSize="sm">
          <Text>
            <Text as="span" color="fg.muted">
              {t('fields.organisation')}:{' '}
            </Text>
            <bdi data-testid="verify-organisation">{r.organisation}</bdi>
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              {t('fields.profile')}:{' '}
            </Text>
            <bdi data-testid="verify-profile">{r.profile}</bdi>
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              {t('fields.period')}:{' '}
            </Text>
            {t('fields.periodValue', { from: formatDate(r.from, language, 'medium'), to: formatDate(r.to, language, 'medium') })}
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              {t('fields.issued')}:{' '}
            </Text>
            {formatDateTime(r.issuedAt, language)}
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              {t('fields.code')}:{' '}
            </Text>
            <Text as="span" fontFamily="mono" dir="ltr">
              {r.shortCode}
            </Text>{' '}
            ({t('fields.version', { version: r.version })})
          </Text>
        </Stack>
        {r.status === 'revoked' && (
          <Text color="fg.error" data-testid="verify-revoked">
            {t('revokedOn', { date: formatDateTime(r.revokedAt!, language), reason: `\u2068${r.revokedReason ?? ''}\u2069` })}
          </Text>
        )}
        {r.status === 'superseded' && r.currentShortCode && (
          <Link asChild color="brand.fg" data-testid="verify-current">
            <RouterLink to={`/verify-packet?code=${encodeURIComponent(r.currentShortCode)}`}>
              {t('currentVersion', { code: r.currentShortCode })}
            </RouterLink>
          </Link>
        )}
        {r.fileMatch !== null && <FileVerdict match={r.fileMatch} />}
      </Card.Body>
    </Card.Root>
  );
}

function FileVerdict({ match }: { match: boolean }) {
  const { t } = useTranslation('verifyPacket');
  return (
    <Alert.Root status={match ? 'success' : 'error'} data-testid="verify-file" data-match={match}>
      <Alert.Indicator />
      <Alert.Description>{match ? t('file.match') : t('file.mismatch')}</Alert.Description>
    </Alert.Root>
  );
}

function OfflineNote({ verdict }: { verdict: OfflineVerdict | null }) {
  const { t } = useTranslation('verifyPacket');
  if (!verdict) return null;
  const ok = verdict.kind === 'verified';
  return (
    <Alert.Root
      status={ok ? 'success' : verdict.kind === 'unsupported' ? 'warning' : 'error'}
      data-testid="verify-offline"
      data-verdict={verdict.kind}
    >
      <Alert.Indicator />
      <Alert.Description>
        {ok
          ? t('offline.verified', { kid: verdict.kid })
          : verdict.kind === 'unknownKey'
            ? t('offline.unknownKey', { kid: verdict.kid })
            : t(`offline.${verdict.kind}`)}
      </Alert.Description>
    </Alert.Root>
  );
}

type BundleCheck =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'found'; result: VerifyBundleResult }
  | { kind: 'unknown' }
  | { kind: 'tooLarge' }
  | { kind: 'error'; error: unknown };

/** An audit bundle's manifest.json, sent as text: Muster says whether it signed it, for whom and when. */
async function checkBundle(file: File): Promise<BundleCheck> {
  if (file.size > BUNDLE_MANIFEST_VERIFY_MAX) return { kind: 'tooLarge' };
  const text = await file.text();
  if (text.length > BUNDLE_MANIFEST_VERIFY_MAX) return { kind: 'tooLarge' };
  try {
    return { kind: 'found', result: await apiRequest<VerifyBundleResult>('POST', '/api/verify-packet', { bundleManifest: text }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'unknown' };
    throw error;
  }
}

function BundleVerdict({ check }: { check: BundleCheck }) {
  const { t, i18n } = useTranslation('verifyPacket');
  const language = i18n.resolvedLanguage;
  if (check.kind === 'idle') return null;
  if (check.kind === 'checking') return <Text data-testid="verify-bundle-checking">{t('checking')}</Text>;
  if (check.kind === 'error' || check.kind === 'unknown' || check.kind === 'tooLarge') {
    return (
      <Alert.Root status="error" data-testid="verify-bundle-result" data-status={check.kind}>
        <Alert.Indicator />
        <Alert.Description>
          {check.kind === 'error' ? errorText(t, check.error) : check.kind === 'unknown' ? t('bundle.unknown') : t('bundle.tooLarge')}
        </Alert.Description>
      </Alert.Root>
    );
  }
  const r = check.result;
  const ok = r.signatureValid && r.manifestMatch;
  return (
    <Stack gap="3" data-testid="verify-bundle-result" data-status={ok ? 'valid' : 'invalid'}>
      <Alert.Root status={r.signatureValid ? 'success' : 'error'} data-testid="verify-bundle-signature" data-valid={r.signatureValid}>
        <Alert.Indicator />
        <Alert.Description>
          {r.signatureValid ? t('bundle.signatureValid', { kid: r.kid }) : t('bundle.signatureInvalid')}
        </Alert.Description>
      </Alert.Root>
      <Text fontSize="sm" color={r.manifestMatch ? 'fg.muted' : 'fg.error'} data-testid="verify-bundle-match" data-match={r.manifestMatch}>
        {r.manifestMatch ? t('bundle.match') : t('bundle.mismatch')}
      </Text>
      <Stack gap="1" fontSize="sm">
        <Text>
          <Text as="span" color="fg.muted">
            {t('bundle.organisation')}:{' '}
          </Text>
          <bdi data-testid="verify-bundle-organisation">{r.organisation}</bdi>
        </Text>
        <Text>
          <Text as="span" color="fg.muted">
            {t('bundle.auditor')}:{' '}
          </Text>
          <bdi data-testid="verify-bundle-auditor">{r.firm ? `${r.auditor} (${r.firm})` : r.auditor}</bdi>
        </Text>
        <Text>
          <Text as="span" color="fg.muted">
            {t('bundle.created')}:{' '}
          </Text>
          {formatDateTime(r.createdAt, language)}
        </Text>
        <Text>
          <Text as="span" color="fg.muted">
            {t('bundle.files')}:{' '}
          </Text>
          {t('bundle.filesValue', { files: r.fileCount, records: r.recordCount })}
        </Text>
      </Stack>
    </Stack>
  );
}

/** "Check an audit bundle: choose its manifest.json". */
function BundleCard() {
  const { t } = useTranslation('verifyPacket');
  const [check, setCheck] = useState<BundleCheck>({ kind: 'idle' });
  const [name, setName] = useState<string | null>(null);
  const choose = (file: File | undefined) => {
    if (!file) return;
    setName(file.name);
    setCheck({ kind: 'checking' });
    checkBundle(file).then(setCheck, (error: unknown) => setCheck({ kind: 'error', error }));
  };
  return (
    <Card.Root variant="subtle" data-testid="verify-bundle">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {t('bundle.title')}
        </Heading>
        <Box as="label" fontWeight="semibold" {...{ htmlFor: 'verify-bundle-input' }}>
          {t('bundle.label')}
        </Box>
        <Input
          id="verify-bundle-input"
          type="file"
          accept="application/json,.json"
          p="1"
          onChange={(e) => choose(e.target.files?.[0])}
          data-testid="verify-bundle-input"
        />
        <Text fontSize="sm" color="fg.muted">
          {t('bundle.help')}
        </Text>
        {name && (
          <Box fontSize="sm" color="fg.muted" data-testid="verify-bundle-name">
            <bdi>{name}</bdi>
          </Box>
        )}
        <BundleVerdict check={check} />
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /verify-packet (public): a packet checked from its QR code (`?t=` token, verified offline with
 * the published key, then asked of the server for its live status), its short code (`?code=` or
 * typed) or a chosen file (hashed in the browser; only the hash is sent); an audit bundle from its
 * manifest.json (sent as text: its signature is checked by Muster).
 */
export default function VerifyPacketPage({ pageId }: PageProps) {
  const { t } = useTranslation(['verifyPacket', 'pages']);
  usePageMeta(pageId);
  const [params, setParams] = useSearchParams();
  const token = params.get('t');
  const codeParam = params.get('code');
  const [lookup, setLookup] = useState<Lookup | null>(token ? { token } : codeParam ? { code: codeParam } : null);
  const [typed, setTyped] = useState(codeParam ?? '');
  const [offline, setOffline] = useState<OfflineVerdict | null>(null);
  const [live, setLive] = useState<Live>({ kind: 'idle' });
  const [fileName, setFileName] = useState<string | null>(null);

  useEffect(() => {
    setLookup(token ? { token } : codeParam ? { code: codeParam } : null);
    if (codeParam) setTyped(codeParam);
  }, [token, codeParam]);

  // The QR token: its signature first, in this browser, against the published key.
  useEffect(() => {
    setOffline(null);
    if (!token) return;
    let cancelled = false;
    void fetch(KEYS_PATH, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ keys: PublishedKey[] }>) : { keys: [] }))
      .then((doc) => verifyOffline(token, doc.keys))
      .then((verdict) => !cancelled && setOffline(verdict))
      .catch(() => !cancelled && setOffline({ kind: 'unsupported' }));
    return () => {
      cancelled = true;
    };
  }, [token]);

  // Then the live status from the server.
  useEffect(() => {
    if (!lookup) return;
    let cancelled = false;
    setLive({ kind: 'checking' });
    ask('token' in lookup ? { token: lookup.token } : { code: lookup.code })
      .then((result) => !cancelled && setLive(result ? { kind: 'found', result } : { kind: 'unknown' }))
      .catch((error: unknown) => !cancelled && setLive({ kind: 'error', error }));
    return () => {
      cancelled = true;
    };
  }, [lookup]);

  const checkFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setLive({ kind: 'checking' });
    try {
      const sha256 = await sha256OfFile(file);
      const context: Record<string, string> = lookup ? ('token' in lookup ? { token: lookup.token } : { code: lookup.code }) : {};
      const result = await ask({ ...context, sha256 });
      setLive(result ? { kind: 'found', result } : { kind: 'unknown' });
    } catch (error) {
      setLive({ kind: 'error', error });
    }
  };

  return (
    <Container maxW="3xl" py={{ base: '8', md: '14' }}>
      <Stack gap="6" data-testid="verify-packet-page">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('pages:verifyPacket.title')}
          </Heading>
          <Text color="fg.muted">{t('intro')}</Text>
        </Stack>
        <OfflineNote verdict={offline} />
        <Verdict live={live} />
        {fileName && live.kind === 'unknown' && (
          <Alert.Root status="error" data-testid="verify-file" data-match="false">
            <Alert.Indicator />
            <Alert.Description>{t('file.noPacket')}</Alert.Description>
          </Alert.Root>
        )}
        <Card.Root variant="subtle">
          <Card.Body gap="4">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                const code = typed.trim();
                if (!code) return;
                setFileName(null);
                setParams({ code });
              }}
            >
              <Stack gap="2">
                <Box as="label" fontWeight="semibold" {...{ htmlFor: 'verify-code' }}>
                  {t('code.label')}
                </Box>
                <HStack gap="2" align="stretch" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
                  <Input
                    id="verify-code"
                    value={typed}
                    onChange={(e) => setTyped(e.target.value)}
                    placeholder="ABCDE-23456"
                    dir="ltr"
                    fontFamily="mono"
                    autoComplete="off"
                    maxLength={40}
                    data-testid="verify-code"
                  />
                  <Button type="submit" colorPalette="brand" data-testid="verify-code-submit">
                    {t('code.submit')}
                  </Button>
                </HStack>
              </Stack>
            </form>
            <Stack gap="2">
              <Box as="label" fontWeight="semibold" {...{ htmlFor: 'verify-file-input' }}>
                {t('file.label')}
              </Box>
              <Input
                id="verify-file-input"
                type="file"
                accept="application/pdf,.pdf"
                p="1"
                onChange={(e) => void checkFile(e.target.files?.[0])}
                data-testid="verify-file-input"
              />
              <Text fontSize="sm" color="fg.muted">
                {t('file.help')}
              </Text>
              {fileName && (
                <Box fontSize="sm" color="fg.muted" data-testid="verify-file-name">
                  <bdi>{fileName}</bdi>
                </Box>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
        <BundleCard />
        <Text fontSize="sm" color="fg.muted">
          {t('keysNote')}{' '}
          <Link href={KEYS_PATH}>
            <bdi dir="ltr">{KEYS_PATH}</bdi>
          </Link>
        </Text>
      </Stack>
    </Container>
  );
}
