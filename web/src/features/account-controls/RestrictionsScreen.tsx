import {
  Badge,
  Button,
  Card,
  HStack,
  Input,
  RadioGroup,
  SegmentGroup,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  ACCOUNT_CONTROL_LIMITS,
  createRestrictionSchema,
  RESTRICTION_SUBJECTS,
  type Restriction,
  type RestrictionKind,
  type RestrictionSubject,
} from '@muster/contracts';
import { useDeferredValue, useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { passIssues, useMusterForm } from '../../lib/forms';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLift, useOrganizationSearch, useRestrict, useRestrictions, useUserSearch } from './account-controls-api';
import { ConfirmButton, ControlsHeader, RestrictionDates, RestrictionState, SubjectLabel } from './components';

/** The form's values: the request's, with the end date as the date-time input types it (local time). */
const formSchema = z
  .object({
    kind: z.enum(['suspension', 'freeze']),
    subjectType: z.enum(RESTRICTION_SUBJECTS),
    subjectId: z.string(),
    reason: z.string(),
    message: z.string(),
    endsAt: z.string(),
  })
  .transform((form, ctx) => {
    const request = { ...form, endsAt: form.endsAt ? new Date(form.endsAt).toISOString() : null };
    const checked = createRestrictionSchema.safeParse(request);
    if (!checked.success) {
      passIssues(ctx, checked.error.issues);
      return z.NEVER;
    }
    return checked.data;
  });

