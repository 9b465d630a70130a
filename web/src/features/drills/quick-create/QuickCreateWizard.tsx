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
  Link,
  NativeSelect,
  RadioCard,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  DRILL_SCENARIO_GROUPS,
  RUN_LIMITS,
  type DrillScenario,
  type DrillScenarioGroup,
  type DrillTemplate,
  type DrillTemplateSummary,
} from '@muster/contracts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, type FieldPath, type ControllerRenderProps } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LibraryTextView } from '../components';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { FormField } from '../../../components/form/FormField';
import { ListSkeleton, LoadError } from '../../../components/list';
import { toaster } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../lib/format';
import { useMembers, useScheduleRun, useTemplate, useTemplates } from '../api';
import { localToIso } from '../runs/params';
import { useMusterForm } from '../../../lib/forms';
import {
  draftErrors,
  draftPath,
  firstStepWithError,
  initialDraft,
  MUSTER_MAX,
  scheduleRequest,
  WIZARD_STEPS,
  type ScheduleDraft,
  type TemplateFacts,
  type WizardStep,
} from './draft';
import { messagesByPath } from './roster';
import { RosterEditor } from './RosterEditor';
import { errorText, serverIssues } from '../../../lib/error-text';

/**
 * The draft as the wizard checks it at a step: `scheduleRunSchema` and the wizard's own checks
 * (`draftErrors`) for the fields of that step and the ones before it, each message on the field
 * that shows it; the request once every step is right.
 */
function wizardSchema(templateOf: () => TemplateFacts | undefined, upTo: WizardStep) {
  return z.custom<ScheduleDraft>().transform((draft, ctx) => {
    const template = templateOf();
    const errors = Object.entries(draftErrors(draft, template, upTo));
    for (const [path, message] of errors) {
      ctx.addIssue({
        code: 'custom',
        path: draftPath(path)
          .split('.')
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message,
      });
    }
    return errors.length > 0 ? z.NEVER : scheduleRequest(draft, template);
  });
}

/** The step indicator: done steps can be revisited, the current one is marked for assistive tech. */
function StepIndicator({ current, reached, onGo }: { current: number; reached: number; onGo: (index: number) => void }) {
  const { t } = useTranslation('drillRuns');
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted" data-testid="wizard-progress">
        {t('wizard.progress', { step: current + 1, total: WIZARD_STEPS.length, name: t(`wizard.steps.${WIZARD_STEPS[current]!}`) })}
      </Text>
      <Flex as="ol" aria-label={t('wizard.stepsLabel')} gap={{ base: '1', sm: '2' }} listStyleType="none" data-testid="wizard-steps">
        {WIZARD_STEPS.map((step, i) => {
          const state = i === current ? 'current' : i < current || i <= reached ? 'reachable' : 'later';
          const marker = (
            <>
              <Box
                as="span"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                flexShrink={0}
                boxSize="6"
                borderRadius="full"
                fontSize="xs"
                fontWeight="bold"
                borderWidth="2px"
                borderColor={state === 'later' ? 'border' : 'brand.solid'}
                bg={state === 'current' ? 'brand.solid' : 'transparent'}
                color={state === 'current' ? 'white' : state === 'later' ? 'fg.muted' : 'brand.fg'}
                aria-hidden
              >
                {i + 1}
              </Box>
              <Text as="span" fontSize="sm" hideBelow={state === 'current' ? undefined : 'md'} truncate>
                {t(`wizard.steps.${step}`)}
              </Text>
            </>
          );
          return (
            <Box
              as="li"
              key={step}
              flex="0 1 auto"
              minWidth="0"
              aria-current={state === 'current' ? 'step' : undefined}
              data-step={step}
              data-state={state}
            >
              {state === 'reachable' ? (
                <Button variant="ghost" size="sm" paddingX="1" gap="2" onClick={() => onGo(i)} aria-label={t(`wizard.steps.${step}`)}>
                  {marker}
                </Button>
              ) : (
                <HStack gap="2" paddingX="1" height="8" minWidth="0">
                  {marker}
                </HStack>
              )}
            </Box>
          );
        })}
      </Flex>
    </Stack>
  );
}

function StepError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Text color="fg.error" fontSize="sm" role="alert">
      {message}
    </Text>
  );
}

/** A radio card group's input that takes the focus for the group (the chosen card's, else the first). */
const focusRef = (field: { ref: (element: HTMLInputElement | null) => void }, first: boolean) => (first ? field.ref : undefined);

