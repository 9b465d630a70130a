import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  DRILL_REGULATIONS,
  DRILL_SCENARIO_GROUPS,
  DRILL_TYPES,
  isDrillManager,
  TEMPLATE_SOURCES,
  TEMPLATE_STATUSES,
  type DrillTemplateSummary,
} from '@muster/contracts';
import { useId, useState } from 'react';
import { useSearchForm } from '../../../lib/forms';
import { useTranslation } from 'react-i18next';
import { useLibraryText } from '../library-text';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { PageProps } from '../../../lib/page';
import { useSignedInSession } from '../../auth/signed-in-session';
import { EmptyList, ListSkeleton, SelectField } from '../../../components/list';
import { errorStatus } from '../../../lib/api';
import { toaster } from '../../../components/ui/toaster';
import { formatCount, formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useListParams } from '../../../lib/useListParams';
import { useDuplicateTemplate, useTemplates } from '../api';
import { CadenceBanner, ScenarioBadge, TemplateStatusBadge } from '../components';
import { isNarrowed, TEMPLATE_FILTER_KEYS, templateQuery, type TemplateFilters } from './filters';
import { SourceBadge, TypeBadge } from './parts';
import { errorText } from '../../../lib/error-text';

function FilterBar({ value, onChange }: { value: TemplateFilters; onChange: (next: Partial<TemplateFilters>) => void }) {
  const { t } = useTranslation(['drillTemplates', 'drills']);
  const search = useSearchForm(value.q, (q) => onChange({ q }));
  const searchId = useId();
  const any = { value: '', label: t('filters.any') };
  const scenarios = Object.values(DRILL_SCENARIO_GROUPS).flat();
  return (
    <Box as="form" role="search" aria-label={t('filters.label')} onSubmit={search.onSubmit}>
      <SimpleGrid
        templateColumns={{
          base: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          xl: 'repeat(5, minmax(0, 1fr)) minmax(16rem, 1.6fr)',
        }}
        gap="3"
        alignItems="end"
      >
        <SelectField
          label={t('filters.source')}
          value={value.source}
          onChange={(source) => onChange({ source })}
          options={[
            { value: '', label: t('filters.allSources') },
            ...TEMPLATE_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`, { ns: 'drills' }) })),
          ]}
          testId="filter-source"
        />
        <SelectField
          label={t('filters.status')}
          value={value.status}
          onChange={(status) => onChange({ status })}
          options={[any, ...TEMPLATE_STATUSES.map((s) => ({ value: s, label: t(`templateStatuses.${s}`, { ns: 'drills' }) }))]}
          testId="filter-status"
        />
        <SelectField
          label={t('filters.scenario')}
          value={value.scenario}
          onChange={(scenario) => onChange({ scenario })}
          options={[any, ...scenarios.map((s) => ({ value: s, label: t(`scenarios.${s}`, { ns: 'drills' }) }))]}
          testId="filter-scenario"
        />
        <SelectField
          label={t('filters.type')}
          value={value.type}
          onChange={(type) => onChange({ type })}
          options={[any, ...DRILL_TYPES.map((s) => ({ value: s, label: t(`types.${s}`, { ns: 'drills' }) }))]}
          testId="filter-type"
        />
        <SelectField
          label={t('filters.regulation')}
          value={value.regulation}
          onChange={(regulation) => onChange({ regulation })}
          options={[any, ...DRILL_REGULATIONS.map((s) => ({ value: s, label: t(`regulations.${s}`, { ns: 'drills' }) }))]}
          testId="filter-regulation"
        />
        <Stack gap="1" gridColumn={{ base: '1 / -1', md: 'auto' }}>
          <Text asChild fontSize="sm" fontWeight="medium">
            <label htmlFor={searchId}>{t('filters.search')}</label>
          </Text>
          <HStack gap="2">
            <Input
              id={searchId}
              size="sm"
              type="search"
              {...search.field}
              placeholder={t('filters.searchPlaceholder')}
              maxLength={200}
              data-testid="filter-q"
            />
            <Button type="submit" size="sm" variant="outline" data-testid="filter-search">
              {t('filters.go')}
            </Button>
          </HStack>
        </Stack>
      </SimpleGrid>
    </Box>
  );
}

function TemplateCard({
  template,
  manager,
  onDuplicate,
  duplicating,
}: {
  template: DrillTemplateSummary;
  manager: boolean;
  onDuplicate: (template: DrillTemplateSummary) => void;
  duplicating: boolean;
}) {
  const { t, i18n } = useTranslation(['drillTemplates', 'drills']);
  const lng = i18n.resolvedLanguage;
  const headingId = useId();
  const name = useLibraryText()(template.name, template.nameText);
  return (
    <Card.Root
      as="li"
      variant="outline"
      borderInlineStartWidth="4px"
      borderInlineStartColor={template.source === 'library' ? 'purple.solid' : template.status === 'draft' ? 'yellow.solid' : 'green.solid'}
      aria-labelledby={headingId}
      data-testid="template-card"
      data-template-id={template.id}
      data-source={template.source}
      data-status={template.status}
    >
      <Card.Body padding={{ base: '3', md: '4' }} gap="3">
        <Heading as="h2" size="sm" id={headingId} wordBreak="break-word">
          <Link asChild fontWeight="semibold">
            <RouterLink to={`/app/drills/template/${template.id}`} dir="auto" data-testid="template-open">
              {name}
            </RouterLink>
          </Link>
        </Heading>
        <Flex gap="2" wrap="wrap">
          <SourceBadge source={template.source} />
          <TemplateStatusBadge status={template.status} />
          <ScenarioBadge scenario={template.scenario} />
          <TypeBadge type={template.type} />
        </Flex>
        <Flex gap={{ base: '1', sm: '4' }} wrap="wrap" direction={{ base: 'column', sm: 'row' }} fontSize="sm" color="fg.muted">
          <Text data-testid="template-duration">{t('list.duration', { minutes: formatCount(template.estimatedMinutes, lng) })}</Text>
          <Text data-testid="template-step-count">{t('list.steps', { count: template.stepCount })}</Text>
          <Text data-testid="template-inject-count">{t('list.injects', { count: template.injectCount })}</Text>
        </Flex>
        {template.regulations.length > 0 && (
          <Flex as="ul" gap="1.5" wrap="wrap" listStyleType="none" aria-label={t('list.regulations')}>
            {template.regulations.map((r) => (
              <Badge as="li" key={r} size="sm" variant="subtle" colorPalette="teal" whiteSpace="normal">
                {t(`regulations.${r}`, { ns: 'drills' })}
              </Badge>
            ))}
          </Flex>
        )}
        {template.source === 'organization' && (
          <Text fontSize="xs" color="fg.muted">
            {t('list.updated', { time: formatDateTime(template.updatedAt, lng) })}
          </Text>
        )}
      </Card.Body>
      <Card.Footer padding={{ base: '3', md: '4' }} paddingTop="0" gap="2" flexWrap="wrap">
        <Button asChild size="sm" variant="outline">
          <RouterLink to={`/app/drills/template/${template.id}`} aria-label={t('list.openNamed', { name })}>
            {t('list.open')}
          </RouterLink>
        </Button>
        {manager && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onDuplicate(template)}
            loading={duplicating}
            aria-label={t('list.duplicateNamed', { name })}
            data-testid="template-duplicate"
          >
            {t('actions.duplicate')}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}

/** /app/drills/templates: the organisation's templates and the built-in library, filtered in the address. */
export default function TemplatesPage({ pageId }: PageProps) {
  usePageTitle(pageId);
  // The library's texts are loaded with the page, not when the first card needs them: a part
  // suspending after the page showed would hide the whole page meanwhile.
  const { t, i18n } = useTranslation(['drillTemplates', 'drills', 'drillLibrary']);
  const session = useSignedInSession();
  const manager = isDrillManager(session.role);
  const navigate = useNavigate();
  const { values, update } = useListParams(TEMPLATE_FILTER_KEYS);
  const query = templateQuery(values);
  const list = useTemplates(query);
  const duplicate = useDuplicateTemplate();
  const [duplicateError, setDuplicateError] = useState<string | null>(null);

  const onDuplicate = (template: DrillTemplateSummary) => {
    setDuplicateError(null);
    duplicate.mutate(template.id, {
      onSuccess: (copy) => {
        toaster.create({ type: 'success', title: t('actions.duplicated', { name: copy.name }) });
        void navigate(`/app/drills/builder/${copy.id}`);
      },
      onError: (error) => setDuplicateError(errorText(t, error)),
    });
  };

  const items = list.data?.items ?? [];
  const narrowed = isNarrowed(query);

  return (
    <Stack gap="5" maxWidth="6xl" data-testid="templates-page">
      <CadenceBanner />
      <Flex gap="4" wrap="wrap" justify="space-between" align="flex-end">
        <Stack gap="1" flex="1" minWidth="min(100%, 18rem)">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('list.title')}
          </Heading>
          <Text color="fg.muted">{t('list.subtitle')}</Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button asChild variant="outline" data-testid="quick-generate-link">
            <RouterLink to="/app/drills/quick-generate">{t('actions.quickGenerate')}</RouterLink>
          </Button>
          {manager && (
            <Button asChild colorPalette="brand" data-testid="new-template">
              <RouterLink to="/app/drills/builder">{t('actions.new')}</RouterLink>
            </Button>
          )}
        </HStack>
      </Flex>
      {!manager && (
        <Text fontSize="sm" color="fg.muted" data-testid="templates-read-only">
          {t('list.readOnly')}
        </Text>
      )}
      <FilterBar value={values} onChange={(next) => update(next)} />
      {duplicateError && (
        <Alert.Root status="error" data-testid="duplicate-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('actions.duplicateFailed')}</Alert.Title>
            <Alert.Description>{duplicateError}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {list.isPending ? (
        <ListSkeleton testId="templates-loading" />
      ) : list.isError ? (
        <Alert.Root status="error" data-testid="templates-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('list.error')}</Alert.Title>
            <Alert.Description>{errorText(t, list.error)}</Alert.Description>
          </Alert.Content>
          {errorStatus(list.error) !== 403 && (
            <Button size="sm" variant="outline" onClick={() => void list.refetch()} alignSelf="center">
              {t('list.retry', { ns: 'common' })}
            </Button>
          )}
        </Alert.Root>
      ) : items.length === 0 ? (
        narrowed ? (
          <EmptyList
            title={t('list.emptyFilteredTitle')}
            text={t('list.emptyFilteredText')}
            testId="templates-empty"
            action={
              <Button
                size="sm"
                variant="outline"
                onClick={() => update({ source: '', status: '', scenario: '', type: '', regulation: '', q: '' })}
              >
                {t('filters.clear')}
              </Button>
            }
          />
        ) : (
          <EmptyList
            title={t('list.emptyOrganizationTitle')}
            text={manager ? t('list.emptyOrganizationText') : t('list.emptyOrganizationTextMember')}
            testId="templates-empty"
            action={
              <HStack gap="2" wrap="wrap" justify="center">
                <Button size="sm" variant="outline" onClick={() => update({ source: 'library' })}>
                  {t('list.browseLibrary')}
                </Button>
                {manager && (
                  <Button asChild size="sm" colorPalette="brand">
                    <RouterLink to="/app/drills/builder">{t('actions.new')}</RouterLink>
                  </Button>
                )}
              </HStack>
            }
          />
        )
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="templates-count">
            {t('list.count', { count: formatCount(items.length, i18n.resolvedLanguage) })}
          </Text>
          <SimpleGrid
            as="ul"
            columns={{ base: 1, md: 2, xl: 3 }}
            gap="3"
            listStyleType="none"
            aria-busy={list.isFetching}
            data-testid="templates-list"
          >
            {items.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                manager={manager}
                onDuplicate={onDuplicate}
                duplicating={duplicate.isPending && duplicate.variables === template.id}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
