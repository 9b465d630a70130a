import { Box, Button, Checkbox, Flex, Heading, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DRILL_LIMITS, DRILL_REGULATIONS, DRILL_SCENARIO_GROUPS, DRILL_TYPES } from '@muster/contracts';
import type { ReactNode } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { Section } from '../templates/parts';
import { ItemControls, MinutesField, PositionSelect, TextField, pathSelector } from './fields';
import { newKey, sortInjectsByMinute, takenKeys, type WorkingCopy } from './model';
import type { BuilderForm } from './useTemplateEditor';
import { SopStepSelect } from '../../sops/drill-links';

/** What every section of the editor gets: the copy as it is now, the form that changes it, messages and focus. */
export interface SectionProps {
  copy: WorkingCopy;
  form: BuilderForm;
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

export function DetailsSection({ form, errorOf }: SectionProps) {
  const { t } = useTranslation(['drillTemplates', 'drills']);
  return (
    <Section id="builder-details" title={t('builder.details')} testId="builder-details">
      <Stack gap="4">
        <TextField
          path="name"
          label={t('builder.name')}
          field={form.register('name')}
          error={errorOf('name')}
          required
          maxLength={DRILL_LIMITS.nameMax}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('builder.type')} error={errorOf('type')} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('type')} data-field-path="type" data-testid="field-type">
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
              <NativeSelect.Field {...form.register('scenario')} data-field-path="scenario" data-testid="field-scenario">
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
            field={form.register('estimatedMinutes')}
            error={errorOf('estimatedMinutes')}
            required
            helperText={t('builder.estimatedHelp')}
          />
          <MinutesField
            path="musterTargetMinutes"
            label={t('builder.musterTarget')}
            field={form.register('musterTargetMinutes')}
            error={errorOf('musterTargetMinutes')}
            helperText={t('builder.musterTargetHelp')}
          />
        </SimpleGrid>
        <TextField
          path="description"
          label={t('builder.description')}
          field={form.register('description')}
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

export function ObjectivesSection({ copy, form, errorOf, focus }: SectionProps) {
  const { t } = useTranslation('drillTemplates');
  const list = useFieldArray({ control: form.control, name: 'objectives', keyName: 'fieldKey' });
  const full = list.fields.length >= DRILL_LIMITS.objectivesMax;
  const add = () => {
    const key = newKey('objective', takenKeys(copy));
    focus(pathSelector(`objectives.${String(list.fields.length)}`));
    list.append({ key, text: '' }, { shouldFocus: false });
  };
  return (
    <Section id="builder-objectives" title={t('builder.objectives')} testId="builder-objectives">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('builder.objectivesHelp')}
        </Text>
        <ListError message={errorOf('objectives')} testId="error-objectives" />
        {list.fields.length > 0 && (
          <Stack as="ol" gap="3" listStyleType="none">
            {list.fields.map((objective, index) => {
              const label = t('builder.objectiveLabel', { number: index + 1 });
              return (
                <ItemCard
                  key={objective.fieldKey}
                  title={label}
                  testId="builder-objective"
                  controls={
                    <ItemControls
                      itemKey={objective.key}
                      index={index}
                      count={list.fields.length}
                      itemLabel={label}
                      onMove={(delta, selector) => {
                        focus(selector);
                        list.move(index, index + delta);
                      }}
                      onRemove={() => {
                        focus(pathSelector('objectives'));
                        list.remove(index);
                      }}
                    />
                  }
                >
                  <TextField
                    path={`objectives.${String(index)}`}
                    label={t('builder.objectiveText')}
                    field={form.register(`objectives.${index}.text`)}
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

export function PositionsSection({ copy, form, errorOf, focus }: SectionProps) {
  const { t } = useTranslation('drillTemplates');
  const list = useFieldArray({ control: form.control, name: 'positions', keyName: 'fieldKey' });
  const full = list.fields.length >= DRILL_LIMITS.positionsMax;
  const add = () => {
    const id = newKey('position', takenKeys(copy));
    focus(pathSelector(`positions.${String(list.fields.length)}.name`));
    list.append({ id, name: '', description: '' }, { shouldFocus: false });
  };
  /** Removes a position; the steps and injects it was responsible for go to no one / everyone. */
  const remove = (index: number, id: string) => {
    list.remove(index);
    copy.steps.forEach((s, i) => s.positionId === id && form.setValue(`steps.${i}.positionId`, ''));
    copy.injects.forEach((x, i) => x.positionId === id && form.setValue(`injects.${i}.positionId`, ''));
  };
  return (
    <Section id="builder-positions" title={t('builder.positions')} testId="builder-positions">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('builder.positionsHelp')}
        </Text>
        <ListError message={errorOf('positions')} testId="error-positions" />
        {list.fields.length > 0 && (
          <Stack as="ol" gap="3" listStyleType="none">
            {list.fields.map((position, index) => {
              const label = t('builder.positionLabel', { number: index + 1 });
              const base = `positions.${String(index)}`;
              return (
                <ItemCard
                  key={position.fieldKey}
                  title={label}
                  testId="builder-position"
                  controls={
                    <ItemControls
                      itemKey={position.id}
                      index={index}
                      count={list.fields.length}
                      itemLabel={label}
                      onMove={(delta, selector) => {
                        focus(selector);
                        list.move(index, index + delta);
                      }}
                      onRemove={() => {
                        focus(pathSelector('positions'));
                        remove(index, position.id);
                      }}
                    />
                  }
                >
                  {errorOf(`${base}.id`) && <ListError message={errorOf(`${base}.id`)} testId="error-position-id" />}
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    <TextField
                      path={`${base}.name`}
                      label={t('builder.positionName')}
                      field={form.register(`positions.${index}.name`)}
                      error={errorOf(`${base}.name`)}
                      required
                      maxLength={80}
                    />
                    <TextField
                      path={`${base}.description`}
                      label={t('builder.positionDescription')}
                      field={form.register(`positions.${index}.description`)}
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

function Checklist({ form, errorOf, focus, copy, stepIndex }: SectionProps & { stepIndex: number }) {
  const { t } = useTranslation('drillTemplates');
  const base = `steps.${String(stepIndex)}.checklist`;
  const list = useFieldArray({ control: form.control, name: `steps.${stepIndex}.checklist`, keyName: 'fieldKey' });
  const full = list.fields.length >= DRILL_LIMITS.checklistMax;
  return (
    <Stack gap="2" as="fieldset">
      <Text as="legend" fontWeight="medium" fontSize="sm" marginBottom="1">
        {t('builder.checklist')}
      </Text>
      <ListError message={errorOf(base)} testId="error-checklist" />
      {list.fields.length > 0 && (
        <Stack as="ol" gap="2" listStyleType="none">
          {list.fields.map((item, index) => {
            const label = t('builder.checklistItemLabel', { number: index + 1, step: stepIndex + 1 });
            const path = `${base}.${String(index)}`;
            return (
              <Flex
                as="li"
                key={item.fieldKey}
                gap="2"
                align="flex-start"
                direction={{ base: 'column', sm: 'row' }}
                data-testid="builder-checklist-item"
              >
                <Box flex="1" width="full">
                  <TextField
                    path={`${path}.text`}
                    label={label}
                    field={form.register(`steps.${stepIndex}.checklist.${index}.text`)}
                    error={errorOf(`${path}.text`) ?? errorOf(`${path}.id`)}
                    required
                    maxLength={DRILL_LIMITS.shortMax}
                  />
                </Box>
                <Box paddingTop={{ base: '0', sm: '7' }}>
                  <ItemControls
                    itemKey={item.id}
                    index={index}
                    count={list.fields.length}
                    itemLabel={label}
                    onMove={(delta, selector) => {
                      focus(selector);
                      list.move(index, index + delta);
                    }}
                    onRemove={() => {
                      focus(pathSelector(base));
                      list.remove(index);
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
          focus(pathSelector(`${base}.${String(list.fields.length)}.text`));
          list.append({ id, text: '' }, { shouldFocus: false });
        }}
      />
    </Stack>
  );
}

export function StepsSection(props: SectionProps) {
  const { copy, form, errorOf, focus } = props;
  const { t } = useTranslation('drillTemplates');
  const list = useFieldArray({ control: form.control, name: 'steps', keyName: 'fieldKey' });
  const full = list.fields.length >= DRILL_LIMITS.stepsMax;
  const add = () => {
    const id = newKey('step', takenKeys(copy));
    focus(pathSelector(`steps.${String(list.fields.length)}.title`));
    list.append({ id, title: '', instructions: '', positionId: '', expectedMinutes: '5', checklist: [] }, { shouldFocus: false });
  };
  return (
    <Section id="builder-steps" title={t('builder.steps')} testId="builder-steps">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('builder.stepsHelp')}
        </Text>
        <ListError message={errorOf('steps')} testId="error-steps" />
        {list.fields.length > 0 && (
          <Stack as="ol" gap="3" listStyleType="none">
            {list.fields.map((step, index) => {
              const label = t('builder.stepLabel', { number: index + 1 });
              const base = `steps.${String(index)}`;
              return (
                <ItemCard
                  key={step.fieldKey}
                  title={label}
                  testId="builder-step"
                  controls={
                    <ItemControls
                      itemKey={step.id}
                      index={index}
                      count={list.fields.length}
                      itemLabel={label}
                      onMove={(delta, selector) => {
                        focus(selector);
                        list.move(index, index + delta);
                      }}
                      onRemove={() => {
                        focus(pathSelector('steps'));
                        list.remove(index);
                      }}
                    />
                  }
                >
                  {errorOf(`${base}.id`) && <ListError message={errorOf(`${base}.id`)} testId="error-step-id" />}
                  <TextField
                    path={`${base}.title`}
                    label={t('builder.stepTitle')}
                    field={form.register(`steps.${index}.title`)}
                    error={errorOf(`${base}.title`)}
                    required
                    maxLength={DRILL_LIMITS.titleMax}
                  />
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    <PositionSelect
                      path={`${base}.positionId`}
                      label={t('builder.stepPosition')}
                      value={copy.steps[index]?.positionId ?? ''}
                      field={form.register(`steps.${index}.positionId`)}
                      positions={copy.positions}
                      emptyLabel={t('builder.noPosition')}
                      error={errorOf(`${base}.positionId`)}
                    />
                    <MinutesField
                      path={`${base}.expectedMinutes`}
                      label={t('builder.expectedMinutes')}
                      field={form.register(`steps.${index}.expectedMinutes`)}
                      error={errorOf(`${base}.expectedMinutes`)}
                      required
                    />
                  </SimpleGrid>
                  <TextField
                    path={`${base}.instructions`}
                    label={t('builder.instructions')}
                    field={form.register(`steps.${index}.instructions`)}
                    error={errorOf(`${base}.instructions`)}
                    maxLength={DRILL_LIMITS.textMax}
                    multiline
                  />
                  <SopStepSelect
                    field={form.register(`steps.${index}.sopLink`)}
                    value={copy.steps[index]?.sopLink}
                    error={errorOf(`${base}.sopLink`)}
                  />
                  <Checklist {...props} stepIndex={index} />
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

export function InjectsSection({ copy, form, errorOf, focus }: SectionProps) {
  const { t } = useTranslation('drillTemplates');
  const list = useFieldArray({ control: form.control, name: 'injects', keyName: 'fieldKey' });
  const full = list.fields.length >= DRILL_LIMITS.injectsMax;
  const add = () => {
    const id = newKey('inject', takenKeys(copy));
    focus(pathSelector(`injects.${String(list.fields.length)}.atMinute`));
    list.append({ id, atMinute: '', title: '', message: '', positionId: '' }, { shouldFocus: false });
  };
  const sorted = sortInjectsByMinute(copy.injects);
  const inOrder = sorted.every((inject, i) => inject.id === copy.injects[i]?.id);
  return (
    <Section
      id="builder-injects"
      title={t('builder.injects')}
      testId="builder-injects"
      action={
        list.fields.length > 1 && (
          <Button
            size="xs"
            variant="outline"
            disabled={inOrder}
            onClick={() => list.replace(sortInjectsByMinute(form.getValues('injects')))}
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
        {list.fields.length > 0 && (
          <Stack as="ol" gap="3" listStyleType="none">
            {list.fields.map((inject, index) => {
              const label = t('builder.injectLabel', { number: index + 1 });
              const base = `injects.${String(index)}`;
              return (
                <ItemCard
                  key={inject.fieldKey}
                  title={label}
                  testId="builder-inject"
                  controls={
                    <ItemControls
                      itemKey={inject.id}
                      index={index}
                      count={list.fields.length}
                      itemLabel={label}
                      onMove={(delta, selector) => {
                        focus(selector);
                        list.move(index, index + delta);
                      }}
                      onRemove={() => {
                        focus(pathSelector('injects'));
                        list.remove(index);
                      }}
                    />
                  }
                >
                  {errorOf(`${base}.id`) && <ListError message={errorOf(`${base}.id`)} testId="error-inject-id" />}
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                    <MinutesField
                      path={`${base}.atMinute`}
                      label={t('builder.atMinute')}
                      field={form.register(`injects.${index}.atMinute`)}
                      error={errorOf(`${base}.atMinute`)}
                      required
                    />
                    <Box gridColumn={{ md: 'span 2' }}>
                      <PositionSelect
                        path={`${base}.positionId`}
                        label={t('builder.injectTarget')}
                        value={copy.injects[index]?.positionId ?? ''}
                        field={form.register(`injects.${index}.positionId`)}
                        positions={copy.positions}
                        emptyLabel={t('builder.everyone')}
                        error={errorOf(`${base}.positionId`)}
                      />
                    </Box>
                  </SimpleGrid>
                  <TextField
                    path={`${base}.title`}
                    label={t('builder.injectTitle')}
                    field={form.register(`injects.${index}.title`)}
                    error={errorOf(`${base}.title`)}
                    required
                    maxLength={DRILL_LIMITS.titleMax}
                  />
                  <TextField
                    path={`${base}.message`}
                    label={t('builder.injectMessage')}
                    field={form.register(`injects.${index}.message`)}
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

export function RegulationsSection({ form, errorOf }: SectionProps) {
  const { t } = useTranslation(['drillTemplates', 'drills']);
  return (
    <Section id="builder-regulations" title={t('builder.regulations')} testId="builder-regulations">
      <Stack gap="3" as="fieldset" aria-labelledby="builder-regulations">
        <Text fontSize="sm" color="fg.muted">
          {t('builder.regulationsHelp')}
        </Text>
        <ListError message={errorOf('regulations')} testId="error-regulations" />
        <Controller
          control={form.control}
          name="regulations"
          render={({ field }) => (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
              {DRILL_REGULATIONS.map((regulation, i) => (
                <Checkbox.Root
                  key={regulation}
                  checked={field.value.includes(regulation)}
                  // Kept in the contracts' order whatever the order of the clicks.
                  onCheckedChange={(e) =>
                    field.onChange(DRILL_REGULATIONS.filter((r) => (r === regulation ? e.checked === true : field.value.includes(r))))
                  }
                  alignItems="flex-start"
                >
                  <Checkbox.HiddenInput
                    ref={i === 0 ? field.ref : undefined}
                    onBlur={field.onBlur}
                    data-testid={`regulation-${regulation}`}
                    data-field-path={`regulations.${regulation}`}
                  />
                  <Checkbox.Control />
                  <Checkbox.Label>{t(`regulations.${regulation}`, { ns: 'drills' })}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          )}
        />
      </Stack>
    </Section>
  );
}
