import { Box, Button, Flex, Heading, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { SOP_LIMITS, sopContentSchema, type SopVersion } from '@muster/contracts';
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorStatus } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { useMusterForm, type FormValues } from '../../lib/forms';
import { useFocusRequest } from '../drills/builder/fields';
import { useSaveDraft } from './api';

type Values = FormValues<typeof sopContentSchema>;

/** A fresh id for a section or step (`templateKeySchema`); ids stay with their item across versions. */
export function newId(kind: 'section' | 'step'): string {
  return `${kind}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Move up, move down and remove, as buttons (keyboard-operable); focus follows the moved item. */
function MoveControls({
  id,
  index,
  count,
  label,
  onMove,
  onRemove,
  removeDisabled,
}: {
  id: string;
  index: number;
  count: number;
  label: string;
  onMove: (delta: -1 | 1, selector: string) => void;
  onRemove: () => void;
  removeDisabled?: boolean;
}) {
  const { t } = useTranslation('sops');
  const up = `[data-move="${id}-up"]`;
  const down = `[data-move="${id}-down"]`;
  return (
    <HStack gap="1" flexShrink={0}>
      <IconButton
        size="xs"
        variant="outline"
        aria-label={t('editor.moveUp', { item: label })}
        title={t('editor.moveUp', { item: label })}
        disabled={index === 0}
        onClick={() => onMove(-1, up)}
        data-move={`${id}-up`}
        data-twin={down}
        data-testid="sop-move-up"
      >
        <span aria-hidden="true">↑</span>
      </IconButton>
      <IconButton
        size="xs"
        variant="outline"
        aria-label={t('editor.moveDown', { item: label })}
        title={t('editor.moveDown', { item: label })}
        disabled={index === count - 1}
        onClick={() => onMove(1, down)}
        data-move={`${id}-down`}
        data-twin={up}
        data-testid="sop-move-down"
      >
        <span aria-hidden="true">↓</span>
      </IconButton>
      <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove} disabled={removeDisabled} data-testid="sop-remove">
        {t('editor.remove')}
        <Text as="span" srOnly>
          {label}
        </Text>
      </Button>
    </HStack>
  );
}

function StepsField({
  control,
  register,
  sectionIndex,
  message,
  focus,
}: {
  control: Control<Values>;
  register: UseFormRegister<Values>;
  sectionIndex: number;
  message: (path: string) => string | undefined;
  focus: (selector: string) => void;
}) {
  const { t } = useTranslation('sops');
  const steps = useFieldArray({ control, name: `sections.${sectionIndex}.steps`, keyName: 'fieldKey' });
  const base = `sections.${String(sectionIndex)}.steps`;
  return (
    <Stack gap="2">
      {message(base) && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {message(base)}
        </Text>
      )}
      <Stack as="ol" gap="2" listStyleType="none" ps="0">
        {steps.fields.map((step, index) => {
          const label = t('editor.stepLabel', { number: `${String(sectionIndex + 1)}.${String(index + 1)}` });
          return (
            <Box as="li" key={step.fieldKey} borderWidth="1px" borderRadius="l2" padding="2" data-testid="sop-edit-step">
              <Flex gap="2" align="center" justify="space-between" wrap="wrap" marginBottom="1">
                <Text fontSize="sm" fontWeight="semibold">
                  {label}
                </Text>
                <MoveControls
                  id={step.id}
                  index={index}
                  count={steps.fields.length}
                  label={label}
                  onMove={(delta, selector) => {
                    focus(selector);
                    steps.move(index, index + delta);
                  }}
                  onRemove={() => {
                    focus(`[data-add="${base}"]`);
                    steps.remove(index);
                  }}
                />
              </Flex>
              <FormField
                label={t('editor.stepText')}
                error={message(`${base}.${String(index)}.text`) ?? message(`${base}.${String(index)}.id`)}
              >
                <Textarea
                  {...register(`sections.${sectionIndex}.steps.${index}.text`)}
                  rows={2}
                  maxLength={SOP_LIMITS.stepMax}
                  dir="auto"
                  data-testid="sop-step-text"
                />
              </FormField>
            </Box>
          );
        })}
      </Stack>
      <Button
        size="xs"
        variant="outline"
        alignSelf="flex-start"
        disabled={steps.fields.length >= SOP_LIMITS.stepsPerSectionMax}
        onClick={() => {
          focus(`[name="sections.${String(sectionIndex)}.steps.${String(steps.fields.length)}.text"]`);
          steps.append({ id: newId('step'), text: '' }, { shouldFocus: false });
        }}
        data-add={base}
        data-testid="sop-add-step"
      >
        {t('editor.addStep')}
      </Button>
    </Stack>
  );
}

/** A draft version's editor: title, review interval, sections of ordered steps; saves the draft. */
export function SopEditor({ sopId, version, onSaved }: { sopId: string; version: SopVersion; onSaved?: () => void }) {
  const { t } = useTranslation('sops');
  const save = useSaveDraft(sopId, version.id);
  const form = useMusterForm(sopContentSchema, version.content);
  const sections = useFieldArray({ control: form.control, name: 'sections', keyName: 'fieldKey' });
  const focus = useFocusRequest();
  const message = (path: string) => form.message(path as never);
  const submit = form.handleSubmit((content) =>
    save.mutate(content, {
      onSuccess: (saved) => {
        form.reset(saved.content);
        toaster.create({ type: 'success', title: t('editor.saved') });
        onSaved?.();
      },
      onError: (err) => void form.setServerErrors(err),
    }),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="sop-editor">
      <Stack gap="4">
        {save.error && errorStatus(save.error) !== 400 && (
          <Text color="fg.error" role="alert" data-testid="sop-save-error">
            {errorText(t, save.error)}
          </Text>
        )}
        <FormField label={t('editor.title')} error={form.message('title')} required>
          <Input {...form.register('title')} maxLength={SOP_LIMITS.titleMax} dir="auto" data-testid="sop-title" />
        </FormField>
        <FormField
          label={t('editor.reviewMonths')}
          error={form.message('reviewIntervalMonths')}
          helperText={t('editor.reviewHelp')}
          required
        >
          <Input
            {...form.register('reviewIntervalMonths', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min={SOP_LIMITS.reviewMonthsMin}
            max={SOP_LIMITS.reviewMonthsMax}
            maxWidth="32"
            data-testid="sop-review-months"
          />
        </FormField>
        {message('sections') && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {message('sections')}
          </Text>
        )}
        <Stack as="ol" gap="3" listStyleType="none" ps="0">
          {sections.fields.map((section, index) => {
            const label = t('editor.sectionLabel', { number: index + 1 });
            return (
              <Box
                as="li"
                key={section.fieldKey}
                borderWidth="1px"
                borderRadius="l2"
                padding={{ base: '3', md: '4' }}
                data-testid="sop-edit-section"
              >
                <Flex gap="2" align="center" justify="space-between" wrap="wrap" marginBottom="2">
                  <Heading as="h3" size="sm">
                    {label}
                  </Heading>
                  <MoveControls
                    id={section.id}
                    index={index}
                    count={sections.fields.length}
                    label={label}
                    removeDisabled={sections.fields.length <= 1}
                    onMove={(delta, selector) => {
                      focus(selector);
                      sections.move(index, index + delta);
                    }}
                    onRemove={() => {
                      focus('[data-add="sections"]');
                      sections.remove(index);
                    }}
                  />
                </Flex>
                <Stack gap="3">
                  <FormField label={t('editor.heading')} error={message(`sections.${String(index)}.heading`)} required>
                    <Input
                      {...form.register(`sections.${index}.heading`)}
                      maxLength={SOP_LIMITS.headingMax}
                      dir="auto"
                      data-testid="sop-section-heading"
                    />
                  </FormField>
                  <StepsField control={form.control} register={form.register} sectionIndex={index} message={message} focus={focus} />
                </Stack>
              </Box>
            );
          })}
        </Stack>
        <Flex gap="3" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            disabled={sections.fields.length >= SOP_LIMITS.sectionsMax}
            onClick={() => {
              focus(`[name="sections.${String(sections.fields.length)}.heading"]`);
              sections.append({ id: newId('section'), heading: '', steps: [{ id: newId('step'), text: '' }] }, { shouldFocus: false });
            }}
            data-add="sections"
            data-testid="sop-add-section"
          >
            {t('editor.addSection')}
          </Button>
          <Button type="submit" colorPalette="brand" size="sm" loading={save.isPending} data-testid="sop-save">
            {t('editor.save')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
