import { Box, Button, Checkbox, Flex, Heading, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  DRILL_LIMITS,
  DRILL_REGULATIONS,
  DRILL_SCENARIO_GROUPS,
  DRILL_TYPES,
  type DrillRegulation,
  type DrillType,
} from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { Section } from '../templates/parts';
import { ItemControls, MinutesField, PositionSelect, TextField, pathSelector } from './fields';
import { move, newKey, removePosition, sortInjectsByMinute, takenKeys, type StepDraft, type WorkingCopy } from './model';

/** What every section of the editor gets: the copy, a way to change it, messages and focus. */
export interface SectionProps {
  copy: WorkingCopy;
  update: (change: (copy: WorkingCopy) => WorkingCopy) => void;
  /** The translated message on a path, if any. */
  errorOf: (path: string) => string | undefined;
  /** Moves focus to the element of a selector after the next render. */
  focus: (selector: string) => void;
}

/** A list-level message ("Add at least one step") under a section's heading. */
function ListError({ message, testId }: { message: string | undefined; testId: string }) {
  if (!message) return null;
  return (
    <Text color="fg.error" fontSize="sm" role="alert" data-testid={testId}>
      {message}
    </Text>
  );
}

function ItemCard({ title, controls, children, testId }: { title: string; controls: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="l2" padding={{ base: '3', md: '4' }} data-testid={testId}>
      <Flex gap="2" align="center" justify="space-between" wrap="wrap" marginBottom="3">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        {controls}
      </Flex>
      <Stack gap="3">{children}</Stack>
    </Box>
  );
}

function AddButton({ path, label, onClick, disabled }: { path: string; label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button
      size="sm"
      variant="outline"
      alignSelf="flex-start"
      onClick={onClick}
      disabled={disabled}
      data-field-path={path}
      data-testid={`add-${path}`}
    >
      {label}
    </Button>
  );
}

