import { Alert, Badge, Button, Card, Code, HStack, Input, Link, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { AUDITOR_PORTAL_LIMITS, drawSampleSchema, EVIDENCE_KINDS, type DrawSampleRequest, type SampleView } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { FormField } from '../../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError } from '../../../components/list';
import { toaster } from '../../../components/ui/toaster';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatDateTime } from '../../../lib/format';
import { passIssues, useMusterForm } from '../../../lib/forms';
import { useDrawSample, useSamples, useScopeRules } from './api';
import { recordLink } from './AuditorRequestsPanel';

interface SampleDraft {
  kind: string;
  ruleId: string;
  from: string;
  to: string;
  size: string;
  seed: string;
}

function requestOf(d: SampleDraft): DrawSampleRequest {
  const population = Object.fromEntries(
    Object.entries({ kind: d.kind, ruleId: d.ruleId, from: d.from, to: d.to }).filter(([, v]) => v !== ''),
  ) as DrawSampleRequest['population'];
  return { population, size: d.size === '' ? Number.NaN : Number(d.size), ...(d.seed.trim() ? { seed: d.seed.trim() } : {}) };
}

/** The request's paths on the form (`population.kind` on `kind`). */
const formPath = (path: string) =>
  path.startsWith('population.') ? path.slice('population.'.length) : path === 'population' ? 'kind' : path;

const sampleFormSchema = z.custom<SampleDraft>().transform((d, ctx) => {
  const request = requestOf(d);
  const parsed = drawSampleSchema.safeParse(request);
  if (parsed.success) return request;
  passIssues(ctx, parsed.error.issues, formPath);
  return z.NEVER;
});

