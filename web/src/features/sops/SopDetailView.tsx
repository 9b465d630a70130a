import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Input,
  List,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { makeEffectiveSchema, maySopEdit, type LanguageCode, type SopDetail, type SopVersion } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDate, formatDateTime } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import { useSignedInSession } from '../auth/signed-in-session';
import { RenderButton } from '../documents/RenderButton';
import { useAcknowledge, useMakeEffective, useNewVersion, useSopVersion, useVersionStep } from './api';
import { ProcedureView, StatusBadge } from './parts';
import { RedlineView } from './RedlineView';
import { SopEditor } from './SopEditor';

/** Today on the reader's calendar (YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  return `${String(now.getFullYear())}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The effective version: when it took effect, its review, and the reader's acknowledgement. */
function AcknowledgeCard({ sop }: { sop: SopDetail }) {
  const { t, i18n } = useTranslation('sops');
  const acknowledge = useAcknowledge(sop.id);
  const effective = sop.effective;
  if (!effective)
    return (
      <Alert.Root status="info" data-testid="sop-no-effective">
        <Alert.Indicator />
        <Alert.Title>{t('detail.noEffective')}</Alert.Title>
      </Alert.Root>
    );
  const language = i18n.resolvedLanguage;
  return (
    <Card.Root variant="outline" data-testid="sop-ack-card" data-acknowledged={String(sop.acknowledged)}>
      <Card.Body gap="3">
        <Text>
          {t('detail.inForce', {
            number: effective.number,
            date: formatDate(effective.effectiveFrom ?? '', language),
          })}
          {effective.reviewDue && ` ${t('detail.reviewDue', { date: formatDate(effective.reviewDue, language) })}`}
        </Text>
        {sop.acknowledged ? (
          <Text color="green.fg" fontWeight="semibold" data-testid="sop-acknowledged">
            {t('ack.done', { number: effective.number })}
          </Text>
        ) : (
          <Stack gap="2" align="flex-start">
            <Text fontSize="sm" color="fg.muted">
              {t('ack.ask', { number: effective.number })}
            </Text>
            <Button
              colorPalette="brand"
              size="sm"
              loading={acknowledge.isPending}
              onClick={() =>
                acknowledge.mutate(undefined, {
                  onSuccess: () => toaster.create({ type: 'success', title: t('ack.thanks') }),
                  onError: (err) => toaster.create({ type: 'error', title: errorText(t, err) }),
                })
              }
              data-testid="sop-acknowledge"
            >
              {t('ack.button', { number: effective.number })}
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Making an approved version effective from a day (today by default). */
function EffectiveForm({ sopId, version }: { sopId: string; version: SopVersion }) {
  const { t, i18n } = useTranslation('sops');
  const make = useMakeEffective(sopId, version.id);
  const form = useMusterForm(makeEffectiveSchema, { effectiveFrom: version.effectiveFrom ?? today() });
  const submit = form.handleSubmit((body) =>
    make.mutate(body, {
      onSuccess: () => toaster.create({ type: 'success', title: t('actions.madeEffective', { number: version.number }) }),
      onError: (err) => {
        if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: errorText(t, err) });
      },
    }),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="sop-effective-form">
      {version.effectiveFrom && (
        <Text fontSize="sm" marginBottom="2" data-testid="sop-scheduled">
          {t('actions.scheduled', { date: formatDate(version.effectiveFrom, i18n.resolvedLanguage) })}
        </Text>
      )}
      <Flex gap="3" align="flex-end" wrap="wrap">
        <FormField label={t('actions.effectiveFrom')} error={form.message('effectiveFrom')} required>
          <Input {...form.register('effectiveFrom')} type="date" data-testid="sop-effective-from" />
        </FormField>
        <Button type="submit" colorPalette="green" size="sm" loading={make.isPending} data-testid="sop-make-effective">
          {t('actions.makeEffective')}
        </Button>
      </Flex>
    </form>
  );
}

/** What may be done with the chosen version, by whom: submit, approve (not by its author), send back, make effective, start a new one. */
function VersionActions({ sop, version }: { sop: SopDetail; version: SopVersion }) {
  const { t } = useTranslation('sops');
  const session = useSignedInSession();
  const step = useVersionStep(sop.id);
  const next = useNewVersion(sop.id);
  const editor = maySopEdit(session.role);
  const author = version.author.id === session.user.id;
  const open = sop.versions.find((v) => v.status === 'draft' || v.status === 'in_review');
  const run = (which: 'submit' | 'returnToDraft' | 'approve', done: string) =>
    step.mutate(
      { step: which, versionId: version.id },
      {
        onSuccess: () => toaster.create({ type: 'success', title: done }),
        onError: (err) => toaster.create({ type: 'error', title: errorText(t, err) }),
      },
    );
  if (!editor) return null;
  return (
    <Stack gap="3" data-testid="sop-actions">
      {version.status === 'draft' && (
        <Button
          alignSelf="flex-start"
          size="sm"
          colorPalette="brand"
          variant="outline"
          loading={step.isPending}
          onClick={() => run('submit', t('actions.submitted'))}
          data-testid="sop-submit"
        >
          {t('actions.submit')}
        </Button>
      )}
      {version.status === 'in_review' && (
        <Stack gap="2">
          {author && (
            <Text fontSize="sm" color="fg.muted" data-testid="sop-author-note">
              {t('actions.authorCannotApprove')}
            </Text>
          )}
          <Wrap gap="2">
            <Button
              size="sm"
              colorPalette="green"
              disabled={author}
              loading={step.isPending}
              onClick={() => run('approve', t('actions.approved'))}
              data-testid="sop-approve"
            >
              {t('actions.approve')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              loading={step.isPending}
              onClick={() => run('returnToDraft', t('actions.returned'))}
              data-testid="sop-return"
            >
              {t('actions.return')}
            </Button>
          </Wrap>
        </Stack>
      )}
      {version.status === 'approved' && <EffectiveForm sopId={sop.id} version={version} />}
      {(version.status === 'effective' || version.status === 'superseded') && !open && (
        <Button
          alignSelf="flex-start"
          size="sm"
          variant="outline"
          loading={next.isPending}
          onClick={() =>
            next.mutate(undefined, {
              onSuccess: (created) => toaster.create({ type: 'success', title: t('actions.newVersionMade', { number: created.number }) }),
              onError: (err) => toaster.create({ type: 'error', title: errorText(t, err) }),
            })
          }
          data-testid="sop-new-version"
        >
          {t('actions.newVersion')}
        </Button>
      )}
      {(version.status === 'effective' || version.status === 'superseded') && open && (
        <Text fontSize="sm" color="fg.muted">
          {t('actions.openVersion', { number: open.number })}
        </Text>
      )}
    </Stack>
  );
}

/** One version: its facts, its procedure (the editor while it is a draft and the reader may write), its actions and its PDF. */
function VersionPanel({ sop, versionId }: { sop: SopDetail; versionId: string }) {
  const { t, i18n } = useTranslation('sops');
  const session = useSignedInSession();
  const version = useSopVersion(sop.id, versionId);
  const language = i18n.resolvedLanguage;
  if (version.isPending) return <Skeleton height="40" data-testid="sop-version-loading" />;
  if (version.isError) return <LoadError title={t('detail.versionError')} error={version.error} onRetry={() => void version.refetch()} />;
  const v = version.data;
  const editable = v.status === 'draft' && maySopEdit(session.role);
  return (
    <Stack gap="4" data-testid="sop-version" data-status={v.status} data-number={v.number}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" fontSize="sm">
        <Text>{t('detail.author', { name: v.author.name })}</Text>
        {v.submittedAt && <Text>{t('detail.submitted', { date: formatDateTime(v.submittedAt, language) })}</Text>}
        {v.approvedBy && (
          <Text data-testid="sop-approved-by">
            {t('detail.approvedBy', { name: v.approvedBy.name, date: formatDateTime(v.approvedAt ?? '', language) })}
          </Text>
        )}
        {v.effectiveFrom && <Text>{t('detail.effectiveFrom', { date: formatDate(v.effectiveFrom, language) })}</Text>}
        {v.supersededAt && <Text>{t('detail.supersededAt', { date: formatDateTime(v.supersededAt, language) })}</Text>}
      </SimpleGrid>
      <VersionActions sop={sop} version={v} />
      {editable ? <SopEditor key={v.id} sopId={sop.id} version={v} /> : <ProcedureView content={v.content} />}
      <HStack gap="3" wrap="wrap" align="flex-start">
        <RenderButton
          request={{ kind: 'sop-pdf', sopId: sop.id, versionId: v.id, language: (language ?? 'en') as LanguageCode }}
          label={t('detail.pdf')}
          testId="sop-pdf"
        />
      </HStack>
      <Text fontSize="xs" color="fg.muted" dir="ltr" textAlign="start" wordBreak="break-all">
        {t('detail.fingerprint', { hash: v.sha256 })}
      </Text>
    </Stack>
  );
}

function AcknowledgementsPanel({ sop }: { sop: SopDetail }) {
  const { t, i18n } = useTranslation('sops');
  const acks = sop.acknowledgements;
  if (!acks) return <Text color="fg.muted">{t('detail.noEffective')}</Text>;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="sop-acks">
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('ack.acknowledgedTitle', { total: acks.acknowledged.length, number: acks.number })}
        </Heading>
        {acks.acknowledged.length === 0 ? (
          <Text color="fg.muted">{t('ack.nobody')}</Text>
        ) : (
          <List.Root ps="4" gap="1" data-testid="sop-acks-done">
            {acks.acknowledged.map((a) => (
              <List.Item key={a.id} data-testid="sop-ack-person">
                <Text as="span" dir="auto">
                  {a.name}
                </Text>{' '}
                <Text as="span" color="fg.muted" fontSize="sm">
                  {formatDateTime(a.at, i18n.resolvedLanguage)}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('ack.missingTitle', { total: acks.missing.length })}
        </Heading>
        {acks.missing.length === 0 ? (
          <Text color="fg.muted">{t('ack.everyone')}</Text>
        ) : (
          <List.Root ps="4" gap="1" data-testid="sop-acks-missing">
            {acks.missing.map((m) => (
              <List.Item key={m.id} dir="auto">
                {m.name}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
    </SimpleGrid>
  );
}

/** One SOP: the reader's acknowledgement, its versions (read, edit, move through review), the redline and who acknowledged. */
export function SopDetailView({ sop }: { sop: SopDetail }) {
  const { t } = useTranslation(['sops', 'drills']);
  const [chosen, setChosen] = useState<string | null>(null);
  // The newest version unless the reader chose another (a version gone from the list falls back too).
  const versionId = chosen && sop.versions.some((v) => v.id === chosen) ? chosen : (sop.versions[0]?.id ?? '');
  return (
    <Stack gap="5" data-testid="sop-detail" data-sop-id={sop.id}>
      <Stack gap="2">
        <Heading as="h2" size={{ base: 'xl', md: '2xl' }} dir="auto" textAlign="start" data-testid="sop-title-heading">
          {sop.title}
        </Heading>
        <Wrap gap="2">
          <Badge variant="outline">{t(`drills:scenarios.${sop.scenario}`)}</Badge>
          {sop.effective && <StatusBadge status="effective" testId="sop-effective-badge" />}
          {sop.latest.status !== 'effective' && <StatusBadge status={sop.latest.status} testId="sop-latest-badge" />}
        </Wrap>
      </Stack>
      <AcknowledgeCard sop={sop} />
      <Tabs.Root defaultValue="versions" variant="line" lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="versions" data-testid="sop-tab-versions">
            {t('tabs.procedure')}
          </Tabs.Trigger>
          <Tabs.Trigger value="redline" data-testid="sop-tab-redline">
            {t('tabs.redline')}
          </Tabs.Trigger>
          <Tabs.Trigger value="acks" data-testid="sop-tab-acks">
            {t('tabs.acknowledgements')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="versions">
          <Stack gap="4">
            <Box maxWidth="sm">
              <FormField label={t('detail.version')}>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={versionId} onChange={(e) => setChosen(e.currentTarget.value)} data-testid="sop-version-select">
                    {sop.versions.map((v) => (
                      <option key={v.id} value={v.id}>
                        {t('redline.versionOption', { number: v.number, status: t(`statuses.${v.status}`) })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            </Box>
            {versionId && <VersionPanel key={versionId} sop={sop} versionId={versionId} />}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="redline">
          <RedlineView key={sop.versions.map((v) => v.id).join()} sopId={sop.id} versions={sop.versions} />
        </Tabs.Content>
        <Tabs.Content value="acks">
          <AcknowledgementsPanel sop={sop} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
