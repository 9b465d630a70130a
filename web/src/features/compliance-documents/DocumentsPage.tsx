import { Alert, Badge, Button, Card, Flex, Link, Separator, Stack, Text } from '@chakra-ui/react';
import type { ComplianceDocument, ComplianceRule, DocumentVersion } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ListSkeleton, LoadError, SelectField } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { formatBytes, formatDate } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSignedInSession } from '../auth/signed-in-session';
import { useComplianceRules } from '../compliance/api';
import { ruleTitle } from '../compliance/text';
import { downloadUrl, useDocument, useDocuments } from './api';
import { DetailsForm } from './DetailsForm';
import { NewVersionForm, UploadDialog } from './UploadDialog';
import { FormDialog } from '../../components/FormDialog';
import { useLatestSearchParams } from '../../lib/useLatestSearchParams';

const DAY_MS = 86_400_000;

/** Whether a review or expiry date is past, near (within the reminder window) or later. */
function reviewState(date: string | null, now: number): 'past' | 'near' | 'later' | null {
  if (!date) return null;
  const days = (Date.parse(`${date}T00:00:00Z`) - now) / DAY_MS;
  if (days < -1) return 'past';
  return days <= 30 ? 'near' : 'later';
}

function VersionRow({ documentId, version, current }: { documentId: string; version: DocumentVersion; current: boolean }) {
  const { t, i18n } = useTranslation('complianceDocuments');
  const language = i18n.resolvedLanguage;
  return (
    <Stack as="li" gap="1" paddingY="2" data-testid="version-row" data-version={version.version}>
      <Flex gap="2" wrap="wrap" align="center">
        <Text fontWeight="semibold">{t('version.label', { version: version.version })}</Text>
        {current && (
          <Badge size="sm" colorPalette="green">
            {t('version.current')}
          </Badge>
        )}
        <Link href={downloadUrl(documentId, version.id)} fontSize="sm" data-testid="version-download">
          {t('download')}
        </Link>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {t('version.meta', {
          effective: formatDate(version.effectiveDate, language),
          uploaded: formatDate(version.createdAt.slice(0, 10), language),
          name: version.uploadedBy.name,
          size: formatBytes(version.size, language),
        })}
      </Text>
      <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start" wordBreak="break-all">
        <Text as="span" dir={i18n.dir(language)}>
          {t('version.file')}
        </Text>{' '}
        {version.filename} · SHA-256 {version.sha256.slice(0, 16)}…
      </Text>
      {version.note && (
        <Text fontSize="sm" dir="auto">
          {version.note}
        </Text>
      )}
    </Stack>
  );
}

/** A document's versions, newest first, each downloadable; managers upload a new one. */
function HistoryDialog({
  document,
  rules,
  editable,
}: {
  document: ComplianceDocument;
  rules: readonly ComplianceRule[];
  editable: boolean;
}) {
  const { t } = useTranslation(['complianceDocuments', 'common']);
  const [open, setOpen] = useState(false);
  const detail = useDocument(open ? document.id : null);
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="outline" data-testid="document-history">
          {editable ? t('historyAndVersion') : t('history')}
        </Button>
      }
      title={document.title}
      titleDir="auto"
      testId="history-dialog"
      closeLabel={t('close')}
      open={open}
      onOpenChange={setOpen}
    >
      {() =>
        detail.isPending ? (
          <ListSkeleton rows={2} testId="history-loading" />
        ) : detail.isError ? (
          <LoadError title={t('historyError')} error={detail.error} onRetry={() => void detail.refetch()} testId="history-error" />
        ) : (
          <Stack gap="4">
            <Stack as="ul" gap="0" listStyleType="none" css={{ '& > li + li': { borderTopWidth: '1px' } }} data-testid="version-list">
              {detail.data.versions.map((v) => (
                <VersionRow key={v.id} documentId={document.id} version={v} current={v.version === detail.data.current.version} />
              ))}
            </Stack>
            {editable && (
              <>
                <Separator />
                <Text fontWeight="semibold">{t('version.heading')}</Text>
                <NewVersionForm key={detail.data.current.version} document={detail.data} onDone={() => void detail.refetch()} />
                <Separator />
                <Text fontWeight="semibold">{t('details.heading')}</Text>
                <DetailsForm key={detail.data.updatedAt} document={detail.data} rules={rules} onDone={() => void detail.refetch()} />
              </>
            )}
          </Stack>
        )
      }
    </FormDialog>
  );
}

