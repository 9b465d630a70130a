import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Fieldset,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  BROADCAST_DISPLAYS,
  BROADCAST_LIMITS,
  BROADCAST_SEVERITIES,
  PLAN_IDS,
  ROLES,
  type Broadcast,
  type BroadcastState,
} from '@muster/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useOrganizations } from '../approvals/api';
import { useBroadcastAcks, useBroadcasts, useCreateBroadcast, useEndBroadcast } from './api';
import { BROADCAST_LANGUAGES, broadcastFormSchema, emptyBroadcastForm } from './form';

const STATE_PALETTE: Record<BroadcastState, string> = { scheduled: 'blue', active: 'green', ended: 'gray' };
const TARGET_ROLES = ROLES.filter((r) => r !== 'GUEST_AUDITOR');

/** A list of checkboxes over one array field of the form. */
function CheckList<T extends string>({
  legend,
  options,
  value,
  onChange,
  testId,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T[];
  onChange: (next: T[]) => void;
  testId: string;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <Box maxHeight="40" overflowY="auto" borderWidth="1px" borderRadius="l2" padding="2" data-testid={testId}>
        <Stack gap="1">
          {options.map((o) => (
            <Checkbox.Root
              key={o.value}
              size="sm"
              checked={value.includes(o.value)}
              onCheckedChange={(e) => onChange(e.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
              data-value={o.value}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{o.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </Box>
    </Fieldset.Root>
  );
}

function BroadcastForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['broadcasts', 'common', 'approvals']);
  const form = useMusterForm(broadcastFormSchema, emptyBroadcastForm());
  const organizations = useOrganizations(true);
  const create = useCreateBroadcast();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit((input) => {
    setFailure(null);
    create.mutate(input, {
      onSuccess: (made) => {
        toaster.create({ type: 'success', title: t(made.state === 'active' ? 'form.sent' : 'form.scheduled') });
        onDone();
      },
      onError: (err) => {
        if (!form.setServerErrors(err, (path) => (path.startsWith('target.') ? path.slice('target.'.length) : path)))
          setFailure(errorText(t, err));
      },
    });
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="broadcast-form">
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        {BROADCAST_LANGUAGES.map((lng) => (
          <Fieldset.Root key={lng}>
            <Fieldset.Legend fontSize="sm" fontWeight="semibold">
              {t(`form.language.${lng}`)}
            </Fieldset.Legend>
            <Stack gap="2">
              <FormField label={t('form.title')} error={form.message(`texts.${lng}.title`)} required={lng === 'en'}>
                <Input
                  {...form.register(`texts.${lng}.title`)}
                  maxLength={BROADCAST_LIMITS.titleMax}
                  dir={lng === 'ar' ? 'rtl' : 'auto'}
                  lang={lng}
                  data-testid={`broadcast-title-${lng}`}
                />
              </FormField>
              <FormField label={t('form.body')} error={form.message(`texts.${lng}.body`)}>
                <Textarea
                  {...form.register(`texts.${lng}.body`)}
                  rows={2}
                  maxLength={BROADCAST_LIMITS.bodyMax}
                  dir={lng === 'ar' ? 'rtl' : 'auto'}
                  lang={lng}
                  data-testid={`broadcast-body-${lng}`}
                />
              </FormField>
            </Stack>
          </Fieldset.Root>
        ))}
        <Text fontSize="sm" color="fg.muted">
          {t('form.fallback')}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <FormField label={t('form.severity')}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('severity')} data-testid="broadcast-severity">
                {BROADCAST_SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {t(`severities.${s}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('form.display')}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('display')} data-testid="broadcast-display">
                {BROADCAST_DISPLAYS.map((d) => (
                  <option key={d} value={d}>
                    {t(`displays.${d}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('form.startsAt')} error={form.message('startsAt')} required>
            <Input type="datetime-local" {...form.register('startsAt')} data-testid="broadcast-starts" />
          </FormField>
          <FormField label={t('form.endsAt')} error={form.message('endsAt')} required>
            <Input type="datetime-local" {...form.register('endsAt')} data-testid="broadcast-ends" />
          </FormField>
        </SimpleGrid>
        <Controller
          control={form.control}
          name="requiresAck"
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={(e) => field.onChange(e.checked === true)}
              data-testid="broadcast-requires-ack"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('form.requiresAck')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <Text fontSize="sm" color="fg.muted">
          {t('form.targetHelp')}
        </Text>
        <Controller
          control={form.control}
          name="orgIds"
          render={({ field }) => (
            <CheckList
              legend={t('form.organizations')}
              options={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              value={field.value}
              onChange={field.onChange}
              testId="broadcast-orgs"
            />
          )}
        />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <Controller
            control={form.control}
            name="plans"
            render={({ field }) => (
              <CheckList
                legend={t('form.plans')}
                options={PLAN_IDS.map((p) => ({ value: p, label: t(`plans.${p}`) }))}
                value={field.value}
                onChange={field.onChange}
                testId="broadcast-plans"
              />
            )}
          />
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => (
              <CheckList
                legend={t('form.roles')}
                options={TARGET_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
                value={field.value}
                onChange={field.onChange}
                testId="broadcast-roles"
              />
            )}
          />
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={create.isPending} data-testid="broadcast-submit">
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function Acknowledgements({ broadcast }: { broadcast: Broadcast }) {
  const { t, i18n } = useTranslation('broadcasts');
  const acks = useBroadcastAcks(broadcast.id);
  if (acks.isPending) return <ListSkeleton rows={1} testId="broadcast-acks-loading" />;
  if (acks.isError) return <LoadError title={t('acks.error')} error={acks.error} onRetry={() => void acks.refetch()} />;
  if (acks.data.organizations.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="broadcast-acks-empty">
        {t('acks.none')}
      </Text>
    );
  return (
    <Stack gap="2" data-testid="broadcast-acks">
      {acks.data.organizations.map((o) => (
        <Box key={o.orgId ?? 'platform'} data-testid="broadcast-ack-org" data-org={o.orgName ?? ''}>
          <Text fontSize="sm" fontWeight="semibold">
            {t('acks.org', { name: o.orgName ?? t('acks.platform'), count: o.count })}
          </Text>
          <Stack as="ul" gap="0.5" paddingStart="4" fontSize="sm">
            {o.people.map((p) => (
              <Text as="li" key={p.userId} data-testid="broadcast-ack-person">
                {t('acks.person', { name: p.name, email: p.email, when: formatDateTime(p.acknowledgedAt, i18n.language) })}
              </Text>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function BroadcastCard({ broadcast }: { broadcast: Broadcast }) {
  const { t, i18n } = useTranslation(['broadcasts', 'common']);
  const end = useEndBroadcast();
  const [showAcks, setShowAcks] = useState(false);
  const target = broadcast.target;
  const targetText =
    target.orgIds.length + target.plans.length + target.roles.length === 0
      ? t('target.all')
      : [
          target.orgIds.length ? t('target.orgs', { count: target.orgIds.length }) : null,
          target.plans.length ? t('target.plans', { plans: target.plans.map((p) => t(`plans.${p}`)).join(', ') }) : null,
          target.roles.length ? t('target.roles', { roles: target.roles.map((r) => t(`common:roles.${r}`)).join(', ') }) : null,
        ]
          .filter(Boolean)
          .join(' · ');
  return (
    <Card.Root as="li" variant="outline" data-testid="broadcast-card" data-id={broadcast.id} data-state={broadcast.state}>
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <Text fontWeight="semibold" dir="auto" wordBreak="break-word">
            {broadcast.texts.en.title}
          </Text>
          <HStack gap="2">
            <Badge colorPalette={broadcast.severity === 'critical' ? 'red' : broadcast.severity === 'warning' ? 'orange' : 'blue'}>
              {t(`severities.${broadcast.severity}`)}
            </Badge>
            <Badge colorPalette={STATE_PALETTE[broadcast.state]} data-testid="broadcast-state">
              {t(`states.${broadcast.state}`)}
            </Badge>
          </HStack>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('card.window', {
            from: formatDateTime(broadcast.startsAt, i18n.language),
            to: formatDateTime(broadcast.endsAt, i18n.language),
          })}
        </Text>
        <Text fontSize="sm">{t('card.target', { target: targetText })}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('card.shown', { display: t(`displays.${broadcast.display}`) })}
          {broadcast.requiresAck ? ` · ${t('card.requiresAck')}` : ''} · {t('card.acks', { count: broadcast.acknowledgements })}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            onClick={() => setShowAcks((v) => !v)}
            data-testid="broadcast-show-acks"
            aria-expanded={showAcks}
          >
            {showAcks ? t('actions.hideAcks') : t('actions.showAcks')}
          </Button>
          {broadcast.state !== 'ended' && (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              loading={end.isPending}
              onClick={() => end.mutate(broadcast.id, { onError: (err) => toaster.create({ type: 'error', title: errorText(t, err) }) })}
              data-testid="broadcast-end"
            >
              {t('actions.end')}
            </Button>
          )}
        </HStack>
        {showAcks && <Acknowledgements broadcast={broadcast} />}
      </Card.Body>
    </Card.Root>
  );
}

/** /app/admin/broadcasts: the platform's messages, their schedule, targets and acknowledgements. */
export default function BroadcastsPage({ pageId }: PageProps) {
  const { t } = useTranslation(['broadcasts', 'pages']);
  usePageTitle(pageId);
  const list = useBroadcasts();
  const newButton = (
    <FormDialog
      trigger={
        <Button colorPalette="brand" data-testid="broadcast-new">
          {t('actions.new')}
        </Button>
      }
      title={t('form.heading')}
      testId="broadcast-dialog"
      closeLabel={t('actions.close')}
    >
      {(close) => <BroadcastForm onDone={close} />}
    </FormDialog>
  );
  return (
    <Stack gap="6" maxWidth="5xl" data-testid="broadcasts-page">
      <PageHeader title={t('pages:broadcasts.title')} subtitle={t('subtitle')} actions={newButton} />
      {list.isPending ? (
        <ListSkeleton testId="broadcasts-loading" />
      ) : list.isError ? (
        <LoadError title={t('loadError')} error={list.error} onRetry={() => void list.refetch()} testId="broadcasts-error" />
      ) : list.data.items.length === 0 ? (
        <EmptyList title={t('empty.title')} text={t('empty.text')} testId="broadcasts-empty" />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="broadcasts-list">
          {list.data.items.map((b) => (
            <BroadcastCard key={b.id} broadcast={b} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