/** Finds the user or organisation to restrict; the chosen one's id goes into the form. */
function SubjectPicker({
  subjectType,
  chosen,
  onChoose,
  error,
}: {
  subjectType: RestrictionSubject;
  chosen: { id: string; label: string } | null;
  onChoose: (choice: { id: string; label: string }) => void;
  error?: string;
}) {
  const { t } = useTranslation('accountControls');
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const searching = q.length >= 2;
  const users = useUserSearch(q, 1, searching && subjectType === 'user');
  const orgs = useOrganizationSearch(q, searching && subjectType === 'organization');
  const options =
    subjectType === 'user'
      ? (users.data?.items ?? []).map((u) => ({ id: u.id, label: `${u.name} · ${u.email}`, hint: u.organization?.name ?? t('platform') }))
      : (orgs.data?.items ?? []).map((o) => ({ id: o.id, label: o.name, hint: t('members', { count: o.members }) }));
  return (
    <FormField
      label={subjectType === 'user' ? t('form.findUser') : t('form.findOrganization')}
      error={error}
      helperText={chosen ? t('form.chosen', { label: chosen.label }) : t('form.findHelp')}
      required
    >
      <Stack gap="2" width="full">
        <Input value={text} onChange={(e) => setText(e.target.value)} maxLength={200} data-testid="subject-search" />
        {searching && (
          <Stack gap="1" data-testid="subject-options">
            {options.slice(0, 6).map((option) => (
              <Button
                key={option.id}
                size="sm"
                variant={chosen?.id === option.id ? 'solid' : 'outline'}
                justifyContent="space-between"
                whiteSpace="normal"
                height="auto"
                py="1.5"
                textAlign="start"
                onClick={() => onChoose(option)}
                data-testid="subject-option"
              >
                <Text dir="auto">{option.label}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {option.hint}
                </Text>
              </Button>
            ))}
            {(subjectType === 'user' ? users.isSuccess : orgs.isSuccess) && options.length === 0 && (
              <Text fontSize="sm" color="fg.muted">
                {t('form.noMatch')}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </FormField>
  );
}

function RestrictForm({ kind }: { kind: RestrictionKind }) {
  const { t } = useTranslation('accountControls');
  const [params] = useSearchParams();
  const restrict = useRestrict();
  const start = { kind, subjectType: 'user' as RestrictionSubject, subjectId: '', reason: '', message: '', endsAt: '' };
  const form = useMusterForm(formSchema, start);
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(null);
  const subjectType = form.watch('subjectType');
  const preset = params.get('user');
  const presetLabel = params.get('label');
  // Opened from a user's page: that user is chosen.
  useEffect(() => {
    if (!preset) return;
    form.setValue('subjectType', 'user');
    form.setValue('subjectId', preset);
    setChosen({ id: preset, label: presetLabel ?? preset });
  }, [preset, presetLabel, form]);

  const submit = form.handleSubmit((request) =>
    restrict.mutate(request, {
      onSuccess: () => {
        form.reset({ ...start });
        setChosen(null);
        toaster.create({ type: 'success', title: t(`${kind}.created`) });
      },
      onError: (err) => {
        if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
      },
    }),
  );

  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="restrict-form">
        <Card.Header>
          <Card.Title as="h2">{t(`${kind}.formTitle`)}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <Controller
              control={form.control}
              name="subjectType"
              render={({ field }) => (
                <RadioGroup.Root
                  value={field.value}
                  onValueChange={(e) => {
                    field.onChange(e.value);
                    form.setValue('subjectId', '');
                    setChosen(null);
                  }}
                  name={field.name}
                >
                  <HStack gap="5" flexWrap="wrap">
                    {RESTRICTION_SUBJECTS.map((subject) => (
                      <RadioGroup.Item key={subject} value={subject} data-testid={`subject-${subject}`}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{t(`form.subjects.${subject}`)}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </HStack>
                </RadioGroup.Root>
              )}
            />
            <SubjectPicker
              key={subjectType}
              subjectType={subjectType}
              chosen={chosen}
              error={form.message('subjectId')}
              onChoose={(choice) => {
                setChosen(choice);
                form.setValue('subjectId', choice.id, { shouldValidate: form.formState.isSubmitted });
              }}
            />
            <FormField label={t('form.reason')} helperText={t('form.reasonHelp')} error={form.message('reason')} required>
              <Input {...form.register('reason')} maxLength={ACCOUNT_CONTROL_LIMITS.reasonMax} data-testid="restrict-reason" />
            </FormField>
            <FormField label={t('form.message')} helperText={t(`${kind}.messageHelp`)} error={form.message('message')}>
              <Textarea
                {...form.register('message')}
                rows={3}
                maxLength={ACCOUNT_CONTROL_LIMITS.messageMax}
                data-testid="restrict-message"
              />
            </FormField>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={t('form.endsAt')} helperText={t('form.endsAtHelp')} error={form.message('endsAt')}>
                <Input type="datetime-local" {...form.register('endsAt')} data-testid="restrict-ends-at" />
              </FormField>
            </SimpleGrid>
            <Button
              type="submit"
              colorPalette={kind === 'suspension' ? 'red' : 'blue'}
              alignSelf="flex-start"
              loading={restrict.isPending}
              data-testid="restrict-submit"
            >
              {t(`${kind}.submit`)}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

function RestrictionCard({ restriction }: { restriction: Restriction }) {
  const { t } = useTranslation('accountControls');
  const lift = useLift();
  return (
    <Card.Root
      variant="outline"
      size="sm"
      data-testid="restriction-row"
      data-active={restriction.active}
      data-subject={restriction.subjectId}
    >
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
            <Stack gap="1">
              <SubjectLabel restriction={restriction} />
              {restriction.subjectType === 'user' && (
                <Text fontSize="sm" color="fg.muted" dir="auto">
                  {restriction.organization?.name ?? t('platform')}
                </Text>
              )}
            </Stack>
            <HStack gap="2">
              <Badge variant="outline">{t(`form.subjects.${restriction.subjectType}`)}</Badge>
              <RestrictionState restriction={restriction} />
            </HStack>
          </HStack>
          <Stack gap="1">
            <Text fontSize="sm">
              <Text as="span" color="fg.muted">
                {t('list.reason')}{' '}
              </Text>
              <Text as="span" dir="auto">
                {restriction.reason}
              </Text>
            </Text>
            {restriction.message && (
              <Text fontSize="sm">
                <Text as="span" color="fg.muted">
                  {t('list.message')}{' '}
                </Text>
                <Text as="span" dir="auto">
                  {restriction.message}
                </Text>
              </Text>
            )}
          </Stack>
          <HStack justify="space-between" align="end" gap="3" flexWrap="wrap">
            <RestrictionDates restriction={restriction} />
            {restriction.active && (
              <ConfirmButton
                label={t(`${restriction.kind}.lift`)}
                title={t(`${restriction.kind}.liftTitle`)}
                text={t(`${restriction.kind}.liftText`, { name: restriction.subjectName || restriction.subjectEmail })}
                confirm={t(`${restriction.kind}.lift`)}
                colorPalette="brand"
                loading={lift.isPending}
                onConfirm={(close) =>
                  lift.mutate(restriction.id, {
                    onSuccess: () => {
                      close();
                      toaster.create({ type: 'success', title: t(`${restriction.kind}.lifted`) });
                    },
                  })
                }
                testId="restriction-lift"
              />
            )}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

const STATES = ['current', 'past', 'all'] as const;

function RestrictionList({ kind }: { kind: RestrictionKind }) {
  const { t } = useTranslation('accountControls');
  const [state, setState] = useState<(typeof STATES)[number]>('current');
  const [page, setPage] = useState(1);
  const list = useRestrictions(kind, state, page);
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <Stack gap="3">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text as="h2" textStyle="lg" fontWeight="semibold">
          {t(`${kind}.listTitle`)}
        </Text>
        <SegmentGroup.Root
          size="sm"
          value={state}
          onValueChange={(e) => {
            setState(e.value as (typeof STATES)[number]);
            setPage(1);
          }}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={STATES.map((value) => ({ value, label: t(`list.states.${value}`) }))} />
        </SegmentGroup.Root>
      </HStack>
      {list.isPending && <Skeleton height="24" />}
      {list.isError && <Text color="fg.error">{errorText(t, list.error)}</Text>}
      {list.isSuccess && items.length === 0 && (
        <Text color="fg.muted" data-testid="restrictions-empty">
          {t(`${kind}.empty.${state}`)}
        </Text>
      )}
      <Stack gap="3" data-testid="restriction-list">
        {items.map((restriction) => (
          <RestrictionCard key={restriction.id} restriction={restriction} />
        ))}
      </Stack>
      {pages > 1 && (
        <HStack gap="3">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <Text fontSize="sm">{t('page', { page, pages })}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

/** /app/sysops/suspensions and /app/sysops/frozen-accounts: a form, and the current and past ones. */
export function RestrictionsScreen({ kind, pageId }: { kind: RestrictionKind; pageId: string }) {
  const { t } = useTranslation(['accountControls', 'pages']);
  usePageTitle(pageId);
  return (
    <Stack gap="6" maxWidth="5xl" data-testid={`restrictions-${kind}`}>
      <ControlsHeader title={t(`pages:${pageId}.title`)} intro={t(`${kind}.intro`)} />
      <RestrictForm kind={kind} />
      <RestrictionList kind={kind} />
    </Stack>
  );
}