export function DetailsSection({ copy, update, errorOf }: SectionProps) {
  const { t } = useTranslation(['drillTemplates', 'drills']);
  return (
    <Section id="builder-details" title={t('builder.details')} testId="builder-details">
      <Stack gap="4">
        <TextField
          path="name"
          label={t('builder.name')}
          value={copy.name}
          onChange={(name) => update((c) => ({ ...c, name }))}
          error={errorOf('name')}
          required
          maxLength={DRILL_LIMITS.nameMax}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('builder.type')} error={errorOf('type')} required>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={copy.type}
                onChange={(e) => {
                  const type = e.currentTarget.value as DrillType;
                  update((c) => ({ ...c, type }));
                }}
                data-field-path="type"
                data-testid="field-type"
              >
                {DRILL_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`types.${type}`, { ns: 'drills' })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('builder.scenario')} error={errorOf('scenario')} required>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={copy.scenario}
                onChange={(e) => {
                  const scenario = e.currentTarget.value as WorkingCopy['scenario'];
                  update((c) => ({ ...c, scenario }));
                }}
                data-field-path="scenario"
                data-testid="field-scenario"
              >
                <option value="">{t('builder.chooseScenario')}</option>
                {Object.entries(DRILL_SCENARIO_GROUPS).map(([group, scenarios]) => (
                  <optgroup key={group} label={t(`scenarioGroups.${group}`, { ns: 'drills' })}>
                    {scenarios.map((s) => (
                      <option key={s} value={s}>
                        {t(`scenarios.${s}`, { ns: 'drills' })}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <MinutesField
            path="estimatedMinutes"
            label={t('builder.estimatedMinutes')}
            value={copy.estimatedMinutes}
            onChange={(estimatedMinutes) => update((c) => ({ ...c, estimatedMinutes }))}
            error={errorOf('estimatedMinutes')}
            required
            helperText={t('builder.estimatedHelp')}
          />
          <MinutesField
            path="musterTargetMinutes"
            label={t('builder.musterTarget')}
            value={copy.musterTargetMinutes}
            onChange={(musterTargetMinutes) => update((c) => ({ ...c, musterTargetMinutes }))}
            error={errorOf('musterTargetMinutes')}
            helperText={t('builder.musterTargetHelp')}
          />
        </SimpleGrid>
        <TextField
          path="description"
          label={t('builder.description')}
          value={copy.description}
          onChange={(description) => update((c) => ({ ...c, description }))}
          error={errorOf('description')}
          maxLength={DRILL_LIMITS.textMax}
          multiline
          rows={5}
          helperText={t('builder.descriptionHelp')}
        />
      </Stack>
    </Section>
  );
}

export function ObjectivesSection({ copy, update, errorOf, focus }: SectionProps) {
  const { t } = useTranslation('drillTemplates');
  const full = copy.objectives.length >= DRILL_LIMITS.objectivesMax;
  const add = () => {
    const key = newKey('objective', takenKeys(copy));
    focus(pathSelector(`objectives.${String(copy.objectives.length)}`));
    update((c) => ({ ...c, objectives: [...c.objectives, { key, text: '' }] }));
  };
  return (
    <Section id="builder-objectives" title={t('builder.objectives')} testId="builder-objectives">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('builder.objectivesHelp')}
        </Text>
        <ListError message={errorOf('objectives')} testId="error-objectives" />
        {copy.objectives.length > 0 && (
          <Stack as="ol" gap="3" listStyleType="none">
            {copy.objectives.map((objective, index) => {
              const label = t('builder.objectiveLabel', { number: index + 1 });
              return (
                <ItemCard
                  key={objective.key}
                  title={label}
                  testId="builder-objective"
                  controls={
                    <ItemControls
                      itemKey={objective.key}
                      index={index}
                      count={copy.objectives.length}
                      itemLabel={label}
                      onMove={(delta, selector) => {
                        focus(selector);
                        update((c) => ({ ...c, objectives: move(c.objectives, index, delta) }));
                      }}
                      onRemove={() => {
                        focus(pathSelector('objectives'));
                        update((c) => ({ ...c, objectives: c.objectives.filter((o) => o.key !== objective.key) }));
                      }}
                    />
                  }
                >
                  <TextField
                    path={`objectives.${String(index)}`}
                    label={t('builder.objectiveText')}
                    value={objective.text}
                    onChange={(text) =>
                      update((c) => ({ ...c, objectives: c.objectives.map((o) => (o.key === objective.key ? { ...o, text } : o)) }))
                    }
                    error={errorOf(`objectives.${String(index)}`)}
                    required
                    maxLength={DRILL_LIMITS.shortMax}
                  />
                </ItemCard>
              );
            })}
          </Stack>
        )}
        <AddButton path="objectives" label={t('builder.addObjective')} onClick={add} disabled={full} />
      </Stack>
    </Section>
  );
}

export function PositionsSection({ copy, update, errorOf, focus }: SectionProps) {
  const { t } = useTranslation('drillTemplates');
  const full = copy.positions.length >= DRILL_LIMITS.positionsMax;
  const add = () => {
    const id = newKey('position', takenKeys(copy));
    focus(pathSelector(`positions.${String(copy.positions.length)}.name`));
    update((c) => ({ ...c, positions: [...c.positions, { id, name: '', description: '' }] }));
  };
  return (
    <Section id="builder-positions" title={t('builder.positions')} testId="builder-positions">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('builder.positionsHelp')}
        </Text>
        <ListError message={errorOf('positions')} testId="error-positions" />
        {copy.positions.length > 0 && (
          <Stack as="ol" gap="3" listStyleType="none">
            {copy.positions.map((position, index) => {
              const label = t('builder.positionLabel', { number: index + 1 });
              const base = `positions.${String(index)}`;
              const set = (patch: Partial<typeof position>) =>
                update((c) => ({ ...c, positions: c.positions.map((p) => (p.id === position.id ? { ...p, ...patch } : p)) }));
              return (
                <ItemCard
                  key={position.id}
                  title={label}
                  testId="builder-position"
                  controls={
                    <ItemControls
                      itemKey={position.id}
                      index={index}
                      count={copy.positions.length}
                      itemLabel={label}
                      onMove={(delta, selector) => {
                        focus(selector);
                        update((c) => ({ ...c, positions: move(c.positions, index, delta) }));
                      }}
                      onRemove={() => {
                        focus(pathSelector('positions'));
                        update((c) => removePosition(c, position.id));
                      }}
                    />
                  }
                >
                  {errorOf(`${base}.id`) && <ListError message={errorOf(`${base}.id`)} testId="error-position-id" />}
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    <TextField
                      path={`${base}.name`}
                      label={t('builder.positionName')}
                      value={position.name}
                      onChange={(name) => set({ name })}
                      error={errorOf(`${base}.name`)}
                      required
                      maxLength={80}
                    />
                    <TextField
                      path={`${base}.description`}
                      label={t('builder.positionDescription')}
                      value={position.description}
                      onChange={(description) => set({ description })}
                      error={errorOf(`${base}.description`)}
                      maxLength={DRILL_LIMITS.shortMax}
                    />
                  </SimpleGrid>
                </ItemCard>
              );
            })}
          </Stack>
        )}
        <AddButton path="positions" label={t('builder.addPosition')} onClick={add} disabled={full} />
      </Stack>
    </Section>
  );
}

function Checklist({
  step,
  stepIndex,
  update,
  errorOf,
  focus,
  copy,
}: SectionProps & {
  step: StepDraft;
  stepIndex: number;
}) {
  const { t } = useTranslation('drillTemplates');
  const base = `steps.${String(stepIndex)}.checklist`;
  const setChecklist = (change: (items: StepDraft['checklist']) => StepDraft['checklist']) =>
    update((c) => ({ ...c, steps: c.steps.map((s) => (s.id === step.id ? { ...s, checklist: change(s.checklist) } : s)) }));
  const full = step.checklist.length >= DRILL_LIMITS.checklistMax;
  return (
    <Stack gap="2" as="fieldset">
      <Text as="legend" fontWeight="medium" fontSize="sm" marginBottom="1">
        {t('builder.checklist')}
      </Text>
      <ListError message={errorOf(base)} testId="error-checklist" />
      {step.checklist.length > 0 && (
        <Stack as="ol" gap="2" listStyleType="none">
          {step.checklist.map((item, index) => {
            const label = t('builder.checklistItemLabel', { number: index + 1, step: stepIndex + 1 });
            const path = `${base}.${String(index)}`;
            return (
              <Flex
                as="li"
                key={item.id}
                gap="2"
                align="flex-start"
                direction={{ base: 'column', sm: 'row' }}
                data-testid="builder-checklist-item"
              >
                <Box flex="1" width="full">
                  <TextField
                    path={`${path}.text`}
                    label={label}
                    value={item.text}
                    onChange={(text) => setChecklist((items) => items.map((x) => (x.id === item.id ? { ...x, text } : x)))}
                    error={errorOf(`${path}.text`) ?? errorOf(`${path}.id`)}
                    required
                    maxLength={DRILL_LIMITS.shortMax}
                  />
                </Box>
                <Box paddingTop={{ base: '0', sm: '7' }}>
                  <ItemControls
                    itemKey={item.id}
                    index={index}
                    count={step.checklist.length}
                    itemLabel={label}
                    onMove={(delta, selector) => {
                      focus(selector);
                      setChecklist((items) => move(items, index, delta));
                    }}
                    onRemove={() => {
                      focus(pathSelector(base));
                      setChecklist((items) => items.filter((x) => x.id !== item.id));
                    }}
                  />
                </Box>
              </Flex>
            );
          })}
        </Stack>
      )}
      <AddButton
        path={base}
        label={t('builder.addChecklistItem')}
        disabled={full}
        onClick={() => {
          const id = newKey('item', takenKeys(copy));
          focus(pathSelector(`${base}.${String(step.checklist.length)}.text`));
          setChecklist((items) => [...items, { id, text: '' }]);
        }}
      />
    </Stack>
  );
}

export function StepsSection(props: SectionProps) {
  const { copy, update, errorOf, focus } = props;
  const { t } = useTranslation('drillTemplates');
  const full = copy.steps.length >= DRILL_LIMITS.stepsMax;
  const add = () => {
    const id = newKey('step', takenKeys(copy));
    focus(pathSelector(`steps.${String(copy.steps.length)}.title`));
    update((c) => ({
      ...c,
      steps: [...c.steps, { id, title: '', instructions: '', positionId: '', expectedMinutes: '5', checklist: [] }],
    }));
  };
  return (
    <Section id="builder-steps" title={t('builder.steps')} testId="builder-steps">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('builder.stepsHelp')}
        </Text>
        <ListError message={errorOf('steps')} testId="error-steps" />
        {copy.steps.length > 0 && (
          <Stack as="ol" gap="3" listStyleType="none">
            {copy.steps.map((step, index) => {
              const label = t('builder.stepLabel', { number: index + 1 });
              const base = `steps.${String(index)}`;
              const set = (patch: Partial<StepDraft>) =>
                update((c) => ({ ...c, steps: c.steps.map((s) => (s.id === step.id ? { ...s, ...patch } : s)) }));
              return (
                <ItemCard
                  key={step.id}
                  title={label}
                  testId="builder-step"
                  controls={
                    <ItemControls
                      itemKey={step.id}
                      index={index}
                      count={copy.steps.length}
                      itemLabel={label}
                      onMove={(delta, selector) => {
                        focus(selector);
                        update((c) => ({ ...c, steps: move(c.steps, index, delta) }));
                      }}
                      onRemove={() => {
                        focus(pathSelector('steps'));
                        update((c) => ({ ...c, steps: c.steps.filter((s) => s.id !== step.id) }));
                      }}
                    />
                  }
                >
                  {errorOf(`${base}.id`) && <ListError message={errorOf(`${base}.id`)} testId="error-step-id" />}
                  <TextField
                    path={`${base}.title`}
                    label={t('builder.stepTitle')}
                    value={step.title}
                    onChange={(title) => set({ title })}
                    error={errorOf(`${base}.title`)}
                    required
                    maxLength={DRILL_LIMITS.titleMax}
                  />
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    <PositionSelect
                      path={`${base}.positionId`}
                      label={t('builder.stepPosition')}
                      value={step.positionId}
                      onChange={(positionId) => set({ positionId })}
                      positions={copy.positions}
                      emptyLabel={t('builder.noPosition')}
                      error={errorOf(`${base}.positionId`)}
                    />
                    <MinutesField
                      path={`${base}.expectedMinutes`}
                      label={t('builder.expectedMinutes')}
                      value={step.expectedMinutes}
                      onChange={(expectedMinutes) => set({ expectedMinutes })}
                      error={errorOf(`${base}.expectedMinutes`)}
                      required
                    />
                  </SimpleGrid>
                  <TextField
                    path={`${base}.instructions`}
                    label={t('builder.instructions')}
                    value={step.instructions}
                    onChange={(instructions) => set({ instructions })}
                    error={errorOf(`${base}.instructions`)}
                    maxLength={DRILL_LIMITS.textMax}
                    multiline
                  />
                  <Checklist {...props} step={step} stepIndex={index} />
                </ItemCard>
              );
            })}
          </Stack>
        )}
        <AddButton path="steps" label={t('builder.addStep')} onClick={add} disabled={full} />
      </Stack>
    </Section>
  );
}

export function InjectsSection({ copy, update, errorOf, focus }: SectionProps) {
  const { t } = useTranslation('drillTemplates');
  const full = copy.injects.length >= DRILL_LIMITS.injectsMax;
  const add = () => {
    const id = newKey('inject', takenKeys(copy));
    focus(pathSelector(`injects.${String(copy.injects.length)}.atMinute`));
    update((c) => ({ ...c, injects: [...c.injects, { id, atMinute: '', title: '', message: '', positionId: '' }] }));
  };
  const sorted = sortInjectsByMinute(copy.injects);
  const inOrder = sorted.every((inject, i) => inject === copy.injects[i]);
  return (
    <Section
      id="builder-injects"
      title={t('builder.injects')}
      testId="builder-injects"
      action={
        copy.injects.length > 1 && (
          <Button
            size="xs"
            variant="outline"
            disabled={inOrder}
            onClick={() => update((c) => ({ ...c, injects: sortInjectsByMinute(c.injects) }))}
            data-testid="sort-injects"
          >
            {t('builder.sortByMinute')}
          </Button>
        )
      }
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('builder.injectsHelp')}
        </Text>
        <ListError message={errorOf('injects')} testId="error-injects" />
        {copy.injects.length > 0 && (
          <Stack as="ol" gap="3" listStyleType="none">
            {copy.injects.map((inject, index) => {
              const label = t('builder.injectLabel', { number: index + 1 });
              const base = `injects.${String(index)}`;
              const set = (patch: Partial<typeof inject>) =>
                update((c) => ({ ...c, injects: c.injects.map((x) => (x.id === inject.id ? { ...x, ...patch } : x)) }));
              return (
                <ItemCard
                  key={inject.id}
                  title={label}
                  testId="builder-inject"
                  controls={
                    <ItemControls
                      itemKey={inject.id}
                      index={index}
                      count={copy.injects.length}
                      itemLabel={label}
                      onMove={(delta, selector) => {
                        focus(selector);
                        update((c) => ({ ...c, injects: move(c.injects, index, delta) }));
                      }}
                      onRemove={() => {
                        focus(pathSelector('injects'));
                        update((c) => ({ ...c, injects: c.injects.filter((x) => x.id !== inject.id) }));
                      }}
                    />
                  }
                >
                  {errorOf(`${base}.id`) && <ListError message={errorOf(`${base}.id`)} testId="error-inject-id" />}
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                    <MinutesField
                      path={`${base}.atMinute`}
                      label={t('builder.atMinute')}
                      value={inject.atMinute}
                      onChange={(atMinute) => set({ atMinute })}
                      error={errorOf(`${base}.atMinute`)}
                      required
                    />
                    <Box gridColumn={{ md: 'span 2' }}>
                      <PositionSelect
                        path={`${base}.positionId`}
                        label={t('builder.injectTarget')}
                        value={inject.positionId}
                        onChange={(positionId) => set({ positionId })}
                        positions={copy.positions}
                        emptyLabel={t('builder.everyone')}
                        error={errorOf(`${base}.positionId`)}
                      />
                    </Box>
                  </SimpleGrid>
                  <TextField
                    path={`${base}.title`}
                    label={t('builder.injectTitle')}
                    value={inject.title}
                    onChange={(title) => set({ title })}
                    error={errorOf(`${base}.title`)}
                    required
                    maxLength={DRILL_LIMITS.titleMax}
                  />
                  <TextField
                    path={`${base}.message`}
                    label={t('builder.injectMessage')}
                    value={inject.message}
                    onChange={(message) => set({ message })}
                    error={errorOf(`${base}.message`)}
                    required
                    maxLength={DRILL_LIMITS.textMax}
                    multiline
                  />
                </ItemCard>
              );
            })}
          </Stack>
        )}
        <AddButton path="injects" label={t('builder.addInject')} onClick={add} disabled={full} />
      </Stack>
    </Section>
  );
}

