import { Button, HStack, IconButton, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import type { PositionDraft } from './model';

/** The input (or button) showing the issue on `path`, found by the summary to move focus there. */
export function pathSelector(path: string): string {
  return `[data-field-path="${path}"]`;
}

/**
 * Moves focus after a change re-renders the list: to the element of a path or a move button,
 * or, when that button is now disabled (the item reached an end), to its twin.
 */
export function useFocusRequest() {
  const pending = useRef<string | null>(null);
  useLayoutEffect(() => {
    const selector = pending.current;
    if (!selector) return;
    pending.current = null;
    const target = document.querySelector<HTMLElement>(selector);
    if (!target) return;
    if (target instanceof HTMLButtonElement && target.disabled) {
      const twin = target.dataset.twin ? document.querySelector<HTMLElement>(target.dataset.twin) : null;
      twin?.focus();
      return;
    }
    target.focus();
  });
  return useCallback((selector: string) => {
    pending.current = selector;
  }, []);
}

export function TextField({
  path,
  label,
  field,
  error,
  required,
  maxLength,
  multiline,
  rows = 3,
  helperText,
  readOnly,
}: {
  /** The path its problems are on (and the summary finds it by). */
  path: string;
  label: string;
  /** The input's registration with the builder's form. */
  field: UseFormRegisterReturn;
  error: string | undefined;
  required?: boolean;
  maxLength?: number;
  multiline?: boolean;
  rows?: number;
  helperText?: ReactNode;
  readOnly?: boolean;
}) {
  return (
    <FormField label={label} error={error} required={required} helperText={helperText}>
      {multiline ? (
        <Textarea
          {...field}
          rows={rows}
          maxLength={maxLength}
          dir="auto"
          readOnly={readOnly}
          data-field-path={path}
          data-testid={`field-${path}`}
        />
      ) : (
        <Input {...field} maxLength={maxLength} dir="auto" readOnly={readOnly} data-field-path={path} data-testid={`field-${path}`} />
      )}
    </FormField>
  );
}

/** Whole minutes as typed (the schema says what is wrong with them). */
export function MinutesField({
  path,
  label,
  field,
  error,
  required,
  helperText,
}: {
  path: string;
  label: string;
  field: UseFormRegisterReturn;
  error: string | undefined;
  required?: boolean;
  helperText?: ReactNode;
}) {
  return (
    <FormField label={label} error={error} required={required} helperText={helperText}>
      <Input type="number" inputMode="numeric" step={1} {...field} data-field-path={path} data-testid={`field-${path}`} />
    </FormField>
  );
}

/** One of the template's positions, or none (`emptyLabel`: "No position", "Everyone"). */
export function PositionSelect({
  path,
  label,
  value,
  field,
  positions,
  emptyLabel,
  error,
}: {
  path: string;
  label: string;
  /** The chosen position's id as the form holds it now ('' for none). */
  value: string;
  field: UseFormRegisterReturn;
  positions: readonly PositionDraft[];
  emptyLabel: string;
  error: string | undefined;
}) {
  const { t } = useTranslation('drillTemplates');
  const known = value === '' || positions.some((p) => p.id === value);
  return (
    <FormField label={label} error={error}>
      <NativeSelect.Root>
        <NativeSelect.Field {...field} data-field-path={path} data-testid={`field-${path}`}>
          <option value="">{emptyLabel}</option>
          {positions.map((p, i) => (
            <option key={p.id} value={p.id}>
              {p.name.trim() || t('builder.positionUnnamed', { number: i + 1 })}
            </option>
          ))}
          {!known && <option value={value}>{t('builder.positionMissing')}</option>}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/**
 * Move up, move down and remove buttons of one item of a list. Each move button names its
 * twin, so focus stays on a move button when the item reaches an end of the list.
 */
export function ItemControls({
  itemKey,
  index,
  count,
  itemLabel,
  onMove,
  onRemove,
}: {
  itemKey: string;
  index: number;
  count: number;
  /** "step 3", "position 2": read in the buttons' accessible names. */
  itemLabel: string;
  onMove: (delta: -1 | 1, selector: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('drillTemplates');
  const up = `[data-move="${itemKey}-up"]`;
  const down = `[data-move="${itemKey}-down"]`;
  return (
    <HStack gap="1" flexShrink={0}>
      <IconButton
        size="xs"
        variant="outline"
        aria-label={t('builder.moveUp', { item: itemLabel })}
        title={t('builder.moveUp', { item: itemLabel })}
        disabled={index === 0}
        onClick={() => onMove(-1, up)}
        data-move={`${itemKey}-up`}
        data-twin={down}
        data-testid="move-up"
      >
        <span aria-hidden="true">↑</span>
      </IconButton>
      <IconButton
        size="xs"
        variant="outline"
        aria-label={t('builder.moveDown', { item: itemLabel })}
        title={t('builder.moveDown', { item: itemLabel })}
        disabled={index === count - 1}
        onClick={() => onMove(1, down)}
        data-move={`${itemKey}-down`}
        data-twin={up}
        data-testid="move-down"
      >
        <span aria-hidden="true">↓</span>
      </IconButton>
      <Button
        size="xs"
        variant="ghost"
        colorPalette="red"
        aria-label={t('builder.removeItem', { item: itemLabel })}
        onClick={onRemove}
        data-testid="remove-item"
      >
        {t('builder.remove')}
      </Button>
    </HStack>
  );
}