function DrawForm({ rules }: { rules: readonly string[] }) {
  const { t } = useTranslation(['auditorPortal', 'errors']);
  const draw = useDrawSample();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useMusterForm(sampleFormSchema, { kind: '', ruleId: '', from: '', to: '', size: '10', seed: '' });
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    draw.mutate(body, {
      onSuccess: (sample) => toaster.create({ type: 'success', title: t('samples.drawn', { seed: sample.seed }) }),
      onError: (err) => {
        if (!form.setServerErrors(err, formPath)) setFailure(err);
      },
    });
  });
  return (
    <Card.Root variant="subtle">
      <Card.Body>
        <form noValidate onSubmit={(e) => void submit(e)} data-testid="sample-form">
          <Stack gap="4">
            <Text fontWeight="semibold">{t('samples.heading')}</Text>
            {failure !== null && (
              <Alert.Root status="error" data-testid="sample-error">
                <Alert.Indicator />
                <Alert.Description>{errorText(t, failure)}</Alert.Description>
              </Alert.Root>
            )}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <FormField label={t('samples.kind')} error={form.message('kind')}>
                <NativeSelect.Root>
                  <NativeSelect.Field {...form.register('kind')} data-testid="sample-kind">
                    <option value="">{t('samples.anyKind')}</option>
                    {EVIDENCE_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`samples.kinds.${kind}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label={t('samples.rule')} error={form.message('ruleId')}>
                <NativeSelect.Root>
                  <NativeSelect.Field {...form.register('ruleId')} data-testid="sample-rule">
                    <option value="">{t('samples.anyRule')}</option>
                    {rules.map((rule) => (
                      <option key={rule} value={rule}>
                        {rule}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label={t('samples.from')} error={form.message('from')}>
                <Input type="date" {...form.register('from')} data-testid="sample-from" />
              </FormField>
              <FormField label={t('samples.to')} error={form.message('to')}>
                <Input type="date" {...form.register('to')} data-testid="sample-to" />
              </FormField>
              <FormField label={t('samples.size')} error={form.message('size')} required>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={AUDITOR_PORTAL_LIMITS.sampleMax}
                  {...form.register('size')}
                  data-testid="sample-size"
                />
              </FormField>
              <FormField label={t('samples.seed')} error={form.message('seed')} helperText={t('samples.seedHelp')}>
                <Input
                  {...form.register('seed')}
                  maxLength={AUDITOR_PORTAL_LIMITS.seedMax}
                  dir="ltr"
                  autoComplete="off"
                  data-testid="sample-seed"
                />
              </FormField>
            </SimpleGrid>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={draw.isPending} data-testid="sample-submit">
              {t('samples.draw')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function SampleCard({ sample, preview }: { sample: SampleView; preview: string | null }) {
  const { t, i18n } = useTranslation('auditorPortal');
  const language = i18n.resolvedLanguage;
  const filters = [
    sample.population.kind ? t(`samples.kinds.${sample.population.kind}`) : null,
    sample.population.ruleId ?? null,
    sample.population.from ? t('samples.fromDate', { date: formatDate(sample.population.from, language) }) : null,
    sample.population.to ? t('samples.toDate', { date: formatDate(sample.population.to, language) }) : null,
  ].filter((f): f is string => Boolean(f));
  const copy = () => {
    navigator.clipboard.writeText(sample.seed).then(
      () => toaster.create({ type: 'success', title: t('samples.copied') }),
      () => toaster.create({ type: 'error', title: t('samples.copyFailed') }),
    );
  };
  return (
    <Card.Root variant="outline" as="li" data-testid={`sample-${sample.id}`}>
      <Card.Body gap="2">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{t('samples.seedLabel')}</Text>
            <Code dir="ltr" data-testid="sample-seed-value">
              {sample.seed}
            </Code>
            <Button size="2xs" variant="outline" onClick={copy} data-testid="sample-copy">
              {t('samples.copy')}
            </Button>
          </HStack>
          <Badge variant="outline" dir="ltr">
            {sample.method}
          </Badge>
        </HStack>
        <Text fontSize="sm">
          {t('samples.summary', { size: sample.size, count: sample.populationSize })}
          {' · '}
          {filters.length ? t('samples.filters', { filters: filters.join(', ') }) : t('samples.noFilters')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('samples.drawnAt', { date: formatDateTime(sample.createdAt, language) })}
        </Text>
        <Stack as="ol" gap="0.5" paddingStart="5" listStyleType="decimal" data-testid="sample-records">
          {sample.recordIds.map((id) => (
            <li key={id}>
              <Link asChild fontSize="sm" fontFamily="mono">
                <RouterLink to={recordLink(id, preview)}>{id}</RouterLink>
              </Link>
            </li>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Samples of the records in scope: drawn from a population (kind, rule, period) with a seed that is
 * shown (and can be copied), so anyone can draw the same sample again (docs/audit-sampling.md).
 * An ADMIN's preview lists the samples and draws none.
 */
export default function SamplesPanel({ preview = null }: { preview?: string | null; readOnly?: boolean }) {
  const { t } = useTranslation('auditorPortal');
  const samples = useSamples(preview);
  const rules = useScopeRules(preview);
  return (
    <Stack gap="4" data-testid="samples-panel">
      <Text color="fg.muted" fontSize="sm" maxWidth="2xl">
        {t('samples.intro')}
      </Text>
      {!preview &&
        (rules.isSuccess ? (
          <DrawForm rules={rules.data} />
        ) : rules.isError ? (
          <LoadError title={t('samples.scopeError')} error={rules.error} onRetry={() => void rules.refetch()} />
        ) : (
          <ListSkeleton rows={1} />
        ))}
      {samples.isPending ? (
        <ListSkeleton testId="samples-loading" />
      ) : samples.isError ? (
        <LoadError title={t('samples.error')} error={samples.error} onRetry={() => void samples.refetch()} testId="samples-error" />
      ) : samples.data.items.length === 0 ? (
        <EmptyList title={t('samples.emptyTitle')} text={t('samples.empty')} testId="samples-empty" />
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="samples-list">
          {samples.data.items.map((sample) => (
            <SampleCard key={sample.id} sample={sample} preview={preview} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