export function RegulationsSection({ copy, update, errorOf }: SectionProps) {
  const { t } = useTranslation(['drillTemplates', 'drills']);
  const toggle = (regulation: DrillRegulation, on: boolean) =>
    update((c) => ({
      ...c,
      // Kept in the contracts' order whatever the order of the clicks.
      regulations: DRILL_REGULATIONS.filter((r) => (r === regulation ? on : c.regulations.includes(r))),
    }));
  return (
    <Section id="builder-regulations" title={t('builder.regulations')} testId="builder-regulations">
      <Stack gap="3" as="fieldset" aria-labelledby="builder-regulations">
        <Text fontSize="sm" color="fg.muted">
          {t('builder.regulationsHelp')}
        </Text>
        <ListError message={errorOf('regulations')} testId="error-regulations" />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {DRILL_REGULATIONS.map((regulation) => (
            <Checkbox.Root
              key={regulation}
              checked={copy.regulations.includes(regulation)}
              onCheckedChange={(e) => toggle(regulation, e.checked === true)}
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput data-testid={`regulation-${regulation}`} data-field-path={`regulations.${regulation}`} />
              <Checkbox.Control />
              <Checkbox.Label>{t(`regulations.${regulation}`, { ns: 'drills' })}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </Stack>
    </Section>
  );
}