function ScenarioStep({
  field,
  onChange,
  counts,
  error,
}: {
  field: ControllerRenderProps<ScheduleDraft, 'scenario'>;
  onChange: (scenario: DrillScenario) => void;
  counts: Map<DrillScenario, number> | null;
  error: string | undefined;
}) {
  const { t } = useTranslation('drillRuns');
  const all = Object.values(DRILL_SCENARIO_GROUPS).flat();
  const focused = field.value || all[0];
  return (
    <Stack gap="3">
      <RadioCard.Root
        value={field.value || null}
        onValueChange={(e) => e.value && onChange(e.value as DrillScenario)}
        size="sm"
        name={field.name}
      >
        <RadioCard.Label srOnly>{t('wizard.steps.scenario')}</RadioCard.Label>
        <Stack gap="4">
          {(Object.entries(DRILL_SCENARIO_GROUPS) as [DrillScenarioGroup, readonly DrillScenario[]][]).map(([group, scenarios]) => (
            <Stack key={group} gap="2">
              <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
                {t(`scenarioGroups.${group}`, { ns: 'drills' })}
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="2">
                {scenarios.map((scenario) => (
                  <RadioCard.Item key={scenario} value={scenario} data-testid={`scenario-${scenario}`}>
                    <RadioCard.ItemHiddenInput ref={focusRef(field, scenario === focused)} onBlur={field.onBlur} />
                    <RadioCard.ItemControl>
                      <RadioCard.ItemContent>
                        <RadioCard.ItemText>{t(`scenarios.${scenario}`, { ns: 'drills' })}</RadioCard.ItemText>
                        {counts && (
                          <RadioCard.ItemDescription>
                            {counts.get(scenario)
                              ? t('wizard.templateCount', { count: counts.get(scenario) })
                              : t('wizard.noTemplateCount')}
                          </RadioCard.ItemDescription>
                        )}
                      </RadioCard.ItemContent>
                      <RadioCard.ItemIndicator />
                    </RadioCard.ItemControl>
                  </RadioCard.Item>
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </RadioCard.Root>
      <StepError message={error} />
    </Stack>
  );
}

function TemplateStep({
  templates,
  field,
  error,
}: {
  templates: readonly DrillTemplateSummary[];
  field: ControllerRenderProps<ScheduleDraft, 'templateId'>;
  error: string | undefined;
}) {
  const { t } = useTranslation('drillRuns');
  if (templates.length === 0)
    return (
      <Alert.Root status="info" data-testid="wizard-no-templates">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{t('wizard.noTemplates')}</Alert.Description>
        </Alert.Content>
        <Link asChild alignSelf="center" fontSize="sm">
          <RouterLink to="/app/drills/templates">{t('wizard.templatesLink')}</RouterLink>
        </Link>
      </Alert.Root>
    );
  return (
    <Stack gap="3">
      <RadioCard.Root value={field.value || null} onValueChange={(e) => e.value && field.onChange(e.value)} size="sm" name="template">
        <RadioCard.Label srOnly>{t('wizard.steps.template')}</RadioCard.Label>
        <Stack gap="2">
          {templates.map((tpl) => (
            <RadioCard.Item key={tpl.id} value={tpl.id} data-testid="wizard-template" data-template-id={tpl.id} data-source={tpl.source}>
              <RadioCard.ItemHiddenInput ref={focusRef(field, tpl.id === (field.value || templates[0]?.id))} onBlur={field.onBlur} />
              <RadioCard.ItemControl>
                <RadioCard.ItemContent>
                  <RadioCard.ItemText dir="auto">
                    <LibraryTextView text={tpl.name} libraryText={tpl.nameText} />
                  </RadioCard.ItemText>
                  <RadioCard.ItemDescription>
                    <Flex as="span" gap="2" wrap="wrap" marginTop="1">
                      <Badge size="sm" colorPalette={tpl.source === 'library' ? 'purple' : 'blue'}>
                        {t(`sources.${tpl.source}`, { ns: 'drills' })}
                      </Badge>
                      <Badge size="sm" variant="outline">
                        {t(`types.${tpl.type}`, { ns: 'drills' })}
                      </Badge>
                      <Text as="span">
                        {t('wizard.templateFacts', {
                          minutes: tpl.estimatedMinutes,
                          steps: t('wizard.stepCount', { count: tpl.stepCount }),
                          injects: t('wizard.injectCount', { count: tpl.injectCount }),
                        })}
                      </Text>
                    </Flex>
                  </RadioCard.ItemDescription>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </Stack>
      </RadioCard.Root>
      <StepError message={error} />
    </Stack>
  );
}

/**
 * The quick drill wizard: scenario → template → when and where → people → review → schedule,
 * then the new run's console. What was entered is kept going back and forth; each step checks its
 * fields with `scheduleRunSchema` before the next, and the server's field messages (a time in the
 * past) bring the wizard back to the step that holds the field.
 */
export function QuickCreateWizard({ me, presetTemplateId }: { me: { userId: string }; presetTemplateId: string | null }) {
  const { t, i18n } = useTranslation(['drillRuns', 'drills', 'drillLibrary']);
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const presetApplied = useRef(false);
  const current: WizardStep = WIZARD_STEPS[step]!;

  const [start] = useState(() => initialDraft(me.userId));
  // The chosen template (loaded below, from the form's choice): the schema checks the muster target against it.
  const templateRef = useRef<DrillTemplate | undefined>(undefined);
  const schema = useMemo(() => wizardSchema(() => templateRef.current, current), [current]);
  const form = useMusterForm(schema, start);
  const roster = useFieldArray({ control: form.control, name: 'roster', keyName: 'fieldKey' });
  const draft = form.watch();

  const templates = useTemplates({ status: 'published' });
  const preset = useTemplate(presetTemplateId ?? undefined);
  const chosen = useTemplate(draft.templateId || undefined);
  const members = useMembers();
  const schedule = useScheduleRun();
  const template: DrillTemplate | undefined = chosen.data;
  templateRef.current = template;
  const forScenario = (templates.data?.items ?? []).filter((tpl) => tpl.scenario === draft.scenario);
  const { setValue } = form;

  // `?template=<id>`: that template chosen (with its scenario), starting at the template step.
  useEffect(() => {
    if (presetApplied.current || !preset.data) return;
    presetApplied.current = true;
    if (preset.data.status !== 'published') return;
    setValue('scenario', preset.data.scenario);
    setValue('templateId', preset.data.id);
    setStep(1);
    setReached(1);
  }, [preset.data, setValue]);

  // Focus follows the step (not on the first render), so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
  }, [step]);

  const go = (index: number) => {
    moved.current = true;
    setFailure(null);
    setStep(index);
    setReached((r) => Math.max(r, index));
  };
  /** A step's fields are right: on to the next one. */
  const next = () => {
    // A template must be loaded before its muster target and positions can be offered.
    if (current === 'template' && !template) return;
    // A scenario with a single template: it is chosen already (the step still shows it).
    if (current === 'scenario' && !draft.templateId && forScenario.length === 1) setValue('templateId', forScenario[0]!.id);
    go(step + 1);
  };
  /** Something is wrong up to this step: the wizard goes back to the first step that has it. */
  const invalid = () => {
    const first = firstStepWithError(draftErrors(form.getValues(), template, current));
    if (first !== null && WIZARD_STEPS.indexOf(first) !== step) go(WIZARD_STEPS.indexOf(first));
  };
  const submit = (request: z.output<typeof schema>) => {
    setFailure(null);
    schedule.mutate(request, {
      onSuccess: (run) => {
        toaster.create({ type: 'success', title: t('wizard.scheduled', { title: run.title }) });
        void navigate(`/app/drills/console/${run.id}`);
      },
      onError: (err) => {
        const firstBad = firstStepWithError(messagesByPath(serverIssues(err)));
        if (firstBad !== null && firstBad !== 'review' && form.setServerErrors(err, draftPath)) go(WIZARD_STEPS.indexOf(firstBad));
        else setFailure(errorText(t, err));
      },
    });
  };
  const onSubmit = form.handleSubmit((request) => (current === 'review' ? submit(request) : next()), invalid);

  const message = (path: FieldPath<ScheduleDraft>): string | undefined => {
    const error = form.formState.errors.musterTarget;
    // The muster target's own check has its own words (a server's message keeps the server's).
    if (path === 'musterTarget' && error && error.type !== 'server') return t('wizard.musterRange', { max: MUSTER_MAX });
    return form.message(path);
  };
  const counts = templates.data
    ? templates.data.items.reduce((m, tpl) => m.set(tpl.scenario, (m.get(tpl.scenario) ?? 0) + 1), new Map<DrillScenario, number>())
    : null;
  const memberList = members.data?.items ?? [];
  const lead = memberList.find((m) => m.id === draft.leadUserId);

  let body: ReactNode;
  if (current === 'scenario') {
    body = (
      <Controller
        control={form.control}
        name="scenario"
        render={({ field }) => (
          <ScenarioStep
            field={field}
            counts={counts}
            error={message('scenario')}
            onChange={(scenario) => {
              // A template of another scenario no longer fits.
              if (scenario !== field.value) setValue('templateId', '');
              field.onChange(scenario);
              form.clearErrors();
            }}
          />
        )}
      />
    );
  } else if (current === 'template') {
    body = templates.isPending ? (
      <ListSkeleton rows={3} testId="wizard-templates-loading" />
    ) : templates.isError ? (
      <LoadError title={t('wizard.templatesError')} error={templates.error} onRetry={() => void templates.refetch()} />
    ) : (
      <Controller
        control={form.control}
        name="templateId"
        render={({ field }) => <TemplateStep templates={forScenario} field={field} error={message('templateId')} />}
      />
    );
  } else if (current === 'when') {
    body = (
      <Stack gap="4">
        <FormField label={t('fields.title')} error={message('title')} helperText={t('wizard.titleHint')}>
          <Input
            {...form.register('title')}
            placeholder={template?.name}
            maxLength={RUN_LIMITS.titleMax}
            dir="auto"
            data-testid="wizard-title"
          />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('fields.date')} error={message('date')} required>
            <Input type="date" {...form.register('date')} data-testid="wizard-date" />
          </FormField>
          <FormField label={t('fields.time')} required helperText={t('wizard.timeZoneHint')}>
            {/* The time is part of the instant the date's message is about. */}
            <Input type="time" {...form.register('time', { deps: 'date' })} data-testid="wizard-time" />
          </FormField>
        </SimpleGrid>
        <FormField label={t('fields.location')} error={message('location')} required>
          <Input
            {...form.register('location')}
            maxLength={RUN_LIMITS.locationMax}
            placeholder={t('wizard.locationPlaceholder')}
            dir="auto"
            data-testid="wizard-location"
          />
        </FormField>
        {template?.musterTargetMinutes !== null && template?.musterTargetMinutes !== undefined && (
          <FormField
            label={t('fields.musterTarget')}
            error={message('musterTarget')}
            helperText={t('wizard.musterHint', { minutes: template.musterTargetMinutes })}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MUSTER_MAX}
              {...form.register('musterTarget')}
              placeholder={String(template.musterTargetMinutes)}
              width={{ base: 'full', sm: '10rem' }}
              data-testid="wizard-muster"
            />
          </FormField>
        )}
      </Stack>
    );
  } else if (current === 'people') {
    body = members.isPending ? (
      <ListSkeleton rows={2} testId="wizard-members-loading" />
    ) : members.isError ? (
      <LoadError title={t('people.membersError')} error={members.error} onRetry={() => void members.refetch()} />
    ) : (
      <Stack gap="5">
        <FormField label={t('fields.lead')} error={message('leadUserId')} helperText={t('wizard.leadHint')} required>
          <NativeSelect.Root width={{ base: 'full', sm: '22rem' }}>
            <NativeSelect.Field {...form.register('leadUserId')} data-testid="wizard-lead">
              <option value="">{t('wizard.chooseLead')}</option>
              {memberList.map((m) => (
                <option key={m.id} value={m.id}>
                  {t('roster.memberOption', { name: m.name, email: m.email })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Stack gap="2">
          <Text fontWeight="medium">{t('fields.roster')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('wizard.rosterHint')}
          </Text>
          <RosterEditor
            members={memberList}
            positions={template?.positions ?? []}
            rows={draft.roster}
            list={{
              append: (row) => roster.append(row, { shouldFocus: false }),
              remove: roster.remove,
              update: roster.update,
            }}
            messageOf={(path) => form.message(draftPath(path) as FieldPath<ScheduleDraft>)}
          />
        </Stack>
      </Stack>
    );
  } else {
    const when = localToIso(draft.date, draft.time);
    const positions = new Map((template?.positions ?? []).map((p) => [p.id, p.name]));
    const row = (label: string, value: ReactNode, back: number, testId: string) => (
      <Flex as="div" gap="2" paddingY="2" borderBottomWidth="1px" direction={{ base: 'column', sm: 'row' }} data-testid={testId}>
        <Text as="dt" fontWeight="medium" width={{ sm: '12rem' }} flexShrink={0}>
          {label}
        </Text>
        <Flex as="dd" flex="1" gap="2" justify="space-between" align="flex-start" minWidth="0">
          <Box minWidth="0">{value}</Box>
          <Button size="xs" variant="ghost" onClick={() => go(back)} aria-label={t('wizard.changeNamed', { what: label })}>
            {t('wizard.change')}
          </Button>
        </Flex>
      </Flex>
    );
    body = (
      <Stack gap="4">
        <Box as="dl">
          {row(t('wizard.steps.scenario'), draft.scenario ? t(`scenarios.${draft.scenario}`, { ns: 'drills' }) : '', 0, 'review-scenario')}
          {row(
            t('wizard.steps.template'),
            <Text dir="auto">{template && <LibraryTextView text={template.name} libraryText={template.libraryTexts.name} />}</Text>,
            1,
            'review-template',
          )}
          {row(t('fields.title'), <Text dir="auto">{draft.title.trim() || template?.name}</Text>, 2, 'review-title')}
          {row(t('fields.when'), when ? formatDateTime(when, i18n.resolvedLanguage) : '', 2, 'review-when')}
          {row(t('fields.location'), <Text dir="auto">{draft.location}</Text>, 2, 'review-location')}
          {template?.musterTargetMinutes !== null &&
            template?.musterTargetMinutes !== undefined &&
            row(
              t('fields.musterTarget'),
              t('units.minutes', {
                ns: 'drills',
                count: draft.musterTarget.trim() ? Number(draft.musterTarget) : template.musterTargetMinutes,
              }),
              2,
              'review-muster',
            )}
          {row(t('fields.lead'), lead?.name ?? '', 3, 'review-lead')}
          {row(
            t('fields.roster'),
            draft.roster.length === 0 ? (
              <Text color="fg.muted">{t('roster.empty')}</Text>
            ) : (
              <Stack as="ul" gap="1" listStyleType="none">
                {draft.roster.map((r) => (
                  <Flex as="li" key={r.key} gap="2" wrap="wrap" align="center">
                    <Text dir="auto">{r.name}</Text>
                    {r.positionId && positions.get(r.positionId) && (
                      <Badge size="sm" variant="subtle">
                        {positions.get(r.positionId)}
                      </Badge>
                    )}
                    {r.userId === null && (
                      <Badge size="sm" variant="outline">
                        {t('roster.guest')}
                      </Badge>
                    )}
                  </Flex>
                ))}
              </Stack>
            ),
            3,
            'review-roster',
          )}
        </Box>
        {failure && (
          <Alert.Root status="error" data-testid="wizard-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
      </Stack>
    );
  }

  if (presetTemplateId && preset.isPending) return <ListSkeleton rows={3} testId="wizard-loading" />;

  return (
    <Stack gap="5">
      <StepIndicator current={step} reached={reached} onGo={go} />
      {presetTemplateId && (preset.isError || (preset.data && preset.data.status !== 'published')) && (
        <Alert.Root status="warning" data-testid="wizard-preset-problem">
          <Alert.Indicator />
          <Alert.Description>{preset.isError ? errorText(t, preset.error) : t('wizard.presetDraft')}</Alert.Description>
        </Alert.Root>
      )}
      <Card.Root variant="outline" asChild>
        <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="wizard-form" data-step={current}>
          <Card.Body gap="4">
            <Stack gap="1">
              <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1} outline="none" data-testid="wizard-step-title">
                {t(`wizard.steps.${current}`)}
              </Heading>
              <Text color="fg.muted">{t(`wizard.intro.${current}`)}</Text>
            </Stack>
            {body}
          </Card.Body>
          <Card.Footer justifyContent="space-between" gap="3" flexWrap="wrap">
            <Button variant="outline" onClick={() => go(step - 1)} disabled={step === 0} data-testid="wizard-back">
              {t('wizard.back')}
            </Button>
            {current === 'review' ? (
              <Button type="submit" colorPalette="brand" loading={schedule.isPending} data-testid="wizard-schedule">
                {t('wizard.schedule')}
              </Button>
            ) : (
              <Button
                type="submit"
                colorPalette="brand"
                loading={current === 'template' && Boolean(draft.templateId) && chosen.isPending}
                data-testid="wizard-next"
              >
                {t('wizard.next')}
              </Button>
            )}
          </Card.Footer>
        </form>
      </Card.Root>
    </Stack>
  );
}
