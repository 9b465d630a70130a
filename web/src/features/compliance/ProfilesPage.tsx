import { Alert, Badge, Button, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ComplianceRule, ProfileSummary, RuleEvaluation, RuleState } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDate } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSignedInSession } from '../auth/signed-in-session';
import { useComplianceRules, useDeleteProfile, useEvaluation, useProfiles } from './api';
import { ProfileDialog } from './ProfileDialog';
import { RuleDialog } from './RuleDialog';
import { reasonText, ruleTitle } from './text';

export const STATE_PALETTE: Record<RuleState, string> = { passing: 'green', due_soon: 'orange', failing: 'red' };

/** How many satisfying runs a rule lists before "and N more". */
const RUNS_SHOWN = 5;

function ProfileCard({ profile, selected, onSelect }: { profile: ProfileSummary; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation('compliance');
  return (
    <Card.Root
      as="li"
      variant={selected ? 'elevated' : 'outline'}
      borderInlineStartWidth="4px"
      borderInlineStartColor={profile.counts.failing ? 'red.solid' : profile.counts.due_soon ? 'orange.solid' : 'green.solid'}
      data-testid="profile-card"
      data-selected={selected}
    >
      <Card.Body gap="2" padding={{ base: '3', md: '4' }}>
        <Button
          variant="plain"
          padding="0"
          height="auto"
          justifyContent="flex-start"
          fontWeight="semibold"
          whiteSpace="normal"
          textAlign="start"
          onClick={onSelect}
          aria-pressed={selected}
          data-testid="profile-select"
        >
          <Text as="span" dir="auto">
            {profile.name}
          </Text>
        </Button>
        <Text fontSize="sm" color="fg.muted" dir="auto">
          {profile.scope.kind === 'facility' ? t('scope.facility', { name: profile.scope.facilityName }) : t('scope.organization')}
        </Text>
        <Flex gap="1.5" wrap="wrap">
          {(['failing', 'due_soon', 'passing'] as const).map((state) =>
            profile.counts[state] ? (
              <Badge key={state} colorPalette={STATE_PALETTE[state]} size="sm">
                {t(`counts.${state}`, { count: profile.counts[state] })}
              </Badge>
            ) : null,
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function RuleRow({ rule }: { rule: RuleEvaluation }) {
  const { t, i18n } = useTranslation(['compliance', 'drills']);
  const language = i18n.resolvedLanguage;
  const runs = rule.satisfyingRuns.slice(0, RUNS_SHOWN);
  return (
    <Card.Root
      as="li"
      variant="outline"
      borderInlineStartWidth="4px"
      borderInlineStartColor={`${STATE_PALETTE[rule.state]}.solid`}
      data-testid="rule-row"
      data-rule-id={rule.ruleId}
      data-state={rule.state}
    >
      <Card.Body gap="2" padding={{ base: '3', md: '4' }}>
        <Flex gap="2" wrap="wrap" align="center">
          <Badge colorPalette={STATE_PALETTE[rule.state]} data-testid="rule-state">
            {t(`states.${rule.state}`)}
          </Badge>
          <Text fontWeight="semibold" dir="auto">
            {rule.source}
          </Text>
        </Flex>
        <Text dir="auto">{ruleTitle(t, rule)}</Text>
        <Text fontSize="sm" data-testid="rule-reason">
          {reasonText(t, rule.reason, language)}
        </Text>
        <Flex gap={{ base: '1', md: '6' }} direction={{ base: 'column', md: 'row' }} fontSize="sm" color="fg.muted">
          <Text>{t('last', { date: rule.lastSatisfiedAt ? formatDate(rule.lastSatisfiedAt.slice(0, 10), language) : t('never') })}</Text>
          {rule.nextDueAt && <Text>{t('next', { date: formatDate(rule.nextDueAt, language) })}</Text>}
        </Flex>
        {runs.length > 0 && (
          <Stack gap="1">
            <Text fontSize="sm" fontWeight="medium">
              {t('satisfiedBy')}
            </Text>
            <Stack as="ul" gap="1" listStyleType="none" ps="0">
              {runs.map((run) => (
                <li key={run.runId}>
                  <Link asChild fontSize="sm" display="inline" data-testid="satisfying-run">
                    <RouterLink to={`/app/drills/runs/${run.runId}/summary`}>
                      <Text as="span" dir="auto">
                        {run.templateName}
                      </Text>
                      {' · '}
                      {t(`types.${run.kind}`, { ns: 'drills' })}
                      {' · '}
                      {formatDate(run.completedAt.slice(0, 10), language)}
                    </RouterLink>
                  </Link>
                </li>
              ))}
            </Stack>
            {rule.satisfyingRuns.length > RUNS_SHOWN && (
              <Text fontSize="sm" color="fg.muted">
                {t('moreRuns', { count: rule.satisfyingRuns.length - RUNS_SHOWN })}
              </Text>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ProfileDetail({ profile, rules, editable }: { profile: ProfileSummary; rules: readonly ComplianceRule[]; editable: boolean }) {
  const { t } = useTranslation(['compliance', 'errors']);
  const evaluation = useEvaluation(profile.id);
  const remove = useDeleteProfile();
  const [, setParams] = useSearchParams();
  return (
    <Stack as="section" gap="4" aria-labelledby="profile-heading" data-testid="profile-detail">
      <Flex justify="space-between" gap="3" wrap="wrap" align="center">
        <Heading as="h2" size="lg" id="profile-heading" dir="auto">
          {profile.name}
        </Heading>
        {editable && (
          <Flex gap="2">
            <ProfileDialog
              profile={profile}
              rules={rules}
              trigger={
                <Button size="sm" variant="outline" data-testid="profile-edit">
                  {t('edit')}
                </Button>
              }
            />
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              loading={remove.isPending}
              data-testid="profile-delete"
              onClick={() => {
                if (!window.confirm(t('confirmDelete', { name: profile.name }))) return;
                remove.mutate(profile.id, {
                  onSuccess: () => setParams({}, { replace: true }),
                  onError: (err) => toaster.create({ type: 'error', title: errorText(t, err) }),
                });
              }}
            >
              {t('delete')}
            </Button>
          </Flex>
        )}
      </Flex>
      {evaluation.isPending ? (
        <ListSkeleton rows={3} testId="evaluation-loading" />
      ) : evaluation.isError ? (
        <LoadError
          title={t('evaluationError')}
          error={evaluation.error}
          onRetry={() => void evaluation.refetch()}
          testId="evaluation-error"
        />
      ) : evaluation.data.rules.length === 0 ? (
        <Text color="fg.muted">{t('noRules')}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="rule-table">
          {evaluation.data.rules.map((rule) => (
            <RuleRow key={rule.ruleId} rule={rule} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ProfilesContent() {
  const { t } = useTranslation('compliance');
  const profiles = useProfiles();
  const rules = useComplianceRules();
  const [params, setParams] = useSearchParams();
  if (profiles.isPending || rules.isPending) return <ListSkeleton testId="profiles-loading" />;
  if (profiles.isError || rules.isError)
    return (
      <LoadError
        title={t('loadError')}
        error={profiles.error ?? rules.error}
        onRetry={() => {
          void profiles.refetch();
          void rules.refetch();
        }}
        testId="profiles-error"
      />
    );
  const { items, editable } = profiles.data;
  const actions = editable && (
    <Flex gap="2" wrap="wrap">
      <ProfileDialog
        profile={null}
        rules={rules.data.items}
        trigger={
          <Button colorPalette="brand" data-testid="profile-new">
            {t('new')}
          </Button>
        }
      />
      <RuleDialog />
    </Flex>
  );
  if (items.length === 0)
    return (
      <Stack gap="4">
        <EmptyList
          title={t('empty.title')}
          text={editable ? t('empty.text') : t('empty.textReader')}
          action={actions}
          testId="profiles-empty"
        />
      </Stack>
    );
  const selected = items.find((p) => p.id === params.get('profile')) ?? items[0]!;
  return (
    <Stack gap="6">
      {actions}
      {!editable && (
        <Alert.Root status="info" data-testid="profiles-read-only">
          <Alert.Indicator />
          <Alert.Description>{t('readOnly')}</Alert.Description>
        </Alert.Root>
      )}
      <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start">
        <Stack
          as="ul"
          gap="3"
          listStyleType="none"
          width={{ base: 'full', lg: '72' }}
          flexShrink={0}
          aria-label={t('listLabel')}
          data-testid="profile-list"
        >
          {items.map((p) => (
            <ProfileCard
              key={p.id}
              profile={p}
              selected={p.id === selected.id}
              onSelect={() => setParams({ profile: p.id }, { replace: true })}
            />
          ))}
        </Stack>
        <Stack flex="1" minWidth="0" width="full">
          <ProfileDetail key={selected.id} profile={selected} rules={rules.data.items} editable={editable} />
        </Stack>
      </Flex>
    </Stack>
  );
}

/**
 * /app/compliance/profiles: the organisation's compliance profiles and, for the chosen one, each
 * rule's state (passing, due soon, failing) with the reason in words, when it was last satisfied
 * and is next due, and the approved drill runs that satisfy it. ADMIN and MANAGER create and edit
 * profiles and add rules of their own; every member reads.
 */
export default function ProfilesPage({ pageId }: PageProps) {
  const { t } = useTranslation('compliance');
  usePageTitle(pageId);
  const session = useSignedInSession();
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="compliance-profiles-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {session.org ? (
        <ProfilesContent />
      ) : (
        <Alert.Root status="info" data-testid="profiles-no-organization">
          <Alert.Indicator />
          <Alert.Description>{t('noOrganization')}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