function DocumentCard({
  document,
  rules,
  editable,
}: {
  document: ComplianceDocument;
  rules: ReadonlyMap<string, ComplianceRule>;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation(['complianceDocuments', 'compliance']);
  const language = i18n.resolvedLanguage;
  const review = reviewState(document.reviewDate, Date.now());
  return (
    <Card.Root
      as="li"
      variant="outline"
      borderInlineStartWidth="4px"
      borderInlineStartColor={review === 'past' ? 'red.solid' : review === 'near' ? 'orange.solid' : 'border'}
      data-testid="document-card"
      data-document-id={document.id}
    >
      <Card.Body gap="2" padding={{ base: '3', md: '4' }}>
        <Flex gap="2" wrap="wrap" align="center">
          <Text fontWeight="semibold" dir="auto" data-testid="document-title">
            {document.title}
          </Text>
          <Badge size="sm" variant="outline">
            {t(`kinds.${document.kind}`)}
          </Badge>
          <Badge size="sm">{t('version.label', { version: document.current.version })}</Badge>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {t('card.meta', {
            effective: formatDate(document.current.effectiveDate, language),
            uploaded: formatDate(document.current.createdAt.slice(0, 10), language),
            owner: document.owner.name,
          })}
        </Text>
        {document.reviewDate && (
          <Flex gap="2" align="center" wrap="wrap" fontSize="sm">
            <Text>{t(`card.${document.reviewKind}`, { date: formatDate(document.reviewDate, language) })}</Text>
            {review === 'past' && (
              <Badge size="sm" colorPalette="red">
                {t(`card.${document.reviewKind}Past`)}
              </Badge>
            )}
            {review === 'near' && (
              <Badge size="sm" colorPalette="orange">
                {t('card.soon')}
              </Badge>
            )}
          </Flex>
        )}
        {(document.tags.length > 0 || document.ruleIds.length > 0) && (
          <Flex gap="1.5" wrap="wrap">
            {document.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="subtle" colorPalette="blue" dir="auto">
                {tag}
              </Badge>
            ))}
            {document.ruleIds.map((id) => {
              const rule = rules.get(id);
              return (
                <Badge key={id} size="sm" variant="outline" dir="auto" title={rule ? ruleTitle(t, rule) : id}>
                  {rule?.source ?? id}
                </Badge>
              );
            })}
          </Flex>
        )}
        <Flex gap="2" wrap="wrap" paddingTop="1">
          <Button asChild size="sm" colorPalette="brand" variant="solid">
            <a href={downloadUrl(document.id, document.current.id)} data-testid="document-download">
              {t('download')}
            </a>
          </Button>
          <HistoryDialog document={document} rules={[...rules.values()]} editable={editable} />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function DocumentsContent() {
  const { t } = useTranslation(['complianceDocuments', 'compliance']);
  const [params, setParams] = useLatestSearchParams();
  const tag = params.get('tag') ?? '';
  const ruleId = params.get('rule') ?? '';
  const documents = useDocuments({ ...(tag ? { tag } : {}), ...(ruleId ? { ruleId } : {}) });
  const rules = useComplianceRules();
  const setFilter = (name: 'tag' | 'rule', value: string) => {
    setParams(
      (next) => {
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  };
  if (documents.isPending || rules.isPending) return <ListSkeleton testId="documents-loading" />;
  if (documents.isError || rules.isError)
    return (
      <LoadError
        title={t('loadError')}
        error={documents.error ?? rules.error}
        onRetry={() => {
          void documents.refetch();
          void rules.refetch();
        }}
        testId="documents-error"
      />
    );
  const { items, tags, editable } = documents.data;
  const ruleMap = new Map(rules.data.items.map((r) => [r.id, r]));
  const filtered = Boolean(tag || ruleId);
  return (
    <Stack gap="5">
      <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
        <Flex gap="3" wrap="wrap">
          <SelectField
            label={t('filters.tag')}
            value={tag}
            onChange={(v) => setFilter('tag', v)}
            options={[{ value: '', label: t('filters.anyTag') }, ...tags.map((x) => ({ value: x, label: x }))]}
            testId="filter-tag"
            width={{ base: 'full', sm: '48' }}
          />
          <SelectField
            label={t('filters.rule')}
            value={ruleId}
            onChange={(v) => setFilter('rule', v)}
            options={[
              { value: '', label: t('filters.anyRule') },
              ...rules.data.items.map((r) => ({ value: r.id, label: `${r.source} — ${ruleTitle(t, r)}` })),
            ]}
            testId="filter-rule"
            width={{ base: 'full', sm: '72' }}
          />
        </Flex>
        {editable && (
          <UploadDialog
            rules={rules.data.items}
            trigger={
              <Button colorPalette="brand" data-testid="upload-open">
                {t('upload.open')}
              </Button>
            }
          />
        )}
      </Flex>
      {!editable && (
        <Alert.Root status="info" data-testid="documents-read-only">
          <Alert.Indicator />
          <Alert.Description>{t('readOnly')}</Alert.Description>
        </Alert.Root>
      )}
      {items.length === 0 ? (
        <EmptyList
          title={filtered ? t('empty.filteredTitle') : t('empty.title')}
          text={filtered ? t('empty.filteredText') : editable ? t('empty.text') : t('empty.textReader')}
          testId="documents-empty"
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="document-list">
          {items.map((d) => (
            <DocumentCard key={d.id} document={d} rules={ruleMap} editable={editable} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * /app/compliance/documents: the library of plans, certificates and inspection reports, with
 * versions (each with its effective date, separate from when it was uploaded), review or expiry
 * dates, tags and the rules they support. Every member reads and downloads (downloads are
 * audited); ADMIN and MANAGER upload documents and new versions.
 */
export default function DocumentsPage({ pageId }: PageProps) {
  const { t } = useTranslation('complianceDocuments');
  usePageTitle(pageId);
  const session = useSignedInSession();
  return (
    <Stack gap="6" maxWidth="5xl" data-testid="compliance-documents-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {session.org ? (
        <DocumentsContent />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('noOrganization')}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
